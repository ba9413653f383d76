import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Problem } from '../result';
import type { Locale } from '../numbers';
import { tableSizes } from '../tournament/tables';
import { generateSeating } from './generate';
import {
	knownMinimum,
	officialPlanReport,
	officialPlansNote,
	witnessSeed,
	type Say
} from './official-plans-note';
import { OFFICIAL_SET_PLANS, type OfficialPlan } from './official-set-plans';

/** A stand-in for lib/i18n's problem texts (the domain does not import them): the language and the problem's data. */
const say: Say = (problem: Problem, lang: Locale) => `${lang} ${JSON.stringify(problem)}`;

/** A finding as the note lists it: in German, then in English. */
const line = (problem: Problem) => `- ${say(problem, 'de')} — _${say(problem, 'en')}_`;

const official = (players: number): OfficialPlan => {
	const plan = OFFICIAL_SET_PLANS.find((p) => p.players === players);
	if (!plan) throw new Error(`no official plan for ${players}`);
	return plan;
};

/** The lines of the note's section for `heading`, up to the next section. */
function section(note: string, heading: string): string[] {
	const lines = note.split('\n');
	const start = lines.indexOf(heading);
	if (start < 0) throw new Error(`no section ${heading}`);
	const end = lines.findIndex((line, i) => i > start && line.startsWith('## '));
	return lines.slice(start, end < 0 ? undefined : end);
}

describe('witnessSeed, knownMinimum, officialPlanReport: each official plan against a generated one', () => {
	it('seeds the generated plan by the size, as the note says ("004 §3, N Spieler")', () => {
		expect(witnessSeed(27)).toBe('004 §3, 27 Spieler');
	});

	it("knows the generator's repeats for the plan's size, rounds and SET tables (004 §3, 12 Spieler)", () => {
		const plan = official(12);
		const sizes = tableSizes(12, 'set');
		if (!sizes.ok) throw new Error('12 players make SET tables');
		const generated = generateSeating({
			players: 12,
			rounds: 4,
			tableSizes: sizes.value,
			seed: witnessSeed(12)
		});
		if (!generated.ok) throw new Error('12 players can be seated');
		expect(knownMinimum(plan)).toBe(generated.value.repeats);
		expect(knownMinimum(plan)).toBe(0);
	});

	it('knows none for a size SET cannot seat (fewer than 6 players, RULES.md §8)', () => {
		const plan: OfficialPlan = {
			players: 5,
			source: 'test',
			roundOneHeading: [],
			rounds: [[[1, 2, 3, 4, 5]]]
		};
		expect(knownMinimum(plan)).toBeUndefined();
		expect(officialPlanReport(plan).repeats).not.toHaveProperty('knownMinimum');
	});

	it('reports the 32-player plan (004 §3) as invalid: it seats a 33rd, and repeats could be 0', () => {
		const report = officialPlanReport(official(32));
		expect(report.valid).toBe(false);
		expect(report.errors.map((f) => [f.code, f.round, f.players])).toEqual([
			['not-a-player', 1, [33]],
			['not-a-player', 2, [33]],
			['not-a-player', 3, [33]],
			['not-a-player', 4, [33]]
		]);
		expect(report.repeats).toMatchObject({ extraMeetings: 0, knownMinimum: 0 });
	});
});

