import type { Problem } from '../result';
import type { Finding, PlanReport } from './validate';

/** A plan's faults for people: what makes it unusable, and which opponents it seats together again. */
export interface PlanFaults {
	/** The validator's errors; numbers a plan seats beyond its player count are one line ("33 for 32"). */
	readonly errors: readonly Problem[];
	/** One line per pair that meets more than once. */
	readonly repeats: readonly Problem[];
}

/** Numbers beyond the count, as one finding: the plan was written for more players than it says. */
function seatsTooMany(beyond: readonly Finding[], seats: number, players: number): Problem {
	const numbers = [...new Set(beyond.flatMap((f) => f.players ?? []))].sort((a, b) => a - b);
	const rounds = [...new Set(beyond.flatMap((f) => (f.round === undefined ? [] : [f.round])))].sort(
		(a, b) => a - b
	);
	return { code: 'plan-seats-too-many', seats, players, numbers, rounds };
}

/**
 * What is wrong with a plan for `players` players, from its validation report: the errors (a player
 * seated twice or missing in a round, a table too small …), where a plan seats more numbers than it has
 * players the faults of those numbers collapsed into one line, and the repeated opponents.
 */
export function planFaults(
	plan: readonly (readonly (readonly number[])[])[],
	players: number,
	report: PlanReport
): PlanFaults {
	const seats = Math.max(0, ...plan.map((round) => round.reduce((sum, table) => sum + table.length, 0)));
	const beyond = report.errors.filter(
		(f) => f.code === 'not-a-player' && (f.players ?? []).every((p) => Number.isInteger(p) && p > players)
	);
	const collapse = seats > players && beyond.length > 0;
	const errors: Problem[] = [];
	for (const finding of report.errors) {
		if (collapse && beyond.includes(finding)) {
			if (finding === beyond[0]) errors.push(seatsTooMany(beyond, seats, players));
			continue;
		}
		errors.push(finding);
	}
	const repeats = report.warnings.filter((f) => f.code === 'repeated-opponents');
	return { errors, repeats };
}
