import { CONFLICT_REASONS } from '../codecs/sync';
import { fail, ok, type Problem, type Result } from '../domain/result';
import type { RoundSetup } from '../domain/round';
import { replayLog, type LoggedRound, type RoundEntry } from '../domain/roundLog';
import { sameContent } from './digest';
import { eventId, inLogOrder, ROUND_EVENT_TYPES, type RoundBatch, type SyncEvent } from './sync-events';
import { refusal } from './problems';

/**
 * Merging a handed-in round into what the director holds for that table. Pure: the database import
 * (src/lib/db/sync-desk.ts) and the property tests use the same decisions.
 *
 * - Events are a union by id: a batch imported twice, late or out of order changes nothing.
 * - The same batch again (same ids) is `unchanged` — not an error.
 * - A batch whose events are all held already but fewer than held is `superseded`: an older hand-in
 *   replayed after a newer one. Refused with a reason; nothing changes either way.
 * - An event id held with other content is `inconsistent` (altered or forged): refused.
 * - Another round stream for the same table (a replaced tablet), or new events after the round
 *   locked, is a `conflict`: kept and shown to the director, who decides.
 */
export type ImportPlan =
	| { readonly kind: 'unchanged' }
	| {
			readonly kind: 'add';
			/** The events new to the holder, in log order. */
			readonly events: readonly SyncEvent[];
			/** Everything held afterwards, and the round it replays to. */
			readonly merged: readonly SyncEvent[];
			readonly round: TableRound;
	  }
	| { readonly kind: 'conflict'; readonly reason: ConflictReason };

export { CONFLICT_REASONS };
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

/** What the director holds for one table: the stream taken over, its events and the device that owns it. */
export interface TableHolding {
	readonly stream: string;
	readonly events: readonly SyncEvent[];
	/** The first device that handed the stream in (holdings of older versions name none). */
	readonly device?: string;
}

export function planImport(
	held: TableHolding | null,
	batch: RoundBatch,
	options: { locked: boolean }
): Result<ImportPlan> {
	if (!held) {
		if (options.locked) return ok({ kind: 'conflict', reason: 'locked' });
		const merged = inLogOrder(batch.events);
		const valid = checkMerged(merged);
		return valid.ok ? ok({ kind: 'add', events: merged, merged, round: valid.value }) : valid;
	}
	if (held.stream !== batch.stream) return ok({ kind: 'conflict', reason: 'other-stream' });
	const byId = new Map(held.events.map((e) => [eventId(e), e]));
	const fresh: SyncEvent[] = [];
	for (const event of batch.events) {
		const id = eventId(event);
		const known = byId.get(id);
		if (!known) fresh.push(event);
		else if (!sameContent(known, event)) return fail(refusal.inconsistent(id));
	}
	if (fresh.length === 0) {
		return batch.events.length === held.events.length
			? ok({ kind: 'unchanged' })
			: fail(refusal.superseded(batch.table));
	}
	// The first device that handed the stream in owns it: anything another device adds is for the director.
	if (held.device && fresh.some((e) => e.device !== held.device)) {
		return ok({ kind: 'conflict', reason: 'other-device' });
	}
	if (options.locked) return ok({ kind: 'conflict', reason: 'locked' });
	const merged = inLogOrder([...held.events, ...fresh]);
	const valid = checkMerged(merged);
	if (!valid.ok) return valid;
	const before = replayBatch(held.events);
	if (before.ok && takesBack(before.value, new Set(byId.keys()), merged)) {
		return ok({ kind: 'conflict', reason: 'rewrites' });
	}
	return ok({ kind: 'add', events: inLogOrder(fresh), merged, round: valid.value });
}

/**
 * True when the new entries of `merged` take back or correct what was in effect when the held part was
 * handed in: an undo below the held undo depth, or a correction of a turn already played then.
 */
function takesBack(held: TableRound, heldIds: ReadonlySet<string>, merged: readonly SyncEvent[]): boolean {
	const floor = held.round.undoable;
	const played = held.round.state.turns.filter((turn) => turn.lay || turn.pass).length;
	let depth = floor;
	for (const event of merged) {
		if (heldIds.has(eventId(event)) || event.type !== ROUND_EVENT_TYPES.entry) continue;
		const entry = event.body as RoundEntry;
		if (entry.type === 'undo' && --depth < floor) return true;
		if (entry.type === 'correct') {
			if (entry.turn === 'hands' ? held.round.state.phase === 'over' : entry.turn < played) return true;
		}
		if (entry.type === 'act' || entry.type === 'correct') depth++;
	}
	return false;
}

/**
 * The merged stream must still be a round: started first, confirmation last, every id once, entries the
 * rules accept. (Each event's shape was checked by zod when its batch was decoded.)
 */
function checkMerged(merged: readonly SyncEvent[]): Result<TableRound> {
	const ids = new Set(merged.map(eventId));
	const confirmedAt = merged.findIndex((e) => e.type === ROUND_EVENT_TYPES.confirmed);
	const starts = merged.filter((e) => e.type === ROUND_EVENT_TYPES.started).length;
	if (starts !== 1 || ids.size !== merged.length || (confirmedAt >= 0 && confirmedAt !== merged.length - 1)) {
		return fail(refusal.invalid({ why: 'after-confirmation' }));
	}
	return replayBatch(merged);
}

