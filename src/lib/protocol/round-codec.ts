import type { RoundStarted } from '../codecs/round';
import type { RoundAction } from '../domain/round';
import type { RoundEntry } from '../domain/roundLog';
import { parseJson, utf8Pieces } from '../codecs/json-walk';
import { Allowance } from '../domain/bounds';
import { LIMITS } from '../domain/limits';
import { BONUSES, PRESETS, SCORINGS } from '../domain/rules';
import type { Tile } from '../domain/tiles';
import { BitReader, BitWriter, FromOtherVersion, Malformed } from './bits';
import { ROUND_EVENT_TYPES, type RoundBatch, type SyncEvent } from './sync-events';
import { sameJson } from './digest';
import { readId, writeId } from './ids';

/**
 * The compact binary form of a round batch, turn by turn: a purchase is 2 bits, a lay 7 bits (value,
 * then a flag for bonus / out / tile numbers as 3×3 bits), a pass 3 bits. Undo, corrections, claims
 * and the confirmation have their own tags; any event that fits none of them travels as JSON, so
 * the code is lossless for every event a round stream can hold (times only to the second).
 *
 * Tags (prefix-free): 00 draw · 01 lay · 100 pass · 1010 settle · 1011 undo · 1100 correct ·
 * 1101 claim · 11100 started · 11101 confirmed · 1111 JSON.
 *
 * A tournament table's players travel by seat: the director knows the seating it handed out, so the
 * start names each player as a seat (3 bits) of that seating at the director's log revision, instead of
 * the name (a name not in the seating still travels as text). The reader needs that seating
 * (`SeatLookup`); without it such a code is refused (`UnknownSeating`).
 */

/** A table's seats as the director handed them out, at revision `revision` (the length of its log). */
export interface Seating {
	readonly revision: number;
	/** The players' names in seat order. */
	readonly names: readonly string[];
}

/** The names of a tournament table's seats at a revision of the director's log, or null if unknown here. */
export type SeatLookup = (
	table: { readonly tournamentId: string; readonly round: number; readonly table: number },
	revision: number
) => readonly string[] | null;

/** A start that names its players by seat, of a seating this device does not know. */
export class UnknownSeating extends Malformed {
	constructor(
		readonly round: number,
		readonly table: number,
		readonly revision: number
	) {
		super(`unknown seating of round ${round}, table ${table} at revision ${revision}`);
	}
}

const TAG = {
	draw: [0b00, 2],
	lay: [0b01, 2],
	pass: [0b100, 3],
	settle: [0b1010, 4],
	undo: [0b1011, 4],
	correct: [0b1100, 4],
	claim: [0b1101, 4],
	started: [0b11100, 5],
	confirmed: [0b11101, 5],
	json: [0b1111, 4]
} as const satisfies Record<string, readonly [number, number]>;
type Tag = keyof typeof TAG;

const RESOLUTIONS = ['matched', 'accepted', 'corrected'] as const;

function readTag(r: BitReader): Tag {
	if (!r.flag()) return r.flag() ? 'lay' : 'draw';
	if (!r.flag()) return r.flag() ? (r.flag() ? 'undo' : 'settle') : 'pass';
	if (!r.flag()) return r.flag() ? 'claim' : 'correct';
	if (r.flag()) return 'json';
	return r.flag() ? 'confirmed' : 'started';
}

const tag = (w: BitWriter, name: Tag) => w.bits(TAG[name][0], TAG[name][1]);

function writeTile(w: BitWriter, tile: Tile): void {
	for (const n of tile) w.bits(n, 3);
}

function readTile(r: BitReader): Tile {
	const tile = [r.bits(3), r.bits(3), r.bits(3)] as const;
	if (tile.some((n) => n > 5)) throw new Malformed('tile number over 5');
	return tile;
}

function writeAction(w: BitWriter, action: RoundAction, players: number): void {
	switch (action.type) {
		case 'draw':
			tag(w, 'draw');
			return;
		case 'pass':
			tag(w, 'pass');
			return;
		case 'lay': {
			tag(w, 'lay');
			w.bits(action.value, 4);
			const extra = action.bonus !== null || action.out || action.tile !== null;
			w.flag(extra);
			if (!extra) return;
			w.bits(action.bonus === null ? 0 : BONUSES.indexOf(action.bonus) + 1, 3);
			w.flag(action.out).flag(action.tile !== null);
			if (action.tile) writeTile(w, action.tile);
			return;
		}
		case 'settle': {
			tag(w, 'settle');
			if (action.hands.length !== players) w.flag(true).bits(action.hands.length, 3);
			else w.flag(false);
			for (const hand of action.hands) {
				if (hand === null) w.bits(0, 2);
				else if (hand.tiles === null) w.bits(1, 2).varint(hand.sum);
				else {
					w.bits(2, 2).varint(hand.sum).varint(hand.tiles.length);
					for (const tile of hand.tiles) writeTile(w, tile);
				}
			}
		}
	}
}