describe('officialPlansNote: OFFICIAL_PLANS.md, written from the validator (RULES.md §8: the plans contain errors)', () => {
	it('opens with what the note is and where it comes from', () => {
		expect(officialPlansNote(say).split('\n').slice(0, 16)).toEqual([
			'# The official SET seating plans (004 §3 "Tischverteilung")',
			'',
			'Generated from `validatePlan` by `official-plans-note.ts`; `src/lib/i18n/problems/official-plans.test.ts`',
			'fails when this note and the validator disagree (rewrite it with',
			'`npx vitest run --project unit src/lib/i18n/problems/official-plans.test.ts -u`).',
			'The plans are transcribed in `official-set-plans.ts` exactly as printed, faults included. "Possible" is',
			'the fewest repeated meetings of a plan made by `generateSeating` for the same size and four rounds',
			'(seed "004 §3, N Spieler"); the counting bound (`repeatLowerBound`) is the fewest any plan can have.',
			'',
			'Also in the text, not checked here: the introduction of §3 names 9, 12, 15, 18, 21, 24, 26, 28, 32 and',
			'36 players, but the plans printed are for 27 and 30, not 26 and 28; §2.1.3 points to "Abschnitt 4.',
			'Tischverteilung", which is §3. Each "Runde 1" line repeats table 1 of round 1 (checked by the test).',
			'',
			'## Summary',
			'',
			'- 9 Spieler: valid; no repeated opponents.'
		]);
	});

	it('sums up every plan: valid or not (errors counted), and its repeated meetings against the possible', () => {
		const note = officialPlansNote(say);
		expect(section(note, '## Summary')).toEqual([
			'## Summary',
			'',
			'- 9 Spieler: valid; no repeated opponents.',
			'- 12 Spieler: valid; 2 repeated meetings (0 possible).',
			'- 15 Spieler: valid; 1 repeated meeting (0 possible).',
			'- 18 Spieler: valid; 2 repeated meetings (0 possible).',
			'- 21 Spieler: valid; 1 repeated meeting (0 possible).',
			'- 24 Spieler: valid; 1 repeated meeting (0 possible).',
			'- 27 Spieler: **invalid** (2 errors); 7 repeated meetings (0 possible).',
			'- 30 Spieler: valid; 1 repeated meeting (0 possible).',
			'- 32 Spieler: **invalid** (4 errors); no repeated opponents.',
			'- 36 Spieler: valid; no repeated opponents.',
			''
		]);
		expect(note.split('\n').filter((line) => line.startsWith('## '))).toEqual([
			'## Summary',
			...OFFICIAL_SET_PLANS.map((plan) => `## ${plan.players} Spieler`)
		]);
	});

	it('writes a valid plan without repeats as one line, without empty lists (9 Spieler)', () => {
		expect(section(officialPlansNote(say), '## 9 Spieler')).toEqual([
			'## 9 Spieler',
			'',
			'004 §3, 9 Spieler: valid; no repeated opponents. Counting bound 0, generated plan 0.',
			''
		]);
	});

	it("lists a plan's warnings, each in German and in English (12 Spieler: two pairs meet twice)", () => {
		expect(section(officialPlansNote(say), '## 12 Spieler')).toEqual([
			'## 12 Spieler',
			'',
			'004 §3, 12 Spieler: valid; 2 repeated meetings (0 possible). Counting bound 0, generated plan 0.',
			'',
			'Warnings:',
			'',
			line({ code: 'repeated-opponents', players: [2, 5], rounds: [3, 4] } as Problem),
			line({ code: 'repeated-opponents', players: [6, 11], rounds: [3, 4] } as Problem),
			line({ code: 'repeats-total', extra: 2, lowerBound: 0, known: { minimum: 0, avoidable: true } }),
			''
		]);
	});

	it('lists the errors of an invalid plan before its warnings (27 Spieler: player 26 twice, 20 missing in round 3)', () => {
		const lines = section(officialPlansNote(say), '## 27 Spieler');
		expect(lines.slice(0, 9)).toEqual([
			'## 27 Spieler',
			'',
			'004 §3, 27 Spieler: **invalid** (2 errors); 7 repeated meetings (0 possible). Counting bound 0, generated plan 0.',
			'',
			'Errors:',
			'',
			line({ code: 'plan-seated-twice', round: 3, player: 26, tables: [6, 9], players: [26] } as Problem),
			line({ code: 'missing', round: 3, players: [20] }),
			''
		]);
		expect(lines.slice(9, 11)).toEqual(['Warnings:', '']);
		expect(lines.slice(11).filter((line) => line.startsWith('- '))).toHaveLength(8);
	});

	it('reads the 32-player plan, which seats 33, also as a plan for 33 players (RULES.md §8)', () => {
		const lines = section(officialPlansNote(say), '## 32 Spieler');
		expect(lines.slice(0, 8)).toEqual([
			'## 32 Spieler',
			'',
			'004 §3, 32 Spieler: **invalid** (4 errors); no repeated opponents. Counting bound 0, generated plan 0.',
			'',
			'Read as a plan for 33 players (11 tables of 3): valid; no repeated opponents.',
			'',
			'Errors:',
			''
		]);
		expect(lines.slice(8, 12)).toEqual(
			[
				[1, 11],
				[2, 8],
				[3, 5],
				[4, 11]
			].map(([round, table]) =>
				line({ code: 'not-a-player', round, table, player: 33, count: 32, players: [33] } as Problem)
			)
		);
		expect(lines.slice(12, 14)).toEqual(['', 'Warnings:']);
	});

	it('ends with the last plan and one newline', () => {
		const note = officialPlansNote(say);
		expect(
			note.endsWith(
				'\n\n## 36 Spieler\n\n004 §3, 36 Spieler: valid; no repeated opponents. Counting bound 0, generated plan 0.\n'
			)
		).toBe(true);
	});
});

describe('officialPlansNote on plans unlike the printed ones', () => {
	afterEach(() => {
		vi.doUnmock('./official-set-plans');
		vi.resetModules();
	});

	/** The note for these plans in place of OFFICIAL_SET_PLANS. */
	async function noteFor(plans: readonly OfficialPlan[]): Promise<string> {
		vi.resetModules();
		vi.doMock('./official-set-plans', () => ({ OFFICIAL_SET_PLANS: plans }));
		const { officialPlansNote: note } = await import('./official-plans-note');
		return note(say);
	}

	it('says "1 error", and no possible count nor generated plan where the generator has none (5 players)', async () => {
		// Round 2 seats players 4 and 5 at a table of 2, the one error (a plan's tables seat at least 3);
		// every pair of round 2 met in round 1: 4 repeats, as few as the counting bound allows. SET seats
		// at least 6 players (RULES.md §8), so the generator has no plan to compare with.
		const plan: OfficialPlan = {
			players: 5,
			source: 'test, 5 Spieler',
			roundOneHeading: [1, 2, 3, 4, 5],
			rounds: [
				[[1, 2, 3, 4, 5]],
				[
					[1, 2, 3],
					[4, 5]
				]
			]
		};
		const note = await noteFor([plan]);
		expect(section(note, '## Summary')).toEqual([
			'## Summary',
			'',
			'- 5 Spieler: **invalid** (1 error); 4 repeated meetings.',
			''
		]);
		expect(section(note, '## 5 Spieler').slice(0, 3)).toEqual([
			'## 5 Spieler',
			'',
			'test, 5 Spieler: **invalid** (1 error); 4 repeated meetings. Counting bound 4, generated plan –.'
		]);
	});

	it('writes up a plan whose first round seats nobody', async () => {
		const plan: OfficialPlan = {
			players: 3,
			source: 'test, 3 Spieler',
			roundOneHeading: [],
			rounds: [[], [[1, 2, 3, 4]]]
		};
		const note = await noteFor([plan]);
		expect(section(note, '## 3 Spieler')[4]).toMatch(/^Read as a plan for 4 players \(0 tables/);
	});
});
