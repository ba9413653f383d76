import type { Problem } from '../domain/result';
import { isComplete, type TournamentState } from '../domain/tournament';

// What the desk needs to publish by itself after each round, without loading the publishing code: that
// stays in the publishing page's chunk (docs/ARCHITECTURE.md, "Publishing").

/**
 * How many rounds are played to their end (every table reported), prelims and final: the desk publishes
 * by itself when it grows.
 */
export const roundsDone = (state: TournamentState): number => state.rounds.filter(isComplete).length;

/** What the publishing page, opened by the desk to publish by itself, tells the desk (`postMessage`). */
export interface AutoPublished {
	readonly kind: typeof AUTO_PUBLISHED;
	readonly tournament: string;
	/** Rounds played to their end in what was published. */
	readonly rounds: number;
	readonly outcome:
		{ readonly ok: true; readonly at: string } | { readonly ok: false; readonly problem: Problem | null };
}

export const AUTO_PUBLISHED = 'wertungsblatt.auto-published';

/** A message is the publishing page's answer about this tournament. */
export function isAutoPublished(data: unknown, tournament: string): data is AutoPublished {
	const message = data as Partial<AutoPublished> | null;
	return message?.kind === AUTO_PUBLISHED && message.tournament === tournament;
}
