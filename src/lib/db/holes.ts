import { DEVICE_KEY } from './copies';
import { db } from './index';
import type { WertungsblattDB } from './schema';

/**
 * An event of this device that storage lost while a later one stayed: `seq` is its number, `before` and
 * `after` the streams of this device's nearest stored events on either side (the lost event most likely
 * belonged to one of them; null where there is none).
 */
export interface LostEvent {
	readonly seq: number;
	readonly before: string | null;
	readonly after: string | null;
}

/** At most this many are named: one is enough to say so, and a broken store must not be listed whole. */
const MOST = 20;

/**
 * This device's events that are missing below its highest stored one. The app numbers its own events
 * without a gap (`events.ts`: the counter is written in the same transaction as the events), and never
 * deletes one, so a missing number is a committed write lost while a later write survived. Chromium's
 * storage does that after a power cut when its log was switched in the middle of a transaction (LevelDB
 * leaves the old log unsynced: google/leveldb#193; seen in the power-cut test). The database has put back
 * what the copies of the last events held when it opened (copies.ts): what is missing here, no copy held.
 * A loss of the last writes only leaves no gap and is not reported: what remains is consistent.
 */
export async function lostOwnEvents(database: WertungsblattDB = db()): Promise<LostEvent[]> {
	const device = (await database.meta.get(DEVICE_KEY))?.value;
	if (typeof device !== 'string') return [];
	// A new collection for each question: `last()` reverses the one it is asked of.
	const own = () => database.events.where('[device+seq]').between([device, 0], [device, Infinity]);
	const last = await own().last();
	if (!last || (await own().count()) >= last.seq) return [];
	const rows = await own().toArray();
	const lost: LostEvent[] = [];
	let expected = 1;
	let before: string | null = null;
	for (const row of rows) {
		for (; expected < row.seq && lost.length < MOST; expected++)
			lost.push({ seq: expected, before, after: row.stream });
		expected = row.seq + 1;
		before = row.stream;
		if (lost.length >= MOST) break;
	}
	return lost;
}

/** Whether a lost event may have belonged to `stream` (it lies next to one of the stream's own events). */
export function touches(event: LostEvent, stream: string): boolean {
	return event.before === stream || event.after === stream;
}

/** The meta row that keeps which losses next to a stream the table has checked (its highest number). */
const checkedRow = (stream: string) => `lost-checked:${stream}`;

/**
 * Whether this device lost an event next to `stream`'s own events that the table has not yet checked: the
 * round screen then asks the table to look at its sheet (`checkedLoss` once it has).
 */
export async function uncheckedLoss(
	stream: string,
	database: WertungsblattDB = db()
): Promise<number | null> {
	const near = (await lostOwnEvents(database)).filter((event) => touches(event, stream));
	const highest = near.at(-1)?.seq ?? null;
	if (highest === null) return null;
	const checked = (await database.meta.get(checkedRow(stream)))?.value;
	return typeof checked === 'number' && checked >= highest ? null : highest;
}

/** The table has checked its sheet after the loss up to event `seq`: it is not asked again. */
export async function checkedLoss(
	stream: string,
	seq: number,
	database: WertungsblattDB = db()
): Promise<void> {
	await database.meta.put({ key: checkedRow(stream), value: seq });
}
