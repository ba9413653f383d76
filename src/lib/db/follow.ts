import { liveQuery } from 'dexie';
import { db } from './index';

/** Calls `changed` whenever the number of a stream's stored events changes, in any window. */
export function followStream(stream: string, changed: () => void): () => void {
	let last: number | null = null;
	const subscription = liveQuery(() => db().events.where('stream').equals(stream).count()).subscribe({
		next: (count) => {
			if (last !== null && count !== last) changed();
			last = count;
		},
		error: () => {
			// storage closed (another version took over): the connection notice handles it
		}
	});
	return () => subscription.unsubscribe();
}
