import type { SeatingRequestFault } from '../problems';
import { fail, ok, type Problem, type Result } from '../result';
import { seededRandom, shuffled, type Random } from '../random';
import { meetingCounts } from './bounds';
import type { SeatingPlan } from './plan';
import { searchSeating, type StopReason } from './search';

/** What to seat: players 1..players over `rounds` rounds. */
export interface SeatingRequest {
	readonly players: number;
	readonly rounds: number;
	/** Table sizes in table order: one list for every round (from `tableSizes`), or one list per round. */
	readonly tableSizes: readonly number[] | readonly (readonly number[])[];
	/** Recorded with the plan: the same seed gives the same plan. */
	readonly seed: string | number;
	/** Rounds already played: meetings there count as met (numbers outside 1..players are ignored). */
	readonly avoid?: SeatingPlan;
	/** Search steps at most; the same seed and budget give the same plan. */
	readonly maxIterations?: number;
	/** Steps without improvement after which the search stops. */
	readonly patience?: number;
	/**
	 * A wall-clock cap with the clock to measure it (milliseconds; the caller passes e.g. performance.now):
	 * the best plan found by then. Hitting it makes the plan depend on the machine.
	 */
	readonly timeLimit?: { readonly maxMillis: number; readonly clock: () => number };
}

/** A generated plan and how good it is. */
export interface GeneratedSeating {
	readonly rounds: number[][][];
	readonly seed: string;
	/** Meetings beyond a pair's first (meetings in `avoid` count as earlier ones). */
	readonly repeats: number;
	/** Meetings beyond a pair's second: ideally 0. */
	readonly thirdMeetings: number;
	/** No plan with these sizes can have fewer repeats (counting bound). */
	readonly lowerBound: number;
	/** True when the repeats reach the bound, so no plan has fewer. */
	readonly optimal: boolean;
	readonly iterations: number;
	readonly stoppedBy: StopReason;
}

/** Default search budget: sizes that reach the bound stop at once, the others when the search stalls. */
export const DEFAULT_BUDGET = { maxIterations: 100_000, patience: 20_000 } as const;

const invalid = (fault: SeatingRequestFault): Problem => ({ code: 'bad-seating-request', ...fault });

/** Checks the table sizes of a request; one list per round. */
export function roundSizesFor(
	players: number,
	rounds: number,
	tableSizes: SeatingRequest['tableSizes']
): Result<number[][]> {
	if (!Number.isInteger(players) || players < 1) {
		return fail(invalid({ fault: 'players', players }));
	}
	if (!Number.isInteger(rounds) || rounds < 1) {
		return fail(invalid({ fault: 'rounds', rounds }));
	}
	const perRound = tableSizes.every((entry) => typeof entry === 'number');
	if (!perRound && tableSizes.length !== rounds) {
		return fail(invalid({ fault: 'lists', lists: tableSizes.length, rounds }));
	}
	const roundSizes = Array.from({ length: rounds }, (_, r) =>
		perRound ? [...(tableSizes as readonly number[])] : [...((tableSizes[r] as readonly number[]) ?? [])]
	);
	for (const [r, sizes] of roundSizes.entries()) {
		if (sizes.some((size) => !Number.isInteger(size) || size < 1)) {
			return fail(invalid({ fault: 'table-size', round: r + 1, sizes }));
		}
		const seats = sizes.reduce((sum, size) => sum + size, 0);
		if (seats !== players) {
			return fail(invalid({ fault: 'seats', round: r + 1, seats, players }));
		}
	}
	return ok(roundSizes);
}

/**
 * Seat order within each table and the order of tables of the same size, by the draw.
 * Sizes stay in the requested table order (a format's 4-tables keep their numbers).
 */
export function drawOrder<P>(rounds: readonly (readonly (readonly P[])[])[], random: Random): P[][][] {
	return rounds.map((round) => {
		const tables = round.map((table) => shuffled(table, random));
		const sizes = [...new Set(tables.map((table) => table.length))];
		for (const size of sizes) {
			const places = tables.flatMap((table, t) => (table.length === size ? [t] : []));
			const drawn = shuffled(places, random).map((t) => tables[t] as P[]);
			places.forEach((t, k) => (tables[t] = drawn[k] as P[]));
		}
		return tables;
	});
}

/**
 * A seating plan for players 1..n that has as few repeated opponents as possible: none where the
 * search reaches the counting bound of 0, otherwise few and spread (no pair meeting a third time where
 * that can be helped). Deterministic for a seed (unless timeLimit cuts it short); reads no clock of its own.
 */
export function generateSeating(request: SeatingRequest): Result<GeneratedSeating> {
	const { players: n, rounds, seed, avoid = [] } = request;
	const roundSizes = roundSizesFor(n, rounds, request.tableSizes);
	if (!roundSizes.ok) return roundSizes;
	const random = seededRandom(seed);
	const index = (p: number) => (Number.isInteger(p) && p >= 1 && p <= n ? p - 1 : undefined);
	const history = meetingCounts(n, avoid, index);
	const fresh = history.every((met) => met === 0);
	const { timeLimit } = request;
	const start = timeLimit?.clock();
	const found = searchSeating({
		n,
		roundSizes: roundSizes.value,
		history,
		fixFirstRound: fresh,
		random,
		maxIterations: request.maxIterations ?? DEFAULT_BUDGET.maxIterations,
		patience: request.patience ?? DEFAULT_BUDGET.patience,
		...(timeLimit === undefined || start === undefined
			? {}
			: { outOfTime: () => timeLimit.clock() - start > timeLimit.maxMillis })
	});
	// Without a history the numbers themselves are drawn: any relabelling keeps the repeats.
	const label = fresh
		? shuffled(
				Array.from({ length: n }, (_, i) => i + 1),
				random
			)
		: undefined;
	const numbered = found.rounds.map((round) =>
		round.map((table) => table.map((i) => (label ? (label[i] as number) : i + 1)))
	);
	return ok({
		rounds: drawOrder(numbered, random),
		seed: String(seed),
		repeats: found.extra,
		thirdMeetings: found.heavy,
		lowerBound: found.bound.extra,
		optimal: found.extra === found.bound.extra,
		iterations: found.iterations,
		stoppedBy: found.stoppedBy
	});
}
