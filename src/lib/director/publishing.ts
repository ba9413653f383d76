import { directorKeys } from '../db/sync-keys';
import { loadTournament } from '../db/tournaments';
import { ok, type Result } from '../domain/result';
import { database } from '../publish/couch';
import { publishTournament, type Published } from '../publish/publish';
import { readableByAnyone } from '../publish/season-db';
import { roundsDone } from './auto-publish';

/** Where and as whom the desk publishes. */
export interface PublishTarget {
	readonly address: string;
	readonly user: string;
	readonly password: string;
}

/**
 * Publishes the tournament as this device stores it, signed with the desk's key of the tournament (the key
 * its tablets pin), and says whether anyone may read the season (else the live link needs a reader's
 * password). `page`: the publishing page's own URL (an https page cannot reach a plain-http server).
 */
export async function publishFromDesk(
	tournamentId: string,
	target: PublishTarget,
	page: string
): Promise<Result<Published & { readonly rounds: number; readonly public: boolean | null }>> {
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
	if (!published.ok) return published;
	// Whether the live link works without a password (null: the server did not say).
	const open = await readableByAnyone(db.value);
	return ok({ ...published.value, rounds: roundsDone(state), public: open.ok ? open.value : null });
}
