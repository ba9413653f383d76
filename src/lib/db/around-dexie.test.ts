import 'fake-indexeddb/auto';
import { Dexie, type IntervalTree, type ObservabilitySet } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { appendEvents, appendEventsNow, deviceId, prepareAppend } from './events';
import { WertungsblattDB } from './schema';
import { closeDevices, device } from './sync-testing';

// The tap's write goes around Dexie (around-dexie.ts) and must leave what Dexie's own write leaves: the same
// rows, and a notification that reaches every liveQuery Dexie's own notification reaches. Each path writes
// the same two events and round summary into a database of its own; device ids and database names differ and
// are set aside before comparing.

afterEach(closeDevices);

const summary = {
	id: 'r',
	createdAt: 1,
	updatedAt: 2,
	players: ['Anna', 'Ben'],
	preset: 'tournament',
	status: 'running',
	totals: [7, 0],
	gameId: null,
	tournamentId: 't'
};
const taps = [
	{ type: 'round.entry', body: { n: 2 } },
	{ type: 'round.entry', body: { n: 3 } }
];

interface Written {
	readonly rows: Record<string, unknown[]>;
	readonly parts: ObservabilitySet;
	readonly name: string;
	readonly device: string;
}

/** One database with one event written through Dexie, then `write`; what it holds and what was fired. */
async function written(write: (database: WertungsblattDB) => Promise<unknown>): Promise<Written> {
	const database = device('around-dexie');
	await appendEvents('r', 'round', [{ type: 'round.started', body: {} }], undefined, [], 1);
	await prepareAppend();
	const fired: ObservabilitySet[] = [];
	const listen = (parts: ObservabilitySet) => void fired.push(parts);
	Dexie.on('storagemutated').subscribe(listen);
	try {
		await write(database);
		// The write around Dexie tells liveQuery in a task of its own.
		await new Promise((resolve) => setTimeout(resolve, 20));
	} finally {
		Dexie.on('storagemutated').unsubscribe(listen);
	}
	const ours = fired.filter((parts) =>
		Object.keys(parts).some((key) => key.startsWith(`idb://${database.name}/`))
	);
	expect(ours).toHaveLength(1);
	const rows: Record<string, unknown[]> = {};
	for (const table of database.tables) rows[table.name] = await table.toArray();
	return { rows, parts: ours[0]!, name: database.name, device: await deviceId() };
}

/** A value with this database's name and device id replaced by placeholders, in every string and key. */
function neutral(value: unknown, written: Pick<Written, 'name' | 'device'>): unknown {
	const { name, device } = written;
	const text = (s: string) => s.replaceAll(`idb://${name}/`, 'idb://DB/').replaceAll(device, 'DEVICE');
	if (typeof value === 'string') return text(value);
	if (Array.isArray(value)) return value.map((item) => neutral(item, written));
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value).map(([key, item]) => [text(key), neutral(item, written)])
		);
	}
	return value;
}

/** The ranges of a part as [from, to] pairs. */
function ranges(tree: IntervalTree): [unknown, unknown][] {
	const list: [unknown, unknown][] = [];
	const walk = (node: IntervalTree | null | undefined) => {
		if (!node || !('from' in node)) return;
		walk(node.l);
		list.push([node.from, node.to]);
		walk(node.r);
	};
	walk(tree);
	return list;
}

describe('a write around Dexie leaves what a write through Dexie leaves', () => {
	it('the same rows, and a notification that covers Dexie’s own', async () => {
		const viaDexie = await written((database) =>
			appendEvents('r', 'round', taps, () => database.rounds.put(summary), [database.rounds], 2)
		);
		const around = await written(async (database) => {
			const rows = await appendEventsNow('r', 'round', taps, [{ table: database.rounds, row: summary }], 2);
			expect(rows).not.toBeNull();
		});

		expect(neutral(around.rows, around)).toEqual(neutral(viaDexie.rows, viaDexie));

		const dexieParts = neutral(
			Object.fromEntries(Object.entries(viaDexie.parts).map(([key, tree]) => [key, ranges(tree)])),
			viaDexie
		) as Record<string, [unknown, unknown][]>;
		const aroundParts = neutral(
			Object.fromEntries(Object.entries(around.parts).map(([key, tree]) => [key, ranges(tree)])),
			around
		) as Record<string, [unknown, unknown][]>;
		// Every part Dexie names is named, but the added events' `:dels`: a new row was in no query's result
		// (Dexie marks it all the same, and so reads again queries the write cannot change).
		expect(Object.keys(aroundParts).sort()).toEqual(
			Object.keys(dexieParts)
				.filter((key) => key !== 'idb://DB/events/:dels')
				.sort()
		);
		for (const [key, list] of Object.entries(aroundParts)) {
			const summaryIndex = key.startsWith('idb://DB/rounds/') && !/\/rounds\/(:dels)?$/.test(key);
			// Dexie names the summary's new index values; the write around it names each index whole, which
			// also covers the former values a query may have listed.
			expect(list, key).toEqual(summaryIndex ? [[-Infinity, [[[]]]]] : dexieParts[key]);
		}
	});
});
