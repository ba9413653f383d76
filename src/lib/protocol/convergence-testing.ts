import fc from 'fast-check';
import type { StandingsPayload } from '../codecs/sync';
import { fail, ok, type Result } from '../domain/result';
import type { RoundAction } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import { applyEvent, type Score, type TournamentEvent, type TournamentState } from '../domain/tournament';
import { inLogOrder, type RoundBatch, type SyncEvent } from './sync-events';
import {
	againstKept,
	planImport,
	replayBatch,
	tableScores,
	type ConflictReason,
	type TableHolding,
	type TableRound
} from './merge';
import { standingsPayload } from './standings';
import { finishingChoices, roundEvents } from './testing';

/**
 * Test support for the convergence properties (src/lib/protocol/convergence.test.ts on a model of the
 * director, src/lib/exchange/convergence.test.ts through the real codes and storage): a schedule — who plays
 * which game at which table, when tablets hand in, in which order the codes arrive (dropped, duplicated,
 * late), a second tablet at a table, results typed at the desk, the round locked —, a model of the
 * director that makes the decisions src/lib/db/sync-desk.ts makes, and the standings the director's decisions
 * must lead to.
 */

/** Who records a table: its tablet, or a replacement tablet (a second device on the same table). */
export const WRITERS = ['A', 'B'] as const;
export type Writer = (typeof WRITERS)[number];

export interface TablePlan {
	/** The game the table's tablet records, and after how many actions it hands in early. */
	readonly pick: number;
	readonly cuts: readonly number[];
	/** A replacement tablet recording the same table (another game), or none. */
	readonly replaced: { readonly pick: number; readonly cuts: readonly number[] } | null;
	/** A result typed in at the desk before any code arrives: none, the tablet's, or another one. */
	readonly hand: 'none' | 'same' | 'other';
	/** What the director decides where a decision is asked for: this tablet's round or the typed result. */
	readonly prefer: Writer | 'hand';
	/**
	 * A dishonest writer holding the table's key (a photographed table code): once a hand-in of the tablet
	 * has arrived, it continues that code's stream — same device, next sequence numbers — taking back every
	 * entry and recording a game of its own (by index), confirmed. Null: none.
	 */
	readonly forger: number | null;
}

export interface Schedule {
	readonly players: number;
	readonly seed: string;
	readonly tables: readonly TablePlan[];
	/** Hand-ins delivered: table, writer and which hand-in (each taken modulo what exists). */
	readonly deliveries: readonly (readonly [number, number, number])[];
	/** Where each writer's last hand-in arrives (at least once). */
	readonly finals: readonly number[];
	/** Where in the deliveries the director locks the round (if all results are in then), or never. */
	readonly lockAt: number | null;
	/** Deliveries after the director decided: late, duplicated codes. */
	readonly late: readonly (readonly [number, number, number])[];
	/** Standings codes each device receives (indices into those handed out), the newest last. */
	readonly tablets: readonly (readonly number[])[];
}

const cuts = fc.uniqueArray(fc.integer({ min: 0, max: 120 }), { maxLength: 3 });

/** Schedules of `players` players (3 or 4 at a table). */
export function schedules(options: {
	players: { min: number; max: number };
	deliveries: number;
	late: number;
}): fc.Arbitrary<Schedule> {
	return fc.record({
		players: fc.integer(options.players),
		seed: fc.string({ maxLength: 8 }),
		tables: fc.array(
			fc.record({
				pick: fc.nat(),
				cuts,
				replaced: fc.oneof(
					{ arbitrary: fc.constant(null), weight: 3 },
					{ arbitrary: fc.record({ pick: fc.nat(), cuts }), weight: 1 }
				),
				hand: fc.constantFrom('none', 'none', 'none', 'same', 'other'),
				prefer: fc.constantFrom('A', 'B', 'hand'),
				forger: fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: fc.nat(), weight: 1 })
			}),
			{ minLength: 5, maxLength: 5 }
		),
		deliveries: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: options.deliveries }),
		finals: fc.array(fc.nat(), { minLength: 10, maxLength: 10 }),
		lockAt: fc.option(fc.nat()),
		late: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat()), { maxLength: options.late }),
		tablets: fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 10, maxLength: 10 })
	});
}

