import { directorKeys } from '../db/sync-keys';
import { loadTournament } from '../db/tournaments';
import { ok, type Problem, type Result } from '../domain/result';
import { isComplete, type TournamentState } from '../domain/tournament';
import { database } from '../publish/couch';
import { publishTournament, type Published } from '../publish/publish';

/** Where and as whom the desk publishes. */
export interface PublishTarget {
	readonly address: string;
	readonly user: string;
	readonly password: string;
}

/**
 * Publishes the tournament as this device stores it, signed with the desk's key of the tournament (the key
 * its tablets pin). `page`: the publishing page's own URL (an https page cannot reach a plain-http server).
 */
export async function publishFromDesk(
	tournamentId: string,
	target: PublishTarget,
	page: string
): Promise<Result<Published & { readonly rounds: number }>> {
	const db = database(target.address, {
		auth: target.user ? `${target.user}:${target.password}` : null,
		page
	});
	if (!db.ok) return db;
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) return loaded;
	const { events, state } = loaded.value;
	const { signing } = await directorKeys(tournamentId, state.name);
	const published = await publishTournament(db.value, { id: tournamentId, events, state }, { key: signing });
	return published.ok ? ok({ ...published.value, rounds: roundsDone(state) }) : published;
}

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
