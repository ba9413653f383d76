import { crc32 } from './crc32';
import { eventId, type SyncEvent } from './sync-events';

/** JSON with object keys sorted, so equal content always gives equal text. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (value && typeof value === 'object') {
		const entries = Object.entries(value as Record<string, unknown>)
			.filter(([, v]) => v !== undefined)
			.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
		return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
	}
	return JSON.stringify(value ?? null);
}

/** Deep equality of JSON values (object key order does not matter; undefined members count as absent). */
export function sameJson(a: unknown, b: unknown): boolean {
	if (a === b) return true;
	if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
	if (Array.isArray(a) !== Array.isArray(b)) return false;
	if (Array.isArray(a)) {
		const other = b as unknown[];
		return a.length === other.length && a.every((v, i) => sameJson(v, other[i]));
	}
	const x = a as Record<string, unknown>;
	const y = b as Record<string, unknown>;
	const keys = Object.keys(x).filter((k) => x[k] !== undefined);
	return (
		keys.length === Object.keys(y).filter((k) => y[k] !== undefined).length &&
		keys.every((k) => Object.hasOwn(y, k) && sameJson(x[k], y[k]))
	);
}

/** Same type and body. */
export const sameContent = (
	a: Pick<SyncEvent, 'type' | 'body'>,
	b: Pick<SyncEvent, 'type' | 'body'>
): boolean => a.type === b.type && sameJson(a.body, b.body);

/** What identifies an event's content: type and body (not the time, which a code carries only to the second). */
export const eventContent = (event: Pick<SyncEvent, 'type' | 'body'>): string =>
	canonicalJson([event.type, event.body]);

/**
 * A table's digest, shown on the tablet and on the director's board: how many events, the highest
 * sequence number, and a fingerprint of their ids and content. Equal digests mean equal logs; a lower
 * count or sequence on the director's side says exactly what is missing.
 */
export interface Digest {
	readonly count: number;
	readonly lastSeq: number;
	readonly hash: string;
}

export function digest(events: readonly SyncEvent[]): Digest {
	const sorted = [...events].sort((a, b) =>
		a.device === b.device ? a.seq - b.seq : a.device < b.device ? -1 : 1
	);
	const text = sorted.map((e) => `${eventId(e)}=${eventContent(e)}`).join('\n');
	return {
		count: events.length,
		lastSeq: events.reduce((max, e) => Math.max(max, e.seq), 0),
		hash: crc32(new TextEncoder().encode(text)).toString(16).padStart(8, '0')
	};
}

/** "12 · #180 · 1a2b3c4d" */
export const formatDigest = (d: Digest): string => `${d.count} · #${d.lastSeq} · ${d.hash}`;