// ---------------------------------------------------------------- games

const GAMES = 40;
/** A finished game: the actions as tapped, the final totals, the round stream (placeholder names). */
export interface Game {
	readonly actions: readonly RoundAction[];
	readonly totals: readonly number[];
	readonly events: readonly SyncEvent[];
}
const games = new Map<string, Game>();

/** A finished game of `size` players (one of 40), by index. */
export function game(size: number, pick: number): Game {
	const key = `${size}:${pick % GAMES}`;
	let found = games.get(key);
	if (!found) {
		const k = pick % GAMES;
		const seats = Array.from({ length: size }, (_, i) => `SEAT${i}`);
		const choices = finishingChoices([k, k * 7, k * 13]);
		const played = playChoices(TOURNAMENT, seats, 0, choices);
		if (played.state.phase !== 'over') throw new Error('game not finished');
		found = {
			actions: played.actions,
			totals: played.state.totals,
			events: roundEvents({ players: seats, choices })
		};
		games.set(key, found);
	}
	return found;
}

/** The game a writer records at a table. */
export const pickOf = (plan: TablePlan, writer: Writer): number =>
	writer === 'A' ? plan.pick : (plan.replaced?.pick ?? plan.pick) + 1000;

/** The writers recording a table. */
export const writersOf = (plan: TablePlan): Writer[] => (plan.replaced ? ['A', 'B'] : ['A']);

/** After how many actions a writer hands in: its early hand-ins, then the whole confirmed round (null). */
export function handIns(plan: TablePlan, writer: Writer, size: number): (number | null)[] {
	const list = writer === 'A' ? plan.cuts : (plan.replaced?.cuts ?? []);
	const actions = game(size, pickOf(plan, writer)).actions.length;
	return [...[...list].filter((c) => c < actions).sort((a, b) => a - b), null];
}

/**
 * The dishonest writer's continuation of a handed-in batch: every entry in it undone, then a game of its
 * own (`pick`), confirmed — in the same stream and under the same device, as the batch's own next entries
 * (after its last entry: a confirmation is left out).
 */
export function forgedContinuation(batch: RoundBatch, size: number, pick: number): RoundBatch {
	// A confirmed code is continued as if the confirmation never came (nothing may follow it).
	const handed = batch.events.filter((e) => e.type !== 'round.confirmed');
	const last = handed.at(-1)!;
	const own = game(size, pick + 2000);
	const entries = [
		...handed.filter((e) => e.type === 'round.entry').map(() => ({ type: 'undo' })),
		...own.actions.map((action) => ({ type: 'act', action }))
	];
	const next = (i: number, type: string, body: unknown): SyncEvent => ({
		...last,
		seq: last.seq + 1 + i,
		at: last.at + 1000 * (1 + i),
		type,
		body
	});
	const continued = [
		...entries.map((body, i) => next(i, 'round.entry', body)),
		next(entries.length, 'round.confirmed', {})
	];
	return { ...batch, events: [...handed, ...continued] };
}

/** A writer's events by id, as text (by the list: a writer's round is asked about at every decision). */
const writtenTexts = new WeakMap<readonly SyncEvent[], Map<string, string>>();

/** True when every event of `events` is one the writer wrote (same id, same content): no forger's entry. */
export function writtenBy(events: readonly SyncEvent[], own: readonly SyncEvent[]): boolean {
	let byId = writtenTexts.get(own);
	if (!byId) {
		byId = new Map(own.map((e) => [`${e.device}:${e.seq}`, JSON.stringify([e.type, e.body])]));
		writtenTexts.set(own, byId);
	}
	return events.every((e) => byId.get(`${e.device}:${e.seq}`) === JSON.stringify([e.type, e.body]));
}

// ---------------------------------------------------------------- the order of things

