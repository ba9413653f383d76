import {
	resultSourceSchema,
	storedTournamentEventSchema,
	tournamentEventSchema,
	tournamentRowSchema,
	type ResultSource,
	type SetPlanChoice,
	type StoredTournamentEvent,
	type TournamentSummary
} from '../codecs/tournament';
import { fail, ok, type Problem, type Result } from '../domain/result';
import {
	admitEvent,
	applyEvent,
	type Score,
	type TournamentCreated,
	type TournamentState
} from '../domain/tournament';
import { statusOf } from '../domain/tournament/status';
import { appendEvents, newId, streamEvents } from './events';
import { db } from './index';
import { putTournamentKey } from './sync-state';
import { newDirectorKey } from './tournament-keys';
import type { EventRow } from './schema';

/**
 * A tournament is one stream of events (kind 'tournament') plus a summary row in `tournaments`.
 * Every write goes through `recordEvents`: in one transaction it reads the stream, replays it, applies
 * the new events with the engine and writes them only if the engine accepts every one — a refused
 * event writes nothing and comes back as a Problem (German and English). The summary row is updated in
 * the same transaction. Reads are zod-checked and replayed.
 *
 * For the table hand-out (sync): `reportTableResult` records a result that a tablet brings in.
 */

/** An event as a caller writes it: id and time are assigned here. */
export type EventDraft = StoredTournamentEvent extends infer E
	? E extends StoredTournamentEvent
		? Omit<E, 'id' | 'at'>
		: never
	: never;

/** What a new tournament starts with. */
export type TournamentSetup = Omit<Extract<EventDraft, { type: 'tournament-created' }>, 'type'>;

/** A tournament as read back: its replayed state, its log and its summary. */
export interface LoadedTournament {
	readonly id: string;
	readonly state: TournamentState;
	readonly events: readonly StoredTournamentEvent[];
	/** SET: the plan chosen when the tournament was created (official where valid, else generated). */
	readonly setPlan: SetPlanChoice;
	readonly createdAt: number;
	readonly updatedAt: number;
}

const notFound = (id: string): Problem => ({ code: 'no-tournament', id });

/** A stored event that cannot be read (`cause`: zod's words, or its type) or that the rules refuse. */
const damaged = (id: string, index: number, cause: { detail: string } | { problem: Problem }): Problem => ({
	code: 'damaged-tournament',
	id,
	index,
	...cause
});

// The status is a rule of the domain; importers of the storage module find it here too.
export { statusOf };

/** The stream's events, checked against the codec; the first unreadable one makes the whole log fail. */
function parseRows(id: string, rows: readonly EventRow[]): Result<StoredTournamentEvent[]> {
	const events: StoredTournamentEvent[] = [];
	for (const [index, row] of rows.entries()) {
		const parsed = storedTournamentEventSchema.safeParse(row.body);
		if (row.kind !== 'tournament' || !parsed.success || parsed.data.type !== row.type) {
			const detail = parsed.success ? `type ${row.type}` : (parsed.error.issues[0]?.message ?? '');
			return fail(damaged(id, index, { detail }));
		}
		events.push(parsed.data);
	}
	return ok(events);
}

/** Replays checked events; a refused one means the stored log is damaged. */
function replayStored(id: string, events: readonly StoredTournamentEvent[]): Result<TournamentState> {
	let state: TournamentState | null = null;
	for (const [index, event] of events.entries()) {
		const next = applyEvent(state, event);
		if (!next.ok) return fail(damaged(id, index, { problem: next.error }));
		state = next.value;
	}
	return state ? ok(state) : fail(notFound(id));
}

/** Reads a tournament: its events zod-checked, replayed, with its summary. */
export async function loadTournament(id: string): Promise<Result<LoadedTournament>> {
	const rows = await streamEvents(id);
	if (!rows.length) return fail(notFound(id));
	const events = parseRows(id, rows);
	if (!events.ok) return events;
	const state = replayStored(id, events.value);
	if (!state.ok) return state;
	const created = events.value[0] as Extract<StoredTournamentEvent, { type: 'tournament-created' }>;
	return ok({
		id,
		state: state.value,
		events: events.value,
		setPlan: created.setPlan ?? 'official',
		createdAt: Math.min(...rows.map((r) => r.at)),
		updatedAt: Math.max(...rows.map((r) => r.at))
	});
}

function summaryRow(id: string, state: TournamentState, createdAt: number, now: number): TournamentSummary {
	return {
		id,
		createdAt,
		updatedAt: now,
		name: state.name,
		format: state.format,
		date: state.date,
		status: statusOf(state)
	};
}

/**
 * Appends events to a tournament, all or nothing: each is checked by the engine against the log so far
 * (inside the write transaction, so two writes cannot interleave). A refused event writes nothing and
 * its Problem comes back. Resolves with the tournament as stored once the transaction has committed.
 */
export async function recordEvents(
	id: string,
	drafts: readonly EventDraft[],
	now: number = Date.now()
): Promise<Result<LoadedTournament>> {
	const database = db();
	return database.transaction('rw', [database.events, database.meta, database.tournaments], async () => {
		const before = await loadTournament(id);
		if (!before.ok) return before;
		let state = before.value.state;
		const at = new Date(now).toISOString();
		const events: StoredTournamentEvent[] = [];
		for (const draft of drafts) {
			const event = { ...draft, id: newId('e'), at } as StoredTournamentEvent;
			// What a director adds now may be held to more than a stored log (confirmed table sizes).
			const admitted = admitEvent(state, event);
			if (!admitted.ok) return admitted;
			const next = applyEvent(state, event);
			if (!next.ok) return next;
			state = next.value;
			events.push(event);
		}
		if (!events.length) return before;
		const row = summaryRow(id, state, before.value.createdAt, now);
		await appendEvents(
			id,
			'tournament',
			events.map((event) => ({ type: event.type, body: event })),
			() => database.tournaments.put(row),
			[database.tournaments],
			now
		);
		return ok({
			...before.value,
			state,
			events: [...before.value.events, ...events],
			updatedAt: now
		});
	});
}

