import { Dexie, type Transaction } from 'dexie';
import {
	heldTableSchema,
	joinedTableSchema,
	knownTournamentSchema,
	pendingBatchSchema,
	receivedStandingsSchema,
	type AbsenceRow,
	type HeldTable,
	type PendingBatch,
	type StandingsPayload
} from '../codecs/sync';

/**
 * The rows of the sync state's stores (schema version 2) and how each one's primary key is made: the one
 * place that knows those keys. Storage goes through `sync-state.ts`; the upgrade from the string-keyed
 * `meta` rows of version 1 is `moveSyncRows` below. The records keep the shapes their zod schemas in
 * codecs/sync.ts describe; a row adds the fields its key needs where the record lacks them.
 *
 *   tournamentKeys  id                                   the tournament key and this device's role
 *   joined          [tournamentId+round+table], joinedAt a table this tablet joined
 *   standings       tournamentId                         the newest standings this tablet received
 *   held            [tournamentId+round+table]           the round stream the director took over for a table
 *   pending         [tournamentId+round+table+place]     a batch waiting for the director's decision
 *   absences        [tournamentId+round+table+player]    a table's report that a player did not show up
 */

/** The stores of the sync state, in Dexie's syntax (schema.ts declares them with version 2). */
export const SYNC_STORES = {
	tournamentKeys: 'id',
	joined: '[tournamentId+round+table], joinedAt',
	standings: 'tournamentId',
	held: '[tournamentId+round+table]',
	pending: '[tournamentId+round+table+place]',
	absences: '[tournamentId+round+table+player]'
} as const;

/** A table of a tournament's round: the key of a joined table and of a holding. */
export type TableKey = [tournamentId: string, round: number, table: number];
/** A kept batch's key: its table, and where it waits there (`place`). */
export type PendingKey = [tournamentId: string, round: number, table: number, place: string];

/** The standings a tablet received, under their tournament. */
export interface StandingsRow {
	tournamentId: string;
	payload: StandingsPayload;
	receivedAt: number;
}

/** A holding, under the table it belongs to. */
export type HeldRow = HeldTable & { tournamentId: string; round: number; table: number };

/**
 * A kept batch with its place: its slot when it waits beside another continuation of its stream, else the
 * stream itself (a batch has at most one row per stream without a slot).
 */
export type PendingRow = PendingBatch & { place: string };

/** The key of a table's report of a missing player. */
export type AbsenceKey = [tournamentId: string, round: number, table: number, player: string];
export const absenceKey = (
	row: Pick<AbsenceRow, 'tournamentId' | 'round' | 'table' | 'player'>
): AbsenceKey => [row.tournamentId, row.round, row.table, row.player];

/** The key of a joined table or a holding. */
export const tableKey = (tournamentId: string, round: number, table: number): TableKey => [
	tournamentId,
	round,
	table
];

/** Where a kept batch waits at its table. */
export const placeOf = (batch: Pick<PendingBatch, 'slot' | 'stream'>): string => batch.slot ?? batch.stream;

/** The key of a kept batch. */
export const pendingKey = (tournamentId: string, round: number, table: number, place: string): PendingKey => [
	tournamentId,
	round,
	table,
	place
];

/**
 * The key range of the rows whose compound key begins with `prefix`: a shorter array sorts before every
 * longer one it begins, and anything after it sorts before the largest key (`Dexie.maxKey`).
 */
const startingWith = (prefix: readonly unknown[]): [unknown[], unknown[]] => [
	[...prefix],
	[...prefix, Dexie.maxKey]
];

/** The rows of a tournament, in a store whose key begins with the tournament (joined, held, pending). */
export const tournamentRange = (tournamentId: string) => startingWith([tournamentId]);
/** The batches kept at one table. */
export const tableRange = (tournamentId: string, round: number, table: number) =>
	startingWith(tableKey(tournamentId, round, table));

/** A holding's row: the holding, under its table. */
export const heldRow = (tournamentId: string, round: number, table: number, holding: HeldTable): HeldRow => ({
	...holding,
	tournamentId,
	round,
	table
});