/** One step at the desk: a hand-in arrives, or the director locks the round. */
export type Step =
	| { readonly kind: 'hand-in'; readonly table: number; readonly writer: Writer; readonly index: number }
	| { readonly kind: 'lock' };

/** A delivery: table, writer and hand-in, each taken modulo what exists. */
function handInStep(
	schedule: Schedule,
	seating: readonly (readonly string[])[],
	triple: readonly [number, number, number]
): Step {
	const table = triple[0] % seating.length;
	const plan = schedule.tables[table]!;
	const writers = writersOf(plan);
	const writer = writers[triple[1] % writers.length]!;
	const count = handIns(plan, writer, seating[table]!.length).length;
	return { kind: 'hand-in', table: table + 1, writer, index: triple[2] % count };
}

/** The deliveries in order: random hand-ins, every writer's last one at least once, the lock. */
export function steps(schedule: Schedule, seating: readonly (readonly string[])[]): Step[] {
	const out = schedule.deliveries.map((triple) => handInStep(schedule, seating, triple));
	let f = 0;
	for (const [t, seats] of seating.entries()) {
		const plan = schedule.tables[t]!;
		for (const writer of writersOf(plan)) {
			const index = handIns(plan, writer, seats.length).length - 1;
			const at = schedule.finals[f++ % schedule.finals.length]! % (out.length + 1);
			out.splice(at, 0, { kind: 'hand-in', table: t + 1, writer, index });
		}
	}
	if (schedule.lockAt !== null) out.splice(schedule.lockAt % (out.length + 1), 0, { kind: 'lock' });
	return out;
}

/** The late deliveries, after the decisions. */
export function lateSteps(schedule: Schedule, seating: readonly (readonly string[])[]): Step[] {
	return schedule.late.map((triple) => handInStep(schedule, seating, triple));
}

// ---------------------------------------------------------------- results

type Seat = { readonly id: string; readonly name: string };

/** A table's players in seat order, with names. */
export const seatsOf = (state: TournamentState, table: number): Seat[] =>
	(state.rounds[0]?.tables[table - 1] ?? []).map((id) => ({ id, name: state.players.get(id)?.name ?? id }));

/** The scores a writer's whole round gives, seat by seat. */
export function gameScores(seats: readonly Seat[], plan: TablePlan, writer: Writer): Score[] {
	const { totals } = game(seats.length, pickOf(plan, writer));
	return seats.map((seat, i) => ({ player: seat.id, points: totals[i] ?? 0 }));
}

/** The result typed in at the desk, if any. */
export function handScores(seats: readonly Seat[], plan: TablePlan): Score[] | null {
	if (plan.hand === 'none') return null;
	if (plan.hand === 'same') return gameScores(seats, plan, 'A');
	return seats.map((seat, i) => ({ player: seat.id, points: 7 * i + 3 }));
}

/** What the director decides for a table: a writer's round, or the typed result. */
export function winnerOf(plan: TablePlan): Writer | 'hand' {
	if (plan.prefer === 'hand') return plan.hand === 'none' ? 'A' : 'hand';
	if (plan.prefer === 'B' && !plan.replaced) return 'A';
	return plan.prefer;
}

/** The result each table must end with, whatever the order: the one the director decided for. */
export function expectedScores(state: TournamentState, schedule: Schedule): Score[][] {
	return (state.rounds[0]?.tables ?? []).map((_, t) => {
		const plan = schedule.tables[t]!;
		const seats = seatsOf(state, t + 1);
		const winner = winnerOf(plan);
		return winner === 'hand' ? handScores(seats, plan)! : gameScores(seats, plan, winner);
	});
}

/** The standings of these results, reported in table order. */
export function referenceStandings(
	state: TournamentState,
	scores: readonly Score[][],
	tournamentId: string
): StandingsPayload['rows'] {
	let reference = state;
	for (const [t, table] of scores.entries()) {
		const next = applyEvent(reference, {
			type: 'table-reported',
			id: `ref-${t}`,
			at: '2026-11-22T11:00:00Z',
			round: 1,
			table: t + 1,
			scores: [...table]
		});
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		reference = next.value;
	}
	return madeStandings(reference, tournamentId, 0).rows;
}

