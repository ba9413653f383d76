/** What travels between devices: events of the log with their ids, and the batches that carry them. */

/** One event as it travels: its id is `<device>:<seq>`, unique across devices. */
export interface SyncEvent {
	readonly device: string;
	readonly seq: number;
	/** Milliseconds since the epoch; in a compact code only to the second (display only). */
	readonly at: number;
	readonly type: string;
	readonly body: unknown;
}

/** The id of an event, as in the log. */
export const eventId = (event: Pick<SyncEvent, 'device' | 'seq'>): string => `${event.device}:${event.seq}`;

/** A table's round as the tablet hands it in: the round stream's events, for one tournament, round and table. */
export interface RoundBatch {
	readonly tournamentId: string;
	readonly round: number;
	readonly table: number;
	/** The round stream's id on the tablet (`r-…`). */
	readonly stream: string;
	/** In log order: `round.started`, then entries, then `round.confirmed`. */
	readonly events: readonly SyncEvent[];
}

/** Event types of a round stream (as in src/lib/db/rounds.ts). */
export const ROUND_EVENT_TYPES = {
	started: 'round.started',
	entry: 'round.entry',
	confirmed: 'round.confirmed'
} as const;

/** Events in log order: by device, then sequence (one device per stream, as a rule). */
export function inLogOrder<E extends Pick<SyncEvent, 'device' | 'seq' | 'at'>>(events: readonly E[]): E[] {
	return [...events].sort((a, b) => (a.device === b.device ? a.seq - b.seq : a.at - b.at || a.seq - b.seq));
}
