import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import { BONUSES, PRESETS, SCORINGS } from '../domain/rules';
import { roundEntrySchema, roundStartedSchema } from './round';
import { isRoundEntry, isRoundStarted } from './round-check';

// The table screen checks its stored rows without zod (round-check.ts); everything else with the zod
// schemas. Both must take exactly the same rows: valid ones, and each of them with one part broken (short
// texts: the values at the bounds of names and reasons are among the broken parts).

const digit = fc.integer({ min: 0, max: 5 });
const tile = fc.tuple(digit, digit, digit);
const name = fc.string({ minLength: 1, maxLength: 8 });
const action = fc.oneof(
	fc.constant({ type: 'draw' }),
	fc.record({
		type: fc.constant('lay'),
		value: fc.integer({ min: 0, max: 15 }),
		tile: fc.option(tile, { nil: null }),
		bonus: fc.option(fc.constantFrom(...BONUSES), { nil: null }),
		out: fc.boolean()
	}),
	fc.constant({ type: 'pass' }),
	fc.record({
		type: fc.constant('settle'),
		hands: fc.array(
			fc.option(
				fc.record({
					sum: fc.integer({ min: 0, max: 999 }),
					tiles: fc.option(fc.array(tile, { maxLength: 60 }), { nil: null })
				}),
				{ nil: null }
			),
			{ minLength: 2, maxLength: 6 }
		)
	})
);
const entry = fc.oneof(
	fc.record({ type: fc.constant('act'), action }),
	fc.constant({ type: 'undo' }),
	fc.record({
		type: fc.constant('correct'),
		turn: fc.oneof(fc.nat(), fc.constant('hands')),
		actions: fc.array(action, { minLength: 1, maxLength: 4 }),
		reason: fc.string({ maxLength: 8 })
	}),
	fc.record({
		type: fc.constant('claim'),
		turn: fc.nat(),
		text: fc.string({ maxLength: 8 }),
		consistent: fc.boolean(),
		resolution: fc.constantFrom('matched', 'accepted', 'corrected')
	})
);
const started = fc.record({
	setup: fc.record(
		{
			rules: fc.record({
				preset: fc.constantFrom(...PRESETS),
				scoring: fc.constantFrom(...SCORINGS),
				tiles: fc.constantFrom(56, 76)
			}),
			players: fc.array(name, { minLength: 2, maxLength: 6 }),
			start: fc.integer({ min: 0, max: 5 }),
			pool: fc.integer({ min: 0, max: 76 })
		},
		{ requiredKeys: ['rules', 'players', 'start'] }
	),
	context: fc.record({
		gameId: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
		tournamentId: fc.option(fc.string({ maxLength: 8 }), { nil: null }),
		round: fc.option(fc.integer({ min: 1, max: 40 }), { nil: null }),
		table: fc.option(fc.integer({ min: 1, max: 500 }), { nil: null }),
		startDraw: fc.option(
			fc.array(fc.array(fc.option(fc.integer({ min: 0, max: 15 }), { nil: null }), { maxLength: 6 }), {
				maxLength: 4
			}),
			{ nil: null }
		)
	})
});

/** Values at and past the bounds, of every type a broken row may hold in a place. */
const STRANGE: readonly unknown[] = [
	undefined,
	null,
	-1,
	-0,
	0,
	0.5,
	1,
	5,
	6,
	15,
	16,
	56,
	60,
	76,
	77,
	999,
	1000,
	2 ** 53,
	Number.NaN,
	Infinity,
	'',
	'x',
	'draw',
	'lay',
	'hands',
	'matched',
	'tournament',
	'bridge',
	'a'.repeat(LIMITS.nameLength),
	'a'.repeat(LIMITS.nameLength + 1),
	'a'.repeat(500),
	'a'.repeat(501),
	true,
	false,
	[],
	[0, 0, 0],
	[0, 0, 0, 0],
	// eslint-disable-next-line no-sparse-arrays
	[0, , 0],
	{},
	{ type: 'draw' },
	{ type: 'constructor' },
	new Date(0)
];

/** Every place in a value (the value itself first), as paths of keys. */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
	if (typeof value !== 'object' || value === null) return [path];
	return [path, ...Object.keys(value).flatMap((key) => places((value as never)[key], [...path, key]))];
}

/** A copy of `value` with the place at `path` set to `to` ('delete': the key gone, 'extra': a key added). */
function broken(value: unknown, path: (string | number)[], to: unknown): unknown {
	if (path.length === 0) {
		if (to === 'extra' && typeof value === 'object' && value !== null)
			return Array.isArray(value) ? [...value, 0] : { ...value, extra: 1 };
		return to === 'delete' ? undefined : to;
	}
	const [key, ...rest] = path;
	const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
		string | number,
		unknown
	>;
	const inner = broken(copy[key!], rest, to);
	if (rest.length === 0 && to === 'delete') delete copy[key!];
	else copy[key!] = inner;
	return copy;
}

