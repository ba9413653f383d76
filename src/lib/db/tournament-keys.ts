import { knownTournamentSchema, type KnownTournament } from '../codecs/sync';
import { keyToText, newTournamentKey } from '../protocol/hmac';
import { db } from './index';

/**
 * A tournament's sync key (meta row `sync.tournament:<id>`, see src/lib/db/sync.ts): created with the
 * tournament on the director's device, taken from the table code on a tablet, from the file when a
 * tournament moves to a device that does not hold it. Tournaments stored by versions before that get
 * theirs on first use (`directorKey`), never from an imported code or file.
 */
export const tournamentKeyRow = (id: string): string => `sync.tournament:${id}`;

/** A new director's key row for a tournament created on this device. */
export function newDirectorKey(id: string, name: string): { key: string; value: KnownTournament } {
	return {
		key: tournamentKeyRow(id),
		value: { id, name, key: keyToText(newTournamentKey()), role: 'director' }
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
