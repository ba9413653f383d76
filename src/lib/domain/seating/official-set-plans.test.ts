import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OFFICIAL_SET_PLANS } from './official-set-plans';
import { officialPlanReport } from './official-plans-note';
import { validatePlan } from './validate';

/** Seed 004, the SET rules (German original, kept in docs/seeds/). */
const seedFile = fileURLToPath(new URL('../../../../docs/seeds/004_d714e22eca6dde65.txt', import.meta.url));

/** The plans as printed in 004 §3: per size its "Runde 1" line and the rows of each round. */
function printedPlans(text: string) {
	const section = text.slice(text.indexOf('3. Tischverteilung'));
	return section
		.split(/\n(?=\d+ Spieler\s*\n)/)
		.slice(1)
		.map((block) => {
			const lines = block.trim().split('\n');
			const rounds: number[][][] = [];
			let heading: number[] = [];
			for (const line of lines
				.slice(1)
				.map((l) => l.trim())
				.filter(Boolean)) {
				const round = /^Runde (\d)\s*(.*)$/.exec(line);
				if (round) {
					rounds.push([]);
					if (round[1] === '1') heading = (round[2] ?? '').split(/\s+/).map(Number);
				} else
					rounds.at(-1)?.push(
						line
							.replace(/^Tisch \d+\s+/, '')
							.split(/\s+/)
							.map(Number)
					);
			}
			return { players: Number.parseInt(lines[0] ?? ''), roundOneHeading: heading, rounds };
		});
}

describe('OFFICIAL_SET_PLANS', () => {
	it('is the text of 004 §3, number by number', () => {
		const printed = printedPlans(readFileSync(seedFile, 'utf8'));
		expect(
			OFFICIAL_SET_PLANS.map(({ players, roundOneHeading, rounds }) => ({ players, roundOneHeading, rounds }))
		).toEqual(printed);
	});

	it('has plans for 9 … 36 players with four rounds, each citing its place', () => {
		expect(OFFICIAL_SET_PLANS.map((plan) => plan.players)).toEqual([9, 12, 15, 18, 21, 24, 27, 30, 32, 36]);
		for (const plan of OFFICIAL_SET_PLANS) {
			expect(plan.rounds).toHaveLength(4);
			expect(plan.source).toBe(`004 §3, ${plan.players} Spieler`);
		}
	});

	it('repeats table 1 of round 1 on each "Runde 1" line', () => {
		for (const plan of OFFICIAL_SET_PLANS) expect(plan.roundOneHeading).toEqual(plan.rounds[0]?.[0]);
	});
});

describe('validatePlan on the official plans', () => {
	it.each([
		{ source: '004 §3, 9 Spieler', errors: [], repeats: [] },
		{
			source: '004 §3, 12 Spieler',
			errors: [],
			repeats: [
				['2–5', [3, 4]],
				['6–11', [3, 4]]
			]
		},
		{ source: '004 §3, 15 Spieler', errors: [], repeats: [['3–11', [3, 4]]] },
		{
			source: '004 §3, 18 Spieler',
			errors: [],
			repeats: [
				['4–10', [1, 4]],
				['5–17', [1, 3]]
			]
		},
		{ source: '004 §3, 21 Spieler', errors: [], repeats: [['3–10', [1, 4]]] },
		{ source: '004 §3, 24 Spieler', errors: [], repeats: [['19–21', [2, 3]]] },
		{
			source: '004 §3, 27 Spieler',
			errors: [
				['plan-seated-twice', 3, undefined, [26]],
				['missing', 3, undefined, [20]]
			],
			repeats: [
				['4–19', [2, 3]],
				['10–26', [2, 3]],
				['14–21', [2, 3]],
				['15–22', [2, 3]],
				['16–23', [2, 3]],
				['17–24', [2, 3]],
				['18–25', [2, 3]]
			]
		},
		{ source: '004 §3, 30 Spieler', errors: [], repeats: [['19–21', [3, 4]]] },
		{
			source: '004 §3, 32 Spieler',
			errors: [
				['not-a-player', 1, 11, [33]],
				['not-a-player', 2, 8, [33]],
				['not-a-player', 3, 5, [33]],
				['not-a-player', 4, 11, [33]]
			],
			repeats: []
		},
		{ source: '004 §3, 36 Spieler', errors: [], repeats: [] }
	])('$source', ({ source, errors, repeats }) => {
		const plan = OFFICIAL_SET_PLANS.find((p) => p.source === source);
		if (!plan) throw new Error(`no plan ${source}`);
		const report = validatePlan(plan.rounds, plan.players, { format: 'set' });
		expect(report.errors.map((f) => [f.code, f.round, f.table, f.players])).toEqual(errors);
		expect(report.valid).toBe(errors.length === 0);
		expect(report.repeats.pairs.map((p) => [p.players.join('–'), p.rounds])).toEqual(repeats);
		expect(report.repeats.lowerBound).toBe(0);
	});

	it('reads the "32 Spieler" plan as a valid plan for 33 players with no repeated opponents', () => {
		const plan = OFFICIAL_SET_PLANS.find((p) => p.players === 32);
		expect(validatePlan(plan?.rounds ?? [], 33, { format: 'set' })).toMatchObject({
			valid: true,
			warnings: [],
			repeats: { extraMeetings: 0 }
		});
	});

	it('calls every repeat in an official plan avoidable: the generator seats each size with none', () => {
		for (const plan of OFFICIAL_SET_PLANS) {
			const { repeats } = officialPlanReport(plan);
			expect(repeats.knownMinimum).toBe(0);
			expect(repeats.avoidable).toBe(repeats.extraMeetings > 0);
		}
	});
});