/** A table's round as the events tell it: setup, context, the replayed round, confirmed or not. */
export interface TableRound {
	readonly setup: RoundSetup;
	readonly context: { round: number | null; table: number | null; tournamentId: string | null };
	readonly round: LoggedRound;
	readonly confirmed: boolean;
}

/** Replays a round stream's events (in log order). */
export function replayBatch(events: readonly SyncEvent[]): Result<TableRound> {
	const [first, ...rest] = events;
	if (!first || first.type !== ROUND_EVENT_TYPES.started) {
		return fail(refusal.invalid({ why: 'no-start' }));
	}
	const started = first.body as { setup: RoundSetup; context: TableRound['context'] };
	const entries = rest.filter((e) => e.type === ROUND_EVENT_TYPES.entry).map((e) => e.body as RoundEntry);
	const replayed = replayLog(started.setup, entries);
	if (!replayed.ok) {
		return fail(refusal.invalid({ why: 'rule', problem: replayed.error, entry: replayed.error.entry }));
	}
	return ok({
		setup: started.setup,
		context: started.context,
		round: replayed.value,
		confirmed: rest.some((e) => e.type === ROUND_EVENT_TYPES.confirmed)
	});
}

/**
 * How a batch relates to one kept for the director of the same stream: it `extends` it (every kept event,
 * nothing taken back), is the `same` or an older part of it, or `diverges` (another continuation: kept
 * beside it, never in its place). The round's start is compared by id only (a kept code may name its
 * players by seat).
 */
export function againstKept(kept: RoundBatch, batch: RoundBatch): 'extends' | 'same' | 'diverges' {
	const [start, ...rest] = kept.events;
	const first = batch.events[0];
	if (!start || !first || eventId(start) !== eventId(first)) return 'diverges';
	const plan = planImport({ stream: kept.stream, events: [first, ...rest] }, batch, { locked: false });
	if (!plan.ok) return plan.error.code === 'superseded' ? 'same' : 'diverges';
	return plan.value.kind === 'add' ? 'extends' : plan.value.kind === 'unchanged' ? 'same' : 'diverges';
}

/** The header must say what the round's own start says: same tournament, round and table. */
export function checkHeader(batch: RoundBatch): Problem | null {
	const first = batch.events[0];
	const context = (first?.body as { context?: TableRound['context'] } | undefined)?.context;
	if (!context) return refusal.invalid({ why: 'no-start' });
	if (context.tournamentId !== batch.tournamentId) {
		return refusal.mismatch({ what: 'tournament' });
	}
	if (context.round !== batch.round || context.table !== batch.table) {
		return refusal.mismatch({
			what: 'table',
			named: { round: batch.round, table: batch.table },
			found: { round: context.round ?? null, table: context.table ?? null }
		});
	}
	return null;
}

/** Where a table stands on the director's board. */
export const TABLE_STATES = ['missing', 'running', 'finished', 'confirmed', 'reported', 'conflict'] as const;
export type TableState = (typeof TABLE_STATES)[number];

/**
 * The scores a confirmed, finished round gives the tournament: each seated player's final total,
 * matched by name (the tablet may have changed the seat order at the start draw). Null when a name
 * does not match the seating — the director decides.
 */
export function tableScores(
	table: TableRound,
	seating: readonly { id: string; name: string }[]
): { player: string; points: number }[] | null {
	if (!table.confirmed || table.round.state.phase !== 'over') return null;
	const key = (name: string) => name.trim().toLocaleLowerCase('de');
	const ids = new Map(seating.map((p) => [key(p.name), p.id]));
	if (table.setup.players.length !== seating.length) return null;
	const scores = table.setup.players.map((name, seat) => ({
		player: ids.get(key(name)) ?? '',
		points: table.round.state.totals[seat] ?? 0
	}));
	return scores.every((s) => s.player !== '') && new Set(scores.map((s) => s.player)).size === scores.length
		? scores
		: null;
}

/** A table the desk holds a tablet's round for: which device handed it in. */
export interface DeviceHolding {
	readonly round: number;
	readonly table: number;
	readonly device: string;
}

/**
 * The other table a device holds, when its first code for round `round`, table `table` should not be taken
 * with one click: the device already holds another table of this round, or it held another table of the
 * round before while this table's holder then was another device (tablets stay at their table number from
 * round to round: the next round's key is wrapped for the tablet that held the same table). Null: the
 * device may own the table — also a device the desk has never seen (the first to hand in owns it).
 */
export function otherTableHeld(
	holdings: readonly DeviceHolding[],
	device: string,
	round: number,
	table: number
): { readonly round: number; readonly table: number } | null {
	const mine = holdings.filter((h) => h.device === device);
	const now = mine.find((h) => h.round === round && h.table !== table);
	if (now) return { round: now.round, table: now.table };
	const before = mine.find((h) => h.round === round - 1 && h.table !== table);
	const holder = holdings.find((h) => h.round === round - 1 && h.table === table);
	return before && holder && holder.device !== device ? { round: before.round, table: before.table } : null;
}
