// Property: however batches travel — dropped and sent again, duplicated, reordered — the director and
// every tablet end with identical standings, equal to those of the results applied in table order.
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
import { eventId, type RoundBatch, type SyncEvent } from './events';
import { planImport, tableScores, type TableHolding } from './merge';
import { readRoundBatch, writeRoundBatch } from './round-codec';
import { newerStandings, standingsPayload } from './standings';
import { finishingChoices, roundEvents, TOURNAMENT_ID } from './testing';

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
	if (!created.ok) throw new Error(created.error.en);
	const opened = openNextRound(created.value, { id: 'open-1', at, seed });
	if (!opened.ok) throw new Error(opened.error.en);
	const state = applyEvent(created.value, opened.value);
	if (!state.ok) throw new Error(state.error.en);
	return { log: [...log, opened.value], state: state.value };
}

/** Through the compact code and back, as on a QR code; a tablet encodes a batch once, however often it is scanned. */
const encoded = new WeakMap<RoundBatch, Uint8Array>();
function travel(batch: RoundBatch): RoundBatch {
	let bytes = encoded.get(batch);
	if (!bytes) {
		const w = new BitWriter();
		writeRoundBatch(w, batch);
		bytes = w.finish();
		encoded.set(batch, bytes);
	}
	return readRoundBatch(new BitReader(bytes));
}

/** The director as a pure model: what it holds per table, its tournament state and log length. */
class Director {
	readonly held = new Map<number, TableHolding>();
	state: TournamentState;
	revision: number;
	readonly refused: string[] = [];

	constructor(
		state: TournamentState,
		revision: number,
		readonly seating: readonly (readonly string[])[]
	) {
		this.state = state;
		this.revision = revision;
	}

	receive(batch: RoundBatch): void {
		const held = this.held.get(batch.table) ?? null;
		const plan = planImport(held, batch, { locked: false });
		if (!plan.ok) {
			this.refused.push(plan.error.code);
			return;
		}
		if (plan.value.kind !== 'add') return;
		this.held.set(batch.table, { stream: batch.stream, events: plan.value.merged });
		const seats = (this.seating[batch.table - 1] ?? []).map((id) => ({ id, name: id.toUpperCase() }));
		const scores = tableScores(plan.value.round, seats);
		if (!scores) return;
		const reported = applyEvent(this.state, {
			type: 'table-reported',
			id: `report-${batch.round}-${batch.table}`,
			at: '2026-11-22T11:00:00Z',
			round: batch.round,
			table: batch.table,
			scores
		});
		if (!reported.ok) throw new Error(reported.error.en);
		this.state = reported.value;
		this.revision++;
	}

	#standings: StandingsPayload | null = null;

	/** The standings code as handed out now (computed once per revision). */
	standings(): StandingsPayload {
		if (this.#standings?.revision !== this.revision) {
			this.#standings = standingsPayload(this.state, TOURNAMENT_ID, this.revision);
		}
		return this.#standings;
	}
}

/** Rounds are generated once per seat count and picked by index: the property is about the schedule. */
const POOL = new Map<number, SyncEvent[][]>();
function pooledRound(size: number, pick: number, table: number, names: readonly string[]): SyncEvent[] {
	let pool = POOL.get(size);
	if (!pool) {
		const seats = Array.from({ length: size }, (_, i) => `SEAT${i}`);
		pool = Array.from({ length: 40 }, (_, k) =>
			roundEvents({ players: seats, choices: finishingChoices([k, k * 7, k * 13]) })
		);
		POOL.set(size, pool);
	}
	const events = pool[pick % pool.length]!;
	// The table's own names, tournament context and device; the same game otherwise.
	return events.map((event, i) => {
		const device = `tablet${table}`;
		const seq = 1 + table * 1000 + i;
		if (i > 0) return { ...event, device, seq };
		const body = event.body as { setup: { players: string[] }; context: { table: number } };
		return {
			...event,
			device,
			seq,
			body: { ...body, setup: { ...body.setup, players: [...names] }, context: { ...body.context, table } }
		};
	});
}

const schedule = fc.record({
	players: fc.integer({ min: 6, max: 16 }),
	seed: fc.string({ maxLength: 8 }),
	tables: fc.array(
		fc.record({
			pick: fc.nat(),
			cuts: fc.uniqueArray(fc.integer({ min: 1, max: 200 }), { maxLength: 3 })
		}),
		{ minLength: 5, maxLength: 5 }
	),
	deliveries: fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 25 }),
	finals: fc.array(fc.nat(), { minLength: 5, maxLength: 5 }),
	tablets: fc.array(fc.array(fc.nat(), { maxLength: 6 }), { minLength: 5, maxLength: 5 })
});

describe('sync converges', () => {
	it(`director and tablets agree on the standings, whatever the order (${CASES} cases)`, () => {
		fc.assert(
			fc.property(schedule, (plan) => {
				const { log, state } = tournament(plan.players, plan.seed);
				const seating = state.rounds[0]!.tables;
				// Each tablet's round and the batches it hands in: some prefixes, then the whole confirmed round.
				const batches = seating.map((players, t) => {
					const spec = plan.tables[t]!;
					const events = pooledRound(
						players.length,
						spec.pick,
						t + 1,
						players.map((id) => id.toUpperCase())
					);
					const cuts = [...spec.cuts.filter((c) => c < events.length).sort((a, b) => a - b), events.length];
					return cuts.map((cut) => ({
						tournamentId: TOURNAMENT_ID,
						round: 1,
						table: t + 1,
						stream: `r-${t + 1}`,
						events: events.slice(0, cut)
					}));
				});
				// Deliveries: random batches (duplicates, any order, some never), and each table's last batch at least once.
				const sent = plan.deliveries.map(([t, k]) => {
					const table = batches[t % batches.length]!;
					return table[k % table.length]!;
				});
				batches.forEach((table, t) => sent.splice(plan.finals[t]! % (sent.length + 1), 0, table.at(-1)!));

				const director = new Director(state, log.length, seating);
				const handedBack: StandingsPayload[] = [];
				for (const batch of sent) {
					director.receive(travel(batch));
					handedBack.push(director.standings());
				}
				// Reference: the final rounds reported in table order, nothing lost or doubled.
				const reference = new Director(state, log.length, seating);
				for (const table of batches) reference.receive(table.at(-1)!);
				expect(director.standings().rows).toEqual(reference.standings().rows);
				expect(director.refused.every((code) => code === 'superseded')).toBe(true);
				for (const [t, table] of batches.entries()) {
					const ids = new Set(director.held.get(t + 1)?.events.map(eventId));
					expect(ids).toEqual(new Set(table.at(-1)!.events.map(eventId)));
				}

				// Tablets: standings codes dropped, duplicated, reordered; the last one reaches each eventually.
				const last = handedBack.at(-1)!;
				for (const picks of plan.tablets.slice(0, seating.length)) {
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
	}, 120_000);
});

export type { SyncEvent };
