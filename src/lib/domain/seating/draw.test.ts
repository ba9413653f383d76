import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../random';
import { tableSizes } from '../tournament/tables';
import { drawAvoidingRepeats, drawTables } from './draw';
import { repeatedPairs } from './plan';
import { runs } from '../testing/runs';

const names = (n: number) =>
	Array.from({ length: n }, (_, i) => `Spieler ${String.fromCharCode(65 + (i % 26))}${i}`);

function triominosSizes(n: number) {
	const sizes = tableSizes(n, 'triominos');
	if (!sizes.ok) throw new Error(JSON.stringify(sizes.error));
	return sizes.value;
}

const playerCounts = fc.integer({ min: 6, max: 60 });

describe('drawTables', () => {
	it('seats every player once at tables of the requested sizes in order (000: 10 players → 3, 3, 4)', () => {
		fc.assert(
			fc.property(playerCounts, fc.string(), (n, seed) => {
				const players = names(n);
				const drawn = drawTables(players, triominosSizes(n), seededRandom(seed));
				if (!drawn.ok) throw new Error(JSON.stringify(drawn.error));
				expect(drawn.value.map((t) => t.length)).toEqual(triominosSizes(n));
				expect(drawn.value.flat().sort()).toEqual([...players].sort());
			})
		);
	});

	it('repeats a draw for the same seed, seat order included', () => {
		const draw = (seed: string) => drawTables(names(13), [3, 3, 3, 4], seededRandom(seed));
		expect(draw('Turnier 2026')).toEqual(draw('Turnier 2026'));
		expect(draw('Turnier 2026')).not.toEqual(draw('Turnier 2027'));
	});

	it('refuses a player listed twice and seats that do not add up', () => {
		const twice = drawTables(['Anna', 'Bo', 'Anna'], [3], seededRandom(1));
		expect(twice).toEqual({ ok: false, error: { code: 'drawn-twice', players: ['Anna'] } });
		const seats = drawTables(names(7), [3, 3], seededRandom(1));
		expect(seats).toEqual({
			ok: false,
			error: { code: 'bad-seating-request', fault: 'seats', round: 1, seats: 6, players: 7 }
		});
	});
});

describe('drawAvoidingRepeats', () => {
	it('draws a second Triominos round without a known opponent from 12 players up (000)', () => {
		fc.assert(
			fc.property(fc.integer({ min: 12, max: 60 }), fc.string(), (n, seed) => {
				const random = seededRandom(seed);
				const players = names(n);
				const first = drawTables(players, triominosSizes(n), random);
				if (!first.ok) throw new Error(JSON.stringify(first.error));
				const second = drawAvoidingRepeats(players, triominosSizes(n), [first.value], random);
				if (!second.ok) throw new Error(JSON.stringify(second.error));
				expect(second.value.tables.map((t) => t.length)).toEqual(triominosSizes(n));
				expect(second.value.tables.flat().sort()).toEqual([...players].sort());
				expect(repeatedPairs([first.value, second.value.tables])).toEqual([]);
				expect(second.value.repeats).toBe(0);
			}),
			{ numRuns: runs(60) }
		);
	});

	it('ignores players in the history who have left', () => {
		const history = [[['Anna', 'Bo', 'Cem']]];
		const draw = drawAvoidingRepeats(['Bo', 'Dana', 'Eli'], [3], history, seededRandom('x'));
		expect(draw).toMatchObject({ ok: true, value: { repeats: 0 } });
	});

	it('repeats a draw for the same seed and history', () => {
		const history = [
			[
				['A', 'B', 'C'],
				['D', 'E', 'F'],
				['G', 'H', 'I']
			]
		];
		const players = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
		const draw = () => drawAvoidingRepeats(players, [3, 3, 3], history, seededRandom('same'));
		expect(draw()).toEqual(draw());
		expect(draw()).toMatchObject({ ok: true, value: { repeats: 0 } });
	});

	it('refuses a player listed twice, as drawTables does', () => {
		const twice = drawAvoidingRepeats(['Anna', 'Bo', 'Anna'], [3], [], seededRandom(1));
		expect(twice).toEqual({ ok: false, error: { code: 'drawn-twice', players: ['Anna'] } });
	});

	it('searches no longer than the budget it is given: steps at most, and steps without a better draw', () => {
		// 7 players at a 3- and a 4-table after two rounds: 3 repeats are unavoidable (the counting bound).
		const history = [
			[
				[1, 2, 3],
				[4, 5, 6, 7]
			],
			[
				[1, 6, 7],
				[2, 3, 4, 5]
			]
		];
		const draw = (budget: { maxIterations?: number; patience?: number }) => {
			const drawn = drawAvoidingRepeats(
				[1, 2, 3, 4, 5, 6, 7],
				[3, 4],
				history,
				seededRandom('budget'),
				budget
			);
			if (!drawn.ok) throw new Error(JSON.stringify(drawn.error));
			return drawn.value;
		};
		const full = draw({ maxIterations: 20, patience: 100 });
		expect([full.repeats, full.lowerBound]).toEqual([3, 3]);
		// For this seed the search's first draw has more: one step, or giving up after one step without a
		// better draw, keeps them.
		expect(draw({ maxIterations: 1, patience: 100 }).repeats).toBeGreaterThan(3);
		expect(draw({ maxIterations: 20, patience: 1 }).repeats).toBeGreaterThan(3);
	});

	// The searches that cannot avoid every repeat last: each runs the search to its end (see generate.test.ts).
	it('reports exactly the meetings with earlier opponents when some cannot be avoided', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 6, max: 9 }),
				fc.integer({ min: 2, max: 5 }),
				fc.string(),
				(n, rounds, seed) => {
					const random = seededRandom(seed);
					const players = names(n);
					const history: string[][][] = [];
					for (let r = 0; r < rounds; r++) {
						const next = drawAvoidingRepeats(players, triominosSizes(n), history, random, {
							maxIterations: 200
						});
						if (!next.ok) throw new Error(JSON.stringify(next.error));
						const before = repeatedPairs(history).reduce((s, p) => s + p.rounds.length - 1, 0);
						const after = repeatedPairs([...history, next.value.tables]).reduce(
							(s, p) => s + p.rounds.length - 1,
							0
						);
						expect(next.value.repeats).toBe(after - before);
						expect(next.value.repeats).toBeGreaterThanOrEqual(next.value.lowerBound);
						history.push(next.value.tables);
					}
				}
			),
			{ numRuns: runs(40) }
		);
	});

	it.each([
		{ n: 9, repeats: 0, why: 'three 3-tables: one player from each old table' },
		{ n: 10, repeats: 1, why: 'the 4-table needs four old tables, there are three' },
		{ n: 11, repeats: 2, why: 'two 4-tables, three old tables' }
	])('draws $n players again with $repeats repeats: $why', ({ n, repeats }) => {
		const random = seededRandom(`000, ${n} Spieler`);
		const players = names(n);
		const first = drawTables(players, triominosSizes(n), random);
		if (!first.ok) throw new Error(JSON.stringify(first.error));
		const second = drawAvoidingRepeats(players, triominosSizes(n), [first.value], random);
		expect(second.ok && second.value.repeats).toBe(repeats);
	});
});
