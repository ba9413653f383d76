import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundBatchSchema } from '../codecs/sync';
import { BitReader, BitWriter } from './bits';
import type { RoundBatch, SyncEvent } from './sync-events';
import { readRoundBatch, UnknownSeating, writeRoundBatch, type SeatLookup } from './round-codec';
import { arbitraryChoices, batchOf, LONG_NAMES, roundEvents, TOURNAMENT_ID } from './testing';
import { CLASSIC, KIDS, TOURNAMENT } from '../domain/rules';
import { runs } from '../domain/testing/runs';

function roundTrip(batch: RoundBatch): { bytes: number; back: RoundBatch } {
	const w = new BitWriter();
	writeRoundBatch(w, batch);
	const bytes = w.finish();
	const r = new BitReader(bytes);
	const back = readRoundBatch(r);
	expect(r.atEnd()).toBe(true);
	return { bytes: bytes.length, back };
}

/** Times travel to the second; everything else exactly. */
const withoutTimes = (batch: RoundBatch) => ({
	...batch,
	events: batch.events.map(({ at: _at, ...e }) => e)
});

describe('round batch codec', () => {
	it('round-trips legal rounds of every preset, player count and tile set', () => {
		fc.assert(
			fc.property(
				arbitraryChoices,
				fc.integer({ min: 2, max: 6 }),
				fc.constantFrom(TOURNAMENT, CLASSIC, KIDS, { ...TOURNAMENT, tiles: 76 as const }),
				fc.integer({ min: 1, max: 100_000 }),
				(choices, n, rules, firstSeq) => {
					const players = ['Anna', 'Ben', 'Cara', 'Dirk', 'Emil', 'Fritzi'].slice(0, n);
					const batch = batchOf(
						roundEvents({ players, choices, rules, firstSeq, start: choices.length % n })
					);
					const { back } = roundTrip(batch);
					expect(withoutTimes(back)).toEqual(withoutTimes(batch));
					expect(roundBatchSchema.safeParse(back).success).toBe(true);
					expect(back.events[0]?.at).toBe(Math.floor((batch.events[0]?.at ?? 0) / 1000) * 1000);
				}
			),
			{ numRuns: runs(300) }
		);
	});

	it('round-trips undo, corrections, claims, gaps in the sequence, several devices and unknown events', () => {
		const events = roundEvents({
			players: ['Anna', 'Ben', 'Cara'],
			choices: [3, 5, 8],
			confirmed: false,
			extra: [
				{ type: 'undo' },
				{
					type: 'correct',
					turn: 0,
					actions: [
						{ type: 'draw' },
						{ type: 'lay', value: 7, tile: [1, 2, 4], bonus: 'bridge', out: false }
					],
					reason: 'Tisch einig – „Brücke“'
				},
				{
					type: 'correct',
					turn: 'hands',
					actions: [
						{ type: 'settle', hands: [null, { sum: 12, tiles: null }, { sum: 3, tiles: [[0, 1, 2]] }] }
					],
					reason: ''
				},
				{
					type: 'claim',
					turn: 1,
					text: 'minus fünf, sieben, ergibt zwei',
					consistent: false,
					resolution: 'accepted'
				}
			]
		});
		const gap: SyncEvent[] = events.map((e, i) => (i > 2 ? { ...e, seq: e.seq + 40 } : e));
		gap.push({
			device: 'zz99',
			seq: 3,
			at: 1_760_000_900_000,
			type: 'round.note',
			body: { text: 'ü', n: [1, null] }
		});
		const batch = batchOf(gap);
		expect(withoutTimes(roundTrip(batch).back)).toEqual(withoutTimes(batch));
	});

	it('writes a context that differs from the header explicitly', () => {
		const events = roundEvents({
			players: ['A', 'B'],
			choices: [1],
			table: 3,
			round: 2,
			tournamentId: 't-other'
		});
		const batch = batchOf(events);
		const back = roundTrip(batch).back;
		expect(back.events[0]?.body).toEqual(events[0]?.body);
	});

	it('keeps a round small: a header of about 80 bytes, then about a byte per event', () => {
		const batch = batchOf(
			roundEvents({
				players: ['Anna', 'Ben', 'Cara', 'Dirk'],
				choices: Array.from({ length: 120 }, (_, i) => (i * 7919) % 10_000)
			})
		);
		const { bytes } = roundTrip(batch);
		expect(bytes).toBeLessThan(80 + batch.events.length);
	});

	describe('players by seat', () => {
		const seating = { revision: 27, names: [...LONG_NAMES] };
		const asked: unknown[] = [];
		const seats: SeatLookup = (table, revision) => {
			asked.push({ ...table, revision });
			return revision === 27 ? seating.names : null;
		};
		const encode = (batch: RoundBatch, withSeating = true) => {
			const w = new BitWriter();
			writeRoundBatch(w, batch, withSeating ? seating : undefined);
			return w.finish();
		};

		it('names a tournament table’s players by seat, in any seat order, and reads them back exactly', () => {
			// The tablet seated them in another order at the start draw; one name was typed in by hand.
			const players = [LONG_NAMES[2], LONG_NAMES[0], 'Gast Ohne Auslosung', LONG_NAMES[3]];
			const batch = batchOf(roundEvents({ players, choices: [5, 8, 13], round: 2, table: 3 }), {
				round: 2,
				table: 3
			});
			const bytes = encode(batch);
			const r = new BitReader(bytes);
			const back = readRoundBatch(r, seats);
			expect(r.atEnd()).toBe(true);
			expect(withoutTimes(back)).toEqual(withoutTimes(batch));
			expect(asked).toContainEqual({
				tournamentId: TOURNAMENT_ID,
				round: 2,
				table: 3,
				stream: batch.stream,
				revision: 27
			});
			// Three long names no longer travel: the code is shorter by about their length.
			const saved = encode(batch, false).length - bytes.length;
			const names = LONG_NAMES[0].length + LONG_NAMES[2].length + LONG_NAMES[3].length;
			expect(saved).toBeGreaterThan(names);
		});

		it('refuses to guess a seating it does not know', () => {
			const batch = batchOf(roundEvents({ players: [...LONG_NAMES], choices: [1] }));
			expect(() => readRoundBatch(new BitReader(encode(batch)))).toThrow(UnknownSeating);
			const other: SeatLookup = () => null;
			expect(() => readRoundBatch(new BitReader(encode(batch)), other)).toThrow(UnknownSeating);
		});
	});
});