function readActionBody(r: BitReader, kind: Tag, players: number): RoundAction {
	if (kind === 'draw') return { type: 'draw' };
	if (kind === 'pass') return { type: 'pass' };
	if (kind === 'lay') {
		const value = r.bits(4);
		if (!r.flag()) return { type: 'lay', value, tile: null, bonus: null, out: false };
		const bonusIndex = r.bits(3);
		if (bonusIndex > BONUSES.length) throw new Malformed('bad bonus');
		const bonus = bonusIndex === 0 ? null : (BONUSES[bonusIndex - 1] ?? null);
		const out = r.flag();
		const tile = r.flag() ? readTile(r) : null;
		return { type: 'lay', value, tile, bonus, out };
	}
	if (kind !== 'settle') throw new Malformed('not an action');
	const count = r.flag() ? r.bits(3) : players;
	const hands = Array.from({ length: count }, () => {
		const form = r.bits(2);
		if (form === 0) return null;
		if (form === 1) return { sum: r.varint(999), tiles: null };
		if (form !== 2) throw new Malformed('bad hand');
		const sum = r.varint(999);
		const length = r.varint(60);
		return { sum, tiles: Array.from({ length }, () => readTile(r)) };
	});
	return { type: 'settle', hands };
}

function readAction(r: BitReader, players: number): RoundAction {
	return readActionBody(r, readTag(r), players);
}

function writeEntry(w: BitWriter, entry: RoundEntry, players: number): void {
	switch (entry.type) {
		case 'act':
			writeAction(w, entry.action, players);
			return;
		case 'undo':
			tag(w, 'undo');
			return;
		case 'correct':
			tag(w, 'correct');
			if (entry.turn === 'hands') w.flag(true);
			else w.flag(false).varint(entry.turn);
			w.bits(entry.actions.length - 1, 2);
			for (const action of entry.actions) writeAction(w, action, players);
			w.string(entry.reason);
			return;
		case 'claim':
			tag(w, 'claim');
			w.varint(entry.turn).string(entry.text).flag(entry.consistent);
			w.bits(RESOLUTIONS.indexOf(entry.resolution), 2);
	}
}

/**
 * Context fields equal to the batch header are written as one bit. Players: a count, then the names; or,
 * with a seating, a count of 0 (no round has none), the revision, the count, and per player a flag and
 * its seat (3 bits) or its name.
 */
function writeStarted(
	w: BitWriter,
	started: RoundStarted,
	batch: Omit<RoundBatch, 'events'>,
	seating: Seating | undefined
): void {
	const { setup, context } = started;
	w.bits(PRESETS.indexOf(setup.rules.preset), 2).bits(SCORINGS.indexOf(setup.rules.scoring), 2);
	w.flag(setup.rules.tiles === 76);
	const seats = setup.players.map((name) => seating?.names.indexOf(name) ?? -1);
	if (seating && seats.some((seat) => seat >= 0)) {
		w.bits(0, 3).varint(seating.revision).bits(setup.players.length, 3);
		for (const [i, name] of setup.players.entries()) {
			const seat = seats[i] as number;
			if (seat >= 0) w.flag(true).bits(seat, 3);
			else w.flag(false).string(name);
		}
	} else {
		w.bits(setup.players.length, 3);
		for (const name of setup.players) w.string(name);
	}
	w.bits(setup.start, 3);
	if (setup.pool === undefined) w.flag(false);
	else w.flag(true).varint(setup.pool);
	const nullableId = (id: string | null) => (id === null ? w.flag(false) : (w.flag(true), writeId(w, id)));
	nullableId(context.gameId);
	const sameTournament = context.tournamentId === batch.tournamentId;
	w.flag(sameTournament);
	if (!sameTournament) nullableId(context.tournamentId);
	for (const [value, header] of [
		[context.round, batch.round],
		[context.table, batch.table]
	] as const) {
		w.flag(value === header);
		if (value !== header) w.varint(value === null ? 0 : value);
	}
	if (context.startDraw === null) w.flag(false);
	else {
		w.flag(true).varint(context.startDraw.length);
		for (const draw of context.startDraw) {
			w.bits(draw.length, 3);
			for (const value of draw) {
				if (value === null) w.flag(false);
				else w.flag(true).bits(value, 4);
			}
		}
	}
}

