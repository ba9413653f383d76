import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { roundBatchSchema } from '../codecs/sync';
import type { RoundStarted } from '../codecs/round';
import type { RoundEntry } from '../domain/roundLog';
import { BeyondBounds } from '../domain/bounds';
import { LIMITS } from '../domain/limits';
import { BitReader, BitWriter, FromOtherVersion, Malformed } from './bits';
import { writeId } from './ids';
import type { RoundBatch, SyncEvent } from './sync-events';
import { readRoundBatch, UnknownSeating, writeRoundBatch, type SeatLookup } from './round-codec';
import { arbitraryChoices, batchOf, DEVICE, LONG_NAMES, roundEvents, TOURNAMENT_ID } from './testing';
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
			expect(() => readRoundBatch(new BitReader(encode(batch)))).toThrow(
				'unknown seating of round 1, table 1 at revision 27'
			);
			const other: SeatLookup = () => null;
			expect(() => readRoundBatch(new BitReader(encode(batch)), other)).toThrow(UnknownSeating);
		});
	});
});

/** A round batch's header up to its runs: round 1, table 1, one device. */
function headerOfOneDevice(): BitWriter {
	const w = new BitWriter();
	writeId(w, TOURNAMENT_ID);
	w.varint(1).varint(1);
	writeId(w, 'r-0a1b2c3d4e5f6g7h');
	w.varint(1);
	writeId(w, DEVICE);
	return w;
}

/**
 * A round batch's bytes as PROTOCOL.md lays them out, with events written bit by bit: the header (one
 * device, one run of `count` events from seq 1), then `events`.
 */
function written(count: number, events: (w: BitWriter) => void): BitReader {
	const w = headerOfOneDevice();
	w.varint(1).varint(0).varint(1).varint(count);
	w.varint(1_760_000_000).varint(0);
	events(w);
	return new BitReader(w.finish());
}

/** The tags of PROTOCOL.md's round stream (prefix-free). */
const tags = {
	lay: (w: BitWriter) => w.bits(0b01, 2),
	settle: (w: BitWriter) => w.bits(0b1010, 4),
	undo: (w: BitWriter) => w.bits(0b1011, 4),
	correct: (w: BitWriter) => w.bits(0b1100, 4),
	claim: (w: BitWriter) => w.bits(0b1101, 4),
	started: (w: BitWriter) => w.bits(0b11100, 5),
	json: (w: BitWriter) => w.bits(0b1111, 4)
};

/** A lay of value 9 with its extras: bonus index (0 none, 1–4 BONUSES), not out, and a tile. */
const lay = (bonus: number, tile: number[]) => (w: BitWriter) => {
	tags.lay(w);
	w.bits(9, 4).flag(true).bits(bonus, 3).flag(false).flag(true);
	for (const n of tile) w.bits(n, 3);
};

/** A start of three players named by seat of the director's seating at revision 27. */
const startedBySeat = (seats: number[]) => (w: BitWriter) => {
	tags.started(w);
	w.bits(0, 2).bits(0, 2).flag(false).bits(0, 3).varint(27).bits(seats.length, 3);
	for (const seat of seats) w.flag(true).bits(seat, 3);
	// Seat 0 opens; no pool, no game; the header's tournament, round and table; no start draw.
	w.bits(0, 3).flag(false).flag(false).flag(true).flag(true).flag(true).flag(false);
};

