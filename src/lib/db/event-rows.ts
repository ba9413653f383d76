// The log's row, apart from the database that stores it: the upgrades the schema runs (master-key-end.ts)
// and the helpers they use read rows without importing the schema that imports them.

/** A stream an event belongs to: one round at a table, one club game, one tournament. */
export const STREAM_KINDS = ['round', 'game', 'tournament'] as const;
export type StreamKind = (typeof STREAM_KINDS)[number];

/**
 * One row of the append-only log. `id` is `<device>:<seq>`: unique across devices, so merging
 * logs from several tablets is a plain union (docs/ARCHITECTURE.md, sync).
 */
export interface EventRow {
	id: string;
	device: string;
	seq: number;
	stream: string;
	kind: StreamKind;
	/** Milliseconds since the epoch, from the device clock (for display; orders only across devices). */
	at: number;
	type: string;
	body: unknown;
}
