import { WertungsblattDB } from './schema';

let instance: WertungsblattDB | null = null;

/** The one database of the app (opened on first use). */
export function db(): WertungsblattDB {
	instance ??= new WertungsblattDB();
	return instance;
}

/** Swaps the database (tests use a fresh fake-indexeddb database per case). */
export function useDatabase(database: WertungsblattDB): void {
	instance = database;
}