/** The standings code's content; a model's points always fit a code, so a refusal is a failed test. */
function madeStandings(state: TournamentState, tournamentId: string, revision: number): StandingsPayload {
	const made = standingsPayload(state, tournamentId, revision);
	if (!made.ok) throw new Error(JSON.stringify(made.error));
	return made.value;
}

/** The director's decision on a waiting batch: its stream is the one decided for, or it is set aside. */
export function decision(
	plan: TablePlan,
	stream: string,
	streamOf: (writer: Writer) => string
): 'take' | 'set-aside' {
	const winner = winnerOf(plan);
	return winner !== 'hand' && streamOf(winner) === stream ? 'take' : 'set-aside';
}

// ---------------------------------------------------------------- the director as a model

const sameScores = (a: readonly Score[], b: readonly Score[]) => {
	const key = (scores: readonly Score[]) =>
		JSON.stringify([...scores].sort((x, y) => x.player.localeCompare(y.player)));
	return key(a) === key(b);
};

/** A batch kept for a decision, as src/lib/db/sync-desk.ts keeps it. */
export interface ModelPending {
	readonly table: number;
	readonly stream: string;
	events: readonly SyncEvent[];
	readonly reason: ConflictReason;
	status: 'open' | 'taken' | 'set-aside';
}

/**
 * The director of src/lib/db/sync-desk.ts without storage: what it holds per table (`planImport`), the
 * results it reports, the batches it keeps for a decision and the decisions (`decidePending`).
 */
export class ModelDirector {
	readonly held = new Map<number, TableHolding>();
	readonly stored = new Map<string, SyncEvent[]>();
	readonly pending = new Map<string, ModelPending>();
	readonly refused: string[] = [];
	state: TournamentState;
	revision: number;
	#at = 0;

	constructor(state: TournamentState, revision: number) {
		this.state = state;
		this.revision = revision;
	}

