import { connection } from './database-connection.state.svelte';
import { WertungsblattDB } from './schema';

let instance: WertungsblattDB | null = null;

/** The one database of the app (opened on first use). */
export function db(): WertungsblattDB {
	if (!instance) {
		instance = new WertungsblattDB();
		// The UI's connection state (connection.svelte.ts) watches the app's own database; the root
		// layout shows it without loading Dexie itself.
		connection.watch(instance);
	}
	return instance;
}

/** Swaps the database (tests use a fresh fake-indexeddb database per case); it is not watched. */
export function useDatabase(database: WertungsblattDB): void {
	instance = database;
}