describe('reading a round batch that is no round batch', () => {
	const seats: SeatLookup = () => ['Anna', 'Ben', 'Cara', 'Dirk'];
	const read = (count: number, events: (w: BitWriter) => void) => () =>
		readRoundBatch(written(count, events), seats);

	it.each([
		['a tile number over 5', 1, lay(0, [6, 0, 0]), 'tile number over 5'],
		['a bonus past the four there are', 1, lay(5, [4, 4, 4]), 'bad bonus'],
		[
			'a correction whose action is an undo',
			1,
			(w: BitWriter) => (tags.correct(w), w.flag(false).varint(0).bits(0, 2), tags.undo(w)),
			'not an action'
		],
		[
			'a hand of a fourth form',
			1,
			(w: BitWriter) => (tags.settle(w), w.flag(true).bits(1, 3).bits(3, 2)),
			'bad hand'
		],
		[
			'a claim of a fourth resolution',
			1,
			(w: BitWriter) => (tags.claim(w), w.varint(3).string('Ben: 40').flag(true).bits(3, 2)),
			'bad resolution'
		],
		['a seat the seating does not have', 1, startedBySeat([0, 4]), 'no such seat'],
		[
			'an event as JSON that is no JSON',
			1,
			(w: BitWriter) => (tags.json(w), w.string('round.entry').string('{"type":')),
			'bad JSON event'
		]
	] as const)('refuses %s (%s)', (_, count, events, message) => {
		expect(read(count, events)).toThrow(new Malformed(message));
	});

	it('reads the fourth bonus and a tile of fives, and seats within the seating', () => {
		const batch = readRoundBatch(written(1, lay(4, [5, 5, 5])), seats);
		expect(batch.events[0]?.body).toEqual({
			type: 'act',
			action: { type: 'lay', value: 9, tile: [5, 5, 5], bonus: 'triple-hexagon', out: false }
		});
		const started = readRoundBatch(written(1, startedBySeat([3, 0])), seats);
		expect((started.events[0]?.body as RoundStarted).setup.players).toEqual(['Dirk', 'Anna']);
	});

	it('says a preset or a scoring it does not know comes from another app version', () => {
		const start = (preset: number, scoring: number) => (w: BitWriter) => {
			tags.started(w);
			w.bits(preset, 2).bits(scoring, 2);
		};
		expect(read(1, start(3, 0))).toThrow(new FromOtherVersion({ kind: 'preset', value: '3' }));
		expect(read(1, start(0, 2))).toThrow(new FromOtherVersion({ kind: 'scoring', value: '2' }));
	});

	it('refuses more events than a round holds before it reads one', () => {
		const w = headerOfOneDevice();
		// A run of 5,000 events is a round's most (LIMITS.eventsPerRound); a second run of one is too many.
		w.varint(2).varint(0).varint(1).varint(5000).varint(0).varint(6000).varint(1);
		expect(() => readRoundBatch(new BitReader(w.finish()))).toThrow(new Malformed('too many events'));
	});

	it('refuses an event as JSON nested deeper than a body may be, as past the bound', () => {
		const deep = `${'['.repeat(LIMITS.bodyDepth + 1)}${']'.repeat(LIMITS.bodyDepth + 1)}`;
		expect(read(1, (w) => (tags.json(w), w.string('x.y').string(deep)))).toThrow(BeyondBounds);
	});
});

/**
 * Every event a round stream holds travels in its compact form (PROTOCOL.md, round stream): a form that
 * did not give the event back would be written as JSON instead, still lossless but many bytes longer —
 * the size tells which.
 */
