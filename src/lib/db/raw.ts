import { COPIES_KEY, DEVICE_KEY, storedCopies } from './copies';
import type { EventRow } from './event-rows';
import { inStreamOrder } from './stream-order';
import { DB_NAME, IDB_VERSION } from './version';

/**
 * Reading with plain IndexedDB, without Dexie: the table screen opens with one short read of its
 * round and less code on the way (Dexie, the database's owner, loads right after). It only ever reads
 * a database that is there at exactly the schema version this code knows; anything else — the first
 * start, a database an older version left (to be upgraded), a newer one — answers null, and the caller
 * asks Dexie (index.ts), which creates, upgrades or refuses it. The start page asks here whether the
 * database is there at all (`databaseExists`).
 */

function request<T>(req: IDBRequest<T>): Promise<T> {
	return new Promise((resolve, reject) => {
		req.onsuccess = () => resolve(req.result);
		req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
	});
}

/**
 * The database as it is, without creating it: `missing` when there is none (its creation is aborted, which
 * leaves nothing behind), null when it could not be opened.
 */
function openExisting(name: string): Promise<IDBDatabase | 'missing' | null> {
	return new Promise((resolve) => {
		let open: IDBOpenDBRequest;
		try {
			open = indexedDB.open(name);
		} catch {
			resolve(null);
			return;
		}
		let missing = false;
		// No database yet: abort the creation; Dexie creates it with its schema.
		open.onupgradeneeded = () => {
			missing = true;
			open.transaction?.abort();
		};
		open.onerror = () => resolve(missing ? 'missing' : null);
		open.onblocked = () => resolve(null);
		open.onsuccess = () => {
			const database = open.result;
			// Another tab upgrading must never wait for this short read.
			database.onversionchange = () => database.close();
			resolve(database);
		};
	});
}

/** The database as it is, or null when it is missing or at another version (nothing is created). */
async function openAsIs(name: string): Promise<IDBDatabase | null> {
	const database = await openExisting(name);
	if (database === null || database === 'missing') return null;
	if (database.version === IDB_VERSION && database.objectStoreNames.contains('events')) return database;
	database.close();
	return null;
}

/**
 * Whether this browser holds the database at all (at any version), asked without Dexie and without
 * creating it. Only a sure "no" is false: where IndexedDB fails to answer, the caller goes on to Dexie,
 * which reports what is wrong. The start page on a first visit has no rounds to list, and so loads no
 * database code at all.
 */
export async function databaseExists(name = DB_NAME): Promise<boolean> {
	if (typeof indexedDB === 'undefined') return true;
	const database = await openExisting(name);
	if (database === 'missing') return false;
	database?.close();
	return true;
}

/**
 * Deletes the database when the browser holds one it cannot open and does not list, so that Dexie creates it
 * afresh; says whether it did. WebKit creates a database's file in several commits (its tables, then its name
 * and version): a power cut between them leaves a file that every later open refuses ("UnknownError: Unable
 * to establish IDB database file") and that `indexedDB.databases()` leaves out, as it cannot read its name.
 * Without this the app never opens again on that device. Such a database holds nothing of the app's: the
 * app's first write is the upgrade that gives a database its version, and a database that has one is listed.
 * A listed database is left as it is, whatever its state, and so is one that opens, or a browser that cannot
 * list its databases.
 */
export async function repairUnfinished(name = DB_NAME): Promise<boolean> {
	if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return false;
	const listed = await indexedDB.databases().then(
		(all) => all.some((each) => each.name === name),
		() => true
	);
	if (listed) return false;
	const database = await openExisting(name);
	if (database !== null) {
		if (database !== 'missing') database.close();
		return false;
	}
	try {
		await request(indexedDB.deleteDatabase(name));
		return true;
	} catch {
		return false;
	}
}

/**
 * A stream's events in the order they were written, read with plain IndexedDB; null when this must be
 * left to Dexie (see above) or the read failed. An event of the stream that storage lost while its copy
 * stayed is read from the copy (copies.ts): Dexie puts it back when it opens, after this read.
 */
export async function readStreamRaw(stream: string, name = DB_NAME): Promise<EventRow[] | null> {
	if (typeof indexedDB === 'undefined') return null;
	const database = await openAsIs(name);
	if (!database) return null;
	try {
		const read = database.transaction(['events', 'meta'], 'readonly');
		const meta = read.objectStore('meta');
		const [rows, device, copies] = await Promise.all([
			request(read.objectStore('events').index('stream').getAll(stream) as IDBRequest<EventRow[]>),
			request(meta.get(DEVICE_KEY) as IDBRequest<{ value: unknown } | undefined>),
			request(meta.get(COPIES_KEY) as IDBRequest<{ value: unknown } | undefined>)
		]);
		if (typeof device?.value !== 'string') return inStreamOrder(rows);
		const stored = new Set(rows.map((row) => row.id));
		const lost = storedCopies(copies?.value, device.value).filter(
			(copy) => copy.stream === stream && !stored.has(copy.id)
		);
		return inStreamOrder([...rows, ...lost]);
	} catch {
		return null;
	} finally {
		database.close();
	}
}
