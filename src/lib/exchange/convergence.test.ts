// Property, through the real path: the schedules of src/lib/protocol/convergence.test.ts — codes dropped,
// duplicated, reordered and late, a second tablet at a table, results typed in at the desk, the round locked
// while codes still come — played with a database per device (fake-indexeddb): each tablet joins by its
// table code and plays its round through the round repository; every hand-in is encoded, signed, put in
// Base45 as one code or an animated sequence of frames, read back by the director's CodeReading, decoded,
// verified and imported; the director decides what waits; the standings go back to every tablet the same way.
// The director ends where the model does, at the standings of the results it decided for, and every tablet
// holds those standings.
import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandingsPayload } from '../codecs/sync';
import { applyAction, startRound, type RoundState } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
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
	writersOf,
	writtenBy,
	type Step,
	type Writer
} from '../protocol/convergence-testing';
import type { RoundBatch, SyncEvent } from '../protocol/sync-events';
import { toCodes } from '../protocol/frames';
import { decodeBase45 } from '../protocol/base45';
import { encodePayload, keptBatch, type PayloadKind } from '../protocol/payload';
import { CodeReading } from './code-reading.state.svelte';
import { LONG_NAMES } from '../protocol/testing';
import { db, useDatabase } from '../db/index';
import { appendRoundEntry, confirmRound, createRound } from '../db/rounds';
import { WertungsblattDB } from '../db/schema';
import { receive } from '../db/sync';
import { decidePending, pendingBatches } from '../db/sync-desk';
import { currentStandings, tableAssignments } from '../db/sync-handout';
import { encodeAsDirector } from '../db/sync-keys';
import type { ImportOutcome } from '../db/sync-rows';
import { handIn, heldStandings } from '../db/sync-tablet';
import { closeDevices, directedTournament, freshDatabase } from '../db/sync-testing';
import { loadTournament, recordEvent, reportTableResult } from '../db/tournaments';
import type { Result } from '../domain/result';

const CASES = Number(process.env.SYNC_REAL_RUNS ?? 100);
const NAMES = [
	...LONG_NAMES,
	'Karl-Heinz Oberländer',
	'Mechthild Bräutigam',
	'Jörg-Peter Hoffmann',
	'Annemarie Schüßler',
	'Wolfgang Dietrichsen'
];
const DIRECTOR_ACCEPTS: readonly PayloadKind[] = ['batch', 'tournament'];
const TABLET_ACCEPTS: readonly PayloadKind[] = ['assignment', 'standings'];

const fresh = () => freshDatabase('convergence');
afterEach(closeDevices);

/** A device: its own database, and a screen that reads codes into `receive`. */
class Device {
	readonly database: WertungsblattDB;
	readonly outcomes: Result<ImportOutcome>[] = [];
	readonly #reading: CodeReading;

	constructor(
		accept: readonly PayloadKind[],
		options: { database?: WertungsblattDB; tournamentId?: string } = {}
	) {
		const { database = fresh(), tournamentId } = options;
		this.database = database;
		this.#reading = new CodeReading(async (bytes) => {
			this.outcomes.push(await receive(bytes, accept, { tournamentId }));
		});
	}

	use(): this {
		useDatabase(this.database);
		return this;
	}

	/** Reads the codes shown on another screen (one, or the frames of a sequence, in any order). */
	async read(codes: readonly string[]): Promise<Result<ImportOutcome>> {
		this.use();
		const before = this.outcomes.length;
		for (const code of codes) {
			const read = await this.#reading.text(code);
			if (!read.ok) throw new Error(JSON.stringify(read.error));
		}
		const outcome = this.outcomes[before];
		if (!outcome || this.outcomes.length !== before + 1) throw new Error('not one payload');
		return outcome;
	}
}

/** A payload as it is shown: one code, or (every other time) an animated sequence of small frames, reversed. */
let shown = 0;
function show(bytes: Uint8Array): string[] {
	if (shown++ % 2 === 0) return toCodes(bytes);
	return toCodes(bytes, { maxSingle: 1, frameVersion: 4 + (shown % 5) }).reverse();
}