/** What may stand beside a value: a number one more or less, a text longer than a bound, or empty. */
function beside(value: unknown): unknown[] {
	if (typeof value === 'number') return [value - 1, value + 1, value + 0.5];
	// (a name's bound, and a reason's or an announcement's: 500 characters)
	if (typeof value === 'string')
		return [`${value}a`, value.padEnd(LIMITS.nameLength + 1, 'a'), value.padEnd(501, 'a'), ''];
	return [];
}

/** A valid value, or one with a place broken: set to a strange value or one beside it, gone, or with more. */
function someBroken(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
	return fc
		.tuple(valid, fc.nat(), fc.nat({ max: 2 * STRANGE.length }), fc.nat({ max: 4 }))
		.map(([value, at, pick, how]) => {
			if (how === 0) return value;
			const all = places(value);
			const path = all[at % all.length]!;
			if (how === 1) return broken(value, path, 'delete');
			if (how === 2) return broken(value, path, 'extra');
			const here = path.reduce<unknown>((inner, key) => (inner as never)[key], value);
			const near = how === 3 ? beside(here) : [];
			return broken(value, path, near.length ? near[pick % near.length] : STRANGE[pick % STRANGE.length]);
		});
}

describe('round rows checked without zod take what the zod schemas take', () => {
	it('round.entry bodies', () => {
		fc.assert(
			fc.property(someBroken(entry), (value) => {
				expect(isRoundEntry(value)).toBe(roundEntrySchema.safeParse(value).success);
			}),
			{ numRuns: 1500 }
		);
	});

	it('round.started bodies', () => {
		fc.assert(
			fc.property(someBroken(started), (value) => {
				expect(isRoundStarted(value)).toBe(roundStartedSchema.safeParse(value).success);
			}),
			{ numRuns: 1500 }
		);
	});

	it('takes a text on its bound and refuses one past it, as the schemas do: a name, a reason, an announcement', () => {
		const setup = {
			rules: { preset: 'tournament', scoring: 'standard', tiles: 56 },
			players: ['Anna'],
			start: 0
		};
		const context = { gameId: null, tournamentId: null, round: null, table: null, startDraw: null };
		for (const [length, taken] of [
			[LIMITS.nameLength, true],
			[LIMITS.nameLength + 1, false]
		] as const) {
			const value = { setup: { ...setup, players: ['Anna', 'a'.repeat(length)] }, context };
			expect([isRoundStarted(value), roundStartedSchema.safeParse(value).success]).toEqual([taken, taken]);
		}
		for (const [length, taken] of [
			[500, true],
			[501, false]
		] as const) {
			const text = 'a'.repeat(length);
			for (const value of [
				{ type: 'correct', turn: 0, actions: [{ type: 'pass' }], reason: text },
				{ type: 'claim', turn: 0, text, consistent: true, resolution: 'matched' }
			]) {
				expect([isRoundEntry(value), roundEntrySchema.safeParse(value).success]).toEqual([taken, taken]);
			}
		}
	});

	it('a type that is not a text is no row, not even one that reads as a type’s name (["draw"])', () => {
		for (const value of [
			{ type: ['undo'] },
			{ type: 'act', action: { type: ['draw'] } },
			{ type: 'act', action: { type: ['pass'] } }
		]) {
			expect([isRoundEntry(value), roundEntrySchema.safeParse(value).success]).toEqual([false, false]);
		}
	});

	it('takes every valid row, and a good share of the broken ones are not taken', () => {
		for (const value of fc.sample(entry, 200)) expect(isRoundEntry(value)).toBe(true);
		for (const value of fc.sample(started, 200)) expect(isRoundStarted(value)).toBe(true);
		const values = fc.sample(fc.oneof(someBroken(entry), someBroken(started)), 1000);
		const refused = values.filter((value) => !isRoundEntry(value) && !isRoundStarted(value)).length;
		expect(refused).toBeGreaterThan(values.length * 0.2);
		expect(refused).toBeLessThan(values.length * 0.9);
	});
});

/** `value` with the place at `path` set to `to`. */
function withAt(value: unknown, path: readonly (string | number)[], to: unknown): unknown {
	return broken(value, [...path], to);
}

