import type { KnownTournament, StandingsPayload, TableAssignment, TournamentBundle } from '../codecs/sync';
import { fail, type Problem, type Result } from '../domain/result';
import { keyFromText, keyToText, newTournamentKey } from '../protocol/hmac';
import { bytesFromText, bytesToText, newSigningKey, tableKey, type SigningKey } from '../protocol/keys';
import { encodePayload, verifyPayload, type Decoded, type Payload } from '../protocol/payload';
import { refusal } from '../protocol/problems';
import type { RoundBatch } from '../protocol/sync-events';
import { db } from './index';
import { putTournamentKey } from './sync-state';
import { knownTournament, storedHere } from './tournament-keys';
import { loadTournament } from './tournaments';

/**
 * The director's keys of a tournament (made on first use) and the checks every receiver makes with the
 * keys this device holds: a result code under its table's key, a table code or tournament file under the
 * director's key pinned here. The key row itself: `tournament-keys.ts`.
 */

/** What the director's device holds for a tournament: the master key, the signing key, the legacy rounds. */
export interface DirectorKeys {
	readonly master: Uint8Array;
	readonly signing: SigningKey;
	/** Rounds up to this one were handed out with the master key itself (tournaments of older versions). */
	readonly legacyThrough: number;
}

function directorKeysOf(known: KnownTournament | null): DirectorKeys | null {
	const master = known?.key ? keyFromText(known.key) : null;
	if (!known || known.role !== 'director' || !master || !known.signing || !known.director) return null;
	if (known.legacyThrough === undefined) return null;
	const signing = { privateKey: bytesFromText(known.signing), publicKey: bytesFromText(known.director) };
	return { master, signing, legacyThrough: known.legacyThrough };
}

/**
 * The director's keys for a tournament stored here, made on first use: the signing key (WebCrypto's key
 * generation may not run inside a transaction), and the master key of a tournament stored by a version
 * that made none. A tournament stored before per-table keys keeps its master key for the rounds drawn
 * before the upgrade (`legacyThrough`, set by `endMasterKey`); every later round uses table keys.
 */
export async function directorKeys(id: string, name: string): Promise<DirectorKeys> {
	const ready = directorKeysOf(await knownTournament(id));
	if (ready) return ready;
	const signing = await newSigningKey();
	const database = db();
	return database.transaction('rw', database.tournamentKeys, async () => {
		const known = await knownTournament(id);
		const held = directorKeysOf(known);
		if (held) return held;
		const row: KnownTournament = {
			id,
			name: known?.name ?? name,
			key: known?.key ?? keyToText(newTournamentKey()),
			role: 'director',
			director: bytesToText(signing.publicKey),
			signing: bytesToText(signing.privateKey),
			// Rows of before per-table keys learnt their master-key rounds at the upgrade (`endMasterKey`); a
			// row without them (a table's, or none) never handed out a table with this master key.
			legacyThrough: known?.legacyThrough ?? 0
		};
		await putTournamentKey(row);
		const keys = directorKeysOf(row);
		if (!keys) throw new Error('director keys just stored do not read back');
		return keys;
	});
}

/** A payload the director sends (table code, standings, tournament file), signed with its key. */
export async function encodeAsDirector(
	tournamentId: string,
	payload: TableAssignment | StandingsPayload | TournamentBundle
): Promise<Uint8Array> {
	const keys = await directorKeys(tournamentId, payload.tournamentName);
	return encodePayload(payload, keys.signing);
}

/**
 * Checks a result code on the director's device: its tag under the key of the table and round it names
 * (a table can sign only its own result); a round handed out with the master key (older versions) also
 * under that.
 */
export async function verifyResult(
	decoded: Decoded,
	batch: Pick<RoundBatch, 'tournamentId' | 'round' | 'table'>
): Promise<Result<Payload>> {
	const known = await knownTournament(batch.tournamentId);
	const master = known?.role === 'director' && known.key ? keyFromText(known.key) : null;
	if (!master) return fail(refusal.unknownTournament(batch.tournamentId));
	const key = await tableKey(master, batch.tournamentId, batch.round, batch.table);
	const verified = await verifyPayload(decoded, key);
	if (verified.ok) return verified;
	// Rounds handed out with the master key itself, counted at the upgrade (`endMasterKey`): none after it.
	if (batch.round <= (known?.legacyThrough ?? 0)) {
		const legacy = await verifyPayload(decoded, master);
		if (legacy.ok) return legacy;
	}
	// Restored from an export with new keys: a round of then whose code fits none of this desk's table keys
	// was signed under a table code of before — the tablet needs the new one, not a forgery warning.
	const restored = known?.restored;
	if (
		restored &&
		batch.round <= restored.round &&
		!(await fitsAnyTable(decoded, master, batch, restored.round))
	) {
		return fail(refusal.keyBeforeRestore(batch.round, batch.table));
	}
	return fail(refusal.notThisTable(batch.round, batch.table));
}

/** True when a result code's tag fits one of this desk's table keys of the rounds up to `through`. */
async function fitsAnyTable(
	decoded: Decoded,
	master: Uint8Array,
	batch: Pick<RoundBatch, 'tournamentId'>,
	through: number
): Promise<boolean> {
	const loaded = await loadTournament(batch.tournamentId);
	if (!loaded.ok) return false;
	for (const round of loaded.value.state.rounds.filter((r) => r.number <= through)) {
		for (let table = 1; table <= round.tables.length; table++) {
			const key = await tableKey(master, batch.tournamentId, round.number, table);
			if ((await verifyPayload(decoded, key)).ok) return true;
		}
	}
	return false;
}

/**
 * Whether a table code or a tournament file, signed by `director`, may speak for a tournament here (null)
 * or is refused (`key-mismatch`): it must be the director's key pinned here. A tournament this device
 * directs under a row of an older version (no public key yet), or stores without any key row, takes no key
 * from outside: it gets its own on first use (`directorKeys`). `known`: the tournament's key row here.
 */
export async function keyRefusal(
	known: KnownTournament | null,
	tournamentId: string,
	director: Uint8Array
): Promise<Problem | null> {
	if (known?.director !== undefined && known.director !== bytesToText(director)) return refusal.keyMismatch();
	if (known?.role === 'director' && known.director === undefined) return refusal.keyMismatch();
	if (!known && (await storedHere(tournamentId))) return refusal.keyMismatch();
	return null;
}