/** Preset and scoring (2 bits each); an index this version does not know is from a newer one. */
export function readPreset(r: BitReader): {
	preset: (typeof PRESETS)[number];
	scoring: (typeof SCORINGS)[number];
} {
	const presetIndex = r.bits(2);
	const scoringIndex = r.bits(2);
	const preset = PRESETS[presetIndex];
	const scoring = SCORINGS[scoringIndex];
	if (!preset) throw new FromOtherVersion({ kind: 'preset', value: String(presetIndex) });
	if (!scoring) throw new FromOtherVersion({ kind: 'scoring', value: String(scoringIndex) });
	return { preset, scoring };
}

function readStarted(
	r: BitReader,
	header: Omit<RoundBatch, 'events'>,
	seats: SeatLookup | undefined
): RoundStarted {
	const { preset, scoring } = readPreset(r);
	const tiles = r.flag() ? 76 : 56;
	let count = r.bits(3);
	let seating: readonly string[] | null = null;
	if (count === 0) {
		const revision = r.varint(2 ** 40);
		count = r.bits(3);
		seating = seats?.(header, revision) ?? null;
		if (!seating) throw new UnknownSeating(header.round, header.table, revision);
	}
	const players = Array.from({ length: count }, () => {
		if (!seating || !r.flag()) return r.string(LIMITS.nameLength);
		const name = seating[r.bits(3)];
		if (name === undefined) throw new Malformed('no such seat');
		return name;
	});
	const start = r.bits(3);
	const pool = r.flag() ? r.varint(76) : undefined;
	const nullableId = () => (r.flag() ? readId(r) : null);
	const gameId = nullableId();
	const tournamentId = r.flag() ? header.tournamentId : nullableId();
	const numberOr = (headerValue: number) => {
		if (r.flag()) return headerValue;
		const value = r.varint(10_000);
		return value === 0 ? null : value;
	};
	const round = numberOr(header.round);
	const table = numberOr(header.table);
	const startDraw = r.flag()
		? Array.from({ length: r.varint(50) }, () =>
				Array.from({ length: r.bits(3) }, () => (r.flag() ? r.bits(4) : null))
			)
		: null;
	return {
		setup: { rules: { preset, scoring, tiles }, players, start, ...(pool === undefined ? {} : { pool }) },
		context: { gameId, tournamentId, round, table, startDraw }
	};
}

/**
 * Writes a round batch. Events are written in the order given; their bodies as zod reads them. With the
 * table's `seating`, the start names its players by seat.
 */
export function writeRoundBatch(w: BitWriter, batch: RoundBatch, seating?: Seating): void {
	writeId(w, batch.tournamentId);
	w.varint(batch.round).varint(batch.table);
	writeId(w, batch.stream);
	const devices = [...new Set(batch.events.map((e) => e.device))];
	w.varint(devices.length);
	for (const device of devices) writeId(w, device);
	// Runs of consecutive sequence numbers of one device.
	const runs: { device: number; start: number; length: number }[] = [];
	for (const event of batch.events) {
		const device = devices.indexOf(event.device);
		const last = runs.at(-1);
		if (last && last.device === device && last.start + last.length === event.seq) last.length++;
		else runs.push({ device, start: event.seq, length: 1 });
	}
	w.varint(runs.length);
	for (const run of runs) w.varint(run.device).varint(run.start).varint(run.length);
	const seconds = batch.events.map((e) => Math.floor(e.at / 1000));
	const first = seconds[0] ?? 0;
	w.varint(first).varint(Math.max(0, (seconds.at(-1) ?? first) - first));
	const header = {
		tournamentId: batch.tournamentId,
		round: batch.round,
		table: batch.table,
		stream: batch.stream
	};
	let players = 0;
	for (const event of batch.events) {
		const compact = compactEvent(event, header, players, seating);
		if (compact) {
			w.append(compact.bits);
			players = compact.players;
			continue;
		}
		tag(w, 'json');
		w.string(event.type).string(JSON.stringify(event.body ?? null));
	}
}

/**
 * The event in its compact form, but only when that form gives back exactly this event: the compact
 * form is written, read back and compared, so a body of any other shape goes as JSON, losslessly.
 */
