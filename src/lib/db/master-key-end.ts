import type { Transaction } from 'dexie';
import { knownTournamentSchema } from '../codecs/sync';
import { storedTournamentEventSchema } from '../codecs/tournament';
import { MAX_ROUND } from '../domain/limits';
import { applyEvent, type TournamentState } from '../domain/tournament';
import type { EventRow } from './event-rows';
import { inStreamOrder } from './stream-order';

/**
 * Schema version 3's upgrade: the master key ends where the new keys begin. A director's key row written
 * before per-table keys holds the master key and no `legacyThrough`: every table code of that version
 * carried the master key itself, so results signed with it are taken for the rounds drawn until then —
 * and for no round drawn after the upgrade. The rounds are counted here, once, at the upgrade (not when
 * the desk first shows a code: a round drawn in between was never handed out with the master key).
 */
export async function endMasterKey(tx: Transaction): Promise<void> {
	const keys = tx.table<unknown, string>('tournamentKeys');
	const events = tx.table<EventRow, string>('events');
	for (const stored of await keys.toArray()) {
		const row = knownTournamentSchema.safeParse(stored);
		if (!row.success || row.data.role !== 'director' || row.data.legacyThrough !== undefined) continue;
		// No master key yet: none was ever handed out.
		const through = row.data.key
			? newestRound(inStreamOrder(await events.where('stream').equals(row.data.id).toArray()))
			: 0;
		await keys.put({ ...(stored as object), legacyThrough: through });
	}
}

/**
 * The newest round of a stored tournament log (the final's last round once it is drawn). A log that does
 * not read keeps every round a tournament can have under the master key, as before the upgrade: its
 * tournament does not open on this desk either.
 */
function newestRound(rows: readonly EventRow[]): number {
	let state: TournamentState | null = null;
	for (const row of rows) {
		const event = storedTournamentEventSchema.safeParse(row.body);
		const next: ReturnType<typeof applyEvent> | null = event.success ? applyEvent(state, event.data) : null;
		if (!next?.ok) return MAX_ROUND;
		state = next.value;
	}
	return state?.rounds.at(-1)?.number ?? 0;
}
