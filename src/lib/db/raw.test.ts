import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { startRound } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { appendEvents, streamEvents } from './events';
import { db } from './index';
import { databaseExists, readStreamRaw, repairUnfinished } from './raw';
import { appendRoundEntry, createRound } from './rounds';
import { WertungsblattDB } from './schema';
import { IDB_VERSION, SCHEMA_VERSION } from './version';
import { closeDevices, device } from './sync-testing';

const context = { gameId: null, tournamentId: null, round: null, table: null, startDraw: null };
async function databaseWithRound(): Promise<{ name: string; id: string }> {
	const { name } = device('raw');
	const started = startRound({ rules: TOURNAMENT, players: ['Anna', 'Ben', 'Cara'], start: 0 });
	if (!started.ok) throw new Error(JSON.stringify(started.error));
	const id = await createRound(started.value, context, 1000);
	await appendRoundEntry(id, { type: 'act', action: { type: 'draw' } }, started.value, 2000);
	await appendRoundEntry(id, { type: 'undo' }, started.value, 3000);
	return { name, id };
}

/** Whether a database of that name exists (without creating it). */
async function exists(name: string): Promise<boolean> {
	return (await indexedDB.databases()).some((info) => info.name === name);
}

/** Leaves a database as an older version of the app would have: at `version`, with one store. */
async function olderDatabase(name: string, version: number, store: string): Promise<void> {
	const older = await new Promise<IDBDatabase>((resolve, reject) => {
		const open = indexedDB.open(name, version);
		open.onupgradeneeded = () => open.result.createObjectStore(store, { keyPath: 'id' });
		open.onsuccess = () => resolve(open.result);
		open.onerror = () => reject(open.error);
	});
	older.close();
}

afterEach(closeDevices);

describe('reading a round without Dexie (the table screen opens with it)', () => {
	it('reads the same events in the same order as Dexie does', async () => {
		const { name, id } = await databaseWithRound();
		const raw = await readStreamRaw(id, name);
		expect(raw).not.toBeNull();
		expect(raw).toEqual(await streamEvents(id));
		expect(raw?.map((e) => e.type)).toEqual(['round.started', 'round.entry', 'round.entry']);
	});

	it('reads an event storage lost from its copy, as Dexie puts it back when it opens (copies.ts)', async () => {
		const { name, id } = await databaseWithRound();
		const whole = await streamEvents(id);
		// The middle one lost (the cut seen in Chromium), and the rows of another stream left out.
		await appendEvents('r-other', 'round', [{ type: 'round.entry', body: {} }]);
		await db().events.delete(whole[1]!.id);
		expect(await readStreamRaw(id, name)).toEqual(whole);
	});

	it('does not create a missing database: Dexie does that, with its schema', async () => {
		device('raw');
		expect(await readStreamRaw('r-x', 'raw-none')).toBeNull();
		expect(await exists('raw-none')).toBe(false);
	});

	it('leaves a database at another schema version to Dexie (upgrade or refusal)', async () => {
		device('raw');
		await olderDatabase('raw-older', IDB_VERSION - 1, 'events');
		expect(await readStreamRaw('r-x', 'raw-older')).toBeNull();
		indexedDB.deleteDatabase('raw-older');
	});

	it('never holds the database open: an upgrade in another tab does not wait for it', async () => {
		const { name, id } = await databaseWithRound();
		db().close();
		await readStreamRaw(id, name);
		const upgraded = await new Promise<number>((resolve, reject) => {
			const open = indexedDB.open(name, IDB_VERSION + 10);
			open.onblocked = () => reject(new Error('blocked by the raw reader'));
			open.onsuccess = () => {
				open.result.close();
				resolve(open.result.version);
			};
			open.onerror = () => reject(open.error);
		});
		expect(upgraded).toBe(IDB_VERSION + 10);
	});

	it('knows the schema version Dexie declares', () => {
		const database = device('raw');
		expect(database.verno).toBe(SCHEMA_VERSION);
	});
});

