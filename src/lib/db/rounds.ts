import type { RoundContext } from '../codecs/round';
import type { Result } from '../domain/result';
import type { RoundEntry } from '../domain/roundLog';
import type { RoundState } from '../domain/round';
import { appendEvents, appendEventsNow, newId, streamEvents } from './events';

export { prepareAppend } from './events';
export { checkedLoss, uncheckedLoss } from './holes';
import { db } from './index';
import { ROUND_EVENTS, storedRound, type StoredRound } from './round-rows';
import type { RoundRowProblem } from './problems';
import type { RoundRow } from './schema';

export { ROUND_EVENTS, type StoredRound } from './round-rows';

function statusOf(state: RoundState, confirmed = false): string {
	if (confirmed) return 'confirmed';
	return state.phase === 'over' ? 'finished' : state.phase === 'settle' ? 'settle' : 'running';
}

function summaryOf(
	id: string,
	state: RoundState,
	context: RoundContext,
	createdAt: number,
	now: number
): RoundRow {
	return {
		id,
		createdAt,
		updatedAt: now,
		players: [...state.setup.players],
		preset: state.setup.rules.preset,
		status: statusOf(state),
		totals: [...state.totals],
		gameId: context.gameId,
		tournamentId: context.tournamentId
	};
}

/** Starts a round: one event with the setup and where the round belongs. */
export async function createRound(
	state: RoundState,
	context: RoundContext,
	now: number = Date.now()
): Promise<string> {
	const id = newId('r');
	const database = db();
	await appendEvents(
		id,
		'round',
		[{ type: ROUND_EVENTS.started, body: { setup: state.setup, context } }],
		() => database.rounds.put(summaryOf(id, state, context, now, now)),
		[database.rounds],
		now
	);
	return id;
}

/** What a round's summary row is rebuilt from besides its state: where it belongs, when it began. */
export interface RoundOrigin {
	readonly context: RoundContext;
	readonly createdAt: number;
}

/**
 * Writes one entry of a round (an action, undo, correction or claim) with the round's new state
 * for its summary; resolves once committed to disk. With the round's origin the summary row is
 * written whole, so no request waits for a read: the table screen's taps take this path, and go out
 * at once ({@link appendEventsNow}) whenever this tab can.
 */
export async function appendRoundEntry(
	id: string,
	entry: RoundEntry,
	state: RoundState,
	now: number = Date.now(),
	origin?: RoundOrigin
): Promise<void> {
	const database = db();
	const events = [{ type: ROUND_EVENTS.entry, body: entry }];
	const summary = origin ? summaryOf(id, state, origin.context, origin.createdAt, now) : null;
	if (
		summary &&
		(await appendEventsNow(id, 'round', events, [{ table: database.rounds, row: summary }], now))
	) {
		return;
	}
	await appendEvents(
		id,
		'round',
		events,
		() =>
			summary
				? database.rounds.put(summary)
				: database.rounds.update(id, {
						updatedAt: now,
						status: statusOf(state),
						totals: [...state.totals]
					}),
		[database.rounds],
		now
	);
}

/** Marks a finished round as confirmed by the table. */
export async function confirmRound(id: string, now: number = Date.now()): Promise<void> {
	const database = db();
	await appendEvents(
		id,
		'round',
		[{ type: ROUND_EVENTS.confirmed, body: {} }],
		() => database.rounds.update(id, { updatedAt: now, status: 'confirmed' }),
		[database.rounds],
		now
	);
}

/** Loads a round from its events, checking every row (rows may come from an older version). */
export async function loadRound(id: string): Promise<Result<StoredRound, RoundRowProblem>> {
	return storedRound(id, await streamEvents(id));
}

/** Every round's summary, newest first. */
export async function listRounds(): Promise<RoundRow[]> {
	return db().rounds.orderBy('updatedAt').reverse().toArray();
}

/**
 * Stores a whole round at once (an imported `.trn` record): the start and every entry in one
 * transaction, so a round is either complete in storage or not there at all.
 */
export async function importRound(
	start: RoundState,
	entries: readonly RoundEntry[],
	end: RoundState,
	context: RoundContext,
	now: number = Date.now()
): Promise<string> {
	const id = newId('r');
	const database = db();
	await appendEvents(
		id,
		'round',
		[
			{ type: ROUND_EVENTS.started, body: { setup: start.setup, context } },
			...entries.map((entry) => ({ type: ROUND_EVENTS.entry, body: entry }))
		],
		() => database.rounds.put(summaryOf(id, end, context, now, now)),
		[database.rounds],
		now
	);
	return id;
}
