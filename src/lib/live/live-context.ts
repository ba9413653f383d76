import { createContext } from 'svelte';
import type { LiveTournament } from './live-tournament.state.svelte';

/**
 * The query of a tournament's live pages (`db=…&t=…` and what a page adds, `runde`, `name`): every link
 * between them names the server and the tournament again. The pages' paths are `resolve()`d where linked.
 */
export type LiveQuery = (extra?: Record<string, string>) => string;

/** The live pages' query for tournament `t` on the database at `db`. */
export function liveQuery(db: string, t: string): LiveQuery {
	return (extra = {}) => new URLSearchParams({ db, t, ...extra }).toString();
}

/** What the live frame gives the pages inside it: the followed tournament and its links' query. */
export interface LiveContext {
	readonly live: LiveTournament;
	readonly query: LiveQuery;
}

export const [liveContext, setLiveContext] = createContext<LiveContext>();
