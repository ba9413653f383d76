import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meetingCounts, repeatLowerBound } from './bounds';
import { planArbitrary, plainExtra, plainThird, sizesArbitrary } from './test-plans';
import { runs } from '../testing/runs';

const rounds = (count: number, sizes: number[]) => Array.from({ length: count }, () => sizes);

describe('meetingCounts', () => {
	it('counts each pair at a table once per round, both ways, and no one against himself', () => {
		const index = (p: number) => (p >= 1 && p <= 3 ? p - 1 : undefined);
		// Round 2 lists player 2 twice, and 9, who is no player here.
		const history = [
			[[1, 2]],
			[
				[2, 1, 2],
				[3, 9]
			]
		];
		const counts = meetingCounts(3, history, index);
		expect(Array.from(counts)).toEqual([0, 2, 0, 2, 0, 0, 0, 0, 0]);
	});
});

describe('repeatLowerBound', () => {
	it.each([
		// Each player at a 3-table meets 2 per round: 4 rounds need 8 distinct opponents.
		{
			case: '9 players, 4 rounds of 3-tables: 8 opponents = n−1',
			n: 9,
			sizes: rounds(4, [3, 3, 3]),
			extra: 0
		},
		{ case: '9 players, 5 rounds: 10 opponents, 8 exist', n: 9, sizes: rounds(5, [3, 3, 3]), extra: 9 },
		{ case: '12 players, 4 rounds of 3-tables', n: 12, sizes: rounds(4, [3, 3, 3, 3]), extra: 0 },
		{ case: '10 players 3+3+4: 48 meetings, 45 pairs', n: 10, sizes: rounds(4, [3, 3, 4]), extra: 3 },
		{ case: '7 players 3+4: 36 meetings, 21 pairs', n: 7, sizes: rounds(4, [3, 4]), extra: 15 },
		{ case: '8 players 4+4: 48 meetings, 28 pairs', n: 8, sizes: rounds(4, [4, 4]), extra: 20 },
		{
			case: '6 players, 6 rounds of 3-tables: 12 opponents, 5 exist',
			n: 6,
			sizes: rounds(6, [3, 3]),
			extra: 21
		}
	])('$case → at least $extra', ({ n, sizes, extra }) => {
		expect(repeatLowerBound(n, sizes).extra).toBe(extra);
	});

	it('counts third meetings only where a pair must meet three times', () => {
		expect(repeatLowerBound(9, rounds(6, [3, 3, 3])).heavy).toBe(0);
		// 6 players, 6 rounds: 12 opponent slots each, room for 2 × 5 = 10 without a third meeting.
		expect(repeatLowerBound(6, rounds(6, [3, 3])).heavy).toBe(6);
		// 7 players at a 3- and a 4-table, 5 rounds: 45 meetings, room for 2 × 21 = 42 without a third.
		expect(repeatLowerBound(7, rounds(5, [3, 4]))).toEqual({ extra: 24, heavy: 3 });
	});

	it('counts meetings of earlier rounds against the next', () => {
		const history = [[[1, 2, 3]], [[3, 2, 1]]];
		expect(repeatLowerBound(3, [[3]], history)).toEqual({ extra: 3, heavy: 3 });
		expect(repeatLowerBound(3, [[3]], history.slice(1))).toEqual({ extra: 3, heavy: 0 });
		// Player 9 left the tournament: his old table does not bind the rest.
		expect(repeatLowerBound(3, [[3]], [[[1, 9]]])).toEqual({ extra: 0, heavy: 0 });
	});

	it('makes a player who has met everyone meet someone again, though the fresh pairs hold the round', () => {
		// Player 1 met 2, 3 (round 1) and 4, 5 (round 2); 2–4, 2–5, 3–4, 3–5 are fresh: as many pairs as a
		// 2- and a 3-table seat. Yet player 1 meets at least one opponent at either table.
		const met = [
			[
				[1, 2, 3],
				[4, 5]
			],
			[
				[1, 4, 5],
				[2, 3]
			]
		];
		expect(repeatLowerBound(5, [[2, 3]], met)).toEqual({ extra: 1, heavy: 0 });
		// Met everyone twice: he meets someone a third time.
		expect(repeatLowerBound(5, [[2, 3]], [...met, ...met])).toEqual({ extra: 1, heavy: 1 });
	});

	it('ignores numbers in the history that are no player 1..n, and rounds without tables', () => {
		// Player 4 has left; 0 is no number.
		const history = [
			[
				[1, 4],
				[2, 0]
			]
		];
		expect(repeatLowerBound(3, [[3]], history)).toEqual({ extra: 0, heavy: 0 });
		// A faulty plan may have a round with no tables: it adds no meetings.
		expect(repeatLowerBound(3, [[], [3]])).toEqual({ extra: 0, heavy: 0 });
	});

	it('never exceeds the repeats of an actual plan', () => {
		const cases = fc
			.integer({ min: 3, max: 12 })
			.chain((n) =>
				fc
					.array(sizesArbitrary(n, 5), { minLength: 1, maxLength: 6 })
					.chain((sizes) => fc.tuple(fc.constant(n), fc.constant(sizes), planArbitrary(n, sizes)))
			);
		fc.assert(
			fc.property(cases, ([n, sizes, plan]) => {
				const bound = repeatLowerBound(n, sizes);
				expect(bound.extra).toBeLessThanOrEqual(plainExtra(plan));
				expect(bound.heavy).toBeLessThanOrEqual(plainThird(plan));
			}),
			{ numRuns: runs(300) }
		);
	});

	it('never exceeds the repeats of a plan after a history', () => {
		const cases = fc
			.integer({ min: 3, max: 10 })
			.chain((n) =>
				fc
					.array(sizesArbitrary(n, 4), { minLength: 2, maxLength: 5 })
					.chain((sizes) => fc.tuple(fc.constant(n), fc.constant(sizes), planArbitrary(n, sizes)))
			);
		fc.assert(
			fc.property(cases, fc.nat(), ([n, sizes, plan], cut) => {
				const split = 1 + (cut % (plan.length - 1));
				const [history, next] = [plan.slice(0, split), plan.slice(split)];
				const bound = repeatLowerBound(n, sizes.slice(split), history);
				expect(bound.extra).toBeLessThanOrEqual(plainExtra(plan) - plainExtra(history));
				expect(bound.heavy).toBeLessThanOrEqual(plainThird(plan) - plainThird(history));
				expect(next.length).toBe(sizes.length - split);
			}),
			{ numRuns: runs(300) }
		);
	});
});
