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
