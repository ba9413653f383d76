import { byGamePoints, byPoints, bySetPoints } from './criteria';
import type { PlayerId } from './events';
import { decider, prelimRanking } from './prelim';
import { rankEntries, type Ranking } from './ranking';
import { finalRounds, isComplete, type TournamentState } from './state';
import { tally, type Tally } from './tally';
import { triominosFinalSize } from './triominos';

/** How many play the final: the override, else Triominos 3 or 4 (000), SET 5 (004 §2.5.1), swiss 0. */
export function finalSize(state: TournamentState): number {
	if (state.format === 'swiss') return 0;
	if (state.options.finalSize !== null) return state.options.finalSize;
	return state.format === 'set' ? 5 : triominosFinalSize(state.players.size);
}

/** Who is in the final so far, and the tie at the cut that still needs a lot or play-off. */
export interface FinalCut {
	readonly finalists: readonly PlayerId[];
	readonly undecided: readonly PlayerId[];
}

/**
 * The best players of the prelim ranking who have not withdrawn. When an undecided tie straddles the
 * cut, only the players above it are in and the tie is returned as undecided.
 */
export function finalCut(state: TournamentState, ranking: Ranking<Tally> = prelimRanking(state)): FinalCut {
	const eligible = ranking.placed.filter(
		({ entry }) => state.players.get(entry.player)?.withdrawnFrom === null
	);
	const size = Math.min(finalSize(state), eligible.length);
	const lastIn = eligible[size - 1];
	const firstOut = eligible[size];
	if (lastIn && firstOut && lastIn.rank === firstOut.rank) {
		return {
			finalists: eligible.filter((p) => p.rank < lastIn.rank).map((p) => p.entry.player),
			undecided: eligible.filter((p) => p.rank === lastIn.rank).map((p) => p.entry.player)
		};
	}
	return { finalists: eligible.slice(0, size).map((p) => p.entry.player), undecided: [] };
}

/** The final's own ranking: its tournament points, then its game (SET) points, then lot or play-off. */
export interface FinalRanking {
	readonly ranking: Ranking<Tally>;
	/** Every final round has reported. */
	readonly complete: boolean;
}

/** The final ranking (RULES.md §6 decision), or null before the final opens. */
export function finalRanking(state: TournamentState): FinalRanking | null {
	const rounds = finalRounds(state);
	const players = rounds[0]?.tables[0];
	if (!players) return null;
	const entries = tally(state, 'final', players);
	const criteria = [byPoints, state.format === 'set' ? bySetPoints : byGamePoints];
	const ranking = rankEntries(entries, criteria, decider(state, 'final'));
	return { ranking, complete: rounds.every(isComplete) };
}
