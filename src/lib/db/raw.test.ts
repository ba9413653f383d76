import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { startRound } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { streamEvents } from './events';
import { db } from './index';
import { databaseExists, readStreamRaw } from './raw';
import { appendRoundEntry, createRound } from './rounds';
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
