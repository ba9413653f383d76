import type { Locale } from '../numbers';
import type { Problem } from '../result';
import { tableSizes } from '../tournament/tables';
import { generateSeating } from './generate';
import { OFFICIAL_SET_PLANS, type OfficialPlan } from './official-set-plans';
import { validatePlan, type Finding, type PlanReport } from './validate';

/** Seed of the generated plan that shows how few repeats are possible for a plan's size. */
export const witnessSeed = (players: number) => `004 §3, ${players} Spieler`;

/** The fewest repeats known for a SET plan's size over its rounds: the generator's plan. */
export function knownMinimum(plan: OfficialPlan): number | undefined {
	const sizes = tableSizes(plan.players, 'set');
	if (!sizes.ok) return undefined;
	const generated = generateSeating({
		players: plan.players,
		rounds: plan.rounds.length,
		tableSizes: sizes.value,
		seed: witnessSeed(plan.players)
	});
	return generated.ok ? generated.value.repeats : undefined;
}

/** The validator's report on an official plan, with the generator's plan as the known minimum. */
export function officialPlanReport(plan: OfficialPlan): PlanReport {
	const minimum = knownMinimum(plan);
	return validatePlan(plan.rounds, plan.players, {
		format: 'set',
		...(minimum === undefined ? {} : { knownMinimum: minimum })
	});
}

/** A problem's text in a language: the note shows each finding in German, then in English. */
export type Say = (problem: Problem, lang: Locale) => string;

const finding = (say: Say) => (f: Finding) => `- ${say(f, 'de')} — _${say(f, 'en')}_`;

function verdict(report: PlanReport): string {
	const { extraMeetings: extra, knownMinimum: minimum } = report.repeats;
	const validity = report.valid
		? 'valid'
		: `**invalid** (${report.errors.length} error${report.errors.length === 1 ? '' : 's'})`;
	const repeats =
		extra === 0
			? 'no repeated opponents'
			: `${extra} repeated meeting${extra === 1 ? '' : 's'}` +
				(minimum === undefined ? '' : ` (${minimum} possible)`);
	return `${validity}; ${repeats}`;
}

/** A plan that seats more numbers than its heading says, read as a plan for all of them. */
function readAsLarger(plan: OfficialPlan): string[] {
	const largest = Math.max(...plan.rounds.flat(2));
	if (largest <= plan.players) return [];
	const report = validatePlan(plan.rounds, largest);
	return [
		'',
		`Read as a plan for ${largest} players (${plan.rounds[0]?.length} tables of ${plan.rounds[0]?.[0]?.length}): ` +
			`${verdict(report)}.`
	];
}

function section(plan: OfficialPlan, report: PlanReport, say: Say): string[] {
	const { lowerBound, knownMinimum: minimum } = report.repeats;
	const lines = [
		`## ${plan.players} Spieler`,
		'',
		`${plan.source}: ${verdict(report)}. Counting bound ${lowerBound}, generated plan ${minimum ?? '–'}.`,
		...readAsLarger(plan)
	];
	if (report.errors.length > 0) lines.push('', 'Errors:', '', ...report.errors.map(finding(say)));
	if (report.warnings.length > 0) lines.push('', 'Warnings:', '', ...report.warnings.map(finding(say)));
	return [...lines, ''];
}

/**
 * OFFICIAL_PLANS.md: the validator's findings on every official SET plan, in the texts `say` gives (the
 * problem texts of lib/i18n), kept in step by a test beside those texts.
 */
export function officialPlansNote(say: Say): string {
	const reports = OFFICIAL_SET_PLANS.map((plan) => [plan, officialPlanReport(plan)] as const);
	return [
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
		...reports.map(([plan, report]) => `- ${plan.players} Spieler: ${verdict(report)}.`),
		'',
		...reports.flatMap(([plan, report]) => section(plan, report, say))
	]
		.join('\n')
		.replace(/\n+$/, '\n');
}
