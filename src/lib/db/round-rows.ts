import { roundEntrySchema, roundStartedSchema, type RoundContext } from '../codecs/round';
import { fail, ok, problem, type Problem, type Result } from '../domain/result';
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

const damaged = (id: string, detail: string): Problem =>
	problem(
		'damaged-round',
		`Die Runde ${id} ist im Speicher beschädigt: ${detail}`,
		`Round ${id} is damaged in storage: ${detail}`
	);

/** A round from its stream's events in order, every row checked (rows may come from an older version). */
export function storedRound(id: string, events: readonly EventRow[]): Result<StoredRound> {
	const first = events[0];
	if (!first) return fail(problem('no-round', `Runde ${id} nicht gefunden.`, `Round ${id} not found.`));
	const started = roundStartedSchema.safeParse(first.body);
	if (first.type !== ROUND_EVENTS.started || !started.success) {
		return fail(damaged(id, 'der Rundenbeginn ist unlesbar / the start is unreadable'));
	}
	const entries: RoundEntry[] = [];
	let confirmed = false;
	for (const event of events.slice(1)) {
		if (event.type === ROUND_EVENTS.confirmed) {
			confirmed = true;
			continue;
		}
		const entry = roundEntrySchema.safeParse(event.body);
		if (event.type !== ROUND_EVENTS.entry || !entry.success) {
			return fail(damaged(id, `Eintrag ${event.id} ist unlesbar / entry ${event.id} is unreadable`));
		}
		entries.push(entry.data);
	}
	return ok({
		id,
		setup: started.data.setup,
		context: started.data.context,
		entries,
		confirmed,
		createdAt: first.at
	});
}
