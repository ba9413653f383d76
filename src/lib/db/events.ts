import { Dexie, type Table } from 'dexie';
import { db } from './index';
import { inStreamOrder } from './stream-order';
import type { EventRow, StreamKind, WertungsblattDB } from './schema';

/** An event to append: its type and body; id, device, sequence and time are assigned here. */
export interface NewEvent {
	type: string;
	body: unknown;
}

const DEVICE_KEY = 'device';
const SEQ_KEY = 'seq';

/** A random device id (12 base-36 characters), created once per browser profile. */
function newDeviceId(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(12));
	return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** This device's id; created on first use. */
export async function deviceId(): Promise<string> {
	return db().transaction('rw', db().meta, ensureDevice);
}

/** The device id and the last sequence number written, as this tab last saw them. */
interface Counter {
	readonly device: string;
	readonly seq: number;
}

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
				const { device, seq: last } = known ?? (await storedCounter(database));
				let seq = last;
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
				await Promise.all([
					database.events.bulkAdd(rows),
					database.meta.put({ key: SEQ_KEY, value: seq }),
					project?.()
				]);
				return { rows, counter: { device, seq } };
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

async function storedCounter(database: WertungsblattDB): Promise<Counter> {
	const [deviceRow, seqRow] = await database.meta.bulkGet([DEVICE_KEY, SEQ_KEY]);
	return {
		device: typeof deviceRow?.value === 'string' ? deviceRow.value : await ensureDevice(),
		seq: typeof seqRow?.value === 'number' ? seqRow.value : 0
	};
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
