import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendEvents } from './events';
import { lostOwnEvents, touches } from './holes';
import { useDatabase } from './index';
import { WertungsblattDB } from './schema';

let database: WertungsblattDB;
let counter = 0;

beforeEach(() => {
	database = new WertungsblattDB(`holes-${++counter}`);
	useDatabase(database);
});

afterEach(async () => {
	database.close();
	await database.delete();
});

const entry = (n: number) => ({ type: 'round.entry', body: { n } });

/** Appends one event to `stream` per name, in order; returns their numbers. */
async function write(...streams: string[]): Promise<number[]> {
	const seqs: number[] = [];
	for (const [i, stream] of streams.entries())
		seqs.push(...(await appendEvents(stream, 'round', [entry(i)])).map((row) => row.seq));
	return seqs;
}

describe('this device’s events lost while a later one stayed (issue 28, Chromium after a power cut)', () => {
	it('finds none when nothing is lost, and none when only the last writes are (a lost tail)', async () => {
		const seqs = await write('r-a', 'r-a', 'r-a');
		expect(await lostOwnEvents()).toEqual([]);
		await database.events.delete(`${(await database.meta.get('device'))!.value}:${seqs[2]}`);
		expect(await lostOwnEvents()).toEqual([]);
	});

	it('names a lost event in the middle with the streams on either side', async () => {
		const seqs = await write('r-a', 'r-a', 'r-a', 'g-b', 'r-a');
		const device = (await database.meta.get('device'))!.value as string;
		// The power-cut test's case: event 817 (a lay) gone, 818 (the next player's draw) stored.
		await database.events.delete(`${device}:${seqs[2]}`);
		await database.events.delete(`${device}:${seqs[3]}`);
		expect(await lostOwnEvents()).toEqual([
			{ seq: seqs[2], before: 'r-a', after: 'r-a' },
			{ seq: seqs[3], before: 'r-a', after: 'r-a' }
		]);
	});

	it('says which streams a loss may touch: the neighbours only', async () => {
		const seqs = await write('r-a', 'g-b', 'r-c');
		const device = (await database.meta.get('device'))!.value as string;
		await database.events.delete(`${device}:${seqs[1]}`);
		const lost = await lostOwnEvents();
		expect(lost).toEqual([{ seq: seqs[1], before: 'r-a', after: 'r-c' }]);
		expect(lost.some((event) => touches(event, 'r-a'))).toBe(true);
		expect(lost.some((event) => touches(event, 'r-c'))).toBe(true);
		expect(lost.some((event) => touches(event, 'g-b'))).toBe(false);
	});

	it('ignores other devices’ events (a tournament’s events from the desk)', async () => {
		await write('r-a');
		await database.events.bulkAdd([
			{ id: 'desk:1', device: 'desk', seq: 1, stream: 't-x', kind: 'tournament', at: 1, type: 'x', body: {} },
			{ id: 'desk:5', device: 'desk', seq: 5, stream: 't-x', kind: 'tournament', at: 1, type: 'x', body: {} }
		] as never);
		expect(await lostOwnEvents()).toEqual([]);
	});
});
