import { WertungsblattDB } from './schema';

let instance: WertungsblattDB | null = null;
let own = false;
const onCreate: ((database: WertungsblattDB) => void)[] = [];

/** The one database of the app (opened on first use). */
export function db(): WertungsblattDB {
	if (!instance) {
		instance = new WertungsblattDB();
		own = true;
		for (const watch of onCreate) watch(instance);
	}
	return instance;
}

/**
 * Calls `watch` with the app's database when it is created, or at once if it already is (the UI's
 * connection state does, connection.svelte.ts). Databases passed to {@link useDatabase} are not watched.
 */
export function whenCreated(watch: (database: WertungsblattDB) => void): void {
	onCreate.push(watch);
	if (instance && own) watch(instance);
}

/** Swaps the database (tests use a fresh fake-indexeddb database per case). */
export function useDatabase(database: WertungsblattDB): void {
	instance = database;
	own = false;
}
