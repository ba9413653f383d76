import { add, ZERO, type Rational } from '../rational';
import type { PlayerId, Stage } from './events';
import { scoreTable } from './scoring';
import { gameShare } from './share';
import type { TournamentState } from './state';

/** One player's sums over the reported games of a stage. */
export interface Tally {
	readonly player: PlayerId;
	/** Tournament points (victory points). */
	readonly points: Rational;
	/** Game points; SET points in SET. */
	readonly gamePoints: number;
	/** Sum of percentage shares as a fraction of 1 (swiss; zero elsewhere). */
	readonly share: Rational;
	/** Games with a reported result. */
	readonly games: number;
}

/**
 * Sums every reported table of a stage for the given players. Addition is commutative, so the sums do
 * not depend on the order the results came in.
 */
export function tally(state: TournamentState, stage: Stage, players: readonly PlayerId[]): Tally[] {
	const sums = new Map<PlayerId, { points: Rational; gamePoints: number; share: Rational; games: number }>(
		players.map((id) => [id, { points: ZERO, gamePoints: 0, share: ZERO, games: 0 }])
	);
	const swiss = state.format === 'swiss';
	for (const round of state.rounds) {
		if (round.stage !== stage) continue;
		for (const result of round.results) {
			if (!result) continue;
			const outcomes = scoreTable(state.format, result.scores);
			const total = outcomes.reduce((t, o) => t + o.gamePoints, 0);
			for (const outcome of outcomes) {
				const sum = sums.get(outcome.player);
				if (!sum) continue;
				sum.points = add(sum.points, outcome.points);
				sum.gamePoints += outcome.gamePoints;
				if (swiss) sum.share = add(sum.share, gameShare(outcome.gamePoints, total, outcomes.length));
				sum.games++;
			}
		}
	}
	return players.map((player) => ({ player, ...(sums.get(player) as Omit<Tally, 'player'>) }));
}
