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
import { beyondTournament, newerStandings, olderTable } from '../protocol/standings';
import type { RoundBatch } from '../protocol/sync-events';
import { deviceKeyPair, keepDeviceKey, keyPairToKeep, ownDeviceKey } from './device-key';
import { db } from './index';
import { loadRound } from './rounds';
import type { RoundRow } from './schema';
import { keyRefusal } from './sync-keys';
import { batchOfStream, type ImportOutcome } from './sync-rows';
import {
	deleteStandings,
	deleteTournamentKey,
	joinedRow,
	joinedRows,
	joinedRowsOf,
	putJoined,
	putStandings,
	putTournamentKey,
	replaceJoinedOf,
	standingsOf,
	syncTables,
	tournamentKeyRows
} from './sync-state';
import { knownTournament, storedHere } from './tournament-keys';

/**
 * The tablet's side of sync: joining a table (by its table code, or the next round from the standings
 * code), the tables joined, handing in a round's result code, and the standings it receives.
 */

/**
 * Joins a table: pins the director's public key when the tournament is new to this tablet and keeps the
 * assignment with its table key. A known tournament keeps its key: a table code signed by another one is
 * taken only when the tablet's players confirmed it (`repin`; e.g. the desk was restored with new keys),
 * and then its key replaces the pinned one — never on a director's own device (`keyRefusal`). What the
 * tablet believed under the old key (its standings, the rounds of its tables) no longer counts, and is
 * kept so that the players can undo the change (`undoRepin`). A table of an earlier round than the newest
 * joined under the same key is refused; the same round again (a tablet moved to another table, or
 * rejoining with a new key) is taken; a round or revision beyond any tournament is refused. The caller has
 * checked the assignment's signature. Another table's code than the tablet's current one (its newest
 * table in the tournament under the key pinned) is taken only when its players confirm the switch
 * (`switchTable`): a code held up by a player of another table does not move it. The tablet makes its own
 * key pair on its first join
 * (`deviceKeyPair`): its result codes carry the public half, and the desk wraps the next round's key of
 * the table to it.
 */
export async function joinTable(
	assignment: TableAssignment,
	now = Date.now(),
	options: { repin?: boolean; switchTable?: boolean } = {}
): Promise<Result<ImportOutcome>> {
	const beyond = beyondTournament(assignment);
	if (beyond) return fail(beyond);
	// Made before the transaction (WebCrypto may not run inside one), stored only with the joined table.
	const made = await keyPairToKeep();
	const database = db();
	return database.transaction('rw', [database.events, database.meta, ...syncTables(database)], async () => {
		const { tournamentId } = assignment;
		const known = await knownTournament(tournamentId);
		const director = bytesToText(assignment.director);
		const otherKey = known?.role === 'table' && known.director !== undefined && known.director !== director;
		if (otherKey && options.repin !== true) return fail(refusal.newDirectorKey(assignment));
		const refused = otherKey ? null : await keyRefusal(known, tournamentId, assignment.director);
		if (refused) return fail(refused);
		// A table of an earlier round than the one this tablet is in under this key (like an older standings
		// code). Tables of before version 5 name no key: they count for the one pinned.
		const joined = await joinedRowsOf(tournamentId);
		const sameKey = joined.filter((row) => row.director === undefined || row.director === director);
		const earlier = olderTable(sameKey, assignment);
		if (earlier) return fail(refusal.olderTable(assignment.round, earlier.round));
		// A round whose results this tablet already holds in the director's standings is over: no one
		// should score it (a fresh tablet cannot know; the desk then keeps its code for an override).
		const standings = otherKey ? null : await heldStandings(tournamentId);
		if (standings && standings.afterRound >= assignment.round)
			return fail(refusal.pastTable(assignment.round, standings.afterRound));
		// Another table's code: a player of another table may hold it up; the players decide.
		const current = sameKey.reduce<JoinedTable | null>(
			(a, b) => (a && a.joinedAt >= b.joinedAt ? a : b),
			null
		);
		if (current && current.table !== assignment.table && options.switchTable !== true) {
			return fail(refusal.otherTableCode(assignment.round, assignment.table, current));
		}
		// A tablet joined by an older version holds the master key and no public key: it pins one now; a
		// confirmed new key replaces the one pinned, and what the old one said is kept aside.
		if (!known || known.director === undefined || otherKey) {
			const previous =
				otherKey && known.director !== undefined
					? {
							director: known.director,
							at: now,
							standings: await heldStandings(tournamentId),
							joined
						}
					: undefined;
			const row: KnownTournament = {
				...known,
				id: tournamentId,
				name: known?.name ?? assignment.tournamentName,
				role: 'table',
				director,
				...(previous ? { previous } : {})
			};
			await putTournamentKey(row);
			if (previous) await deleteStandings(tournamentId);
		}
		const table: JoinedTable = {
			tournamentId,
			tournamentName: assignment.tournamentName,
			round: assignment.round,
			table: assignment.table,
			players: assignment.players.map((p) => ({ id: p.id, name: p.name })),
			rules: { ...assignment.rules },
			...(assignment.revision === undefined ? {} : { revision: assignment.revision }),
			...(assignment.issuedAt === undefined ? {} : { issuedAt: assignment.issuedAt }),
			key: bytesToText(assignment.key),
			director,
			joinedAt: now
		};
		await putJoined(table);
		if (made) await keepDeviceKey(made);
		return ok({ kind: 'joined' as const, table });
	});
}

