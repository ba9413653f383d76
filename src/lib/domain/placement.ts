import { ceil, divide, rational, sum, type Rational } from './rational';

/** Points for places 1, 2, 3, … at a Triominos 3-table (000 §Punktewertung). */
export const TRIOMINOS_3 = [5, 3, 1] as const;
/** Points for places 1–4 at a Triominos / Kingdomino 4-table (000 §Punktewertung, 002 §3). */
export const TRIOMINOS_4 = [5, 3, 2, 1] as const;
/** SET prelim points for places 1–5, 0 below (004 §2.4). */
export const SET_POINTS = [10, 6, 4, 2, 1] as const;

/**
 * Competition places for scores (higher is better): equal scores share a place and the
 * following places are skipped — 1, 1, 3 (000 §Sieger).
 */
export function places(scores: readonly number[]): number[] {
	return scores.map((score) => 1 + scores.filter((other) => other > score).length);
}

/** How tied players split the points of the places they occupy. */
export type TieSplit = 'exact' | 'roundUp';

/**
 * Points per player: tied players add the points of the places they occupy and share them
 * equally (000: two second places at a 4-table get 2.5 each); SET rounds the share up (004 §2.3.2).
 * Places beyond the table's list earn 0.
 */
export function placementPoints(
	scores: readonly number[],
	table: readonly number[],
	split: TieSplit = 'exact'
): Rational[] {
	const placeOf = places(scores);
	return scores.map((score, i) => {
		const place = placeOf[i] ?? 1;
		const tied = scores.filter((other) => other === score).length;
		const occupied = Array.from({ length: tied }, (_, k) => rational(table[place - 1 + k] ?? 0));
		const share = divide(sum(occupied), tied);
		return split === 'roundUp' ? ceil(share) : share;
	});
}

/** The Triominos table for a table of this size, or null where the rules give none (2, 5, 6 players). */
export function triominosPointsTable(players: number): readonly number[] | null {
	if (players === 3) return TRIOMINOS_3;
	if (players === 4) return TRIOMINOS_4;
	return null;
}
