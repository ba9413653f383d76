import { Dexie, type Table } from 'dexie';
import { notifyLiveQueries, writeAroundDexie, type RawWrite } from './around-dexie';
import { COPIES_KEY, DEVICE_KEY, keepCopies, SEQ_KEY, storedCopies } from './copies';
import { db } from './index';
import { inStreamOrder } from './stream-order';
import type { EventRow, StreamKind, WertungsblattDB } from './schema';

/** An event to append: its type and body; id, device, sequence and time are assigned here. */
export interface NewEvent {
	type: string;
	body: unknown;
}

/** A random device id (12 base-36 characters), created once per browser profile. */
function newDeviceId(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(12));
	return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** This device's id; created on first use. */
export async function deviceId(): Promise<string> {
	return db().transaction('rw', db().meta, ensureDevice);
}

/** The device id and the last sequence number written, as this tab last saw them, and the copies. */
interface Counter {
	readonly device: string;
	readonly seq: number;
	readonly copies: readonly EventRow[];
}

/** The rows that write a counter: its number, then (last, see copies.ts) the copies of the last events. */
const counterRows = (counter: Counter) => ({
	seq: { key: SEQ_KEY, value: counter.seq },
	copies: { key: COPIES_KEY, value: counter.copies }
});

/**
 * Per database, this tab's counter after its last committed append: the hot path (a tap at the
 * table) then writes without reading first. Another tab of the same browser shares the device id and
 * the counter in `meta`; when it has written meanwhile, our next event id already exists, the add
 * fails and aborts its transaction, and the append is retried once from the stored counter.
 */
const counters = new WeakMap<WertungsblattDB, Counter>();

/**
 * Appends events to a stream in one strict-durable transaction together with `project`, which
 * updates the stream's summary rows. Resolves only after the transaction has committed.
 * The writes go out together (no request waits for another), so a turn costs one round trip.
 */
export async function appendEvents(
	stream: string,
	kind: StreamKind,
	events: readonly NewEvent[],
	project?: () => Promise<unknown>,
	extraTables: Table[] = [],
	now: number = Date.now()
): Promise<EventRow[]> {
	const database = db();
	// Inside a caller's transaction the commit is the caller's: read the counter from storage then.
	const nested = Dexie.currentTransaction !== null;
	const attempt = async (known: Counter | undefined) => {
		const result = await database.transaction(
			'rw',
			[database.events, database.meta, ...extraTables],
			async () => {
				const { rows, counter } = numbered(
					known ?? (await storedCounter(database)),
					stream,
					kind,
					events,
					now
				);
				const written = counterRows(counter);
				await Promise.all([
					database.events.bulkAdd(rows),
					database.meta.put(written.seq),
					project?.(),
					database.meta.put(written.copies)
				]);
				return { rows, counter };
			}
		);
		if (nested) counters.delete(database);
		else counters.set(database, result.counter);
		return result.rows;
	};
	const known = nested ? undefined : counters.get(database);
	if (!known) return attempt(undefined);
	try {
		return await attempt(known);
	} catch {
		// Another tab wrote meanwhile (or the write failed): once more from the stored counter.
		counters.delete(database);
		return attempt(undefined);
	}
}

/** The rows of new events, numbered on from a counter, and the counter after them. */
function numbered(
	from: Counter,
	stream: string,
	kind: StreamKind,
	events: readonly NewEvent[],
	now: number
): { rows: EventRow[]; counter: Counter } {
	const { device } = from;
	let seq = from.seq;
	const rows: EventRow[] = events.map((event) => ({
		id: `${device}:${++seq}`,
		device,
		seq,
		stream,
		kind,
		at: now,
		type: event.type,
		body: event.body
	}));
	return { rows, counter: { device, seq, copies: keepCopies(from.copies, rows) } };
}

