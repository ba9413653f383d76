import { Live } from '$lib/db/live.svelte';
import { listRounds } from '$lib/db/rounds';

/**
 * The start page's rounds, newest first, kept current as they change: Dexie and the database's code,
 * which the start page loads only when the browser holds the database (`databaseExists`).
 */
export const liveRounds = () => new Live(async () => listRounds());