describe('sync converges through the real codes and storage', () => {
	it(`director and tablets agree on the standings (${CASES} cases)`, async () => {
		const seen = { cases: 0, frames: 0, conflicts: 0, taken: 0, locked: 0, forged: 0 };
		await fc.assert(
			fc.asyncProperty(
				schedules({ players: { min: 6, max: 9 }, deliveries: 8, late: 3 }),
				async (schedule) => {
					seen.cases++;
					const database = fresh();
					useDatabase(database);
					const tournamentId = await directedTournament(NAMES.slice(0, schedule.players), {
						seed: schedule.seed
					});
					const director = new Device(DIRECTOR_ACCEPTS, { database, tournamentId });
					const loaded = await loadTournament(tournamentId);
					if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
					const { state } = loaded.value;
					const seating = state.rounds[0]!.tables;
					const model = new ModelDirector(state, loaded.value.events.length);

					// Results typed in at the desk before any code.
					for (const t of seating.keys()) {
						const typed = handScores(seatsOf(state, t + 1), schedule.tables[t]!);
						if (!typed) continue;
						expect((await reportTableResult(tournamentId, 1, t + 1, typed, { kind: 'hand' })).ok).toBe(true);
						expect(model.hand(t + 1, typed).ok).toBe(true);
					}

					// Tables handed out by code; each tablet plays its game, handing in at its cuts and at the end.
					const handed = await tableAssignments(tournamentId);
					if (!handed.ok) throw new Error(JSON.stringify(handed.error));
					const tablets: Device[] = [];
					const codes = new Map<string, string[][]>();
					const writerOf = new Map<string, Writer>();
					/** Each writer's hand-ins as the tablet made them (what a forger photographs). */
					const realBatches = new Map<string, RoundBatch[]>();
					const modelBatches = new Map<string, RoundBatch[]>();
					for (const [t, assignment] of handed.value.assignments.entries()) {
						const plan = schedule.tables[t]!;
						for (const writer of writersOf(plan)) {
							director.use();
							const tablet = new Device(TABLET_ACCEPTS);
							tablets.push(tablet);
							const joined = await tablet.read(show(await encodeAsDirector(tournamentId, assignment)));
							expect(joined).toMatchObject({ ok: true, value: { kind: 'joined' } });
							const names = assignment.players.map((p) => p.name);
							const { actions, events } = game(names.length, pickOf(plan, writer));
							const started = startRound({ rules: TOURNAMENT, players: names, start: 0 });
							if (!started.ok) throw new Error(JSON.stringify(started.error));
							const context = { gameId: null, tournamentId, round: 1, table: t + 1, startDraw: null };
							const id = await createRound(started.value, context);
							writerOf.set(id, writer);
							let round: RoundState = started.value;
							let played = 0;
							const list: string[][] = [];
							for (const cut of handIns(plan, writer, names.length)) {
								for (const action of actions.slice(played, cut ?? actions.length)) {
									const next = applyAction(round, action);
									if (!next.ok) throw new Error(JSON.stringify(next.error));
									round = next.value;
									await appendRoundEntry(id, { type: 'act', action }, round);
								}
								played = cut ?? actions.length;
								if (cut === null) await confirmRound(id);
								const code = await handIn(id);
								if (!code.ok) throw new Error(JSON.stringify(code.error));
								list.push(show(code.value.bytes));
								realBatches.set(`${t + 1}${writer}`, [
									...(realBatches.get(`${t + 1}${writer}`) ?? []),
									code.value.batch
								]);
							}
							codes.set(`${t + 1}${writer}`, list);
							// The model's batches: the same game, cut the same way.
							const stream = `r-${t + 1}${writer.toLowerCase()}`;
							const device = `tablet${t + 1}${writer.toLowerCase()}`;
							const withNames = events.map((event, i): SyncEvent => {
								const body = event.body as { setup: object; context: object };
								return i > 0
									? { ...event, device, seq: i + 1 }
									: {
											...event,
											device,
											seq: 1,
											body: {
												setup: { ...(body.setup as object), players: names },
												context: { ...(body.context as object), table: t + 1 }
											}
										};
							});
							modelBatches.set(
								`${t + 1}${writer}`,
								handIns(plan, writer, names.length).map((cut) => ({
									tournamentId,
									round: 1,
									table: t + 1,
									stream,
									events: cut === null ? withNames : withNames.slice(0, 1 + cut)
								}))
							);
						}
					}

					const refused: string[] = [];
					const standingsCodes: string[][] = [];
					// The standings code is the director's log's: while the log has not grown (a code refused, kept
					// for a decision or merged without a result), the code handed back is the one handed back before.
					let handedAt = -1;
					const handBack = async () => {
						director.use();
						const revision = await db().events.where('stream').equals(tournamentId).count();
						if (revision === handedAt) {
							standingsCodes.push(standingsCodes.at(-1)!);
							return;
						}
						handedAt = revision;
						const standings = await currentStandings(tournamentId);
						if (!standings.ok) throw new Error(JSON.stringify(standings.error));
						standingsCodes.push(show(await encodeAsDirector(tournamentId, standings.value)));
					};
					await handBack();
					const run = async (step: Step) => {
						director.use();
						if (step.kind === 'lock') {
							const locked = (await recordEvent(tournamentId, { type: 'round-locked', round: 1 })).ok;
							expect(locked).toBe(model.lock());
							if (locked) seen.locked++;
						} else {
							const key = `${step.table}${step.writer}`;
							const shownCodes = codes.get(key)![step.index]!;
							if (shownCodes.length > 1) seen.frames++;
							const outcome = await director.read(shownCodes);
							if (!outcome.ok) refused.push(outcome.error.code);
							model.receive(modelBatches.get(key)![step.index]!);
						}
						await handBack();
					};
					// A dishonest writer with the table's key continues the first code with entries it sees arrive:
					// every entry taken back, a game of its own, signed validly (the key from the table code).
					const forged = new Set<number>();
					const forge = async (step: Extract<Step, { kind: 'hand-in' }>) => {
						const plan = schedule.tables[step.table - 1]!;
						if (plan.forger === null || step.writer !== 'A' || forged.has(step.table)) return;
						const real = realBatches.get(`${step.table}A`)![step.index]!;
						if (!real.events.some((e) => e.type === 'round.entry')) return;
						forged.add(step.table);
						seen.forged++;
						const size = seating[step.table - 1]!.length;
						const key = handed.value.assignments[step.table - 1]!.key;
						const forgery = forgedContinuation(real, size, plan.forger);
						const outcome = await director.read(
							show(await encodePayload({ kind: 'batch', batch: forgery }, key))
						);
						if (!outcome.ok) refused.push(outcome.error.code);
						const copied = modelBatches.get(`${step.table}A`)![step.index]!;
						model.receive(forgedContinuation(copied, size, plan.forger));
					};
					for (const step of steps(schedule, seating)) {
						await run(step);
						if (step.kind === 'hand-in') await forge(step);
					}
					expect(refused).toEqual(model.refused);

					// The same batches wait on the real desk as in the model; the director decides them alike.
					director.use();
					const waiting = (await pendingBatches(tournamentId)).filter((p) => p.status === 'open');
					const open = (list: { table: number; writer: Writer }[]) =>
						list.map((p) => `${p.table}${p.writer}`).sort();
					expect(open(waiting.map((p) => ({ table: p.table, writer: writerOf.get(p.stream)! })))).toEqual(
						open(
							model
								.open()
								.map((p) => ({ table: p.table, writer: p.stream.slice(-1).toUpperCase() as Writer }))
						)
					);
					// A kept round with entries its writer never wrote (the forger's) is set aside.
					const finalOf = (table: number, writer: Writer) =>
						realBatches.get(`${table}${writer}`)!.at(-1)!.events;
					for (const pending of waiting) {
						seen.conflicts++;
						const writer = writerOf.get(pending.stream)!;
						const bytes = decodeBase45(pending.code);
						const kept = bytes.ok ? keptBatch(bytes.value) : null;
						const honest = kept !== null && writtenBy(kept.events.slice(1), finalOf(pending.table, writer));
						const choice = honest
							? decision(schedule.tables[pending.table - 1]!, writer, (w) => w)
							: 'set-aside';
						if (choice === 'take') seen.taken++;
						// Like the model, the director takes a locked round's code as an override.
						const decided = await decidePending(pending, choice, 'Am Austausch entschieden', {
							override: true
						});
						expect(decided).toEqual({
							ok: true,
							value: null
						});
					}
					for (const pending of model.open()) {
						const writer = pending.stream.slice(-1).toUpperCase() as Writer;
						const own = modelBatches.get(`${pending.table}${writer}`)!.at(-1)!.events;
						const choice = writtenBy(pending.events, own)
							? decision(schedule.tables[pending.table - 1]!, writer, (w) => w)
							: 'set-aside';
						expect(model.decide(pending, choice).ok).toBe(true);
					}
					await handBack();
					for (const step of lateSteps(schedule, seating)) await run(step);

					director.use();
					const final = await currentStandings(tournamentId);
					if (!final.ok) throw new Error(JSON.stringify(final.error));
					const rows: StandingsPayload['rows'] = final.value.rows;
					expect(rows).toEqual(model.standings(tournamentId).rows);
					expect(rows).toEqual(referenceStandings(state, expectedScores(state, schedule), tournamentId));

					// Every tablet: standings codes dropped, duplicated, reordered, the newest at least once.
					for (const [i, tablet] of tablets.entries()) {
						const picks = schedule.tablets[i % schedule.tablets.length]!;
						for (const p of [...picks, standingsCodes.length - 1, ...picks.map((x) => x * 7)]) {
							const read = await tablet.read(standingsCodes[p % standingsCodes.length]!);
							expect(read.ok).toBe(true);
						}
						expect((await heldStandings(tournamentId))?.rows).toEqual(rows);
					}
					await closeDevices();
				}
			),
			{ numRuns: CASES }
		);
		console.info(`real-path convergence: ${CASES} cases`, seen);
		expect(seen.frames).toBeGreaterThan(0);
		expect(seen.conflicts).toBeGreaterThan(0);
		expect(seen.locked).toBeGreaterThan(0);
	}, 600_000);
});
