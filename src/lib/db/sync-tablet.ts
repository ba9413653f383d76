import {
	type JoinedTable,
	type KnownTournament,
	type StandingsPayload,
	type TableAssignment
} from '../codecs/sync';
import { fail, ok, type Result } from '../domain/result';
import { digest, type Digest } from '../protocol/digest';
import { keyFromText } from '../protocol/hmac';
import { bytesFromText, bytesToText, unwrapForDevice } from '../protocol/keys';
import { encodePayload, verifyPayload, type Decoded } from '../protocol/payload';
import { refusal } from '../protocol/problems';
import { newerStandings, olderTable } from '../protocol/standings';
import type { RoundBatch } from '../protocol/sync-events';
import { deviceKeyPair, keepDeviceKey, keyPairToKeep, ownDeviceKey } from './device-key';
import { db } from './index';
import { loadRound } from './rounds';
import type { RoundRow } from './schema';
import { keyRefusal } from './sync-keys';
import { batchOfStream, type ImportOutcome } from './sync-rows';
import {
	joinedRow,
	joinedRows,
	putJoined,
	putStandings,
	putTournamentKey,
	standingsOf,
	syncTables
} from './sync-state';
import { knownTournament } from './tournament-keys';

/**
 * The tablet's side of sync: joining a table (by its table code, or the next round from the standings
 * code), the tables joined, handing in a round's result code, and the standings it receives.
 */

/**
 * Joins a table: pins the director's public key when the tournament is new to this tablet and keeps the
 * assignment with its table key. A known tournament keeps its key: a table code signed by another one is
 * taken only when the tablet's players confirmed it (`repin`; e.g. the desk was restored with new keys),
 * and then its key replaces the pinned one — never on a director's own device (`keyRefusal`). A table of
 * an earlier round than the newest joined in that tournament is refused; the same round again (a tablet
 * moved to another table, or rejoining with a new key) is taken. The caller has checked the assignment's
 * signature. The tablet makes its own key pair on its first join (`deviceKeyPair`): its result codes carry
 * the public half, and the desk wraps the next round's key of the table to it.
 */
export async function joinTable(
	assignment: TableAssignment,
	now = Date.now(),
	options: { repin?: boolean } = {}
): Promise<Result<ImportOutcome>> {
	// Made before the transaction (WebCrypto may not run inside one), stored only with the joined table.
	const made = await keyPairToKeep();
	const database = db();
	return database.transaction('rw', [database.events, database.meta, ...syncTables(database)], async () => {
		const known = await knownTournament(assignment.tournamentId);
		const director = bytesToText(assignment.director);
		const otherKey = known?.role === 'table' && known.director !== undefined && known.director !== director;
		if (otherKey && options.repin !== true) return fail(refusal.newDirectorKey());
		const refused = otherKey ? null : await keyRefusal(known, assignment.tournamentId, assignment.director);
		if (refused) return fail(refused);
		// A table of an earlier round than the one this tablet is in (like an older standings code).
		const earlier = olderTable(await joinedTables(), assignment);
		if (earlier) return fail(refusal.olderTable(assignment.round, earlier.round));
		// A round whose results this tablet already holds in the director's standings is over: no one
		// should score it (a fresh tablet cannot know; the desk then keeps its code for an override).
		const standings = await heldStandings(assignment.tournamentId);
		if (standings && standings.afterRound >= assignment.round)
			return fail(refusal.pastTable(assignment.round, standings.afterRound));
		// A tablet joined by an older version holds the master key and no public key: it pins one now; a
		// confirmed new key replaces the one pinned.
		if (!known || known.director === undefined || otherKey) {
			const row: KnownTournament = {
				...known,
				id: assignment.tournamentId,
				name: known?.name ?? assignment.tournamentName,
				role: 'table',
				director
			};
			await putTournamentKey(row);
		}
		const table: JoinedTable = {
			tournamentId: assignment.tournamentId,
			tournamentName: assignment.tournamentName,
			round: assignment.round,
			table: assignment.table,
			players: assignment.players.map((p) => ({ id: p.id, name: p.name })),
			rules: { ...assignment.rules },
			...(assignment.revision === undefined ? {} : { revision: assignment.revision }),
			...(assignment.issuedAt === undefined ? {} : { issuedAt: assignment.issuedAt }),
			key: bytesToText(assignment.key),
			joinedAt: now
		};
		await putJoined(table);
		if (made) await keepDeviceKey(made);
		return ok({ kind: 'joined' as const, table });
	});
}

/**
 * Joins the next round at the same table as the held standings code seats it: its table key comes wrapped
 * in that code to this tablet's own key, when the desk holds this tablet as that table's of the round
 * before. Any other tablet — one that skipped a round, handed in no code, or whose table waits for the
 * director's decision — reads the new table code instead (`scan-table-code`).
 */
