import { knownTournamentSchema, type KnownTournament } from '../codecs/sync';
import { keyToText, newTournamentKey } from '../protocol/hmac';
import { db } from './index';

/**
 * A tournament's sync keys (meta row `sync.tournament:<id>`, see src/lib/db/sync-rows.ts): the master key is
 * created with the tournament on the director's device, its signing key on first use (`directorKeys`);
 * a tablet pins the director's public key from its first table code; a backup file brings them to a
 * device that does not hold the tournament. Tournaments stored by versions before that get theirs on
 * first use, never from an imported code or file.
 */
export const tournamentKeyRow = (id: string): string => `sync.tournament:${id}`;

/** A new director's key row for a tournament created on this device. */
export function newDirectorKey(id: string, name: string): { key: string; value: KnownTournament } {
	return {
		key: tournamentKeyRow(id),
		// Made with this version: every round is handed out with per-table keys (no legacy rounds).
		value: { id, name, key: keyToText(newTournamentKey()), role: 'director', legacyThrough: 0 }
	};
}

/** The tournament as this device knows it for sync, or null. */
export async function knownTournament(id: string): Promise<KnownTournament | null> {
	const row = await db().meta.get(tournamentKeyRow(id));
	const parsed = knownTournamentSchema.safeParse(row?.value);
	return parsed.success ? parsed.data : null;
}

/** True when this device stores the tournament itself (its log), with or without a key. */
export async function storedHere(id: string): Promise<boolean> {
	return (await db().events.where('stream').equals(id).count()) > 0;
}
