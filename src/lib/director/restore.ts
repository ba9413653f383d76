import { tournamentEventSchema, type StoredTournamentEvent } from '../codecs/tournament';
import type { TournamentBundle } from '../codecs/sync';
import { receive } from '../db/sync';
import { knownTournament, storedHere } from '../db/tournament-keys';
import { LIMITS } from '../domain/limits';
import { fail, ok, type Problem, type Result } from '../domain/result';
import type { RestoreRefusal } from './problems';
import { finalRounds, prelimRounds, replay, type Format } from '../domain/tournament';
import { FileBytes } from '../protocol/files';
import { newTournamentKey } from '../protocol/hmac';
import { newSigningKey } from '../protocol/keys';
import { decodePayload, encodePayload, verifyPayload } from '../protocol/payload';
import { readTournamentJson } from '../protocol/tournament-file';
import { utf8Pieces } from '../codecs/json-walk';
import { bytesBeyond } from '../domain/bounds';

/**
 * Restoring a tournament on a device that has never seen it, from the menus: a backup (`.wbsync`
 * tournament file) or the desk's "Alles (JSON)" export. The file is read and shown first (name, date,
 * players, rounds); only then is it stored, through the same import as the exchange screen's
 * (`receive`), so it is checked exactly as a tournament file handed over there.
 */

/** What a file holds, shown before anything is stored. */
export interface RestorePreview {
	readonly name: string;
	readonly date: string;
	readonly format: Format;
	readonly players: number;
	/** Prelim rounds drawn, and final rounds. */
	readonly rounds: number;
	readonly finalRounds: number;
	/** The tournament file to import (a JSON export becomes one, signed with a key of its own). */
	readonly payload: Uint8Array;
	/**
	 * A JSON export, which carries no keys: the tournament gets new ones, so the tablets of the running
	 * round need their table codes again (a backup keeps the old keys).
	 */
	readonly newKeys: boolean;
}

const refused = (why: RestoreRefusal): Problem => ({ code: 'restore-refused', ...why });

const ALREADY_HERE = refused({ why: 'already-here' });

/** Reads a backup or JSON export and says what it holds; stores nothing. */
export async function readRestoreFile(text: string): Promise<Result<RestorePreview>> {
	const beyond = bytesBeyond(text.length, LIMITS.fileBytes);
	if (beyond) return fail(beyond);
	return text.trimStart().startsWith('{') ? readJsonExport(text) : readBackup(text);
}

/** Stores the file shown: the same import as a tournament file on the exchange screen. */
export async function restoreTournament(preview: RestorePreview, now = Date.now()): Promise<Result<string>> {
	// Remembered with the tournament: a result code under a key of before is then refused with its reason.
	const options = preview.newKeys ? { restoredFromExport: now } : {};
	const received = await receive(preview.payload, ['tournament'], options);
	if (!received.ok) return received;
	if (received.value.kind !== 'tournament') return fail(refused({ why: 'not-a-tournament-file' }));
	return ok(received.value.tournamentId);
}

async function readBackup(text: string): Promise<Result<RestorePreview>> {
	// Decoded as far as it is read: a file past a bound is refused there.
	const file = FileBytes.of(text);
	if (!file.ok) return file;
	const decoded = await decodePayload(file.value);
	if (!decoded.ok) return decoded;
	const bytes = file.value.whole();
	if (!bytes.ok) return bytes;
	const { payload } = decoded.value;
	if (payload.kind !== 'tournament') {
		return fail(refused({ why: 'not-a-backup' }));
	}
	if (!payload.events.length) {
		return fail(refused({ why: 'round-only' }));
	}
	const verified = await verifyPayload(decoded.value, payload.director);
	if (!verified.ok) return verified;
	const events: StoredTournamentEvent[] = [];
	for (const row of payload.events) {
		const parsed = tournamentEventSchema.safeParse(row.body);
		if (!parsed.success || parsed.data.type !== row.type) return fail(damaged());
		events.push(parsed.data);
	}
	return preview(payload.tournamentId, events, bytes.value, false);
}

async function readJsonExport(text: string): Promise<Result<RestorePreview>> {
	// Walked within the bounds before anything is built: the log stops at its first event past the bound.
	const json = await readTournamentJson(utf8Pieces(text));
	if (!json.ok) {
		return fail(json.error.why === 'beyond' ? json.error.beyond.problem : refused({ why: 'not-json' }));
	}
	const shape = json.value as { tournament?: { id?: unknown }; events?: unknown };
	const id = shape?.tournament?.id;
	if (typeof id !== 'string' || !/^t-[a-z0-9]{1,100}$/.test(id) || !Array.isArray(shape.events)) {
		return fail(refused({ why: 'not-an-export' }));
	}
	const events: StoredTournamentEvent[] = [];
	for (const event of shape.events as unknown[]) {
		const parsed = tournamentEventSchema.safeParse(event);
		if (!parsed.success) return fail(damaged());
		events.push(parsed.data);
	}
	// The export carries no key: the restored tournament gets its own, as a tournament created here would.
	const key = newTournamentKey();
	const signing = await newSigningKey();
	const first = Date.parse(events[0]?.at ?? '') || Date.now();
	const bundle: TournamentBundle = {
		kind: 'tournament',
		tournamentId: id,
		tournamentName: events[0]?.type === 'tournament-created' ? events[0].name : '',
		key,
		signing: signing.privateKey,
		director: signing.publicKey,
		// No table was handed out under these keys: every round takes table keys.
		legacyThrough: 0,
		events: events.map((event, i) => ({
			device: 'restored0export',
			seq: i + 1,
			at: Math.max(Date.parse(event.at) || first, first) + i,
			type: event.type,
			body: event
		})),
		rounds: [],
		pending: []
	};
	return preview(id, events, await encodePayload(bundle, signing), true);
}

const damaged = (): Problem => refused({ why: 'unreadable-entry' });

async function preview(
	id: string,
	events: readonly StoredTournamentEvent[],
	payload: Uint8Array,
	newKeys: boolean
): Promise<Result<RestorePreview>> {
	const state = replay(events);
	if (!state.ok) {
		return fail(refused({ why: 'refused-entry', index: state.error.index, problem: state.error }));
	}
	if ((await knownTournament(id)) || (await storedHere(id))) return fail(ALREADY_HERE);
	const { name, date, format, players } = state.value;
	return ok({
		name,
		date,
		format,
		players: players.size,
		rounds: prelimRounds(state.value).length,
		finalRounds: finalRounds(state.value).length,
		payload,
		newKeys
	});
}