export async function joinNextTable(
	current: JoinedTable,
	next: { round: number; table: number; players: readonly { id: string; name: string }[]; revision: number }
): Promise<Result<ImportOutcome>> {
	const scan = fail({ code: 'scan-table-code' as const, round: next.round });
	const standings = await heldStandings(current.tournamentId);
	const known = await knownTournament(current.tournamentId);
	const wrapped = standings?.next?.round === next.round ? standings.next.wrapped : undefined;
	const mine = wrapped?.keys[next.table - 1];
	const own = await ownDeviceKey();
	if (!wrapped || !mine || !own || known?.director === undefined || current.round !== next.round - 1) {
		return scan;
	}
	const at = { tournamentId: current.tournamentId, round: next.round, table: next.table };
	const key = await unwrapForDevice(own, wrapped.ephemeral, mine, at);
	if (!key) return scan;
	return joinTable({
		kind: 'assignment',
		tournamentId: current.tournamentId,
		tournamentName: current.tournamentName,
		key,
		round: next.round,
		table: next.table,
		players: next.players.map((p) => ({ id: p.id, name: p.name })),
		rules: current.rules,
		revision: next.revision,
		director: bytesFromText(known.director)
	});
}

/** The tables this tablet joined, newest first. */
export function joinedTables(): Promise<JoinedTable[]> {
	return joinedRows();
}

/** The round started on this tablet for a joined table (the newest, if the table began twice). */
export async function roundOfTable(table: JoinedTable): Promise<RoundRow | null> {
	const rows = await db().rounds.where('tournamentId').equals(table.tournamentId).toArray();
	const matches: RoundRow[] = [];
	for (const row of rows) {
		const stored = await loadRound(row.id);
		if (
			stored.ok &&
			stored.value.context.round === table.round &&
			stored.value.context.table === table.table
		) {
			matches.push(row);
		}
	}
	return matches.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

/**
 * What a joined table signs with: its own key for the round; a table joined by an older version signs with
 * the master key it was handed. Resolves with the joined table too (null when this tablet did not join it).
 */
export async function tableSigning(
	tournamentId: string,
	round: number,
	table: number
): Promise<Result<{ key: Uint8Array; joined: JoinedTable | null }>> {
	const joined = await joinedRow(tournamentId, round, table);
	const known = await knownTournament(tournamentId);
	const legacy = known?.key ? keyFromText(known.key) : null;
	const key = joined?.key ? bytesFromText(joined.key) : legacy;
	return key ? ok({ key, joined }) : fail(refusal.unknownTournament(tournamentId));
}

/**
 * The signed result code of a tablet's round, with the name the tablet chose (`tablet`): bytes, and the
 * digest to compare with the director's board.
 */
export async function handIn(
	stream: string,
	options: { tablet?: string } = {}
): Promise<Result<{ batch: RoundBatch; bytes: Uint8Array; digest: Digest }>> {
	const batch = await batchOfStream(stream);
	if (!batch.ok) return batch;
	const { tournamentId, round, table } = batch.value;
	const signing = await tableSigning(tournamentId, round, table);
	if (!signing.ok) return signing;
	const { key, joined } = signing.value;
	// The director knows the seating it handed out: the players travel by seat (a shorter code).
	const seating =
		joined?.revision !== undefined
			? { revision: joined.revision, names: joined.players.map((p) => p.name) }
			: undefined;
	const tablet = options.tablet ? { tablet: options.tablet } : {};
	// The tablet's own public key: the desk wraps this table's next key to it.
	const { publicKey: deviceKey } = await deviceKeyPair();
	const payload = { kind: 'batch' as const, batch: batch.value, seating, deviceKey, ...tablet };
	const bytes = await encodePayload(payload, key);
	return ok({ batch: batch.value, bytes, digest: digest(batch.value.events) });
}

/** Takes a standings code signed under the director's key this tablet pinned; keeps it when it is newer. */
export async function receiveStandings(
	decoded: Decoded<StandingsPayload>,
	now = Date.now()
): Promise<Result<ImportOutcome>> {
	const { payload } = decoded;
	const known = await knownTournament(payload.tournamentId);
	if (!known) return fail(refusal.unknownTournament(payload.tournamentId));
	if (known.director === undefined) return fail(refusal.notPinned());
	const verified = await verifyPayload(decoded, bytesFromText(known.director));
	if (!verified.ok) return fail(refusal.standingsOtherKey());
	const database = db();
	return database.transaction('rw', database.standings, async () => {
		const held = await heldStandings(payload.tournamentId);
		const newer = newerStandings(held, payload);
		if (newer) await putStandings(payload, now);
		return ok({ kind: 'standings' as const, standings: newer || !held ? payload : held, newer });
	});
}

/** The newest standings this tablet received for a tournament. */
export function heldStandings(tournamentId: string): Promise<StandingsPayload | null> {
	return standingsOf(tournamentId);
}
