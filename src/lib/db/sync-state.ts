import type { Table } from 'dexie';
import {
	absenceRowSchema,
	heldTableSchema,
	joinedTableSchema,
	knownTournamentSchema,
	pendingBatchSchema,
	receivedStandingsSchema,
	type AbsenceRow,
	type HeldTable,
	type JoinedTable,
	type KnownTournament,
	type PendingBatch,
	type StandingsPayload
} from '../codecs/sync';
import { db } from './index';
import type { WertungsblattDB } from './schema';
import {
	absenceKey,
	heldRow,
	pendingKey,
	pendingRow,
	standingsRow,
	tableKey,
	tableRange,
	tournamentRange
} from './sync-records';

/**
 * The sync state's storage: the only code that reads or writes its stores (`sync-records.ts` lists them
 * and makes their keys). Every read goes through the record's zod schema: a row that does not read is
 * left out, as if absent. Inside a transaction, the transaction must list the stores used (`syncTables`).
 */

/**
 * The stores of an import that may record results: the events (a reported result is a log event, and the
 * counter in `meta`), the tournaments and rounds summaries, and the sync state.
 */
export function importTables(database: WertungsblattDB = db()): Table[] {
	return [database.events, database.meta, database.tournaments, database.rounds, ...syncTables(database)];
}

/** The sync state's stores, for a transaction that reads or writes any of them. */
export function syncTables(database: WertungsblattDB = db()): Table[] {
	return [
		database.tournamentKeys,
		database.joined,
		database.standings,
		database.held,
		database.pending,
		database.absences
	];
}

const parsed = <T>(schema: {
	safeParse(value: unknown): { success: true; data: T } | { success: false };
}) => {
	return (row: unknown): T | null => {
		const result = schema.safeParse(row);
		return result.success ? result.data : null;
	};
};
const asKnown = parsed<KnownTournament>(knownTournamentSchema);
const asJoined = parsed<JoinedTable>(joinedTableSchema);
const asHeld = parsed<HeldTable>(heldTableSchema);
const asPending = parsed<PendingBatch>(pendingBatchSchema);
const asAbsence = parsed<AbsenceRow>(absenceRowSchema);
const readable = <T>(list: (T | null)[]): T[] => list.filter((item): item is T => item !== null);
/** The rows of a store whose keys lie in a range (sync-records.ts makes the range). */
const inRange = <T, K>(table: Table<T, K>, [lower, upper]: [unknown[], unknown[]]) =>
	table.where(':id').between(lower, upper).toArray();

// ---------------------------------------------------------------- tournament keys

/** The tournament as this device knows it for sync (keys, role), or null. */
export async function tournamentKeyOf(id: string): Promise<KnownTournament | null> {
	return asKnown(await db().tournamentKeys.get(id));
}

/** Stores a tournament's keys and this device's role, over what was stored. */
export async function putTournamentKey(row: KnownTournament): Promise<void> {
	await db().tournamentKeys.put(row);
}

/** Every tournament this device knows for sync (those whose rows read). */
export async function tournamentKeyRows(): Promise<KnownTournament[]> {
	return readable((await db().tournamentKeys.toArray()).map(asKnown));
}

/** Forgets a tournament's keys on this device (a tablet that leaves it). */
export async function deleteTournamentKey(id: string): Promise<void> {
	await db().tournamentKeys.delete(id);
}

// ---------------------------------------------------------------- the tablet: tables joined, standings

/** A table this tablet joined, or null. */
export async function joinedRow(
	tournamentId: string,
	round: number,
	table: number
): Promise<JoinedTable | null> {
	return asJoined(await db().joined.get(tableKey(tournamentId, round, table)));
}

/** Stores a joined table, over the same table joined before. */
export async function putJoined(table: JoinedTable): Promise<void> {
	await db().joined.put(table);
}

/** Every table this tablet joined, newest first. */
export async function joinedRows(): Promise<JoinedTable[]> {
	return readable((await db().joined.orderBy('joinedAt').reverse().toArray()).map(asJoined));
}

