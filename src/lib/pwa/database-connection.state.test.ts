import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DatabaseConnection } from './database-connection.state.svelte';
import { appendEvents, streamEvents } from '$lib/db/events';
import { useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { IDB_VERSION, SCHEMA_VERSION } from '$lib/db/version';

/** The IndexedDB version of the next schema version (Dexie opens version n as 10·n). */
const NEXT_IDB_VERSION = IDB_VERSION + 10;

let counter = 0;
const names: string[] = [];
const opened: Dexie[] = [];
function database(): WertungsblattDB {
	const name = `connection-${++counter}`;
	names.push(name);
	const created = new WertungsblattDB(name);
	opened.push(created);
	return created;
}
afterEach(async () => {
	for (const each of opened.splice(0)) each.close();
	for (const name of names.splice(0)) await Dexie.delete(name);
});

/** What another tab with a newer version of the app does: open the database at a higher version. */
function openNewer(name: string, version: number): { result: Promise<IDBDatabase>; blocked: () => boolean } {
	let blocked = false;
	const request = indexedDB.open(name, version);
	request.onblocked = () => (blocked = true);
	request.onupgradeneeded = () => request.result.createObjectStore('future', { keyPath: 'id' });
	const result = new Promise<IDBDatabase>((resolve, reject) => {
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error ?? new Error('open failed'));
	});
	return { result, blocked: () => blocked };
}

function deferred() {
	let resolve!: () => void;
	const promise = new Promise<void>((r) => (resolve = r));
	return { promise, resolve };
}

const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 2000 });

describe('another tab opens the database at a higher version', () => {
	it('lets the queued writes finish, then closes; the other tab upgrades and finds every write', async () => {
		const db = database();
		const connection = new DatabaseConnection();
		connection.watch(db);
		useDatabase(db);
		await appendEvents('r-1', 'round', [{ type: 'round.started', body: {} }]);

		// The table screen still has a tap on its way to disk.
		const tap = deferred();
		let written = false;
		connection.beforeClose(async () => {
			await tap.promise;
			await appendEvents('r-1', 'round', [{ type: 'round.entry', body: { n: 2 } }]);
			written = true;
		});

		const newer = openNewer(db.name, NEXT_IDB_VERSION);
		await until(() => connection.state === 'closing');
		expect(connection.reason).toBe('upgrade');
		await new Promise((r) => setTimeout(r, 50));
		expect(db.isOpen()).toBe(true); // waiting for the tap, the other tab waits too

		tap.resolve();
		const upgraded = await newer.result;
		expect(written).toBe(true);
		expect(connection.state).toBe('closed');
		expect(upgraded.version).toBe(NEXT_IDB_VERSION);
		upgraded.close();

		// This tab's old code must not quietly reopen the database: it has to reload.
		await expect(db.events.count()).rejects.toMatchObject({ name: 'DatabaseClosedError' });
		// The reloaded tab (still this code) opens the upgraded database and finds both events.
		const reloaded = new WertungsblattDB(db.name);
		opened.push(reloaded);
		useDatabase(reloaded);
		expect((await streamEvents('r-1')).map((e) => e.type)).toEqual(['round.started', 'round.entry']);
	});

	it('closes anyway when a queued write hangs, after the flush timeout', async () => {
		const db = database();
		const connection = new DatabaseConnection();
		connection.watch(db, { flush: 30, blocked: 1000 });
		await db.open();
		connection.beforeClose(() => new Promise(() => {}));
		const newer = openNewer(db.name, NEXT_IDB_VERSION);
		(await newer.result).close();
		expect(connection.state).toBe('closed');
	});

	it('closes at once with nothing queued, and says the database is being deleted when it is', async () => {
		const db = database();
		const connection = new DatabaseConnection();
		const unregister = connection.beforeClose(() => new Promise(() => {}));
		unregister();
		connection.watch(db);
		await db.open();
		await new Promise<void>((resolve, reject) => {
			const request = indexedDB.deleteDatabase(db.name);
			request.onsuccess = () => resolve();
			request.onerror = () => reject(request.error ?? new Error('delete failed'));
		});
		expect(connection).toMatchObject({ state: 'closed', reason: 'delete' });
	});

	it('reports a connection the browser closed by itself as lost', async () => {
		const db = database();
		const connection = new DatabaseConnection();
		connection.watch(db);
		await db.open();
		db.backendDB().onclose?.call(db.backendDB(), new Event('close'));
		expect(connection).toMatchObject({ state: 'closed', reason: 'lost' });
	});
});