const lay = { type: 'act', action: { type: 'lay', value: 5, tile: [1, 2, 3], bonus: null, out: false } };
const settle = { type: 'act', action: { type: 'settle', hands: [{ sum: 0, tiles: [] }, null] } };
const correct = { type: 'correct', turn: 0, actions: [{ type: 'draw' }], reason: '' };
const claim = { type: 'claim', turn: 0, text: '', consistent: true, resolution: 'matched' };
const start = {
	setup: { rules: { preset: PRESETS[0], scoring: SCORINGS[0], tiles: 56 }, players: ['Ada', 'Bo'], start: 0 },
	context: { gameId: null, tournamentId: null, round: 1, table: 1, startDraw: [[3, null]] }
};
const text = (length: number) => 'a'.repeat(length);
const many = (length: number, each: unknown) => Array.from({ length }, () => each);

/**
 * Every bounded field of a stored round row (round.ts's `roundEntrySchema` and `roundStartedSchema`),
 * at its bound and one past it: [field, row, place, value at the bound, value one past it].
 */
const BOUNDS: readonly [string, 'entry' | 'started', object, (string | number)[], unknown, unknown][] = [
	['a laid tile’s points, least', 'entry', lay, ['action', 'value'], 0, -1],
	['a laid tile’s points, most', 'entry', lay, ['action', 'value'], 15, 16],
	['a tile’s corner, least', 'entry', lay, ['action', 'tile', 0], 0, -1],
	['a tile’s corner, most', 'entry', lay, ['action', 'tile', 2], 5, 6],
	['a tile’s corners, fewest', 'entry', lay, ['action', 'tile'], [0, 0, 0], [0, 0]],
	['a tile’s corners, most', 'entry', lay, ['action', 'tile'], [0, 0, 0], [0, 0, 0, 0]],
	['hands settled, fewest', 'entry', settle, ['action', 'hands'], many(2, null), many(1, null)],
	['hands settled, most', 'entry', settle, ['action', 'hands'], many(6, null), many(7, null)],
	['a hand’s sum, least', 'entry', settle, ['action', 'hands', 0, 'sum'], 0, -1],
	['a hand’s sum, most', 'entry', settle, ['action', 'hands', 0, 'sum'], 999, 1000],
	[
		'a hand’s tiles, most',
		'entry',
		settle,
		['action', 'hands', 0, 'tiles'],
		many(60, [0, 0, 0]),
		many(61, [0, 0, 0])
	],
	['a correction’s turn, least', 'entry', correct, ['turn'], 0, -1],
	['a correction’s actions, fewest', 'entry', correct, ['actions'], many(1, { type: 'draw' }), []],
	[
		'a correction’s actions, most',
		'entry',
		correct,
		['actions'],
		many(4, { type: 'draw' }),
		many(5, { type: 'draw' })
	],
	['a correction’s reason, longest', 'entry', correct, ['reason'], text(500), text(501)],
	['an announcement’s turn, least', 'entry', claim, ['turn'], 0, -1],
	['an announcement’s text, longest', 'entry', claim, ['text'], text(500), text(501)],
	['players, fewest', 'started', start, ['setup', 'players'], ['Ada', 'Bo'], ['Ada']],
	['players, most', 'started', start, ['setup', 'players'], many(6, 'Ada'), many(7, 'Ada')],
	['a name, shortest', 'started', start, ['setup', 'players', 0], text(1), ''],
	[
		'a name, longest',
		'started',
		start,
		['setup', 'players', 1],
		text(LIMITS.nameLength),
		text(LIMITS.nameLength + 1)
	],
	['who starts, least', 'started', start, ['setup', 'start'], 0, -1],
	['who starts, most', 'started', start, ['setup', 'start'], 5, 6],
	['tiles in the pool, least', 'started', start, ['setup', 'pool'], 0, -1],
	['tiles in the pool, most', 'started', start, ['setup', 'pool'], 76, 77],
	['the round, least', 'started', start, ['context', 'round'], 1, 0],
	['the table, least', 'started', start, ['context', 'table'], 1, 0],
	['a start draw’s value, least', 'started', start, ['context', 'startDraw', 0, 0], 0, -1],
	['a start draw’s value, most', 'started', start, ['context', 'startDraw', 0, 1], 15, 16]
];

describe('both readers of stored round rows hold every bound exactly', () => {
	const readers = {
		entry: { check: isRoundEntry, schema: roundEntrySchema },
		started: { check: isRoundStarted, schema: roundStartedSchema }
	};
	it.each(BOUNDS)('%s', (_field, kind, row, place, atBound, pastBound) => {
		const { check, schema } = readers[kind];
		const at = withAt(row, place, atBound);
		const past = withAt(row, place, pastBound);
		expect([check(at), schema.safeParse(at).success]).toEqual([true, true]);
		expect([check(past), schema.safeParse(past).success]).toEqual([false, false]);
	});
});
