import type { ResultSource, StoredTournamentEvent } from '../codecs/tournament';
import {
	activePlayers,
	finalCut,
	finalRounds,
	isComplete,
	prelimRounds,
	standings,
	tableSizes,
	type Round,
	type TournamentState
} from '../domain/tournament';

/** What the director does next, and on which section of the desk. */
export type NextStep =
	| { readonly kind: 'register' }
	| { readonly kind: 'draw'; readonly round: number }
	| { readonly kind: 'results'; readonly round: number; readonly missing: number }
	| { readonly kind: 'decide' }
	| { readonly kind: 'openFinal' }
	| { readonly kind: 'finalResults' }
	| { readonly kind: 'finished' };

/** The tables of a round that have not reported, 1-based. */
export function missingTables(round: Round): number[] {
	return round.results.flatMap((result, i) => (result ? [] : [i + 1]));
}

/** True when every prelim round has been played to the end. */
export function prelimsComplete(state: TournamentState): boolean {
	const prelims = prelimRounds(state);
	const last = prelims.at(-1);
	return prelims.length >= state.options.rounds && !!last && isComplete(last);
}

/** The next thing to do, from the log alone. */
export function nextStep(state: TournamentState): NextStep {
	const prelims = prelimRounds(state);
	const final = finalRounds(state);
	if (final.length) {
		const open = final.find((r) => !isComplete(r));
		if (open) return { kind: 'finalResults' };
		return standings(state).undecided.length ? { kind: 'decide' } : { kind: 'finished' };
	}
	// Registration is done once the players can be seated: then the first draw is next.
	if (!prelims.length) {
		const seated = tableSizes(activePlayers(state, 1).length, state.format).ok;
		return seated ? { kind: 'draw', round: 1 } : { kind: 'register' };
	}
	const last = prelims.at(-1) as Round;
	if (!isComplete(last)) return { kind: 'results', round: last.number, missing: missingTables(last).length };
	if (prelims.length < state.options.rounds) return { kind: 'draw', round: last.number + 1 };
	if (state.format === 'swiss') {
		return standings(state).undecided.length ? { kind: 'decide' } : { kind: 'finished' };
	}
	return finalCut(state).undecided.length ? { kind: 'decide' } : { kind: 'openFinal' };
}

/** Where each table's current result came from: the last report or correction of it. */
export function resultSources(events: readonly StoredTournamentEvent[]): Map<string, ResultSource> {
	const sources = new Map<string, ResultSource>();
	for (const event of events) {
		if (event.type === 'table-reported' || event.type === 'result-corrected') {
			sources.set(`${event.round}:${event.table}`, event.source ?? { kind: 'hand' });
		} else if (event.type === 'final-reported') {
			sources.set(`${event.round}:1`, event.source ?? { kind: 'hand' });
		}
	}
	return sources;
}

/** The round that is being played or was played last (the final's open round once it has begun). */
export function currentRound(state: TournamentState): Round | null {
	const open = state.rounds.find((r) => !isComplete(r));
	return open ?? state.rounds.at(-1) ?? null;
}
