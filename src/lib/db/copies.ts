// Copies of this device's last events, and the repair that brings a lost one back. Apart from the
// database class: the schema runs the repair when it opens (schema.ts), and events.ts writes the copies.
import type { Dexie } from 'dexie';
import type { EventRow } from './event-rows';

/** The meta row with copies of this device's last events. */
export const COPIES_KEY = 'recent-events';
/** The meta row with this device's id (events.ts). */
export const DEVICE_KEY = 'device';
/** The meta row with the number of this device's last event (events.ts). */
export const SEQ_KEY = 'seq';
/** How many of the last events are copied, and the largest body copied (characters of its JSON). */
const COPIES = 16;
const COPIED_BODY = 4_000;

/**
 * The copies after an append of `rows`. Every append writes them as its transaction's last row, because
 * Chromium's storage can lose the first records of a committed transaction at a power cut while keeping
 * its last ones, when LevelDB switched its log in between (google/leveldb#193; seen in the power-cut
 * test, seed long-1127h, cut 175). The copy in that last row, or in the next append's, then brings the
 * event back ({@link healLostEvents}). A large body (a draw of many players) is not copied: a lost one is
 * told (holes.ts), not healed.
 */
export function keepCopies(before: readonly EventRow[], rows: readonly EventRow[]): EventRow[] {
	const small = rows.filter((row) => (JSON.stringify(row.body)?.length ?? 0) <= COPIED_BODY);
	return [...before, ...small].slice(-COPIES);
}

/** The copies as stored, each a row of this device's (anything else is left out). */
export function storedCopies(value: unknown, device: string): EventRow[] {
	if (!Array.isArray(value)) return [];
	return value.filter(
		(row): row is EventRow =>
			typeof row === 'object' &&
			row !== null &&
			row.device === device &&
			typeof row.seq === 'number' &&
			row.id === `${device}:${row.seq}` &&
			typeof row.stream === 'string' &&
			typeof row.kind === 'string' &&
			typeof row.at === 'number' &&
			typeof row.type === 'string' &&
			'body' in row
	);
}

/**
 * Puts back every copied event of this device that storage lost (its copy kept, the event gone), in one
 * transaction; resolves with how many. The app never deletes an event, so a copy without its event is
 * always a loss. The counter of the device's events is raised to the highest event put back: the same cut
 * can lose the counter's row with the event (both come before the copies in their transaction), and a
 * counter below a stored event would give the next tap a number that is taken. Run when the database
 * opens, before anything reads the log (schema.ts).
 */
export async function healLostEvents(database: Dexie): Promise<number> {
	const meta = database.table<{ key: string; value: unknown }, string>('meta');
	const events = database.table<EventRow, string>('events');
	const lostNow = async () => {
		const [deviceRow, seqRow, copiesRow] = await meta.bulkGet([DEVICE_KEY, SEQ_KEY, COPIES_KEY]);
		const device = deviceRow?.value;
		const copies = typeof device === 'string' ? storedCopies(copiesRow?.value, device) : [];
		const stored = copies.length ? await events.bulkGet(copies.map((row) => row.id)) : [];
		const counter = typeof seqRow?.value === 'number' ? seqRow.value : 0;
		return { lost: copies.filter((_, i) => stored[i] === undefined), counter };
	};
	// Asked read-only first: this runs at every opening, and almost always finds nothing to write.
	if ((await database.transaction('r', [meta, events], lostNow)).lost.length === 0) return 0;
	return database.transaction('rw', [meta, events], async () => {
		const { lost, counter } = await lostNow();
		if (lost.length === 0) return 0;
		await events.bulkAdd(lost);
		const highest = Math.max(counter, ...lost.map((row) => row.seq));
		if (highest > counter) await meta.put({ key: SEQ_KEY, value: highest });
		return lost.length;
	});
}
