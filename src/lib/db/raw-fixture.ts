// A stored database of an earlier schema version built with plain IndexedDB, not Dexie — in fake-indexeddb
// (src/lib/db/upgrade.test.ts) and in a real browser (tests/e2e/upgrade.test.ts): this module imports
// nothing, and `buildRawDatabase` uses nothing outside its own body, so it can be sent into a page.

/** One index (or primary key) as IndexedDB knows it. */
export interface IndexShape {
	readonly name: string;
	readonly keyPath: string | string[] | null;
	readonly unique: boolean;
	readonly multiEntry: boolean;
	readonly autoIncrement: boolean;
}

/** A store definition in Dexie's syntax, read the way Dexie reads it: the primary key, then the indexes. */
export function parseStore(spec: string): { primKey: IndexShape; indexes: IndexShape[] } {
	const [primKey, ...indexes] = spec.split(',').map((part) => {
		const source = part.split(':')[0]!.trim();
		const name = source.replace(/([&*]|\+\+)/g, '');
		const compound = /^\[(.*)\]$/.exec(name);
		return {
			name,
			keyPath: compound ? compound[1]!.split('+') : name || null,
			unique: source.includes('&'),
			multiEntry: source.includes('*'),
			autoIncrement: source.includes('++')
		};
	});
	if (!primKey) throw new Error(`empty store definition: "${spec}"`);
	return { primKey, indexes };
}

/** What to build: the database's name and native version, its stores, and their rows. Plain data. */
export interface RawDatabasePlan {
	readonly name: string;
	readonly nativeVersion: number;
	readonly stores: Record<string, { primKey: IndexShape; indexes: IndexShape[] }>;
	readonly tables: Record<string, readonly unknown[]>;
}

/** The plan of a fixture's database: its stores as that version declared them (Dexie's syntax), its rows. */
export function rawPlan(
	name: string,
	fixture: { nativeVersion: number; stores: Record<string, string>; tables: Record<string, unknown[]> }
): RawDatabasePlan {
	const stores = Object.fromEntries(
		Object.entries(fixture.stores).map(([store, spec]) => [store, parseStore(spec)])
	);
	return { name, nativeVersion: fixture.nativeVersion, stores, tables: fixture.tables };
}

/**
 * Builds the planned database: its stores and indexes at its native version number, holding exactly its
 * rows. `factory`: the page's own IndexedDB unless given.
 */
export async function buildRawDatabase(plan: RawDatabasePlan, factory?: IDBFactory): Promise<void> {
	const done = (request: IDBRequest | IDBTransaction) =>
		new Promise<void>((resolve, reject) => {
			if ('oncomplete' in request) {
				request.oncomplete = () => resolve();
				request.onabort = request.onerror = () => reject(request.error ?? new Error('transaction aborted'));
			} else {
				request.onsuccess = () => resolve();
				request.onerror = () => reject(request.error ?? new Error('request failed'));
			}
		});
	const request = (factory ?? indexedDB).open(plan.name, plan.nativeVersion);
	request.onupgradeneeded = () => {
		const database = request.result;
		for (const [store, { primKey, indexes }] of Object.entries(plan.stores)) {
			if (primKey.keyPath === null) throw new Error(`${store}: outbound keys are not supported by fixtures`);
			const objectStore = database.createObjectStore(store, {
				keyPath: primKey.keyPath,
				autoIncrement: primKey.autoIncrement
			});
			for (const index of indexes) {
				objectStore.createIndex(index.name, index.keyPath ?? index.name, {
					unique: index.unique,
					multiEntry: index.multiEntry
				});
			}
		}
	};
	await done(request);
	const database = request.result;
	try {
		const stores = Object.keys(plan.tables);
		const transaction = database.transaction(stores, 'readwrite');
		for (const store of stores) {
			for (const row of plan.tables[store] ?? []) transaction.objectStore(store).add(row);
		}
		await done(transaction);
	} finally {
		database.close();
	}
}
