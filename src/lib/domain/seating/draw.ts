import { fail, ok, type Result } from '../result';
import { shuffled, type Random } from '../random';
import { meetingCounts } from './bounds';
import { DEFAULT_BUDGET, drawOrder, roundSizesFor } from './generate';
import type { SeatingPlan } from './plan';
import { searchSeating } from './search';

/** A drawn round and the repeats it brings. */
export interface Draw<P> {
	/** Tables in the order of the requested sizes, players in seat order. */
	readonly tables: P[][];
	/** Meetings with an opponent met before (in the history or, never, twice in this draw). */
	readonly repeats: number;
	/** The fewest repeats any draw could have after this history (counting bound). */
	readonly lowerBound: number;
}

function checkPlayers<P>(players: readonly P[], tableSizes: readonly number[]): Result<number[]> {
	const twice = players.filter((player, i) => players.indexOf(player) !== i);
	if (twice.length > 0) {
		return fail({ code: 'drawn-twice', players: [...new Set(twice)].map(String) });
	}
	const sizes = roundSizesFor(players.length, 1, tableSizes);
	return sizes.ok ? ok(sizes.value[0] as number[]) : sizes;
}

/** A plain random draw: players to tables of the given sizes in table order, seat order by the draw. */
export function drawTables<P>(
	players: readonly P[],
	tableSizes: readonly number[],
	random: Random
): Result<P[][]> {
	const sizes = checkPlayers(players, tableSizes);
	if (!sizes.ok) return sizes;
	const drawn = shuffled(players, random);
	let next = 0;
	return ok(sizes.value.map((size) => drawn.slice(next, (next += size))));
}

/**
 * A new draw that avoids opponents met in earlier rounds (`history`; players no longer in the draw are
 * ignored) as far as possible. Which tables, seat order and table numbers are drawn from `random`.
 */
export function drawAvoidingRepeats<P>(
	players: readonly P[],
	tableSizes: readonly number[],
	history: SeatingPlan<P>,
	random: Random,
	options: { readonly maxIterations?: number; readonly patience?: number } = {}
): Result<Draw<P>> {
	const sizes = checkPlayers(players, tableSizes);
	if (!sizes.ok) return sizes;
	const n = players.length;
	const indexOf = new Map(players.map((player, i) => [player, i]));
	const counts = meetingCounts(n, history, (player) => indexOf.get(player));
	// Drawing the order first makes the result independent of how the caller listed the players.
	const order = shuffled(
		Array.from({ length: n }, (_, i) => i),
		random
	);
	const relabelled = new Uint16Array(n * n);
	for (let a = 0; a < n; a++) {
		for (let b = 0; b < n; b++)
			relabelled[a * n + b] = counts[(order[a] as number) * n + (order[b] as number)] ?? 0;
	}
	const found = searchSeating({
		n,
		roundSizes: [sizes.value],
		history: relabelled,
		fixFirstRound: false,
		random,
		maxIterations: options.maxIterations ?? DEFAULT_BUDGET.maxIterations,
		patience: options.patience ?? DEFAULT_BUDGET.patience
	});
	const round = (found.rounds[0] ?? []).map((table) => table.map((i) => players[order[i] as number] as P));
	const [tables] = drawOrder([round], random);
	return ok({ tables: tables ?? [], repeats: found.extra, lowerBound: found.bound.extra });
}
