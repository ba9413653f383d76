// Property: however batches travel — dropped and sent again, duplicated, reordered, late — with a second
// tablet at a table, results typed in at the desk and the round locked while codes are still coming, the
// director (a model that decides as src/lib/db/sync-desk.ts does) and every tablet end with identical
// standings: those of the results the director decided for, reported in table order. Codes arriving after
// the decisions change nothing. The same schedules run through the real codes and storage in
// src/lib/exchange/convergence.test.ts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StandingsPayload } from '../codecs/sync';
import {
	applyEvent,
	openNextRound,
	replay,
	type TournamentEvent,
	type TournamentState
} from '../domain/tournament';
import { BitReader, BitWriter } from './bits';
import {
	decision,
	expectedScores,
	forgedContinuation,
	game,
	handIns,
	handScores,
	lateSteps,
	ModelDirector,
	pickOf,
	referenceStandings,
	schedules,
	seatsOf,
	steps,
	type Schedule,
	winnerOf,
	writtenBy,
	WRITERS,
	type Step,
	type Writer
} from './convergence-testing';
import { eventId, type RoundBatch, type SyncEvent } from './sync-events';
import { readRoundBatch, writeRoundBatch } from './round-codec';
import { newerStandings } from './standings';
import { TOURNAMENT_ID } from './testing';

const CASES = Number(process.env.SYNC_PROPERTY_RUNS ?? 10_000);

function tournament(players: number, seed: string): { log: TournamentEvent[]; state: TournamentState } {
	const at = '2026-11-22T10:00:00Z';
	const log: TournamentEvent[] = [
		{
			type: 'tournament-created',
			id: 'e0',
			at,
			format: 'triominos',
			name: 'Eigenschaftstest',
			date: '2026-11-22'
		},
		...Array.from({ length: players }, (_, i): TournamentEvent => {
			const id = `p${String(i + 1).padStart(2, '0')}`;
			return { type: 'player-registered', id: `reg-${id}`, at, player: id, name: id.toUpperCase() };
		})
	];
	const created = replay(log);
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	const opened = openNextRound(created.value, { id: 'open-1', at, seed });
	if (!opened.ok) throw new Error(JSON.stringify(opened.error));
	const state = applyEvent(created.value, opened.value);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return { log: [...log, opened.value], state: state.value };
}

const streamOf = (table: number, writer: Writer) => `r-${table}${writer.toLowerCase()}`;

/** A writer's round stream at a table: the pooled game with the table's names, context and device. */
function writerEvents(
	state: TournamentState,
	schedule: Schedule,
	table: number,
	writer: Writer
): SyncEvent[] {
	const seats = seatsOf(state, table);
	const { events } = game(seats.length, pickOf(schedule.tables[table - 1]!, writer));
	const device = `tablet${table}${writer.toLowerCase()}`;
	return events.map((event, i) => {
		const seq = 1 + i;
		if (i > 0) return { ...event, device, seq };
		const body = event.body as { setup: { players: string[] }; context: { table: number } };
		return {
			...event,
			device,
			seq,
			body: {
				...body,
				setup: { ...body.setup, players: seats.map((s) => s.name) },
				context: { ...body.context, table }
			}
		};
	});
}

/**
 * Through the compact code and back, as on a QR code. A tablet encodes a batch once, however often it is
 * scanned; the decoder is a function of the bytes alone, so the same code scanned again reads as it read
 * the first time (it is read once, and that reading handed over at every scan).
 */
const travelled = new WeakMap<RoundBatch, RoundBatch>();
function travel(batch: RoundBatch): RoundBatch {
	let read = travelled.get(batch);
	if (!read) {
		const w = new BitWriter();
		writeRoundBatch(w, batch);
		read = readRoundBatch(new BitReader(w.finish()));
		travelled.set(batch, read);
	}
	return read;
}

const seen = {
	conflicts: 0,
	taken: 0,
	setAside: 0,
	locked: 0,
	afterLock: 0,
	replaced: 0,
	typed: 0,
	forged: 0
};