describe('asking whether the database is there at all (the start page on a first visit)', () => {
	it('says no for a database this browser never had, and does not create it', async () => {
		expect(await databaseExists('exists-none')).toBe(false);
		expect(await exists('exists-none')).toBe(false);
		// Asked twice: the first question left nothing behind that the second would find.
		expect(await databaseExists('exists-none')).toBe(false);
	});

	it('says yes for the database with rounds in it, and leaves it as it was', async () => {
		const { name, id } = await databaseWithRound();
		expect(await databaseExists(name)).toBe(true);
		expect(await readStreamRaw(id, name)).toHaveLength(3);
	});

	it('says yes for a database at another schema version: Dexie upgrades it, its rounds are listed', async () => {
		await olderDatabase('exists-older', IDB_VERSION - 10, 'rounds');
		expect(await databaseExists('exists-older')).toBe(true);
		expect((await indexedDB.databases()).find((info) => info.name === 'exists-older')?.version).toBe(
			IDB_VERSION - 10
		);
		indexedDB.deleteDatabase('exists-older');
	});

	it('says yes where the browser cannot answer, so the caller asks Dexie, which reports what is wrong', async () => {
		const real = indexedDB.open.bind(indexedDB);
		indexedDB.open = () => {
			throw new DOMException('The user denied permission to access the database.', 'SecurityError');
		};
		try {
			expect(await databaseExists('exists-denied')).toBe(true);
		} finally {
			indexedDB.open = real;
		}
	});
});

/**
 * What WebKit leaves when the power fails while it first creates a database: a file that every open refuses
 * and that `databases()` does not list, until it is deleted. `listed`: a database the browser lists all the
 * same (one that held data). Returns the undo.
 */
function unopenable(name: string, listed = false): () => void {
	const { open, deleteDatabase, databases } = indexedDB;
	let broken = true;
	indexedDB.open = (asked: string, version?: number) => {
		if (!broken || asked !== name) return open.call(indexedDB, asked, version);
		const refused = {
			error: new DOMException('Unable to establish IDB database file', 'UnknownError')
		} as IDBOpenDBRequest;
		setTimeout(() => refused.onerror?.call(refused, { target: refused } as unknown as Event));
		return refused;
	};
	indexedDB.deleteDatabase = (asked: string) => {
		if (asked === name) broken = false;
		return deleteDatabase.call(indexedDB, asked);
	};
	indexedDB.databases = async () => [
		...(await databases.call(indexedDB)),
		...(listed && broken ? [{ name, version: IDB_VERSION }] : [])
	];
	return () => Object.assign(indexedDB, { open, deleteDatabase, databases });
}

describe('a database the browser cannot open (WebKit after a power cut while creating it)', () => {
	it('is deleted when the browser does not list it', async () => {
		const undo = unopenable('unfinished');
		try {
			expect(await repairUnfinished('unfinished')).toBe(true);
			expect(await repairUnfinished('unfinished')).toBe(false);
		} finally {
			undo();
		}
	});

	it('is created afresh on the app’s first use of its database: the first write is kept', async () => {
		const undo = unopenable('unfinished');
		try {
			const after = new WertungsblattDB('unfinished');
			await after.tournaments.put({
				id: 't-1',
				createdAt: 1,
				updatedAt: 1,
				name: 'Stromausfall',
				format: 'triominos',
				date: '2026-11-28',
				status: 'setup'
			});
			expect(await after.tournaments.count()).toBe(1);
			after.close();
		} finally {
			undo();
			await Dexie.delete('unfinished');
		}
	});

	it('is left as it is when the browser lists it: it may hold data, nothing is deleted', async () => {
		const undo = unopenable('listed', true);
		try {
			expect(await repairUnfinished('listed')).toBe(false);
			await expect(new WertungsblattDB('listed').open()).rejects.toMatchObject({ name: 'UnknownError' });
		} finally {
			undo();
		}
	});

	it('leaves a database that opens as it was, and creates none where there is none', async () => {
		const { name, id } = await databaseWithRound();
		expect(await repairUnfinished(name)).toBe(false);
		expect(await readStreamRaw(id, name)).toHaveLength(3);
		expect(await repairUnfinished('repair-none')).toBe(false);
		expect(await exists('repair-none')).toBe(false);
	});
});
