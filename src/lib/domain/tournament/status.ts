import { finalRounds, isComplete, prelimRounds, type TournamentState } from './state';

/** Where a tournament stands, for lists. */
export const TOURNAMENT_STATUSES = ['registration', 'prelims', 'final', 'finished'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

/** Where a tournament stands: registration, prelims, final, finished. */
export function statusOf(state: TournamentState): TournamentStatus {
	const prelims = prelimRounds(state);
	const final = finalRounds(state);
	if (final.length) return final.every(isComplete) ? 'finished' : 'final';
	if (!prelims.length) return 'registration';
	const last = prelims.at(-1);
	if (state.format === 'swiss' && prelims.length >= state.options.rounds && last && isComplete(last)) {
		return 'finished';
	}
	return 'prelims';
}
