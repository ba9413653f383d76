import { databaseCreated } from './followers';
import { WertungsblattDB } from './schema';

let instance: WertungsblattDB | null = null;

/** The one database of the app (opened on first use). */
export function db(): WertungsblattDB {
	if (!instance) {
		instance = new WertungsblattDB();
		// Whoever follows the app's database (the UI's connection state) watches it from its creation.
		databaseCreated(instance);
	}
	return instance;
}

/** Swaps the database (tests use a fresh fake-indexeddb database per case); it is not followed. */
export function useDatabase(database: WertungsblattDB): void {
	instance = database;
}