describe('sync converges', () => {
	it(`director and tablets agree on the standings, whatever the order, with second tablets, typed results and locks (${CASES} cases)`, () => {
		fc.assert(
			fc.property(schedules({ players: { min: 6, max: 16 }, deliveries: 25, late: 6 }), (schedule) => {
				const { log, state } = tournament(schedule.players, schedule.seed);
				const seating = state.rounds[0]!.tables;
				// Each writer's hand-ins as batches: cut after so many actions, the last one the whole confirmed round.
				const written = new Map<string, SyncEvent[]>();
				const eventsOf = (table: number, writer: Writer): SyncEvent[] => {
					const key = `${table}${writer}`;
					if (!written.has(key)) written.set(key, writerEvents(state, schedule, table, writer));
					return written.get(key)!;
				};
				const batches = new Map<string, RoundBatch[]>();
				const batch = (table: number, writer: Writer, index: number): RoundBatch => {
					const key = `${table}${writer}`;
					let list = batches.get(key);
					if (!list) {
						const events = eventsOf(table, writer);
						const plan = schedule.tables[table - 1]!;
						list = handIns(plan, writer, seating[table - 1]!.length).map((cut) => ({
							tournamentId: TOURNAMENT_ID,
							round: 1,
							table,
							stream: streamOf(table, writer),
							events: cut === null ? events : events.slice(0, 1 + cut)
						}));
						batches.set(key, list);
					}
					return list[index]!;
				};

				const director = new ModelDirector(state, log.length);
				for (const [t] of seating.entries()) {
					const typed = handScores(seatsOf(state, t + 1), schedule.tables[t]!);
					if (typed) expect(director.hand(t + 1, typed).ok).toBe(true);
					if (typed) seen.typed++;
					if (schedule.tables[t]!.replaced) seen.replaced++;
				}
				const handedBack: StandingsPayload[] = [director.standings(TOURNAMENT_ID)];
				// The dishonest writer continues the first of the tablet's codes it sees arrive (once per table).
				const forged = new Set<number>();
				const forgerRefused: string[] = [];
				const forge = (step: Extract<Step, { kind: 'hand-in' }>) => {
					const plan = schedule.tables[step.table - 1]!;
					if (plan.forger === null || step.writer !== 'A' || forged.has(step.table)) return;
					// A continuation that only adds to a code without entries is the tablet's own as far as
					// anyone can tell (same device, next numbers): the forger continues a code with entries.
					const photographed = batch(step.table, 'A', step.index);
					if (!photographed.events.some((e) => e.type === 'round.entry')) return;
					forged.add(step.table);
					seen.forged++;
					const size = seating[step.table - 1]!.length;
					const refused = director.refused.length;
					director.receive(travel(forgedContinuation(photographed, size, plan.forger)));
					forgerRefused.push(...director.refused.splice(refused));
				};
				const run = (step: Step) => {
					if (step.kind === 'lock') {
						if (director.lock()) seen.locked++;
					} else {
						if (director.state.rounds[0]!.locked) seen.afterLock++;
						director.receive(travel(batch(step.table, step.writer, step.index)));
						forge(step);
					}
					handedBack.push(director.standings(TOURNAMENT_ID));
				};
				steps(schedule, seating).forEach(run);

				// The director decides every batch that waits: the round decided for is taken, the rest set aside.
				// A batch with entries its writer never wrote (the forger's) is set aside: the director sees them.
				for (const pending of director.open()) {
					seen.conflicts++;
					const own = WRITERS.filter((w) => streamOf(pending.table, w) === pending.stream);
					const honest = own.every((w) => writtenBy(pending.events, eventsOf(pending.table, w)));
					const choice = honest
						? decision(schedule.tables[pending.table - 1]!, pending.stream, (w) => streamOf(pending.table, w))
						: 'set-aside';
					if (choice === 'take') seen.taken++;
					else seen.setAside++;
					expect(director.decide(pending, choice)).toEqual({ ok: true, value: null });
				}
				const decided = director.standings(TOURNAMENT_ID).rows;
				handedBack.push(director.standings(TOURNAMENT_ID));
				// Codes that come late change nothing (a losing tablet's code asks again; it does not count).
				lateSteps(schedule, seating).forEach(run);
				expect(director.standings(TOURNAMENT_ID).rows).toEqual(decided);

				expect(decided).toEqual(referenceStandings(state, expectedScores(state, schedule), TOURNAMENT_ID));
				expect(director.refused.every((code) => code === 'superseded')).toBe(true);
				// A forgery is refused as altered or invalid, or waits (and is set aside); it is never taken.
				expect(forgerRefused.every((code) => code === 'inconsistent' || code === 'invalid')).toBe(true);
				// The table holds every event of the round decided for, nothing lost or doubled.
				for (const [t] of seating.entries()) {
					const plan = schedule.tables[t]!;
					const writer = winnerOf(plan);
					if (writer === 'hand') continue;
					const held = director.held.get(t + 1);
					const all = batch(t + 1, writer, handIns(plan, writer, seating[t]!.length).length - 1);
					expect(held?.stream).toBe(streamOf(t + 1, writer));
					// The same ids, each once (sorted lists: a Set's deep equality compares every pair).
					const ids = (events: readonly SyncEvent[] = []) => events.map(eventId).sort();
					expect(ids(held?.events)).toEqual(ids(all.events));
				}

				// Tablets: standings codes dropped, duplicated, reordered; the last one reaches each eventually.
				const last = handedBack.at(-1)!;
				for (const picks of schedule.tablets) {
					let kept: StandingsPayload | null = null;
					const received = [
						...picks.map((p) => handedBack[p % handedBack.length]!),
						last,
						...picks.map((p) => handedBack[(p * 7) % handedBack.length]!)
					];
					for (const payload of received) if (newerStandings(kept, payload)) kept = payload;
					expect(kept?.rows).toEqual(last.rows);
				}
			}),
			{ numRuns: CASES }
		);
		console.info(`convergence: ${CASES} cases`, seen);
		// The hard cases happen often enough to mean something.
		for (const count of Object.values(seen)) expect(count).toBeGreaterThan(CASES / 50);
	}, 300_000);
});