/** The tables this tablet joined in one tournament (those that read). */
export async function joinedRowsOf(tournamentId: string): Promise<JoinedTable[]> {
	return readable((await inRange(db().joined, tournamentRange(tournamentId))).map(asJoined));
}

/** Replaces the tables joined in a tournament by these (none: the tablet forgets them). */
export async function replaceJoinedOf(tournamentId: string, tables: readonly JoinedTable[]): Promise<void> {
	const [lower, upper] = tournamentRange(tournamentId);
	await db().joined.where(':id').between(lower, upper).delete();
	await db().joined.bulkPut([...tables]);
}

/** The newest standings this tablet received for a tournament, or null. */
export async function standingsOf(tournamentId: string): Promise<StandingsPayload | null> {
	const result = receivedStandingsSchema.safeParse(await db().standings.get(tournamentId));
	return result.success ? result.data.payload : null;
}

/** Stores standings received now (the caller checked they are newer). */
export async function putStandings(payload: StandingsPayload, receivedAt: number): Promise<void> {
	await db().standings.put(standingsRow(payload, receivedAt));
}

/** Forgets the standings a tablet holds for a tournament. */
export async function deleteStandings(tournamentId: string): Promise<void> {
	await db().standings.delete(tournamentId);
}

// ---------------------------------------------------------------- the director: holdings, kept batches

/** The round stream the director took over for a table, or null. */
export async function holdingRow(
	tournamentId: string,
	round: number,
	table: number
): Promise<HeldTable | null> {
	return asHeld(await db().held.get(tableKey(tournamentId, round, table)));
}

/** Stores the round stream the director holds for a table. */
export async function putHolding(
	tournamentId: string,
	round: number,
	table: number,
	holding: HeldTable
): Promise<void> {
	await db().held.put(heldRow(tournamentId, round, table, holding));
}

/** Every holding of a tournament. */
export async function holdingRows(tournamentId: string): Promise<HeldTable[]> {
	return readable((await inRange(db().held, tournamentRange(tournamentId))).map(asHeld));
}

/** Every holding of a tournament, with the round and table it holds. */
export async function heldTables(
	tournamentId: string
): Promise<(HeldTable & { round: number; table: number })[]> {
	const rows = await inRange(db().held, tournamentRange(tournamentId));
	return rows.flatMap((row) => {
		const held = asHeld(row);
		return held ? [{ ...held, round: row.round, table: row.table }] : [];
	});
}

/** Every batch kept for a tournament (waiting or decided). */
export async function pendingRows(tournamentId: string): Promise<PendingBatch[]> {
	return readable((await inRange(db().pending, tournamentRange(tournamentId))).map(asPending));
}

/** The batches kept at one table, each with its place there (batch null: its row does not read). */
export async function pendingAtTable(
	tournamentId: string,
	round: number,
	table: number
): Promise<{ place: string; batch: PendingBatch | null }[]> {
	const rows = await inRange(db().pending, tableRange(tournamentId, round, table));
	return rows.map((row) => ({ place: row.place, batch: asPending(row) }));
}

/** True when a batch is kept at that place of the table. */
export async function pendingExists(
	tournamentId: string,
	round: number,
	table: number,
	place: string
): Promise<boolean> {
	return (await db().pending.get(pendingKey(tournamentId, round, table, place))) !== undefined;
}

/** Keeps a batch, over the one at its place (its slot, or its stream). */
export async function putPending(batch: PendingBatch): Promise<void> {
	await db().pending.put(pendingRow(batch));
}

// ---------------------------------------------------------------- the director: reports of missing players

/** A table's report that a player did not show up, or null. */
export async function absenceRow(
	key: Pick<AbsenceRow, 'tournamentId' | 'round' | 'table' | 'player'>
): Promise<AbsenceRow | null> {
	return asAbsence(await db().absences.get(absenceKey(key)));
}

/** Keeps a table's report, over the same report kept before. */
export async function putAbsence(row: AbsenceRow): Promise<void> {
	await db().absences.put(row);
}

/** Every report of a missing player kept for a tournament (open and done). */
export async function absenceRows(tournamentId: string): Promise<AbsenceRow[]> {
	return readable((await inRange(db().absences, tournamentRange(tournamentId))).map(asAbsence));
}
