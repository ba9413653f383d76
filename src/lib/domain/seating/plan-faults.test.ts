import { describe, expect, it } from 'vitest';
import { officialPlanReport } from './official-plans-note';
import { OFFICIAL_SET_PLANS } from './official-set-plans';
import { planFaults } from './plan-faults';
import { validatePlan } from './validate';

const official = (players: number) => {
	const plan = OFFICIAL_SET_PLANS.find((p) => p.players === players)!;
	return planFaults(plan.rounds, players, officialPlanReport(plan));
};

describe('planFaults: what is wrong with a plan, for the draw screen', () => {
	it('27 players (004 §3): player 26 twice and player 20 missing in round 3, and the repeats', () => {
		const faults = official(27);
		expect(faults.errors).toEqual([
			{ code: 'plan-seated-twice', round: 3, player: 26, tables: [6, 9], players: [26] },
			{ code: 'missing', round: 3, players: [20] }
		]);
		expect(faults.repeats).toHaveLength(7);
		expect(faults.repeats[0]).toEqual({ code: 'repeated-opponents', players: [4, 19], rounds: [2, 3] });
	});

	it('32 players (004 §3): one line for a plan that seats 33, not four', () => {
		const faults = official(32);
		expect(faults.errors).toEqual([
			{ code: 'plan-seats-too-many', seats: 33, players: 32, numbers: [33], rounds: [1, 2, 3, 4] }
		]);
		expect(faults.repeats).toEqual([]);
	});

	it('lists the numbers beyond the count in order, whatever order the plan seats them in', () => {
		// Written for 8 players, headed 6: each round seats 8 and 7 where 6 are expected.
		const plan = [
			[
				[8, 1, 2, 3],
				[7, 4, 5, 6]
			],
			[
				[1, 2, 3, 8],
				[4, 5, 6, 7]
			]
		];
		expect(planFaults(plan, 6, validatePlan(plan, 6)).errors).toEqual([
			{ code: 'plan-seats-too-many', seats: 8, players: 6, numbers: [7, 8], rounds: [1, 2] }
		]);
	});

	it('collapses only the numbers beyond the count: other faults of such a plan stay as they are', () => {
		// Headed 6, seats up to 9: round 2 also has a 0 (no player number, not one beyond) and a table of 2.
		const plan = [
			[
				[8, 1, 2, 3],
				[7, 4, 5, 6]
			],
			[
				[1, 2, 3, 0],
				[4, 5, 6],
				[7, 8]
			]
		];
		expect(planFaults(plan, 6, validatePlan(plan, 6)).errors).toEqual([
			{ code: 'plan-seats-too-many', seats: 9, players: 6, numbers: [7, 8], rounds: [1, 2] },
			{ code: 'not-a-player', round: 2, table: 1, player: 0, count: 6, players: [0] },
			{ code: 'table-too-small', size: 2, round: 2, table: 3 },
			{ code: 'sizes-uneven', round: 2, least: 2, most: 4, expected: null }
		]);
	});

	it('keeps a number beyond the count in a plan that seats no more than the count: a slip, not a larger plan', () => {
		const plan = [
			[
				[1, 2, 3],
				[4, 5, 7]
			]
		];
		expect(planFaults(plan, 6, validatePlan(plan, 6)).errors).toEqual([
			{ code: 'not-a-player', round: 1, table: 2, player: 7, count: 6, players: [7] },
			{ code: 'missing', round: 1, players: [6] }
		]);
	});

	it('keeps a wrong number in a plan of the right size as the validator says it', () => {
		const plan = [
			[
				[1, 2, 3],
				[4, 5, 0]
			]
		];
		const faults = planFaults(plan, 6, validatePlan(plan, 6));
		expect(faults.errors).toEqual([
			{ code: 'not-a-player', round: 1, table: 2, player: 0, count: 6, players: [0] },
			{ code: 'missing', round: 1, players: [6] }
		]);
	});

	it('finds nothing in a valid plan without repeats (9 players)', () => {
		expect(official(9)).toEqual({ errors: [], repeats: [] });
	});
});