describe('the page goes into the back-forward cache and comes back', () => {
	/** A page transition event as the browser sends it when the page is kept in the cache. */
	const cached = (type: 'pagehide' | 'pageshow') =>
		Object.assign(new Event(type), { persisted: true }) as PageTransitionEvent;

	it('keeps the connection usable: Dexie’s close on pagehide is no loss, a later one by the browser is', async () => {
		const db = database();
		const page = new EventTarget();
		const connection = new DatabaseConnection();
		connection.followPage(page);
		connection.watch(db);
		useDatabase(db);
		// What Dexie does on a persisted pagehide (dexie.mjs: "handling persisted pagehide").
		page.addEventListener('pagehide', (event) => {
			if ((event as PageTransitionEvent).persisted) db.close({ disableAutoOpen: false });
		});
		await db.open();

		page.dispatchEvent(cached('pagehide'));
		expect(db.isOpen()).toBe(false);
		page.dispatchEvent(cached('pageshow'));
		expect(connection.state).toBe('open');
		await appendEvents('r-1', 'round', [{ type: 'round.started', body: {} }]);
		expect(await streamEvents('r-1')).toHaveLength(1);

		db.backendDB().onclose?.call(db.backendDB(), new Event('close'));
		expect(connection).toMatchObject({ state: 'closed', reason: 'lost' });
	});
});

describe('this tab opens the database at a higher version while an old tab holds it', () => {
	it('says it is blocked while the old tab does not let go, and goes on once it does', async () => {
		const name = `connection-${++counter}`;
		names.push(name);
		const old = await new Promise<IDBDatabase>((resolve) => {
			const request = indexedDB.open(name, IDB_VERSION);
			request.onsuccess = () => resolve(request.result);
		});
		/** A later version of the app: one more schema version. */
		class NewerDB extends WertungsblattDB {
			constructor() {
				super(name);
				this.version(SCHEMA_VERSION + 1).stores({ notes: 'id' });
			}
		}
		const newer = new NewerDB();
		opened.push(newer);
		const connection = new DatabaseConnection();
		connection.watch(newer, { flush: 3000, blocked: 20 });
		const opening = newer.open();
		await until(() => connection.state === 'blocked');
		old.close();
		await opening;
		await until(() => connection.state === 'open');
	});
});

describe('the database does not open', () => {
	it('says so and does not count it as a lost connection (a reload would fail again), and goes on once it opens', async () => {
		const name = `connection-${++counter}`;
		names.push(name);
		let refuse = true;
		// WebKit's answer to every open of a database a power cut left unfinished.
		const factory = Object.assign(Object.create(indexedDB) as IDBFactory, {
			open: (asked: string, version?: number) => {
				if (!refuse) return indexedDB.open(asked, version);
				const refused = {
					error: new DOMException('Unable to establish IDB database file', 'UnknownError')
				} as IDBOpenDBRequest;
				setTimeout(() => refused.onerror?.call(refused, { target: refused } as unknown as Event));
				return refused;
			}
		});
		const db = new Dexie(name, { indexedDB: factory, IDBKeyRange });
		db.version(1).stores({ notes: 'id' });
		opened.push(db);
		const connection = new DatabaseConnection();
		connection.watch(db);
		await expect(db.open()).rejects.toMatchObject({ name: 'UnknownError' });
		expect(connection).toMatchObject({ state: 'failed', reason: 'unopenable' });

		refuse = false;
		await db.open();
		expect(connection).toMatchObject({ state: 'open', reason: null });
	});
});