/** One event; see `recordEvents`. */
export function recordEvent(
	id: string,
	draft: EventDraft,
	now: number = Date.now()
): Promise<Result<LoadedTournament>> {
	return recordEvents(id, [draft], now);
}

/** Creates a tournament (its `tournament-created` event and summary row); resolves with its id. */
export async function createTournament(
	setup: TournamentSetup,
	now: number = Date.now()
): Promise<Result<string>> {
	const event = { type: 'tournament-created', ...setup, id: newId('e'), at: new Date(now).toISOString() };
	const parsed = tournamentEventSchema.safeParse(event);
	if (!parsed.success) {
		const detail = parsed.error.issues[0]?.message ?? '';
		return fail({ code: 'bad-setup', detail });
	}
	const created = applyEvent(null, parsed.data as TournamentCreated);
	if (!created.ok) return created;
	if (!created.value.name.trim()) {
		return fail({ code: 'no-name' });
	}
	const id = newId('t');
	const database = db();
	const row = summaryRow(id, created.value, now, now);
	// The tournament's sync key is created with it, in the same transaction (src/lib/db/tournament-keys.ts).
	const key = newDirectorKey(id, created.value.name);
	await appendEvents(
		id,
		'tournament',
		[{ type: parsed.data.type, body: parsed.data }],
		() => Promise.all([database.tournaments.put(row), putTournamentKey(key)]),
		[database.tournaments, database.tournamentKeys],
		now
	);
	return ok(id);
}

/** All tournaments, newest first; unreadable summary rows are skipped and counted. */
export async function listTournaments(): Promise<{ tournaments: TournamentSummary[]; damaged: number }> {
	const rows = await db().tournaments.orderBy('updatedAt').reverse().toArray();
	const tournaments: TournamentSummary[] = [];
	for (const row of rows) {
		const parsed = tournamentRowSchema.safeParse(row);
		if (parsed.success) tournaments.push(parsed.data);
	}
	return { tournaments, damaged: rows.length - tournaments.length };
}

/** How a reported result was taken. */
export type ReportOutcome = 'reported' | 'unchanged';

/** The same scores for the same players, in any order. */
export const sameScores = (a: readonly Score[], b: readonly Score[]) => {
	const key = (scores: readonly Score[]) =>
		JSON.stringify(
			[...scores]
				.map((s) =>
					'found' in s
						? [s.player, 'set', s.found, s.falseCalls, s.left === true]
						: [s.player, 'game', s.points, s.left === true]
				)
				.sort((x, y) => String(x[0]).localeCompare(String(y[0])))
		);
	return key(a) === key(b);
};

/**
 * Records the result of one table in one round — typed in at the desk (`source.kind: 'hand'`) or handed
 * over by the table's tablet (`'tablet'`, with its round id and device when known). A final round is
 * recorded as the final's result (table 1). Safe to call twice with the same result: the second call
 * changes nothing and resolves `'unchanged'`. A different result for a table that has already reported
 * is refused (code 'already-reported'): the director decides, with `correctTableResult` and a reason.
 * Refusals (unknown round or table, wrong players, a locked round, …) write nothing.
 */
export async function reportTableResult(
	tournamentId: string,
	round: number,
	table: number,
	scores: readonly Score[],
	source: ResultSource,
	now: number = Date.now()
): Promise<Result<{ outcome: ReportOutcome; tournament: LoadedTournament }>> {
	const checkedSource = resultSourceSchema.safeParse(source);
	if (!checkedSource.success) {
		return fail({ code: 'bad-source' });
	}
	const database = db();
	return database.transaction('rw', [database.events, database.meta, database.tournaments], async () => {
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) return loaded;
		const stored = loaded.value.state.rounds.find((r) => r.number === round);
		const previous = stored?.results[table - 1];
		if (previous && sameScores(previous.scores, scores)) {
			return ok({ outcome: 'unchanged' as const, tournament: loaded.value });
		}
		const draft: EventDraft =
			stored?.stage === 'final'
				? { type: 'final-reported', round, scores: [...scores], source: checkedSource.data }
				: { type: 'table-reported', round, table, scores: [...scores], source: checkedSource.data };
		const recorded = await recordEvents(tournamentId, [draft], now);
		return recorded.ok ? ok({ outcome: 'reported' as const, tournament: recorded.value }) : recorded;
	});
}

/**
 * Replaces a table's reported result, with a reason (kept in the record). On a locked round only as a
 * director override (`override: true`), shown as such.
 */
export function correctTableResult(
	tournamentId: string,
	round: number,
	table: number,
	scores: readonly Score[],
	reason: string,
	options: { override?: boolean; source?: ResultSource } = {},
	now: number = Date.now()
): Promise<Result<LoadedTournament>> {
	return recordEvent(
		tournamentId,
		{
			type: 'result-corrected',
			round,
			table,
			scores: [...scores],
			reason,
			...(options.override ? { override: true } : {}),
			...(options.source ? { source: options.source } : {})
		},
		now
	);
}
