import { LIMITS } from '../domain/limits';
import { BONUSES, PRESETS, SCORINGS } from '../domain/rules';
import type { RoundEntry } from '../domain/roundLog';
import type { RoundStarted } from './round';

// The round's stored rows checked without zod: the table screen opens a round before anything else
// loads, and zod's 10 kB (gzip) were an eighth of what it loaded (`npm run bench -- js-table`). Accepts
// exactly what `roundStartedSchema` and `roundEntrySchema` (round.ts) accept — a property test holds the two
// equal; everything else (files, codes, sync) goes through zod.

type Check = (value: unknown) => boolean;

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

const int =
	(min: number, max = Number.MAX_SAFE_INTEGER): Check =>
	(value) =>
		Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max;

const text =
	(min: number, max: number): Check =>
	(value) =>
		typeof value === 'string' && value.length >= min && value.length <= max;

const oneOf =
	(values: readonly unknown[]): Check =>
	(value) =>
		values.includes(value);

const nullable =
	(check: Check): Check =>
	(value) =>
		value === null || check(value);

/** A list of `min`–`max` items, each one checked (a hole in a list is an item that is undefined). */
const list =
	(check: Check, min: number, max: number): Check =>
	(value) => {
		if (!Array.isArray(value) || value.length < min || value.length > max) return false;
		for (let i = 0; i < value.length; i++) if (!check(value[i])) return false;
		return true;
	};

/** An object with these fields (others are left alone, as zod's object leaves them out). */
const shape =
	(fields: Record<string, Check>): Check =>
	(value) =>
		isObject(value) && Object.entries(fields).every(([key, check]) => check(value[key]));

/** One of several shapes, told by the field `type`. */
const byType =
	(shapes: Record<string, Check>): Check =>
	(value) =>
		isObject(value) &&
		typeof value.type === 'string' &&
		Object.hasOwn(shapes, value.type) &&
		shapes[value.type]!(value);

const boolean: Check = (value) => typeof value === 'boolean';
const digit = int(0, 5);
const tile = list(digit, 3, 3);

const setup = shape({
	rules: shape({ preset: oneOf(PRESETS), scoring: oneOf(SCORINGS), tiles: oneOf([56, 76]) }),
	players: list(text(1, LIMITS.nameLength), 2, 6),
	start: int(0, 5),
	pool: (value) => value === undefined || int(0, 76)(value)
});

const action = byType({
	draw: shape({}),
	lay: shape({ value: int(0, 15), tile: nullable(tile), bonus: nullable(oneOf(BONUSES)), out: boolean }),
	pass: shape({}),
	settle: shape({
		hands: list(nullable(shape({ sum: int(0, 999), tiles: nullable(list(tile, 0, 60)) })), 2, 6)
	})
});

const entry = byType({
	act: shape({ action }),
	undo: shape({}),
	correct: shape({
		turn: (value) => value === 'hands' || int(0)(value),
		actions: list(action, 1, 4),
		reason: text(0, 500)
	}),
	claim: shape({
		turn: int(0),
		text: text(0, 500),
		consistent: boolean,
		resolution: oneOf(['matched', 'accepted', 'corrected'])
	})
});

const started = shape({
	setup,
	context: shape({
		gameId: nullable(text(0, Infinity)),
		tournamentId: nullable(text(0, Infinity)),
		round: nullable(int(1)),
		table: nullable(int(1)),
		startDraw: nullable(list(list(nullable(int(0, 15)), 0, Infinity), 0, Infinity))
	})
});

/** A stored `round.started` event's body, as `roundStartedSchema` accepts it. */
export const isRoundStarted = (value: unknown): value is RoundStarted => started(value);

/** A stored `round.entry` event's body, as `roundEntrySchema` accepts it. */
export const isRoundEntry = (value: unknown): value is RoundEntry => entry(value);
