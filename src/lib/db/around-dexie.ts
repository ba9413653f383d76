import { Dexie, RangeSet, type IndexableType, type ObservabilitySet, type Table } from 'dexie';

// The one place that writes around Dexie (the tap's write, events.ts `appendEventsNow`). It leans on two
// things Dexie does not promise across releases, which is why `dexie` is pinned to one exact version in
// package.json: `backendDB()` hands out Dexie's own IDBDatabase, and liveQuery matches what changed by parts
// named `idb://<database>/<table>/<index>` (the empty index is the primary key) fired through
// `Dexie.on('storagemutated')`. around-dexie.test.ts writes the same rows both ways and compares the rows and
// the notifications; after an upgrade of Dexie, that test says whether this still holds.

/** A row added under a new key, or written whole over the one with its key. */
export interface RawWrite {
	readonly table: Table;
	readonly row: object;
	readonly mode: 'add' | 'put';
}

/**
 * Writes the rows with plain IndexedDB on Dexie's connection in one strict-durable transaction, committed
 * at once (`IDBTransaction.commit`), all or nothing. True once committed; false, with nothing written,
 * when a request was refused or the transaction could not start or aborted.
 */
export async function writeAroundDexie(database: Dexie, writes: readonly RawWrite[]): Promise<boolean> {
	const stores = [...new Set(writes.map((write) => write.table.name))];
	let transaction: IDBTransaction | null = null;
	try {
		transaction = database.backendDB().transaction(stores, 'readwrite', { durability: 'strict' });
		const written = transaction;
		const committed = new Promise<void>((resolve, reject) => {
			written.oncomplete = () => resolve();
			written.onabort = () => reject(written.error ?? new Error('IndexedDB transaction aborted'));
		});
		// Awaited below, or, when a request is refused before the commit, given up with the abort.
		committed.catch(() => {});
		for (const { table, row, mode } of writes) {
			const store = written.objectStore(table.name);
			if (mode === 'add') store.add(row);
			else store.put(row);
		}
		written.commit?.();
		await committed;
		return true;
	} catch {
		// A request refused before the commit (a row that cannot be stored) must not leave the others
		// to be committed on their own: all or nothing, as through Dexie.
		try {
			transaction?.abort();
		} catch {
			// already aborted or finished
		}
		return false;
	}
}

/**
 * Tells every liveQuery (in this tab and, through Dexie's broadcast, in the others) what a write around
 * Dexie changed, as Dexie would after its own write: a row by its primary key, an added row by its key in
 * every index, a row written over another by its key in `:dels` and its indexes as a whole (Dexie names the
 * new values; the former ones, which a query may have listed, are covered by the whole index).
 */
export function notifyLiveQueries(database: Dexie, writes: readonly RawWrite[]): void {
	Dexie.on('storagemutated').fire(changedParts(database, writes));
}

function changedParts(database: Dexie, writes: readonly RawWrite[]): ObservabilitySet {
	const part = (table: Table, index = '') => `idb://${database.name}/${table.name}/${index}`;
	const keyOf = (row: object, keyPath: string | string[] | null | undefined): IndexableType =>
		Dexie.getByKeyPath(row, keyPath ?? '') as IndexableType;
	const parts: ObservabilitySet = {};
	const touch = (name: string, range: RangeSet) => {
		parts[name] = name in parts ? range.add(parts[name]!) : range;
	};
	for (const { table, row, mode } of writes) {
		const key = keyOf(row, table.schema.primKey.keyPath);
		touch(part(table), new RangeSet().addKey(key));
		// A row written over another may have left a query's result: Dexie marks its key in `:dels`. An
		// added row was in no result (Dexie marks it too, and so reads again queries it cannot change).
		if (mode === 'put') touch(part(table, ':dels'), new RangeSet().addKey(key));
		for (const index of table.schema.indexes) {
			const keys = mode === 'add' ? new RangeSet().addKey(keyOf(row, index.keyPath)) : everything();
			touch(part(table, index.name), keys);
		}
	}
	return parts;
}

/** Every key there is: Dexie's own range for "the whole index". */
const everything = () => new RangeSet(-Infinity, [[[]]]);
