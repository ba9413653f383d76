import type { RoundContext } from '../codecs/round';
import { isRoundEntry, isRoundStarted } from '../codecs/round-check';
import { fail, ok, type Result } from '../domain/result';
import type { DamagedPart, RoundRowProblem } from './problems';
import type { RoundSetup } from '../domain/round';
import type { RoundEntry } from '../domain/roundLog';
import type { EventRow } from './schema';

// Reading a round's stored events, without Dexie: the table screen reads them with plain IndexedDB
// (raw.ts) when it opens, everything else through Dexie (rounds.ts).

/** Event types of a round stream. */
export const ROUND_EVENTS = {
	started: 'round.started',
	entry: 'round.entry',
	confirmed: 'round.confirmed'
} as const;

/** A round as stored: how it started, every entry in order, whether the table confirmed it. */
export interface StoredRound {
	readonly id: string;
	readonly setup: RoundSetup;
	readonly context: RoundContext;
	readonly entries: readonly RoundEntry[];
	readonly confirmed: boolean;
	readonly createdAt: number;
}

const damaged = (id: string, part: DamagedPart): RoundRowProblem => ({ code: 'damaged-round', id, part });

/** A round from its stream's events in order, every row checked (rows may come from an older version). */
export function storedRound(id: string, events: readonly EventRow[]): Result<StoredRound, RoundRowProblem> {
	const first = events[0];
	if (!first) return fail({ code: 'no-round', id });
	const started = first.body;
	if (first.type !== ROUND_EVENTS.started || !isRoundStarted(started)) {
		return fail(damaged(id, { start: true }));
	}
	const entries: RoundEntry[] = [];
	let confirmed = false;
	for (const event of events.slice(1)) {
		if (event.type === ROUND_EVENTS.confirmed) {
			confirmed = true;
			continue;
		}
		const entry = event.body;
		if (event.type !== ROUND_EVENTS.entry || !isRoundEntry(entry)) {
			return fail(damaged(id, { entry: event.id }));
		}
		entries.push(entry);
	}
	return ok({
		id,
		setup: started.setup,
		context: started.context,
		entries,
		confirmed,
		createdAt: first.at
	});
}
