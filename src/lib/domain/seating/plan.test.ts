import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extraMeetings, repeatedPairs } from './plan';
import { pairCounts, planArbitrary, plainExtra, sizesArbitrary } from './test-plans';

describe('repeatedPairs', () => {
	it('names each pair that meets again with its rounds, ordered by players', () => {
		const plan = [
			[
				[4, 1, 2],
				[3, 5, 6]
			],
			[
				[2, 1, 3],
				[6, 5, 4]
			],
			[
				[1, 2, 5],
				[3, 4, 6]
			]
		];
		expect(repeatedPairs(plan)).toEqual([
			{ players: [1, 2], rounds: [1, 2, 3] },
			{ players: [3, 6], rounds: [1, 3] },
			{ players: [4, 6], rounds: [2, 3] },
			{ players: [5, 6], rounds: [1, 2] }
		]);
		expect(extraMeetings(repeatedPairs(plan))).toBe(5);
	});

	it('orders pairs of one player by the other, whichever he met first', () => {
		// Player 1 meets 3 (round 1) before 2 (round 2): the pairs come ordered all the same.
		const plan = [
			[
				[1, 3],
				[2, 4]
			],
			[
				[1, 2],
				[3, 4]
			],
			[
				[3, 1],
				[4, 2]
			],
			[
				[2, 1],
				[4, 3]
			]
		];
		expect(repeatedPairs(plan).map((pair) => pair.players)).toEqual([
			[1, 2],
			[1, 3],
			[2, 4],
			[3, 4]
		]);
	});

	it('counts a pair once per round even where a faulty plan seats a player twice', () => {
		expect(repeatedPairs([[[1, 2, 1]], [[1, 2, 2]]])).toEqual([{ players: [1, 2], rounds: [1, 2] }]);
	});

	it('works on player ids that are strings', () => {
		expect(repeatedPairs([[['Uta', 'Bo']], [['Bo', 'Uta']]])).toEqual([
			{ players: ['Bo', 'Uta'], rounds: [1, 2] }
		]);
	});

	it('agrees with a plain count of who sat together', () => {
		const plans = fc
			.integer({ min: 3, max: 14 })
			.chain((n) =>
				fc.array(sizesArbitrary(n), { minLength: 1, maxLength: 5 }).chain((sizes) => planArbitrary(n, sizes))
			);
		fc.assert(
			fc.property(plans, (plan) => {
				const pairs = repeatedPairs(plan);
				expect(extraMeetings(pairs)).toBe(plainExtra(plan));
				for (const { players, rounds } of pairs) {
					expect(pairCounts(plan).get(players.join('-'))).toBe(rounds.length);
				}
			})
		);
	});
});
