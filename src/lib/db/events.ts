import type { Table } from 'dexie';
import { db } from './index';
import type { EventRow, StreamKind } from './schema';

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

/**
 * Appends events to a stream in one strict-durable transaction together with `project`, which
 * updates the stream's summary rows. Resolves only after the transaction has committed.
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
	return database.transaction('rw', [database.events, database.meta, ...extraTables], async () => {
		const device = await ensureDevice();
		const seqRow = await database.meta.get(SEQ_KEY);
		let seq = typeof seqRow?.value === 'number' ? seqRow.value : 0;
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
		await database.events.bulkAdd(rows);
		await database.meta.put({ key: SEQ_KEY, value: seq });
		await project?.();
		return rows;
	});
}

async function ensureDevice(): Promise<string> {
	const row = await db().meta.get(DEVICE_KEY);
	if (typeof row?.value === 'string') return row.value;
	const id = newDeviceId();
	await db().meta.put({ key: DEVICE_KEY, value: id });
	return id;
}

/**
 * A stream's events in the order they were written: by sequence within a device. Events of two
 * devices in one stream (a replaced tablet) are interleaved by the devices' clocks; the sync layer
 * shows such streams to the director as a conflict.
 */
export async function streamEvents(stream: string): Promise<EventRow[]> {
	const rows = await db().events.where('stream').equals(stream).toArray();
	return rows.sort((a, b) => (a.device === b.device ? a.seq - b.seq : a.at - b.at || a.seq - b.seq));
}

/** A fresh id for a stream (round, game, tournament): a prefix and 16 random base-36 characters. */
export function newId(prefix: string): string {
	const bytes = crypto.getRandomValues(new Uint8Array(16));
	return `${prefix}-${Array.from(bytes, (b) => (b % 36).toString(36)).join('')}`;
}