/** The device id (null while there is none), the last sequence number and the copies, as stored. */
async function readCounter(
	database: WertungsblattDB
): Promise<{ device: string | null; seq: number; copies: EventRow[] }> {
	const [deviceRow, seqRow, copiesRow] = await database.meta.bulkGet([DEVICE_KEY, SEQ_KEY, COPIES_KEY]);
	const device = typeof deviceRow?.value === 'string' ? deviceRow.value : null;
	return {
		device,
		seq: typeof seqRow?.value === 'number' ? seqRow.value : 0,
		copies: device === null ? [] : storedCopies(copiesRow?.value, device)
	};
}

async function storedCounter(database: WertungsblattDB): Promise<Counter> {
	const { device, seq, copies } = await readCounter(database);
	return { device: device ?? (await ensureDevice()), seq, copies };
}

async function ensureDevice(): Promise<string> {
	const row = await db().meta.get(DEVICE_KEY);
	if (typeof row?.value === 'string') return row.value;
	const id = newDeviceId();
	await db().meta.put({ key: DEVICE_KEY, value: id });
	return id;
}

/** A stream's events in the order they were written (see {@link inStreamOrder}). */
export async function streamEvents(stream: string): Promise<EventRow[]> {
	return inStreamOrder(await db().events.where('stream').equals(stream).toArray());
}

/** A fresh id for a stream (round, game, tournament): a prefix and 16 random base-36 characters. */
export function newId(prefix: string): string {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	return `${prefix}-${Array.from(bytes, (b) => (b % 36).toString(36)).join('')}`;
}

/** A row written whole over the one with its key (a stream's summary), in {@link appendEventsNow}. */
export interface ReplacedRow {
	readonly table: Table;
	readonly row: object;
}

/**
 * {@link appendEvents} on the hot path of a tap at the table: the same rows, written with plain
 * IndexedDB on Dexie's own connection in one strict-durable transaction that is committed at once
 * (`IDBTransaction.commit`). Through Dexie the disk only starts once each request's success has
 * come back to the page and its promises have run; here it starts within the tap's own task.
 *
 * Answers null, having written nothing, when only {@link appendEvents} can do it: this tab does not
 * know the counter yet (see {@link prepareAppend}), the connection is closed or being upgraded, or the
 * transaction failed — usually because another tab took our next sequence number. The caller then
 * appends through Dexie, which reads the counter from storage.
 *
 * Dexie's liveQuery (in this tab and, through Dexie's broadcast, in every other) is told what changed
 * as Dexie itself would tell it, with `Dexie.on('storagemutated')`. The database runs with Dexie's
 * query cache disabled (schema.ts), so no query answers from a cache this write went around.
 */
export async function appendEventsNow(
	stream: string,
	kind: StreamKind,
	events: readonly NewEvent[],
	replaced: readonly ReplacedRow[],
	now: number = Date.now()
): Promise<EventRow[] | null> {
	const database = db();
	const known = counters.get(database);
	if (!known || !database.isOpen() || Dexie.currentTransaction !== null) return null;
	const { rows, counter } = numbered(known, stream, kind, events, now);
	const written = counterRows(counter);
	const writes: RawWrite[] = [
		...rows.map((row) => ({ table: database.events, row, mode: 'add' as const })),
		{ table: database.meta, row: written.seq, mode: 'put' },
		...replaced.map(({ table, row }) => ({ table, row, mode: 'put' as const })),
		// Last: the records written after a log switch are the ones kept (copies.ts).
		{ table: database.meta, row: written.copies, mode: 'put' }
	];
	if (!(await writeAroundDexie(database, writes))) {
		counters.delete(database);
		return null;
	}
	counters.set(database, counter);
	// Told in a task of its own, after the caller has shown the tap: no reader waits on the tap's path.
	setTimeout(() => notifyLiveQueries(database, writes), 0);
	return rows;
}

/**
 * Reads this tab's counter ahead of the first tap, so that it can take {@link appendEventsNow}
 * (a device without an id yet gets one from its first append through Dexie).
 */
export async function prepareAppend(): Promise<void> {
	const database = db();
	if (counters.has(database)) return;
	const { device, seq, copies } = await readCounter(database);
	// A tap may have written (and set the counter) while this read was under way.
	if (device !== null && !counters.has(database)) counters.set(database, { device, seq, copies });
}
