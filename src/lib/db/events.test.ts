import 'fake-indexeddb/auto';
import { liveQuery } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appendEvents, appendEventsNow, deviceId, prepareAppend, streamEvents } from './events';
import { useDatabase } from './index';
import { WertungsblattDB } from './schema';
import { closeDevices, openDatabase } from './sync-testing';

let counter = 0;

/** Two connections to one database, as two tabs of one browser have. */
function tabs(): [WertungsblattDB, WertungsblattDB] {
	const name = `events-${++counter}`;
	return [openDatabase(name), openDatabase(name)];
}

afterEach(closeDevices);

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

describe('appendEventsNow (a tap at the table)', () => {
	const summary = (id: string, status: string) => ({
		id,
		createdAt: 1,
		updatedAt: 2,
		players: ['Anna', 'Ben'],
		preset: 'tournament',
		status,
		totals: [0, 0],
		gameId: null,
		tournamentId: null
	});

	it('writes what appendEvents writes, numbered on, in one strict-durable transaction committed at once', async () => {
		const [tab] = tabs();
		useDatabase(tab);
		await appendEvents('s', 'round', tap(1));
		const opened = vi.spyOn(tab.backendDB(), 'transaction');
		const rows = await appendEventsNow('s', 'round', tap(2), [
			{ table: tab.rounds, row: summary('s', 'running') }
		]);
		expect(opened).toHaveBeenCalledTimes(1);
		expect(opened.mock.calls[0]?.[1]).toBe('readwrite');
		expect(opened.mock.calls[0]?.[2]).toEqual({ durability: 'strict' });
		const device = await deviceId();
		expect(rows?.map((row) => row.id)).toEqual([`${device}:2`]);
		expect((await streamEvents('s')).map((row) => [row.id, (row.body as { n: number }).n])).toEqual([
			[`${device}:1`, 1],
			[`${device}:2`, 2]
		]);
		expect((await tab.meta.get('seq'))?.value).toBe(2);
		expect((await tab.rounds.get('s'))?.status).toBe('running');
		await appendEvents('s', 'round', tap(3));
		expect((await streamEvents('s')).map((row) => row.seq)).toEqual([1, 2, 3]);
	});

	it('leaves it to Dexie (null, nothing written) while this tab does not know the counter', async () => {
		const [first, second] = tabs();
		useDatabase(first);
		await appendEvents('s', 'round', tap(1));
		useDatabase(second);
		expect(await appendEventsNow('s', 'round', tap(2), [])).toBeNull();
		expect((await streamEvents('s')).length).toBe(1);
		await prepareAppend(); // reads the counter: from now on the tab writes at once
		expect(await appendEventsNow('s', 'round', tap(2), [])).not.toBeNull();
		expect((await streamEvents('s')).map((row) => row.seq)).toEqual([1, 2]);
	});

	it('another tab took the next number: nothing written, null, and Dexie’s append numbers on', async () => {
		const [first, second] = tabs();
		useDatabase(first);
		await appendEvents('s', 'round', tap(1));
		useDatabase(second);
		await appendEvents('s', 'round', tap(2));
		useDatabase(first); // still remembers seq 1: its next id exists already
		expect(
			await appendEventsNow('s', 'round', tap(3), [{ table: first.rounds, row: summary('s', 'x') }])
		).toBeNull();
		expect((await streamEvents('s')).length).toBe(2);
		expect(await first.rounds.get('s')).toBeUndefined(); // the summary went nowhere either
		await appendEvents('s', 'round', tap(3));
		expect((await streamEvents('s')).map((row) => [row.seq, (row.body as { n: number }).n])).toEqual([
			[1, 1],
			[2, 2],
			[3, 3]
		]);
	});

	it('a row that cannot be stored takes the whole write back: null, and not one of its rows is there', async () => {
		const [tab] = tabs();
		useDatabase(tab);
		await appendEvents('s', 'round', tap(1));
		const unstorable = { ...summary('s', 'running'), totals: () => 0 };
		expect(await appendEventsNow('s', 'round', tap(2), [{ table: tab.rounds, row: unstorable }])).toBeNull();
		expect((await streamEvents('s')).map((row) => row.seq)).toEqual([1]);
		expect((await tab.meta.get('seq'))?.value).toBe(1);
		await appendEvents('s', 'round', tap(2));
		expect((await streamEvents('s')).map((row) => row.seq)).toEqual([1, 2]);
	});

	it('tells liveQuery what changed: a count of the stream and a list of summaries read anew', async () => {
		const [tab] = tabs();
		useDatabase(tab);
		await appendEvents('s', 'round', tap(1));
		await tab.rounds.put(summary('s', 'running'));
		const counts: number[] = [];
		const statuses: string[][] = [];
		const counting = liveQuery(() => tab.events.where('stream').equals('s').count()).subscribe((n) =>
			counts.push(n)
		);
		const listing = liveQuery(() => tab.rounds.where('status').equals('running').toArray()).subscribe(
			(rows) => statuses.push(rows.map((row) => row.id))
		);
		try {
			await vi.waitFor(() => expect(counts).toEqual([1]));
			await vi.waitFor(() => expect(statuses).toEqual([['s']]));
			await appendEventsNow('s', 'round', tap(2), [{ table: tab.rounds, row: summary('s', 'settle') }]);
			await vi.waitFor(() => expect(counts).toEqual([1, 2]));
			await vi.waitFor(() => expect(statuses).toEqual([['s'], []]));
			// Another stream's events are not this stream's: its count is not read again.
			await appendEventsNow('t', 'round', tap(3), []);
			await new Promise((resolve) => setTimeout(resolve, 50));
			expect(counts).toEqual([1, 2]);
		} finally {
			counting.unsubscribe();
			listing.unsubscribe();
		}
	});
});
