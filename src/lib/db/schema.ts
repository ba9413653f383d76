import Dexie, { type EntityTable, type Table } from 'dexie';
import type { AbsenceRow, JoinedTable, KnownTournament } from '../codecs/sync';
import {
	moveSyncRows,
	SYNC_STORES,
	type AbsenceKey,
	type HeldRow,
	type PendingKey,
	type PendingRow,
	type StandingsRow,
	type TableKey
} from './sync-records';
import type { EventRow } from './event-rows';
import { healLostEvents } from './copies';
import { endMasterKey } from './master-key-end';
import { repairUnfinished } from './raw';
import { DB_NAME } from './version';

export { STREAM_KINDS, type EventRow, type StreamKind } from './event-rows';

/** A round's summary for lists; rewritten in the same transaction as each of its events. */
export interface RoundRow {
	id: string;
	createdAt: number;
	updatedAt: number;
	players: string[];
	preset: string;
	/** 'running' | 'settle' | 'finished' */
	status: string;
	totals: number[];
	gameId: string | null;
	tournamentId: string | null;
}

/** A club evening game's summary. */
export interface GameRow {
	id: string;
	createdAt: number;
	updatedAt: number;
	players: string[];
	preset: string;
	status: string;
	totals: number[];
}

/** A tournament's summary. */
export interface TournamentRow {
	id: string;
	createdAt: number;
	updatedAt: number;
	name: string;
	format: string;
	date: string;
	status: string;
}

/** Device settings: id, next sequence number, preferences (the sync state has its own stores since version 2). */
export interface MetaRow {
	key: string;
	value: unknown;
}

export { DB_NAME } from './version';

/** The single database. Every write is strict-durable: a turn is confirmed only once it is on disk. */
export class WertungsblattDB extends Dexie {
	events!: EntityTable<EventRow, 'id'>;
	rounds!: EntityTable<RoundRow, 'id'>;
	games!: EntityTable<GameRow, 'id'>;
	tournaments!: EntityTable<TournamentRow, 'id'>;
	meta!: EntityTable<MetaRow, 'key'>;
	// The sync state (src/lib/db/sync-records.ts); read and written through sync-state.ts only.
	tournamentKeys!: EntityTable<KnownTournament, 'id'>;
	joined!: Table<JoinedTable, TableKey>;
	standings!: EntityTable<StandingsRow, 'tournamentId'>;
	held!: Table<HeldRow, TableKey>;
	pending!: Table<PendingRow, PendingKey>;
	absences!: Table<AbsenceRow, AbsenceKey>;

	constructor(name = DB_NAME) {
		// No query cache: the table's taps are written around Dexie (events.ts, appendEventsNow), and a
		// liveQuery must then read storage, not a cached answer that write went around.
		super(name, { chromeTransactionDurability: 'strict', cache: 'disabled' });
		// Version history: never edit a released version; add a new one with an upgrade.
		this.version(1).stores({
			events: 'id, [stream+seq], [device+seq], stream, kind',
			rounds: 'id, updatedAt, gameId, tournamentId, status',
			games: 'id, updatedAt, status',
			tournaments: 'id, updatedAt',
			meta: 'key'
		});
		// The sync state leaves the string-keyed meta rows for stores of its own, with compound keys.
		this.version(2).stores(SYNC_STORES).upgrade(moveSyncRows);
		// No new stores: director key rows of before per-table keys learn which rounds the master key signs.
		this.version(3).stores({}).upgrade(endMasterKey);
		// Before anything reads the log: an event storage lost while its copy stayed is put back (copies.ts).
		// A repair that fails leaves the loss to be told (holes.ts), not the database unopened.
		this.on('ready', (vip) => healLostEvents(vip).catch(() => 0), true);
	}

	#repaired: Promise<unknown> | null = null;

	/**
	 * Dexie opens the database through this on its first use. A database a power cut left unfinished is
	 * removed first (raw.ts `repairUnfinished`), so that Dexie creates it afresh instead of failing for good:
	 * asked once per page, and only by a page that uses the database (not at the app's start, where a first
	 * visit to the start page never opens it).
	 */
	override open(): ReturnType<Dexie['open']> {
		this.#repaired ??= repairUnfinished(this.name).catch(() => false);
		return Dexie.Promise.resolve(this.#repaired).then(() => super.open());
	}
}
