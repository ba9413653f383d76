import type { KnownTournament } from '../codecs/sync';
import { keyToText, newTournamentKey } from '../protocol/hmac';
import { db } from './index';
import { tournamentKeyOf } from './sync-state';

/**
 * A tournament's sync keys (store `tournamentKeys`, see src/lib/db/sync-records.ts): the master key is
 * created with the tournament on the director's device, its signing key on first use (`directorKeys`);
 * a tablet pins the director's public key from its first table code; a backup file brings them to a
 * device that does not hold the tournament. Tournaments stored by versions before that get theirs on
 * first use, never from an imported code or file.
 */

/** A new director's key row for a tournament created on this device. */
export function newDirectorKey(id: string, name: string): KnownTournament {
	// Made with this version: every round is handed out with per-table keys (no legacy rounds).
	return { id, name, key: keyToText(newTournamentKey()), role: 'director', legacyThrough: 0 };
}

/** The tournament as this device knows it for sync, or null. */
export const knownTournament = tournamentKeyOf;

/** True when this device stores the tournament itself (its log), with or without a key. */
export async function storedHere(id: string): Promise<boolean> {
	return (await db().events.where('stream').equals(id).count()) > 0;
}
