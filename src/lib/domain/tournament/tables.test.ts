import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { tableSizes } from './tables';

/** 000 §Tischverteilung, the binding table as printed: players, 3-tables / 4-tables (48 prints only "16"). */
const SEED_000 = `
6 2/0 21 7/0 36 0/9
7 1/1 22 6/1 37 11/1
8 0/2 23 5/2 38 10/2
9 3/0 24 8/0 39 13/0
10 2/1 25 7/1 40 0/10
11 1/2 26 6/2 41 11/2
12 4/0 27 9/0 42 14/0
13 3/1 28 0/7 43 13/1
14 2/2 29 7/2 44 0/11
15 5/0 30 10/0 45 15/0
16 0/4 31 9/1 46 14/1
17 3/2 32 0/8 47 13/2
18 6/0 33 11/0 48 16/0
19 5/1 34 10/1 49 15/1
20 0/5 35 9/2 50 14/2`;

const rows = [...SEED_000.matchAll(/(\d+) (\d+)\/(\d+)/g)].map(
	(m) => m.slice(1).map(Number) as [number, number, number]
);

const count = (sizes: number[], size: number) => sizes.filter((s) => s === size).length;

describe('Triominos table distribution (000 §Tischverteilung, RULES.md §6)', () => {
	it('transcribes all 45 rows, 6 to 50', () => {
		expect(rows.map(([n]) => n).sort((a, b) => a - b)).toEqual(Array.from({ length: 45 }, (_, i) => i + 6));
	});

	it.each(rows)('%i players → %i 3-tables and %i 4-tables', (n, threes, fours) => {
		const sizes = tableSizes(n, 'triominos');
		expect(sizes.ok && [count(sizes.value, 3), count(sizes.value, 4)]).toEqual([threes, fours]);
		expect(sizes.ok && sizes.value.reduce((a, b) => a + b, 0)).toBe(n);
	});

	it('36 is nine 4-tables and 48 sixteen 3-tables (000: "48 16"; 16 tables of 3 seat 48)', () => {
		expect(tableSizes(36, 'triominos')).toEqual({ ok: true, value: Array(9).fill(4) });
		expect(tableSizes(48, 'triominos')).toEqual({ ok: true, value: Array(16).fill(3) });
	});

	it.each([
		[51, 17, 0, 'divisible by 3'],
		[52, 0, 13, 'divisible by 4, not by 3'],
		[53, 15, 2, '53 mod 3 = 2'],
		[55, 17, 1, '55 mod 3 = 1'],
		[58, 18, 1, '58 mod 3 = 1'],
		[100, 0, 25, 'divisible by 4'],
		[101, 31, 2, '101 mod 3 = 2']
	])('beyond 50 (RULES.md §6 decision): %i → %i 3-tables, %i 4-tables (%s)', (n, threes, fours) => {
		const sizes = tableSizes(n, 'triominos');
		expect(sizes.ok && [count(sizes.value, 3), count(sizes.value, 4)]).toEqual([threes, fours]);
	});

	it('seats everyone at tables of 3 or 4 for any count from 6 up', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 6, max: 400 }),
				fc.constantFrom('triominos', 'swiss', 'set'),
				(n, format) => {
					const sizes = tableSizes(n, format);
					expect(sizes.ok).toBe(true);
					if (!sizes.ok) return;
					expect(sizes.value.reduce((a, b) => a + b, 0)).toBe(n);
					expect(sizes.value.every((s) => s === 3 || s === 4)).toBe(true);
				}
			)
		);
	});

	it('seats 3 or 4 at a single table; 0–2 and 5 cannot sit at tables of 3 or 4 (RULES.md §6)', () => {
		expect(tableSizes(3, 'triominos')).toEqual({ ok: true, value: [3] });
		expect(tableSizes(4, 'triominos')).toEqual({ ok: true, value: [4] });
		for (const n of [0, 1, 2, 5]) {
			const sizes = tableSizes(n, 'triominos');
			expect(sizes).toEqual({
				ok: false,
				error: { code: 'too-few-players', players: n, format: 'triominos' }
			});
		}
	});

	it.each([
		['swiss', 3, true],
		['swiss', 4, true],
		['swiss', 5, false],
		['swiss', 2, false],
		['set', 5, false],
		['set', 6, true]
	] as const)('RULES.md §7–8: %s with %i players → seated: %s', (format, n, seated) => {
		const sizes = tableSizes(n, format);
		expect(sizes.ok).toBe(seated);
		if (!sizes.ok) expect(sizes.error).toEqual({ code: 'too-few-players', players: n, format });
	});

	it('refuses more than LIMITS.players (2000) in every format, without building the tables', () => {
		for (const format of ['triominos', 'swiss', 'set'] as const) {
			expect(tableSizes(2000, format).ok).toBe(true);
			expect(tableSizes(2001, format).ok).toBe(false);
			const sizes = tableSizes(999_999_999, format);
			expect(sizes.ok ? null : sizes.error).toEqual({
				code: 'too-many-players',
				max: 2000,
				given: '999999999'
			});
		}
	});

	it('swiss puts the 3-tables at the bottom (RULES.md §7)', () => {
		expect(tableSizes(11, 'swiss')).toEqual({ ok: true, value: [4, 4, 3] });
		expect(tableSizes(22, 'swiss')).toEqual({ ok: true, value: [4, 4, 4, 4, 3, 3] });
	});
});

describe('tableSizes of a count that is no count', () => {
	it.each([-1, 2.5, Number.NaN])('refuses %s players, in every format', (n) => {
		for (const format of ['triominos', 'swiss', 'set'] as const) {
			expect(tableSizes(n, format)).toEqual({ ok: false, error: { code: 'bad-count', count: n } });
		}
	});

	it('0 players is a count, too few for any table (RULES.md §6–8)', () => {
		expect(tableSizes(0, 'swiss')).toEqual({
			ok: false,
			error: { code: 'too-few-players', players: 0, format: 'swiss' }
		});
	});
});
