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
		expect(faults.errors.map((e) => e.de)).toEqual([
			'Runde 3: Spieler 26 sitzt 2-mal (Tisch 6 und 9).',
			'Runde 3: Spieler 20 fehlt.'
		]);
		expect(faults.errors.map((e) => e.en)).toEqual([
			'Round 3: player 26 is seated 2 times (tables 6 and 9).',
			'Round 3: player 20 is missing.'
		]);
		expect(faults.repeats).toHaveLength(7);
		expect(faults.repeats[0]?.de).toBe('Spieler 4 und 19 treffen sich 2-mal (Runden 2 und 3).');
	});

	it('32 players (004 §3): one line for a plan that seats 33, not four', () => {
		const faults = official(32);
		expect(faults.errors).toEqual([
			{
				code: 'plan-seats-too-many',
				de: 'Der Plan setzt 33 Spieler statt 32: Spielernummer 33 (Runde 1, 2, 3 und 4) gibt es nicht.',
				en: 'The plan seats 33 players, not 32: there is no player number 33 (rounds 1, 2, 3 and 4).'
			}
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
		expect(faults.errors.map((e) => e.de)).toEqual([
			'Runde 1, Tisch 2: 0 ist keine Spielernummer (1–6).',
			'Runde 1: Spieler 6 fehlt.'
		]);
	});

	it('finds nothing in a valid plan without repeats (9 players)', () => {
		expect(official(9)).toEqual({ errors: [], repeats: [] });
	});
});
