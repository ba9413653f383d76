import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../domain/random';
import { drawTables } from '../../domain/seating/draw';
import { seatingForFormat } from '../../domain/seating/format-seating';
import { generateSeating } from '../../domain/seating/generate';
import { officialPlanReport } from '../../domain/seating/official-plans-note';
import { OFFICIAL_SET_PLANS } from '../../domain/seating/official-set-plans';
import { planFaults } from '../../domain/seating/plan-faults';
import { validatePlan } from '../../domain/seating/validate';
import type { Problem } from '../../domain/result';
import { problemText } from './index';

// Seating plans' problems in words: as the draw screen and the command line show them.

const de = (problems: readonly Problem[]) => problems.map((p) => problemText(p, 'de'));
const en = (problems: readonly Problem[]) => problems.map((p) => problemText(p, 'en'));

describe('what is wrong with a seating plan, in words', () => {
	it('names a player seated twice, the tables, and who is missing instead', () => {
		const { errors } = validatePlan(
			[
				[
					[1, 2, 3],
					[4, 1, 6],
					[7, 8, 9]
				]
			],
			9
		);
		expect(de(errors)).toEqual([
			'Runde 1: Spieler 1 sitzt 2-mal (Tisch 1 und 2).',
			'Runde 1: Spieler 5 fehlt.'
		]);
		expect(en(errors)).toEqual([
			'Round 1: player 1 is seated 2 times (tables 1 and 2).',
			'Round 1: player 5 is missing.'
		]);
	});

	it('lists several missing players in one line', () => {
		const { errors } = validatePlan([[[1, 2, 3]]], 6);
		expect(de(errors)).toEqual(['Runde 1: Spieler 4, 5 und 6 fehlen.']);
		expect(en(errors)).toEqual(['Round 1: players 4, 5 and 6 are missing.']);
	});

	it.each([7, 0, 2.5])('names %d as no player number, with round and table', (number) => {
		const { errors } = validatePlan(
			[
				[
					[1, 2, 3],
					[4, 5, number]
				]
			],
			6
		);
		expect(de(errors)[0]).toBe(`Runde 1, Tisch 2: ${number} ist keine Spielernummer (1–6).`);
	});

	it('says table sizes that differ, and a distribution other than the rules’', () => {
		const uneven = validatePlan(
			[
				[
					[1, 2],
					[3, 4, 5, 6]
				]
			],
			6
		);
		expect(de(uneven.errors)[1]).toBe(
			'Runde 1: Tische mit 2 bis 4 Spielern – die Größen dürfen sich höchstens um eins unterscheiden.'
		);
		const fives = validatePlan(
			[
				[
					[1, 2, 3, 4, 5],
					[6, 7, 8, 9, 10]
				]
			],
			10,
			{ format: 'set' }
		);
		expect(de(fives.warnings)).toEqual([
			'Runde 1: Tische 2 × 5 statt 2 × 3, 1 × 4 (Tischverteilung für 10 Spieler).'
		]);
	});

	it('warns per pair with its rounds, and in total against the counting bound', () => {
		const plan = [
			[
				[1, 2, 3],
				[4, 5, 6]
			],
			[
				[1, 2, 4],
				[3, 5, 6]
			],
			[
				[2, 1, 5],
				[3, 4, 6]
			]
		];
		expect(de(validatePlan(plan, 6).warnings)).toEqual([
			'Spieler 1 und 2 treffen sich 3-mal (Runden 1, 2 und 3).',
			'Spieler 3 und 6 treffen sich 2-mal (Runden 2 und 3).',
			'Spieler 4 und 6 treffen sich 2-mal (Runden 1 und 3).',
			'Spieler 5 und 6 treffen sich 2-mal (Runden 1 und 2).',
			'5 wiederholte Begegnungen; unvermeidbar sind mindestens 3.'
		]);
		expect(en(validatePlan(plan, 6, { knownMinimum: 3 }).warnings).at(-1)).toBe(
			'5 repeated meetings; at least 3 cannot be avoided. Avoidable: a plan with 3 is known.'
		);
		expect(de(validatePlan(plan, 6, { knownMinimum: 5 }).warnings).at(-1)).toMatch(/Weniger geht nicht\.$/);
	});

	it('the official plans for 27 and 32 players (004 §3), as the draw screen shows them', () => {
		const faults = (players: number) => {
			const plan = OFFICIAL_SET_PLANS.find((p) => p.players === players)!;
			return planFaults(plan.rounds, players, officialPlanReport(plan));
		};
		expect(de(faults(27).errors)).toEqual([
			'Runde 3: Spieler 26 sitzt 2-mal (Tisch 6 und 9).',
			'Runde 3: Spieler 20 fehlt.'
		]);
		expect(en(faults(27).errors)).toEqual([
			'Round 3: player 26 is seated 2 times (tables 6 and 9).',
			'Round 3: player 20 is missing.'
		]);
		expect(de(faults(27).repeats)[0]).toBe('Spieler 4 und 19 treffen sich 2-mal (Runden 2 und 3).');
		expect(de(faults(32).errors)).toEqual([
			'Der Plan setzt 33 Spieler statt 32: Spielernummer 33 (Runde 1, 2, 3 und 4) gibt es nicht.'
		]);
		expect(en(faults(32).errors)).toEqual([
			'The plan seats 33 players, not 32: there is no player number 33 (rounds 1, 2, 3 and 4).'
		]);
	});

	it('says why a seating cannot be drawn or generated', () => {
		const twice = drawTables(['Anna', 'Bo', 'Anna'], [3], seededRandom(1));
		expect(twice.ok ? '' : problemText(twice.error, 'de')).toBe('Spieler doppelt in der Auslosung: Anna.');
		const seats = drawTables(['A', 'B', 'C', 'D', 'E', 'F', 'G'], [3, 3], seededRandom(1));
		expect(seats.ok ? '' : problemText(seats.error, 'de')).toBe('Runde 1: 6 Plätze für 7 Spieler.');
		const generated = [
			[{ players: 10, rounds: 4, tableSizes: [3, 3, 3] }, /9 Plätze für 10 Spieler/],
			[{ players: 9, rounds: 0, tableSizes: [3, 3, 3] }, /Rundenzahl: 0/],
			[{ players: 3, rounds: 1, tableSizes: [3, 0] }, /Tischgröße/],
			[{ players: 6, rounds: 3, tableSizes: [[3, 3]] }, /1 Listen/],
			[{ players: 0, rounds: 1, tableSizes: [] }, /Spielerzahl: 0/]
		] as const;
		for (const [request, said] of generated) {
			const result = generateSeating({ ...request, seed: 's' });
			if (result.ok) throw new Error('expected a refusal');
			expect(problemText(result.error, 'de')).toMatch(said);
			expect(problemText(result.error, 'en')).not.toBe(problemText(result.error, 'de'));
		}
		const few = seatingForFormat('set', 5, 4, 's');
		expect(few.ok ? '' : problemText(few.error, 'de')).toMatch(/mindestens 6/);
		const rounds = seatingForFormat('triominos', 12, 7, 's');
		expect(rounds.ok ? '' : problemText(rounds.error, 'de')).toMatch(/1 bis 6/);
	});
});
