import type Dexie from 'dexie';

type Follower = (database: Dexie) => void;

const followers = new Set<Follower>();
let created: Dexie | null = null;

/**
 * Follows the app's one database: at once if it is there already, else when `db()` creates it. The UI
 * attaches here (its connection state, pwa/database-connection.state.svelte.ts, from hooks.client.ts,
 * before any page opens the database); this module loads no Dexie, so neither does the app's entry.
 */
export function followDatabase(follow: Follower): void {
	followers.add(follow);
	if (created) follow(created);
}

/** `db()` hands over the database it has created, once. */
export function databaseCreated(database: Dexie): void {
	created = database;
	for (const follow of followers) follow(database);
}
