import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { appendEvents, deviceId, streamEvents } from './events';
import { useDatabase } from './index';
import { WertungsblattDB } from './schema';

let counter = 0;
const opened: WertungsblattDB[] = [];

/** Two connections to one database, as two tabs of one browser have. */
function tabs(): [WertungsblattDB, WertungsblattDB] {
	const name = `events-${++counter}`;
	const pair: [WertungsblattDB, WertungsblattDB] = [new WertungsblattDB(name), new WertungsblattDB(name)];
	opened.push(...pair);
	return pair;
}

afterEach(async () => {
	for (const database of opened.splice(0)) database.close();
});

const tap = (n: number) => [{ type: 'tap', body: { n } }];

describe('appendEvents', () => {
	it('numbers the events of a device 1, 2, 3 … and keeps the counter in meta', async () => {
		const [tab] = tabs();
		useDatabase(tab);
		await appendEvents('s', 'round', tap(1));
		await appendEvents('s', 'round', [...tap(2), ...tap(3)]);
		const rows = await streamEvents('s');
		const device = await deviceId();
		expect(rows.map((row) => [row.id, row.seq])).toEqual([
			[`${device}:1`, 1],
			[`${device}:2`, 2],
			[`${device}:3`, 3]
		]);
		expect((await tab.meta.get('seq'))?.value).toBe(3);
	});

	it('loses nothing and repeats no id when another tab wrote since this tab’s last write', async () => {
		const [first, second] = tabs();
		useDatabase(first);
		await appendEvents('s', 'round', tap(1));
		await appendEvents('s', 'round', tap(2));
		useDatabase(second);
		await appendEvents('s', 'round', tap(3));
		useDatabase(first); // still remembers seq 2: its next id exists already
		await appendEvents('s', 'round', tap(4));
		useDatabase(second); // remembers seq 3, but the first tab wrote 4
		await appendEvents('s', 'round', [...tap(5), ...tap(6)]);

		const rows = await streamEvents('s');
		expect(rows.map((row) => (row.body as { n: number }).n)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(rows.map((row) => row.seq)).toEqual([1, 2, 3, 4, 5, 6]);
		expect(new Set(rows.map((row) => row.id)).size).toBe(6);
		expect((await second.meta.get('seq'))?.value).toBe(6);
	});

	it('writes nothing when the projection fails, and the next append continues the numbering', async () => {
		const [tab] = tabs();
		useDatabase(tab);
		await appendEvents('s', 'round', tap(1));
		await expect(
			appendEvents('s', 'round', tap(2), () => Promise.reject(new Error('projection failed')))
		).rejects.toThrow('projection failed');
		await appendEvents('s', 'round', tap(3));
		const rows = await streamEvents('s');
		expect(rows.map((row) => [(row.body as { n: number }).n, row.seq])).toEqual([
			[1, 1],
			[3, 2]
		]);
	});

	it('inside a caller’s transaction takes the counter from storage, so an abort leaves no gap', async () => {
		const [tab] = tabs();
		useDatabase(tab);
		await appendEvents('s', 'round', tap(1));
		await expect(
			tab.transaction('rw', [tab.events, tab.meta], async () => {
				await appendEvents('s', 'round', tap(2));
				throw new Error('the caller gives up');
			})
		).rejects.toThrow('the caller gives up');
		await appendEvents('s', 'round', tap(3));
		expect((await streamEvents('s')).map((row) => row.seq)).toEqual([1, 2]);
	});
});
