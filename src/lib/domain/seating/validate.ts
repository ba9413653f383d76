import type { Problem } from '../result';
import { tableSizes, type Format } from '../tournament/tables';
import { repeatLowerBound } from './bounds';
import { extraMeetings, repeatedPairs, type RepeatedPair, type SeatingPlan } from './plan';

/** What a check found, and where: round and table are 1-based, as printed on the plan. */
export type Finding = Problem & {
	readonly round?: number;
	readonly table?: number;
	readonly players?: readonly number[];
};

/** Table sizes each format allows: 3 or 4 (000, 002); SET 2–8 per table (004 §1), below 3 is flagged anyway. */
export const ALLOWED_SIZES: Readonly<Record<Format, readonly number[]>> = {
	triominos: [3, 4],
	swiss: [3, 4],
	set: [3, 4, 5, 6, 7, 8]
};

/** What is known about a plan's repeated opponents. */
export interface RepeatReport {
	readonly pairs: readonly RepeatedPair[];
	/** Meetings beyond a pair's first, summed: a pair meeting three times counts two. */
	readonly extraMeetings: number;
	/** No plan with these table sizes can have fewer (counting bound). */
	readonly lowerBound: number;
	/** The fewest achieved by a known plan, where the caller knows one. */
	readonly knownMinimum?: number;
	/** True when a plan with fewer repeats is known: the repeats could have been avoided. */
	readonly avoidable: boolean;
}

/** The validator's answer: seating faults are errors, repeated opponents are warnings. */
export interface PlanReport {
	readonly valid: boolean;
	readonly errors: readonly Finding[];
	readonly warnings: readonly Finding[];
	readonly repeats: RepeatReport;
}

export interface ValidateOptions {
	/** Checks the table sizes against the format's allowed sizes and its distribution (RULES.md §6–8). */
	readonly format?: Format;
	/** The fewest extra meetings known to be possible for this size, e.g. from a generated plan. */
	readonly knownMinimum?: number;
}

/** Table sizes counted: "2 × 3, 1 × 4". */
export function tallySizes(sizes: readonly number[]): string {
	const counts = new Map<number, number>();
	for (const size of [...sizes].sort((a, b) => a - b)) counts.set(size, (counts.get(size) ?? 0) + 1);
	return [...counts].map(([size, count]) => `${count} × ${size}`).join(', ');
}

/** Seating faults of one round: numbers that are no player, players seated twice, players missing. */
function checkPlayers(round: SeatingPlan[number], r: number, n: number): Finding[] {
	const findings: Finding[] = [];
	const tablesOf = new Map<number, number[]>();
	round.forEach((table, t) => {
		for (const player of table) {
			if (!Number.isInteger(player) || player < 1 || player > n) {
				findings.push({ code: 'not-a-player', round: r, table: t + 1, player, count: n, players: [player] });
				continue;
			}
			tablesOf.set(player, [...(tablesOf.get(player) ?? []), t + 1]);
		}
	});
	for (const [player, tables] of [...tablesOf].sort(([a], [b]) => a - b)) {
		if (tables.length < 2) continue;
		findings.push({ code: 'plan-seated-twice', round: r, player, tables, players: [player] });
	}
	const missing = Array.from({ length: n }, (_, i) => i + 1).filter((p) => !tablesOf.has(p));
	if (missing.length > 0) {
		findings.push({ code: 'missing', round: r, players: missing });
	}
	return findings;
}

/** Table size faults of one round (errors) and a departure from the format's distribution (warning). */
function checkSizes(
	round: SeatingPlan[number],
	r: number,
	n: number,
	format: Format | undefined
): { errors: Finding[]; warnings: Finding[] } {
	const errors: Finding[] = [];
	const warnings: Finding[] = [];
	const sizes = round.map((table) => table.length);
	sizes.forEach((size, t) => {
		const at = { round: r, table: t + 1 };
		if (size <= 2) {
			errors.push({ code: 'table-too-small', size, ...at });
		} else if (format && !ALLOWED_SIZES[format].includes(size)) {
			const allowed = ALLOWED_SIZES[format];
			const [min, max] = [allowed[0] ?? 0, allowed.at(-1) ?? 0];
			errors.push({ code: 'size-not-allowed', size, format, min, max, ...at });
		}
	});
	const [least, most] = [Math.min(...sizes), Math.max(...sizes)];
	if (sizes.length > 0 && most - least > 1) {
		errors.push({ code: 'sizes-uneven', round: r, least, most, expected: null });
	}
	const expected = format ? tableSizes(n, format) : undefined;
	if (expected?.ok && tallySizes(expected.value) !== tallySizes(sizes)) {
		warnings.push({
			code: 'not-the-distribution',
			round: r,
			sizes,
			expected: expected.value,
			count: n,
			rule: 'plan'
		});
	}
	return { errors, warnings };
}

/** One warning per pair that meets more than once, and one for the total against what is possible. */
function repeatWarnings(repeats: RepeatReport): Finding[] {
	const warnings: Finding[] = repeats.pairs.map(({ players, rounds }) => ({
		code: 'repeated-opponents',
		players,
		rounds
	}));
	if (repeats.extraMeetings === 0) return warnings;
	const { extraMeetings: extra, lowerBound, knownMinimum } = repeats;
	const known = knownMinimum === undefined ? null : { minimum: knownMinimum, avoidable: repeats.avoidable };
	warnings.push({ code: 'repeats-total', extra, lowerBound, known });
	return warnings;
}

/**
 * Checks a plan for players 1..n: each player exactly once per round, table sizes (at least 3, differing
 * by at most one, allowed by the format), and opponents who meet more than once. Seating faults make the
 * plan invalid; repeated opponents are warnings that say whether they could have been avoided.
 */
export function validatePlan(plan: SeatingPlan, n: number, options: ValidateOptions = {}): PlanReport {
	const errors: Finding[] = [];
	const warnings: Finding[] = [];
	if (!Number.isInteger(n) || n < 1) {
		errors.push({ code: 'bad-count', count: n });
	} else if (plan.length === 0) {
		errors.push({ code: 'no-rounds' });
	}
	plan.forEach((round, i) => {
		errors.push(...checkPlayers(round, i + 1, n));
		const sizes = checkSizes(round, i + 1, n, options.format);
		errors.push(...sizes.errors);
		warnings.push(...sizes.warnings);
	});
	const isPlayer = (p: number) => Number.isInteger(p) && p >= 1 && p <= n;
	const pairs = repeatedPairs(plan.map((round) => round.map((table) => table.filter(isPlayer))));
	const extra = extraMeetings(pairs);
	const bound =
		Number.isInteger(n) && n >= 1
			? repeatLowerBound(
					n,
					plan.map((round) => round.map((table) => table.length))
				).extra
			: 0;
	const repeats: RepeatReport = {
		pairs,
		extraMeetings: extra,
		lowerBound: bound,
		...(options.knownMinimum === undefined ? {} : { knownMinimum: options.knownMinimum }),
		avoidable: options.knownMinimum !== undefined && options.knownMinimum < extra
	};
	warnings.push(...repeatWarnings(repeats));
	return { valid: errors.length === 0, errors, warnings, repeats };
}