function compactEvent(
	event: SyncEvent,
	header: Omit<RoundBatch, 'events'>,
	players: number,
	seating: Seating | undefined
): { bits: BitWriter; players: number } | null {
	const w = new BitWriter();
	try {
		if (event.type === ROUND_EVENT_TYPES.started) {
			const started = event.body as RoundStarted;
			tag(w, 'started');
			writeStarted(w, started, header, seating);
			players = started.setup.players.length;
		} else if (event.type === ROUND_EVENT_TYPES.entry) {
			writeEntry(w, event.body as RoundEntry, players);
		} else if (event.type === ROUND_EVENT_TYPES.confirmed) {
			tag(w, 'confirmed');
		} else return null;
		const seats = seating ? () => seating.names : undefined;
		const back = readEvent(
			new BitReader(w.finish()),
			event.device,
			event.seq,
			event.at,
			header,
			players,
			seats
		);
		return sameJson(back.body, event.body) ? { bits: w, players } : null;
	} catch {
		return null;
	}
}

/**
 * Reads a round batch; throws `Malformed` on anything that is not one (callers turn it into a refusal).
 * `seats`: the director's seatings, for a start that names its players by seat. `allowance`: what the
 * file it is part of may still hold (`BeyondBounds` past it); its events are taken as soon as their
 * number is read, before any of them is.
 */
export function readRoundBatch(
	r: BitReader,
	seats?: SeatLookup,
	allowance: Allowance = new Allowance({ events: LIMITS.eventsPerRound, values: LIMITS.jsonValues })
): RoundBatch {
	const tournamentId = readId(r);
	const round = r.int(1, 10_000);
	const table = r.int(1, 10_000);
	const stream = readId(r);
	const header = { tournamentId, round, table, stream };
	const devices = Array.from({ length: r.int(1, 16) }, () => readId(r));
	let total = 0;
	const runs = Array.from({ length: r.int(1, LIMITS.eventsPerRound) }, () => {
		const run = {
			device: devices[r.varint(devices.length - 1)] as string,
			start: r.int(1, 2 ** 48),
			length: r.int(1, LIMITS.eventsPerRound)
		};
		total += run.length;
		if (total > LIMITS.eventsPerRound) throw new Malformed('too many events');
		return run;
	});
	allowance.events(total);
	const first = r.varint(2 ** 40);
	const span = r.varint(2 ** 32);
	const ids = runs.flatMap((run) =>
		Array.from({ length: run.length }, (_, i) => [run.device, run.start + i] as const)
	);
	let players = 0;
	const events: SyncEvent[] = ids.map(([device, seq], index) => {
		const at = (first + (total > 1 ? Math.round((span * index) / (total - 1)) : 0)) * 1000;
		const event = readEvent(r, device, seq, at, header, players, seats, allowance);
		if (event.type === ROUND_EVENT_TYPES.started) players = (event.body as RoundStarted).setup.players.length;
		return event;
	});
	return { ...header, events };
}

function readEvent(
	r: BitReader,
	device: string,
	seq: number,
	at: number,
	header: Omit<RoundBatch, 'events'>,
	players: number,
	seats: SeatLookup | undefined,
	allowance = new Allowance()
): SyncEvent {
	const kind = readTag(r);
	if (kind === 'started')
		return { device, seq, at, type: ROUND_EVENT_TYPES.started, body: readStarted(r, header, seats) };
	if (kind === 'confirmed') return { device, seq, at, type: ROUND_EVENT_TYPES.confirmed, body: {} };
	if (kind === 'json') {
		const type = r.string(100);
		const body = parseJson(utf8Pieces(r.string(100_000)), {
			depth: LIMITS.bodyDepth,
			bytes: LIMITS.bodyBytes,
			allowance
		});
		if (!body.ok && body.error.why === 'beyond') throw body.error.beyond;
		if (!body.ok) throw new Malformed('bad JSON event');
		return { device, seq, at, type, body: body.value };
	}
	return { device, seq, at, type: ROUND_EVENT_TYPES.entry, body: readEntry(r, kind, players) };
}

function readEntry(r: BitReader, kind: Tag, players: number): RoundEntry {
	if (kind === 'undo') return { type: 'undo' };
	if (kind === 'correct') {
		const turn = r.flag() ? ('hands' as const) : r.varint(100_000);
		const actions = Array.from({ length: r.bits(2) + 1 }, () => readAction(r, players));
		return { type: 'correct', turn, actions, reason: r.string(500) };
	}
	if (kind === 'claim') {
		const turn = r.varint(100_000);
		const text = r.string(500);
		const consistent = r.flag();
		const resolution = RESOLUTIONS[r.bits(2)];
		if (!resolution) throw new Malformed('bad resolution');
		return { type: 'claim', turn, text, consistent, resolution };
	}
	return { type: 'act', action: readActionBody(r, kind, players) };
}
