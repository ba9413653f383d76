import { placementPoints, places, triominosPointsTable } from './placement';
import type { Rational } from './rational';
import { isFinished, type RoundState } from './round';

/** A player's result at the end of a round. */
export interface PlayerOutcome {
	readonly seat: number;
	readonly name: string;
	readonly total: number;
	/** Shared places skip the following ones (1, 1, 3); null while the round runs. */
	readonly place: number | null;
	/** Tournament points (5-3-1 / 5-3-2-1, ties split); null while unfinished or where the rules give none. */
	readonly points: Rational | null;
}

/** Places and tournament points of a round (000 §Sieger, §Punktewertung; RULES.md §5). */
export function roundOutcome(state: RoundState): PlayerOutcome[] {
	const finished = isFinished(state);
	const totals = state.totals;
	const placeOf = places(totals);
	const table = state.setup.rules.preset === 'tournament' ? triominosPointsTable(totals.length) : null;
	const points = finished && table ? placementPoints(totals, table) : null;
	return state.setup.players.map((name, seat) => ({
		seat,
		name,
		total: totals[seat] ?? 0,
		place: finished ? (placeOf[seat] ?? null) : null,
		points: points?.[seat] ?? null
	}));
}
