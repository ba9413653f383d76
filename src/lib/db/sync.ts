import type { AbsencePayload, StandingsPayload, TournamentBundle } from '../codecs/sync';
import { fail, type Result } from '../domain/result';
import { wholeOf, type PayloadBytes } from '../protocol/files';
import {
	decodePayload,
	tournamentOf,
	verifyPayload,
	type Decoded,
	type PayloadKind
} from '../protocol/payload';
import { refusal } from '../protocol/problems';
import { receiveAbsence } from './sync-absences';
import { receiveBundle } from './sync-bundles';
import { receiveBatch } from './sync-desk';
import { seatLookup, type ImportOutcome } from './sync-rows';
import { joinTable, receiveStandings } from './sync-tablet';

/**
 * Sync storage: what this device knows of other devices' tournaments, tables and rounds, and the
 * imports — each one Dexie transaction, all or nothing. Codes and files are decoded, zod-checked and
 * their signatures verified before a transaction opens (WebCrypto may not run inside one).
 *
 * This module is the one entry for anything read from codes or a file (`receive`); it hands each kind to
 * its role's module, which never imports this one:
 *   sync-tablet.ts    the tablet: tables joined, result codes handed in, standings received
 *   sync-absences.ts  a table's report of a missing player: signed on the tablet, kept at the desk
 *   sync-handout.ts   the director hands out: table codes, the standings code
 *   sync-desk.ts      the director collects: result codes merged, reported or kept; decisions on them
 *   sync-board.ts     the director's collect board
 *   sync-bundles.ts   tournament files: export, check, import
 *   sync-keys.ts      the director's keys, and the key checks every receiver makes
 *   sync-rows.ts      what they share: seatings, holdings, `ImportOutcome`
 *   sync-state.ts     the sync state's stores (listed in sync-records.ts): the only code that reads or writes them
 */

/** What a screen tells the import beside the bytes. */
export interface ReceiveOptions {
	/** The tournament the screen shows (the director's exchange): a code of another one is refused. */
	readonly tournamentId?: string;
	/** The tablet's players confirmed a table code signed by another key of the director: it is pinned now. */
	readonly repin?: boolean;
	/** The tablet's players confirmed another table's code: it becomes the tablet's table. */
	readonly switchTable?: boolean;
	/** The file was made here from an "Alles (JSON)" export, at this time: the tournament has new keys. */
	readonly restoredFromExport?: number;
}

/**
 * Takes in a payload read from codes or a file: decoded, zod-checked, its signature verified, then
 * written in one transaction. `accept` limits what this screen takes (a tablet: tables and standings;
 * the director: results and tournaments); `tournamentId`, the tournament a screen shows (the director's
 * exchange): a code of another one is refused. A refusal writes nothing and says why.
 */
export async function receive(
	input: PayloadBytes,
	accept: readonly PayloadKind[],
	options: ReceiveOptions = {}
): Promise<Result<ImportOutcome>> {
	// Decoded once, here, and the decoded value passed on: a code at the wrong device is refused by its
	// kind, whatever this device knows of its tournament; a result code's seatings are looked up for the
	// tournament its header names as the decoder reads it; a file is decoded only as far as it is read.
	const decoded = await decodePayload(input, { accept, seatsFor: seatLookup });
	if (!decoded.ok) return decoded;
	const { payload } = decoded.value;
	const belongsTo = tournamentOf(payload);
	if (options.tournamentId !== undefined && belongsTo !== options.tournamentId) {
		// A table's code names its round and table: the refusal does too.
		const table = payload.kind === 'batch' ? payload.batch : payload.kind === 'absence' ? payload : undefined;
		const at = table ? { round: table.round, table: table.table } : undefined;
		return fail(refusal.otherTournament(belongsTo, at));
	}
	switch (payload.kind) {
		case 'assignment': {
			// Signed by the key it carries; `joinTable` holds that key to the one pinned for the tournament.
			const verified = await verifyPayload(decoded.value, payload.director);
			const confirmed = { repin: options.repin === true, switchTable: options.switchTable === true };
			return verified.ok ? joinTable(payload, Date.now(), confirmed) : verified;
		}
		case 'standings':
			return receiveStandings(decoded.value as Decoded<StandingsPayload>);
		case 'batch': {
			// Kept as it came: a file's payload, all of it (read to its end by now).
			const bytes = wholeOf(input);
			return bytes.ok ? receiveBatch(decoded.value, bytes.value) : bytes;
		}
		case 'tournament':
			return receiveBundle(
				decoded.value as Decoded<TournamentBundle>,
				Date.now(),
				options.restoredFromExport
			);
		case 'absence':
			return receiveAbsence(decoded.value as Decoded<AbsencePayload>);
	}
}
