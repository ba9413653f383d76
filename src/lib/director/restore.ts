import { tournamentEventSchema, type StoredTournamentEvent } from '../codecs/tournament';
import type { TournamentBundle } from '../codecs/sync';
import { receive } from '../db/sync';
import { knownTournament, storedHere } from '../db/tournament-keys';
import { LIMITS } from '../domain/limits';
import { fail, ok, problem, type Problem, type Result } from '../domain/result';
import { finalRounds, prelimRounds, replay, type Format } from '../domain/tournament';
import { fromFileText } from '../protocol/files';
import { newTournamentKey } from '../protocol/hmac';
import { newSigningKey } from '../protocol/keys';
import { decodePayload, encodePayload, verifyPayload } from '../protocol/payload';

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

const refused = (de: string, en: string): Problem =>
	problem('restore-refused', `Die Datei wird nicht übernommen: ${de}.`, `The file is not taken over: ${en}.`);

const ALREADY_HERE = refused(
	'dieses Turnier ist auf diesem Gerät schon gespeichert – es steht in der Liste der Turniere',
	'this tournament is already stored on this device – it is in the list of tournaments'
);

/** Reads a backup or JSON export and says what it holds; stores nothing. */
export async function readRestoreFile(text: string): Promise<Result<RestorePreview>> {
	if (text.length > LIMITS.bodyBytes * 2) {
		return fail(refused('sie ist zu groß für eine Turnierdatei', 'it is too large for a tournament file'));
	}
	return text.trimStart().startsWith('{') ? readJsonExport(text) : readBackup(text);
}

/** Stores the file shown: the same import as a tournament file on the exchange screen. */
export async function restoreTournament(preview: RestorePreview, now = Date.now()): Promise<Result<string>> {
	// Remembered with the tournament: a result code under a key of before is then refused with its reason.
	const options = preview.newKeys ? { restoredFromExport: now } : {};
	const received = await receive(preview.payload, ['tournament'], options);
	if (!received.ok) return received;
	if (received.value.kind !== 'tournament')
		return fail(refused('keine Turnierdatei', 'not a tournament file'));
	return ok(received.value.tournamentId);
}

async function readBackup(text: string): Promise<Result<RestorePreview>> {
	const bytes = fromFileText(text);
	if (!bytes.ok) return bytes;
	const decoded = await decodePayload(bytes.value);
	if (!decoded.ok) return decoded;
	const { payload } = decoded.value;
	if (payload.kind !== 'tournament') {
		return fail(
			refused(
				'das ist keine Turniersicherung, sondern ein Code oder eine Datei für die Tische',
				'this is not a tournament backup but a code or file for the tables'
			)
		);
	}
	if (!payload.events.length) {
		return fail(
			refused(
				'sie enthält nur die Ergebnisse einer Runde, nicht das ganze Turnier – bitte „Ganzes Turnier exportieren“ verwenden',
				'it holds only one round’s results, not the whole tournament – please use “Export the whole tournament”'
			)
		);
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
	let json: unknown;
	try {
		json = JSON.parse(text);
	} catch {
		return fail(refused('sie ist beschädigt (kein gültiges JSON)', 'it is damaged (not valid JSON)'));
	}
	const shape = json as { tournament?: { id?: unknown }; events?: unknown };
	const id = shape?.tournament?.id;
	if (typeof id !== 'string' || !/^t-[a-z0-9]{1,100}$/.test(id) || !Array.isArray(shape.events)) {
		return fail(
			refused(
				'das ist kein „Alles (JSON)“-Export eines Turniers dieser App',
				'this is not an “Everything (JSON)” export of a tournament from this app'
			)
		);
	}
	if (shape.events.length > LIMITS.eventsPerFile) {
		return fail(refused('sie enthält zu viele Einträge', 'it holds too many entries'));
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

const damaged = (): Problem =>
	refused(
		'sie ist beschädigt (ein Eintrag des Turniers ist unlesbar)',
		'it is damaged (an entry of the tournament cannot be read)'
	);

async function preview(
	id: string,
	events: readonly StoredTournamentEvent[],
	payload: Uint8Array,
	newKeys: boolean
): Promise<Result<RestorePreview>> {
	const state = replay(events);
	if (!state.ok) {
		return fail(
			refused(
				`sie ist beschädigt (Eintrag ${state.error.index + 1}: ${state.error.de})`,
				`it is damaged (entry ${state.error.index + 1}: ${state.error.en})`
			)
		);
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