describe('writing every event in its compact form', () => {
	const players = ['Anna', 'Ben', 'Cara'];
	const [start] = roundEvents({ players, choices: [], round: 2, table: 3 });
	const header = { round: 2, table: 3 };
	const bytesOf = (events: SyncEvent[], seating?: { revision: number; names: readonly string[] }) => {
		const w = new BitWriter();
		writeRoundBatch(w, batchOf(events, header), seating);
		return w.finish();
	};
	const size = (...args: Parameters<typeof bytesOf>) => bytesOf(...args).length;
	const withSetup = (setup: object, context: object = {}): SyncEvent => {
		const body = start!.body as { setup: object; context: object };
		return {
			...start!,
			body: { setup: { ...body.setup, ...setup }, context: { ...body.context, ...context } }
		};
	};
	/** The start alone: written in the test, so a mutation test knows which tests write it. */
	const base = () => size([start!]);
	const entry = (body: RoundEntry): SyncEvent => ({ ...start!, seq: 2, type: 'round.entry', body });

	it.each([
		['76 tiles', withSetup({ rules: { ...TOURNAMENT, tiles: 76 } })],
		['kids’ scoring', withSetup({ rules: KIDS })],
		['a pool', withSetup({ pool: 30 })],
		['a game', withSetup({}, { gameId: 'g-0a1b2c3d' })],
		['no tournament', withSetup({}, { tournamentId: null })],
		['another tournament', withSetup({}, { tournamentId: 't-0a1b2c3d' })],
		['another round and table than the header', withSetup({}, { round: 4, table: 9 })],
		['no round and table', withSetup({}, { round: null, table: null })],
		['no start draw', withSetup({}, { startDraw: null })]
	])('a start with %s', (_, started) => {
		const back = roundTrip(batchOf([started], header)).back;
		expect(back.events[0]?.body).toStrictEqual(started.body);
		expect(size([started])).toBeLessThanOrEqual(base() + 10);
	});

	it.each([
		[
			'a lay with its tile and no bonus',
			{ type: 'act', action: { type: 'lay', value: 6, tile: [1, 2, 3], bonus: null, out: false } }
		],
		[
			'a lay that goes out',
			{ type: 'act', action: { type: 'lay', value: 6, tile: null, bonus: null, out: true } }
		],
		[
			'a settlement of fewer hands than players',
			{ type: 'act', action: { type: 'settle', hands: [{ sum: 12, tiles: null }, null] } }
		],
		[
			'a correction of the hands',
			{
				type: 'correct',
				turn: 'hands',
				actions: [{ type: 'settle', hands: [null, null, null] }],
				reason: 'neu gezählt'
			}
		],
		['a correction of a turn', { type: 'correct', turn: 4, actions: [{ type: 'pass' }], reason: 'vertippt' }],
		['a claim', { type: 'claim', turn: 2, text: 'minus fünf', consistent: true, resolution: 'corrected' }],
		['an undo', { type: 'undo' }]
	] as const)('%s', (_, body) => {
		const events = [start!, entry(body as RoundEntry)];
		const back = roundTrip(batchOf(events, header)).back;
		expect(back.events[1]?.body).toEqual(body);
		expect(size(events) - base()).toBeLessThanOrEqual(
			body.type === 'claim' || body.type === 'correct' ? 16 : 6
		);
	});

	it('keeps the type of an event of another kind with an empty body, and the device of each run', () => {
		const other: SyncEvent = { ...start!, seq: 2, type: 'round.note', body: {} };
		const confirmed: SyncEvent = { ...start!, seq: 3, type: 'round.confirmed', body: {} };
		const elsewhere: SyncEvent = { ...confirmed, device: 'zz99', seq: 4 };
		const batch = batchOf([start!, other, confirmed, elsewhere], header);
		expect(withoutTimes(roundTrip(batch).back)).toEqual(withoutTimes(batch));
	});

	it('names a seated player by seat and another by name, the first seat too', () => {
		const seating = { revision: 9, names: ['Anna', 'Ben', 'Dirk'] };
		const bySeat = size([start!], seating);
		// Anna (seat 1) and Ben by seat, Cara by name: shorter than three names, though it carries a revision.
		expect(bySeat).toBeLessThan(base());
		const seats: SeatLookup = () => seating.names;
		expect(readRoundBatch(new BitReader(bytesOf([start!], seating)), seats).events[0]?.body).toEqual(
			start!.body
		);
		// A table none of whose players is seated writes their names, with no revision.
		expect(size([start!], { revision: 9, names: ['Emil', 'Fritzi', 'Gerd'] })).toBe(base());
		// One whose only seated player sits first is written by seat: it does not read without the seating.
		const firstSeated = bytesOf([start!], { revision: 9, names: ['Anna', 'Emil', 'Fritzi'] });
		expect(() => readRoundBatch(new BitReader(firstSeated))).toThrow(UnknownSeating);
	});
});