/** A kept batch's row: the batch, with its place. */
export const pendingRow = (batch: PendingBatch): PendingRow => ({ ...batch, place: placeOf(batch) });

/** Received standings' row, under their tournament. */
export const standingsRow = (payload: StandingsPayload, receivedAt: number): StandingsRow => ({
	tournamentId: payload.tournamentId,
	payload,
	receivedAt
});

// ---------------------------------------------------------------- the upgrade from version 1

/** A sync row as version 1 kept it in `meta`. */
interface MetaRow {
	key: string;
	value: unknown;
}

/** The store a version 1 meta row moves to, with its row; null when it stays in `meta`. */
type Move = { store: keyof typeof SYNC_STORES; row: object } | null;

/** Splits `<t>:<r>:<k>` (a tournament id may itself hold a colon): null unless r and k are counts. */
function splitTable(rest: string): TableKey | null {
	const parts = rest.split(':');
	if (parts.length < 3) return null;
	const [round, table] = parts.slice(-2).map(Number) as [number, number];
	const tournamentId = parts.slice(0, -2).join(':');
	if (!Number.isSafeInteger(round) || !Number.isSafeInteger(table) || !tournamentId) return null;
	return [tournamentId, round, table];
}

const same = (a: readonly unknown[], b: readonly unknown[]) =>
	a.length === b.length && a.every((part, i) => part === b[i]);

/**
 * Where a version 1 meta row goes: it moves only when its record reads under its schema and its key is the
 * one its record names (so each record is found exactly where it was found before). Anything else — a
 * damaged or foreign row, a key that does not match — stays in `meta` as it is: an upgrade never loses data.
 */
export function movedRow({ key, value }: MetaRow): Move {
	const [kind, ...restParts] = key.split(':');
	const rest = restParts.join(':');
	switch (kind) {
		case 'sync.tournament': {
			const parsed = knownTournamentSchema.safeParse(value);
			return parsed.success && parsed.data.id === rest
				? { store: 'tournamentKeys', row: value as object }
				: null;
		}
		case 'sync.standings': {
			const parsed = receivedStandingsSchema.safeParse(value);
			if (!parsed.success || parsed.data.payload.tournamentId !== rest) return null;
			return { store: 'standings', row: { ...(value as object), tournamentId: rest } };
		}
		case 'sync.joined': {
			const parsed = joinedTableSchema.safeParse(value);
			const at = splitTable(rest);
			if (!parsed.success || !at) return null;
			const { tournamentId, round, table } = parsed.data;
			return same(at, [tournamentId, round, table]) ? { store: 'joined', row: value as object } : null;
		}
		case 'sync.held': {
			const parsed = heldTableSchema.safeParse(value);
			const at = splitTable(rest);
			if (!parsed.success || !at) return null;
			return {
				store: 'held',
				row: { ...(value as object), tournamentId: at[0], round: at[1], table: at[2] }
			};
		}
		case 'sync.pending': {
			const parsed = pendingBatchSchema.safeParse(value);
			if (!parsed.success) return null;
			const { tournamentId, round, table } = parsed.data;
			const place = placeOf(parsed.data);
			if (key !== `sync.pending:${tournamentId}:${round}:${table}:${place}`) return null;
			return { store: 'pending', row: { ...(value as object), place } };
		}
		default:
			return null;
	}
}

/** Version 2's upgrade: every sync meta row that reads moves to its store and leaves `meta` (`movedRow`). */
export async function moveSyncRows(tx: Transaction): Promise<void> {
	const meta = tx.table<MetaRow, string>('meta');
	const rows = await meta.where('key').startsWith('sync.').toArray();
	for (const row of rows) {
		const move = movedRow(row);
		if (!move) continue;
		// The stored value as it was (extra fields of a newer writer included), with the fields of its key.
		await tx.table(move.store).put(move.row);
		await meta.delete(row.key);
	}
}