/**
 * "Wechsel rückgängig machen": the tablet goes back to what it believed before its players last confirmed
 * another key of the director — that key pinned again, its standings and its tables as they were (tables
 * joined since are forgotten; rounds played stay on the device).
 */
export async function undoRepin(tournamentId: string): Promise<Result<null>> {
	const database = db();
	return database.transaction('rw', syncTables(database), async () => {
		const known = await knownTournament(tournamentId);
		const previous = known?.role === 'table' ? known.previous : undefined;
		if (!known || !previous) return fail({ code: 'no-key-change' as const });
		const { previous: _undone, ...row } = known;
		await putTournamentKey({ ...row, director: previous.director });
		if (previous.standings) await putStandings(previous.standings, previous.at);
		else await deleteStandings(tournamentId);
		await replaceJoinedOf(tournamentId, previous.joined);
		return ok(null);
	});
}

/**
 * "Turnier verlassen": the tablet forgets the tournament — the director's key it pinned, its standings,
 * the tables it joined — and is as new to it; the rounds it played stay on the device (save them as
 * files first: `roundsToKeep`). A tournament this device directs, or stores itself, is not left this way.
 */
export async function leaveTournament(tournamentId: string): Promise<Result<null>> {
	const database = db();
	return database.transaction('rw', [database.events, ...syncTables(database)], async () => {
		const known = await knownTournament(tournamentId);
		if (known?.role === 'director' || (await storedHere(tournamentId))) {
			return fail({ code: 'own-tournament' as const });
		}
		await deleteTournamentKey(tournamentId);
		await deleteStandings(tournamentId);
		await replaceJoinedOf(tournamentId, []);
		return ok(null);
	});
}

/** A round begun at a table of a tournament, as its result code: what a tablet keeps as a file before it leaves. */
export interface RoundToKeep {
	readonly round: number;
	readonly table: number;
	readonly stream: string;
	/** The round's status on this tablet ('running', 'finished', 'confirmed', …). */
	readonly status: string;
	readonly bytes: Uint8Array;
}

/**
 * The rounds this tablet began at the tables it joined in a tournament, each signed as its result code
 * (newest first): once it leaves the tournament it holds no table key to sign them any more, so they are
 * saved as files first. The tablet cannot know which ones the desk has read.
 */
export async function roundsToKeep(
	tournamentId: string,
	options: { tablet?: string } = {}
): Promise<RoundToKeep[]> {
	const kept: RoundToKeep[] = [];
	const tables = (await joinedRowsOf(tournamentId)).sort(
		(a, b) => b.round - a.round || b.joinedAt - a.joinedAt
	);
	const seen = new Set<string>();
	for (const table of tables) {
		const round = await roundOfTable(table);
		if (!round || seen.has(round.id)) continue;
		seen.add(round.id);
		const code = await handIn(round.id, options);
		if (code.ok) {
			kept.push({
				round: table.round,
				table: table.table,
				stream: round.id,
				status: round.status,
				bytes: code.value.bytes
			});
		}
	}
	return kept;
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
	const known = await knownTournament(current.tournamentId);
	const key = await nextTableKey(current, next);
	if (!key || known?.director === undefined) return fail({ code: 'scan-table-code', round: next.round });
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

/**
 * The key of the next round's table that the held standings code wraps to this tablet, when it holds the
 * same table of the round before (null: the tablet reads that table's code instead).
 */
export async function nextTableKey(
	current: JoinedTable,
	next: { round: number; table: number }
): Promise<Uint8Array | null> {
	const standings = await heldStandings(current.tournamentId);
	const wrapped = standings?.next?.round === next.round ? standings.next.wrapped : undefined;
	const mine = wrapped?.keys[next.table - 1];
	const own = await ownDeviceKey();
	if (!wrapped || !mine || !own || current.round !== next.round - 1) return null;
	const at = { tournamentId: current.tournamentId, round: next.round, table: next.table };
	return unwrapForDevice(own, wrapped.ephemeral, mine, at);
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

/**
 * Takes a standings code signed under the director's key this tablet pinned; keeps it when it is newer.
 * Standings after a round, or of a revision, beyond any tournament are refused: no director sent them.
 */
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
	// Signed by the key pinned, and still beyond any tournament: a forger's key was pinned first.
	const beyond = beyondTournament(payload);
	if (beyond) return fail(beyond);
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

/** A tournament this device takes part in as a table, for "Turnier verlassen" (Einstellungen). */
export interface TabletTournament {
	readonly id: string;
	readonly name: string;
	/** When its players last confirmed another key of the director (null: never, or undone). */
	readonly keyChangedAt: number | null;
}

/** The tournaments this device takes part in as a table, by name. */
export async function tabletTournaments(): Promise<TabletTournament[]> {
	return (await tournamentKeyRows())
		.filter((row) => row.role === 'table')
		.map((row) => ({ id: row.id, name: row.name, keyChangedAt: row.previous?.at ?? null }))
		.sort((a, b) => a.name.localeCompare(b.name, 'de'));
}