	#apply(event: TournamentEvent): Result<null> {
		const next = applyEvent(this.state, event);
		if (!next.ok) return next;
		this.state = next.value;
		this.revision++;
		return ok(null);
	}

	#event<T extends TournamentEvent['type']>(type: T, body: object): TournamentEvent {
		return { type, id: `m-${++this.#at}`, at: '2026-11-22T11:00:00Z', ...body } as TournamentEvent;
	}

	#store(stream: string, events: readonly SyncEvent[]): SyncEvent[] {
		const known = this.stored.get(stream) ?? [];
		const ids = new Set(known.map((e) => `${e.device}:${e.seq}`));
		const all = inLogOrder([...known, ...events.filter((e) => !ids.has(`${e.device}:${e.seq}`))]);
		this.stored.set(stream, all);
		return all;
	}

	#keep(batch: RoundBatch, reason: ConflictReason): void {
		// The kept batch of this stream that this one continues (or repeats); another continuation waits
		// beside the kept ones (by its content), never in their place.
		const main = `${batch.table}:${batch.stream}`;
		const kept = [...this.pending].filter(([k]) => k === main || k.startsWith(`${main}~`));
		const related = kept.find(([, p]) => againstKept({ ...batch, events: p.events }, batch) !== 'diverges');
		let key = related?.[0] ?? main;
		const before = related?.[1] ?? this.pending.get(main);
		const relation = before ? againstKept({ ...batch, events: before.events }, batch) : 'extends';
		if (relation === 'diverges') {
			key = `${main}~${batch.events.length}:${JSON.stringify(batch.events.at(-1))}`;
			if (this.pending.has(key)) return;
		} else if (
			before &&
			(before.status !== 'open' || relation === 'same' || before.events.length >= batch.events.length)
		) {
			return;
		}
		this.pending.set(key, {
			table: batch.table,
			stream: batch.stream,
			events: batch.events,
			reason,
			status: 'open'
		});
	}

	/** A result typed in at the desk. */
	hand(table: number, scores: readonly Score[]): Result<null> {
		return this.#apply(
			this.#event('table-reported', { round: 1, table, scores: [...scores], source: { kind: 'hand' } })
		);
	}

	/** The round locked, if every result is in. */
	lock(): boolean {
		return this.#apply(this.#event('round-locked', { round: 1 })).ok;
	}

	/**
	 * Held streams replayed, by the list held: a list is never changed once made (`#store` makes a new one),
	 * so the same list replays as it did.
	 */
	readonly #replays = new WeakMap<readonly SyncEvent[], Result<TableRound>>();

	#replay(events: readonly SyncEvent[]): Result<TableRound> {
		let replayed = this.#replays.get(events);
		if (!replayed) {
			replayed = replayBatch(events);
			this.#replays.set(events, replayed);
		}
		return replayed;
	}

	receive(batch: RoundBatch): void {
		const round = this.state.rounds[0]!;
		const seats = seatsOf(this.state, batch.table);
		const plan = planImport(this.held.get(batch.table) ?? null, batch, { locked: round.locked });
		if (!plan.ok) {
			this.refused.push(plan.error.code);
			return;
		}
		if (plan.value.kind === 'conflict') {
			this.#keep(batch, plan.value.reason);
			return;
		}
		let table: TableRound | null;
		if (plan.value.kind === 'add') {
			const events = this.#store(batch.stream, plan.value.events);
			const device = this.held.get(batch.table)?.device ?? batch.events[0]?.device;
			this.held.set(batch.table, { stream: batch.stream, events, device });
			table = plan.value.round;
			// The round the import replayed is the held list's when both are the same events in the same order.
			const { merged } = plan.value;
			if (merged.length === events.length && merged.every((e, i) => e === events[i])) {
				this.#replays.set(events, ok(plan.value.round));
			}
		} else {
			const replayed = this.#replay(this.held.get(batch.table)!.events);
			table = replayed.ok ? replayed.value : null;
		}
		if (!table?.confirmed || table.round.state.phase !== 'over') return;
		const merged = { ...batch, events: this.held.get(batch.table)!.events };
		const scores = tableScores(table, seats);
		if (!scores) return this.#keep(merged, 'players');
		const previous = round.results[batch.table - 1];
		if (previous && sameScores(previous.scores, scores)) return;
		const reported = this.#apply(
			this.#event('table-reported', { round: 1, table: batch.table, scores, source: { kind: 'tablet' } })
		);
		if (!reported.ok) this.#keep(merged, 'result-differs');
	}

	/** Batches waiting for a decision. */
	open(): ModelPending[] {
		return [...this.pending.values()].filter((p) => p.status === 'open');
	}

	decide(pending: ModelPending, decision: 'take' | 'set-aside'): Result<null> {
		if (decision === 'set-aside') {
			pending.status = 'set-aside';
			return ok(null);
		}
		const replayed = replayBatch(inLogOrder(pending.events));
		if (!replayed.ok) return replayed;
		const round = this.state.rounds[0]!;
		const scores = tableScores(replayed.value, seatsOf(this.state, pending.table));
		if (!scores) return fail({ code: 'cannot-take' });
		const event = round.results[pending.table - 1]
			? this.#event('result-corrected', {
					round: 1,
					table: pending.table,
					scores,
					reason: 'decided',
					...(round.locked ? { override: true } : {})
				})
			: this.#event('table-reported', { round: 1, table: pending.table, scores });
		const applied = this.#apply(event);
		if (!applied.ok) return applied;
		this.held.set(pending.table, {
			stream: pending.stream,
			events: this.#store(pending.stream, pending.events),
			device: pending.events[0]?.device
		});
		pending.status = 'taken';
		return ok(null);
	}

	#standings: StandingsPayload | null = null;

	/** The standings code as handed out now (computed once per revision). */
	standings(tournamentId: string): StandingsPayload {
		if (this.#standings?.revision !== this.revision) {
			this.#standings = madeStandings(this.state, tournamentId, this.revision);
		}
		return this.#standings;
	}
}
