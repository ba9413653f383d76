import { placementPoints, SET_POINTS, triominosPointsTable } from '../placement';
import type { Rational } from '../rational';
import { isSetScore, type PlayerId, type Score } from './events';
import type { Format } from './tables';

/** One player's outcome of one game at one table. */
export interface SeatOutcome {
	readonly player: PlayerId;
	/** Competition place at the table (1, 1, 3); leavers share the last places. */
	readonly place: number;
	/** Tournament points for the place: exact for Triominos and swiss, rounded up for SET. */
	readonly points: Rational;
	/** Game points (SET: SET points = found − false calls); 0 for a player who left. */
	readonly gamePoints: number;
	readonly left: boolean;
}

/** The game points a score stands for; a player who left the running game has 0 (RULES.md §7). */
export function gamePointsOf(score: Score): number {
	if (score.left) return 0;
	return isSetScore(score) ? score.found - score.falseCalls : score.points;
}

/**
 * Places and tournament points at one table (000 §Punktewertung, 002 §3, 004 §2.3).
 * A player who left is placed below everyone who stayed, whatever they scored; several leavers at
 * one table share the last places and split their points.
 */
export function scoreTable(format: Format, scores: readonly Score[]): SeatOutcome[] {
	const games = scores.map(gamePointsOf);
	const keys = scores.map((score, i) => (score.left ? -Infinity : (games[i] ?? 0)));
	const points =
		format === 'set'
			? placementPoints(keys, SET_POINTS, 'roundUp')
			: placementPoints(keys, triominosPointsTable(scores.length) ?? [], 'exact');
	return scores.map((score, i) => ({
		player: score.player,
		place: 1 + keys.filter((key) => key > (keys[i] ?? 0)).length,
		points: points[i] as Rational,
		gamePoints: games[i] ?? 0,
		left: score.left === true
	}));
}
