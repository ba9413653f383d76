import type { DistributionRule } from '../problems';
import { fail, ok, type Problem, type Result } from '../result';
import { tournamentEventBeyondBounds } from '../bounds';
import { tableLimits } from './checks';
import type { PlayerId, RoundOpened, SeatMove, TournamentEvent } from './events';
import { keepsTables, rebalance } from './next-round';
import { activePlayers, prelimRounds, type TournamentState } from './state';
import { tableSizes } from './tables';

type Tables = readonly (readonly PlayerId[])[];

/**
 * The tables after the director's moves, in order: each moved player leaves his seat and takes the last
 * seat of the table he is moved to — one past the last table opens a new one —, and a table left empty
 * goes (the tables after it move up). Each move counts tables as they stand after the moves before it.
 */
export function applySeatMoves(tables: Tables, moves: readonly SeatMove[]): PlayerId[][] {
	let next = tables.map((table) => [...table]);
	for (const move of moves) {
		for (const table of next) {
			const at = table.indexOf(move.player);
			if (at >= 0) table.splice(at, 1);
		}
		if (move.toTable === next.length + 1) next.push([move.player]);
		else next[move.toTable - 1]?.push(move.player);
		next = next.filter((table) => table.length > 0);
	}
	return next;
}

/**
 * The table sizes the rules give for a prelim round, in table order, from the state before it opens:
 * the second round of a Triominos game keeps the first round's tables (drop-outs rebalanced, 002 §5 /
 * RULES.md §6); otherwise the format's distribution for the players still in (000's binding table,
 * 4-tables with the rest at 3 for swiss, tables as equal as possible for SET). Null when there is none.
 */
export function expectedTableSizes(state: TournamentState, round: number): number[] | null {
	const players = activePlayers(state, round);
	const previous = prelimRounds(state).find((r) => r.number === round - 1);
	if (keepsTables(state.format, round) && previous) {
		const kept = rebalance(previous.tables.map((table) => table.filter((id) => players.includes(id))));
		return kept.ok ? kept.value.map((table) => table.length) : null;
	}
	const sizes = tableSizes(players.length, state.format);
	return sizes.ok ? sizes.value : null;
}

const sorted = (sizes: readonly number[]) => [...sizes].sort((a, b) => a - b).join();

/**
 * Where a seating departs from the table sizes the rules give — allowed, but only when the director
 * confirms it: SET tables whose sizes differ by more than one (004 §2.1), and any other distribution
 * than the binding one (Triominos 000, e.g. 12 players as three 4-tables), swiss's or SET's. Table sizes
 * the rules forbid outright (a table of 2, five at Triominos) are no warning: the engine refuses them.
 */
export function sizeWarnings(state: TournamentState, round: number, tables: Tables): Problem[] {
	const sizes = tables.map((table) => table.length);
	const { min, max } = tableLimits(state.format);
	if (sizes.some((size) => size < min || size > max)) return [];
	const expected = expectedTableSizes(state, round);
	if (!expected || sorted(expected) === sorted(sizes)) return [];
	const [least, most] = [Math.min(...sizes), Math.max(...sizes)];
	if (state.format === 'set' && most - least > 1) {
		return [{ code: 'sizes-uneven', round, least, most, expected }];
	}
	const rule: DistributionRule =
		keepsTables(state.format, round) && round > 1
			? 'kept'
			: state.format === 'triominos'
				? 'binding'
				: state.format === 'swiss'
					? 'swiss'
					: 'set';
	const count = sizes.reduce((sum, size) => sum + size, 0);
	return [{ code: 'not-the-distribution', round, sizes, expected, count, rule }];
}

function checkOpening(state: TournamentState, event: RoundOpened): Result<true> {
	for (const move of event.moves ?? []) {
		const seated = event.tables.some((table) => table.includes(move.player));
		if (
			!seated ||
			!Number.isInteger(move.toTable) ||
			move.toTable < 1 ||
			move.toTable > event.tables.length
		) {
			return fail({ code: 'bad-move', round: event.round, player: move.player, toTable: move.toTable });
		}
	}
	const warnings = sizeWarnings(state, event.round, event.tables);
	if (warnings.length && event.sizesConfirmed !== true) {
		return fail({ code: 'sizes-unconfirmed', warnings });
	}
	return ok(true);
}

/**
 * What a director may add to the log now, beyond what a stored log may hold (`applyEvent` replays
 * those as they are, so older logs keep loading): a seating whose table sizes depart from the rules
 * needs `sizesConfirmed`, recorded moves must fit the seating, and names, players and scores stay within
 * `LIMITS` (`bounds.ts`). Checked on the state before the event.
 */
export function admitEvent(state: TournamentState, event: TournamentEvent): Result<true> {
	const beyond = tournamentEventBeyondBounds(state, event);
	if (beyond) return fail(beyond);
	return event.type === 'round-opened' ? checkOpening(state, event) : ok(true);
}
