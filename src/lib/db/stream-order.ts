import type { EventRow } from './event-rows';

/**
 * A stream's events in the order they were written: by sequence within a device. Events of two
 * devices in one stream (a replaced tablet) are interleaved by the devices' clocks; the sync layer
 * shows such streams to the director as a conflict.
 */
export function inStreamOrder(rows: EventRow[]): EventRow[] {
	return rows.sort((a, b) => (a.device === b.device ? a.seq - b.seq : a.at - b.at || a.seq - b.seq));
}
