import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random';
import { tableSizes } from '../tournament/tables';
import { drawTables } from './draw';
import { seatingForFormat } from './format-seating';
import { generateSeating } from './generate';
import { repeatedPairs } from './plan';
import { runs } from '../testing/runs';

const sizesOf = (rounds: number[][][]) => rounds.map((round) => round.map((table) => table.length));
const numbers = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('seatingForFormat', () => {
	it('SET: every round drawn anew with no repeats for 12 players over 4 rounds (004 §2.1)', () => {
		const seating = seatingForFormat('set', 12, 4, 'Vereinsabend');
		if (!seating.ok) throw new Error(JSON.stringify(seating.error));
		expect(sizesOf(seating.value.rounds)).toEqual(Array.from({ length: 4 }, () => [3, 3, 3, 3]));
		expect(repeatedPairs(seating.value.rounds)).toEqual([]);
		expect(seating.value).toMatchObject({ seed: 'Vereinsabend', repeats: 0, optimal: true });
	});

	it('SET: the generated plan for the seed, with its repeats and whether any plan could have fewer', () => {
		const seating = seatingForFormat('set', 12, 2, 'Vereinsabend');
		const plan = generateSeating({ players: 12, rounds: 2, tableSizes: [3, 3, 3, 3], seed: 'Vereinsabend' });
		if (!plan.ok) throw new Error(JSON.stringify(plan.error));
		const { rounds, seed, repeats, optimal } = plan.value;
		expect(seating).toEqual({ ok: true, value: { rounds, seed, repeats, optimal } });
	});

	it('Triominos: rounds 1+2 are the draw of the seed, as the app draws round 1 (000)', () => {
		const seating = seatingForFormat('triominos', 13, 4, 'Auslosung');
		const sizes = tableSizes(13, 'triominos');
		if (!seating.ok || !sizes.ok) throw new Error('no seating');
		const draw = drawTables(numbers(13), sizes.value, seededRandom('Auslosung'));
		expect(draw).toEqual({ ok: true, value: seating.value.rounds[0] });
	});

	it.each([
		{ players: 3, rounds: 2, repeats: 0, why: 'one draw: rounds 1 and 2 are played at the same table' },
		{ players: 3, rounds: 4, repeats: 3, why: 'rounds 3+4 seat the three together again' },
		{ players: 4, rounds: 6, repeats: 12, why: 'three draws of one 4-table: its 6 pairs meet twice more' }
	])(
		'Triominos, $players players over $rounds rounds: $repeats repeats, no fewer possible ($why)',
		({ players, rounds, repeats }) => {
			const seating = seatingForFormat('triominos', players, rounds, 'klein');
			if (!seating.ok) throw new Error(JSON.stringify(seating.error));
			const seated = seating.value.rounds.map((round) => round.flat().sort((a, b) => a - b));
			expect(seated).toEqual(Array.from({ length: rounds }, () => numbers(players)));
			expect(seating.value).toMatchObject({ repeats, optimal: true });
		}
	);

	it('Triominos: rounds 1+2 at the same tables, rounds 3+4 a new draw avoiding those opponents (000)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 12, max: 50 }), fc.string(), (n, seed) => {
				const seating = seatingForFormat('triominos', n, 4, seed);
				const sizes = tableSizes(n, 'triominos');
				if (!seating.ok || !sizes.ok) throw new Error('no seating');
				const [r1, r2, r3, r4] = seating.value.rounds;
				expect(r2).toEqual(r1);
				expect(r4).toEqual(r3);
				expect(sizesOf(seating.value.rounds)).toEqual([sizes.value, sizes.value, sizes.value, sizes.value]);
				expect(repeatedPairs([r1 ?? [], r3 ?? []])).toEqual([]);
				expect(seating.value.repeats).toBe(0);
			}),
			{ numRuns: runs(40) }
		);
	});

	it('Triominos: an odd number of rounds ends with the first round of a draw', () => {
		const seating = seatingForFormat('triominos', 12, 3, 's');
		expect(seating.ok && seating.value.rounds.length).toBe(3);
	});

	it('Swiss: round 1 by draw, 4-tables first and the 3-tables at the bottom (RULES.md §7)', () => {
		const seating = seatingForFormat('swiss', 14, 1, 's');
		expect(seating.ok && sizesOf(seating.value.rounds)).toEqual([[4, 4, 3, 3]]);
		// A first round meets no one again.
		expect(seating.ok && seating.value).toMatchObject({ repeats: 0, optimal: true });
	});

	it('Swiss with later rounds: round 1 drawn, the rest as places of the standings (RULES.md §7)', () => {
		const seating = seatingForFormat('swiss', 14, 5, 's');
		expect(seating.ok && sizesOf(seating.value.rounds)).toEqual([[4, 4, 3, 3]]);
		expect(seating.ok && seating.value.byStandings).toEqual({
			fromRound: 2,
			toRound: 5,
			places: [
				[1, 2, 3, 4],
				[5, 6, 7, 8],
				[9, 10, 11],
				[12, 13, 14]
			]
		});
		const one = seatingForFormat('swiss', 14, 1, 's');
		expect(one.ok && one.value.rounds).toEqual(seating.ok && seating.value.rounds);
		expect(one.ok && one.value.byStandings).toBeUndefined();
	});

	it.each([
		{
			format: 'set' as const,
			players: 5,
			rounds: 4,
			error: { code: 'too-few-players', players: 5, format: 'set' }
		},
		{ format: 'set' as const, players: 12, rounds: 0, error: { code: 'bad-rounds', rounds: 0, max: 6 } },
		{ format: 'triominos' as const, players: 12, rounds: 7, error: { code: 'bad-rounds', rounds: 7, max: 6 } }
	])(
		'refuses $format with $players players, $rounds rounds: $error.code',
		({ format, players, rounds, error }) => {
			expect(seatingForFormat(format, players, rounds, 's')).toEqual({ ok: false, error });
		}
	);

	it('gives the same seating for the same seed', () => {
		expect(seatingForFormat('triominos', 23, 4, 'x')).toEqual(seatingForFormat('triominos', 23, 4, 'x'));
		expect(seatingForFormat('set', 23, 4, 'x')).toEqual(seatingForFormat('set', 23, 4, 'x'));
	});

	// Last in the file: a Triominos draw that cannot reach the counting bound runs its search to the end.
	it('calls a Triominos seating optimal only when every draw reaches its bound (6 players, 4 rounds: 2 repeats)', () => {
		expect(seatingForFormat('triominos', 6, 4, 'x')).toMatchObject({
			ok: true,
			value: { repeats: 2, optimal: false }
		});
	});
});
