import { byGamePoints, byPoints, bySetPoints, byShare } from './criteria';
import type { Stage } from './events';
import { decidedOrder } from './lots';
import { rankEntries, type Criterion, type Decide, type Ranking } from './ranking';
import type { TournamentState } from './state';
import { tally, type Tally } from './tally';

/** The ranking criteria of each format's prelims: 000 §Finale, 002 §3, 004 §2.5. */
export function prelimCriteria(state: TournamentState): Criterion<Tally>[] {
	switch (state.format) {
		case 'triominos':
			return [byPoints, byGamePoints];
		case 'swiss':
			return [byPoints, byGamePoints, byShare];
		case 'set':
			return [byPoints, bySetPoints];
	}
}

/** Looks up recorded lots (Triominos, swiss) or play-offs (SET) of a stage. */
export function decider(state: TournamentState, stage: Stage): Decide {
	const kind = state.format === 'set' ? 'playOff' : 'lot';
	return (group) => {
		const found = decidedOrder(state, stage, group);
		return found ? { order: found.order, kind } : null;
	};
}

/** Everyone ranked on the prelims: points, the format's tiebreaks, then lot or play-off. */
export function prelimRanking(state: TournamentState): Ranking<Tally> {
	const entries = tally(state, 'prelim', [...state.players.keys()]);
	return rankEntries(entries, prelimCriteria(state), decider(state, 'prelim'));
}
