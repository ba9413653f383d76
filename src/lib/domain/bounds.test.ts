import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
	Allowance,
	BeyondBounds,
	bytesBeyond,
	gamePointsBeyondLimit,
	nameBeyondLimit,
	nameForCodes,
	namesTooLongForCodes,
	resultsBeyondBounds,
	scoresBeyondLimit,
	stateBeyondBounds,
	tournamentEventBeyondBounds
} from './bounds';
import { LIMITS } from './limits';
import type { Score, TournamentEvent } from './tournament/events';
import { replay } from './tournament/reducer';
import type { TournamentState } from './tournament/state';
import { runs } from './testing/runs';

const AT = '2026-03-14T10:00:00Z';
const meta = (id: string) => ({ id, at: AT });
/** A name of `length` characters. */
const nameOf = (length: number) => 'x'.repeat(length);

function stateOf(events: TournamentEvent[]): TournamentState {
	const result = replay(events);
	if (!result.ok) throw new Error(`${result.error.index}: ${JSON.stringify(result.error)}`);
	return result.value;
}

/**
 * Anna, Ben and Cara (ids p-anna …, not their names) at one table of round 1, and a further table of
 * Dirk, Eva and Finn; `points` are Anna's, Ben's, Cara's game points, then Dirk's, Eva's, Finn's. A
 * stored log is replayed as it is (`reducer.ts`), so names and points beyond `LIMITS` stay in it.
 */
function tournament(options: { names?: Record<string, string>; points?: number[]; report?: boolean } = {}) {
	const ids = ['p-anna', 'p-ben', 'p-cara', 'p-dirk', 'p-eva', 'p-finn'];
	const names: Record<string, string> = {
		'p-anna': 'Anna',
		'p-ben': 'Ben',
		'p-cara': 'Cara',
		'p-dirk': 'Dirk',
		'p-eva': 'Eva',
		'p-finn': 'Finn',
		...options.names
	};
	const points = options.points ?? [100, 80, 60, 90, 70, 50];
	const scores = (table: number): Score[] =>
		ids.slice(table * 3, table * 3 + 3).map((player, i) => ({ player, points: points[table * 3 + i] ?? 0 }));
	const events: TournamentEvent[] = [
		{
			type: 'tournament-created',
			...meta('e1'),
			format: 'triominos',
			name: 'Stadtmeisterschaft',
			date: '2026-03-14'
		},
		...ids.map((player): TournamentEvent => ({
			type: 'player-registered',
			...meta(`r-${player}`),
			player,
			name: names[player] ?? player
		})),
		{ type: 'round-opened', ...meta('o1'), round: 1, seed: 's', tables: [ids.slice(0, 3), ids.slice(3)] }
	];
	if (options.report !== false) {
		events.push(
			{ type: 'table-reported', ...meta('t1'), round: 1, table: 1, scores: scores(0) },
			{ type: 'table-reported', ...meta('t2'), round: 1, table: 2, scores: scores(1) }
		);
	}
	return stateOf(events);
}

describe('nameBeyondLimit: a player name of at most LIMITS.nameLength characters, as stored (trimmed)', () => {
	it.each([
		['one below the limit', LIMITS.nameLength - 1],
		['exactly at the limit', LIMITS.nameLength],
		['empty', 0]
	])('accepts a name %s', (_case, length) => {
		expect(nameBeyondLimit(nameOf(length))).toBeNull();
	});

	it('refuses a name one beyond the limit, naming it, its length and the limit', () => {
		expect(nameBeyondLimit(nameOf(LIMITS.nameLength + 1))).toEqual({
			code: 'name-too-long',
			name: nameOf(LIMITS.nameLength + 1),
			length: LIMITS.nameLength + 1,
			max: LIMITS.nameLength
		});
	});

	it('counts and names the name as it is stored: without the spaces around it', () => {
		expect(nameBeyondLimit(`  ${nameOf(LIMITS.nameLength)}  `)).toBeNull();
		expect(nameBeyondLimit(` ${nameOf(LIMITS.nameLength + 1)}\t`)).toEqual({
			code: 'name-too-long',
			name: nameOf(LIMITS.nameLength + 1),
			length: LIMITS.nameLength + 1,
			max: LIMITS.nameLength
		});
	});
});

describe('gamePointsBeyondLimit: whole game points within ±LIMITS.gamePoints (limits.ts: what a game can score)', () => {
	it.each([
		['zero', 0],
		['the bound', LIMITS.gamePoints],
		['one below the bound', LIMITS.gamePoints - 1],
		['minus the bound', -LIMITS.gamePoints],
		['a Triominos round at its most, 76 set (limits.test.ts)', 5955],
		['a Triominos round at its least, 76 set', -1970]
	])('accepts %s', (_case, points) => {
		expect(gamePointsBeyondLimit(points, 'Anna')).toBeNull();
	});

	it.each([
		['one beyond the bound', LIMITS.gamePoints + 1],
		['one beyond minus the bound', -LIMITS.gamePoints - 1],
		['a half point', 0.5],
		['a fraction near the bound', LIMITS.gamePoints - 0.5],
		['2^53, not a safe integer', 2 ** 53],
		['not a number', Number.NaN],
		['infinity', Number.POSITIVE_INFINITY]
	])('refuses %s, as game points of the player', (_case, points) => {
		expect(gamePointsBeyondLimit(points, 'Anna')).toEqual({
			code: 'game-points-beyond-limit',
			player: 'Anna',
			points,
			field: 'points',
			max: LIMITS.gamePoints
		});
	});

	it('names the field it checked (SET: sets found, false calls)', () => {
		expect(gamePointsBeyondLimit(LIMITS.gamePoints + 1, 'Ben', 'falseCalls')).toEqual({
			code: 'game-points-beyond-limit',
			player: 'Ben',
			points: LIMITS.gamePoints + 1,
			field: 'falseCalls',
			max: LIMITS.gamePoints
		});
	});
});

describe('scoresBeyondLimit: the first score of a table beyond the bound', () => {
	const name = (id: string) => `name of ${id}`;
	const beyond = LIMITS.gamePoints + 1;

	it('accepts a table within the bound', () => {
		expect(
			scoresBeyondLimit(
				[
					{ player: 'a', points: LIMITS.gamePoints },
					{ player: 'b', points: -LIMITS.gamePoints }
				],
				name
			)
		).toBeNull();
		expect(scoresBeyondLimit([], name)).toBeNull();
	});

	it('names the first player beyond it, after players within it, by the name it is given', () => {
		expect(
			scoresBeyondLimit(
				[
					{ player: 'a', points: 10 },
					{ player: 'b', points: beyond },
					{ player: 'c', points: -beyond }
				],
				name
			)
		).toEqual({
			code: 'game-points-beyond-limit',
			player: 'name of b',
			points: beyond,
			field: 'points',
			max: LIMITS.gamePoints
		});
	});

	it.each([
		['sets found beyond, false calls within', { found: beyond, falseCalls: 2 }, 'found', beyond],
		['sets found within, false calls beyond', { found: 3, falseCalls: beyond }, 'falseCalls', beyond],
		['both beyond: sets found first', { found: beyond + 1, falseCalls: beyond }, 'found', beyond + 1]
	] as const)(
		'SET (004 §2.2.2, SET points = found − false calls) checks each count: %s',
		(_case, counts, field, points) => {
			expect(
				scoresBeyondLimit(
					[
						{ player: 'a', found: 1, falseCalls: 0 },
						{ player: 'b', ...counts }
					],
					name
				)
			).toEqual({
				code: 'game-points-beyond-limit',
				player: 'name of b',
				points,
				field,
				max: LIMITS.gamePoints
			});
		}
	);

	it('accepts SET counts within the bound', () => {
		expect(scoresBeyondLimit([{ player: 'a', found: 27, falseCalls: LIMITS.gamePoints }], name)).toBeNull();
	});
});

describe('tournamentEventBeyondBounds: what a director adds now, beyond the bounds', () => {
	it('refuses to register or rename a player to a name beyond the limit, and accepts one at it', () => {
		const state = tournament({ report: false });
		const long = nameOf(LIMITS.nameLength + 1);
		const problem = {
			code: 'name-too-long',
			name: long,
			length: LIMITS.nameLength + 1,
			max: LIMITS.nameLength
		};
		expect(
			tournamentEventBeyondBounds(state, {
				type: 'player-registered',
				...meta('x1'),
				player: 'p-gina',
				name: long
			})
		).toEqual(problem);
		expect(
			tournamentEventBeyondBounds(state, {
				type: 'player-renamed',
				...meta('x2'),
				player: 'p-anna',
				name: long
			})
		).toEqual(problem);
		const fits = nameOf(LIMITS.nameLength);
		expect(
			tournamentEventBeyondBounds(state, {
				type: 'player-registered',
				...meta('x3'),
				player: 'p-gina',
				name: fits
			})
		).toBeNull();
		expect(
			tournamentEventBeyondBounds(state, {
				type: 'player-renamed',
				...meta('x4'),
				player: 'p-anna',
				name: fits
			})
		).toBeNull();
	});

	it.each([
		[
			'a table report',
			(scores: Score[]): TournamentEvent => ({
				type: 'table-reported',
				...meta('x'),
				round: 1,
				table: 1,
				scores
			})
		],
		[
			'a correction',
			(scores: Score[]): TournamentEvent => ({
				type: 'result-corrected',
				...meta('x'),
				round: 1,
				table: 1,
				scores,
				reason: 'Tippfehler'
			})
		],
		[
			'a final report',
			(scores: Score[]): TournamentEvent => ({ type: 'final-reported', ...meta('x'), round: 2, scores })
		]
	])('refuses game points beyond the bound in %s, naming the player by his name', (_case, event) => {
		const state = tournament({ report: false });
		const scores = (ben: number): Score[] => [
			{ player: 'p-anna', points: 10 },
			{ player: 'p-ben', points: ben },
			{ player: 'p-cara', points: 0 }
		];
		expect(tournamentEventBeyondBounds(state, event(scores(LIMITS.gamePoints + 1)))).toEqual({
			code: 'game-points-beyond-limit',
			player: 'Ben',
			points: LIMITS.gamePoints + 1,
			field: 'points',
			max: LIMITS.gamePoints
		});
		expect(tournamentEventBeyondBounds(state, event(scores(LIMITS.gamePoints)))).toBeNull();
	});

	it('names a player the tournament does not know by his id (the reducer refuses him after)', () => {
		const state = tournament({ report: false });
		const event: TournamentEvent = {
			type: 'final-reported',
			...meta('x'),
			round: 2,
			scores: [{ player: 'p-nobody', points: -LIMITS.gamePoints - 1 }]
		};
		expect(tournamentEventBeyondBounds(state, event)).toEqual({
			code: 'game-points-beyond-limit',
			player: 'p-nobody',
			points: -LIMITS.gamePoints - 1,
			field: 'points',
			max: LIMITS.gamePoints
		});
	});

	it('has nothing to say about events without a name or a score', () => {
		const state = tournament();
		expect(tournamentEventBeyondBounds(state, { type: 'round-locked', ...meta('x'), round: 1 })).toBeNull();
		expect(
			tournamentEventBeyondBounds(state, {
				type: 'player-withdrawn',
				...meta('y'),
				player: 'p-anna',
				fromRound: 2
			})
		).toBeNull();
	});
});

describe('nameForCodes: a name cut to LIMITS.nameLength characters for the codes', () => {
	it.each([
		['one below the limit', LIMITS.nameLength - 1],
		['exactly at the limit', LIMITS.nameLength]
	])('keeps a name %s as it is', (_case, length) => {
		expect(nameForCodes(nameOf(length))).toBe(nameOf(length));
	});

	it('cuts a name one beyond the limit to the limit, ending in "…"', () => {
		const name = `${'a'.repeat(LIMITS.nameLength - 1)}bc`;
		expect(nameForCodes(name)).toBe(`${'a'.repeat(LIMITS.nameLength - 1)}…`);
		expect(nameForCodes(name)).toHaveLength(LIMITS.nameLength);
	});

	it('any name: fits the codes, is kept when it fits, else is its own start and "…" (property)', () => {
		fc.assert(
			fc.property(fc.string({ maxLength: 2 * LIMITS.nameLength }), (name) => {
				const coded = nameForCodes(name);
				expect(coded.length).toBeLessThanOrEqual(LIMITS.nameLength);
				if (name.length <= LIMITS.nameLength) expect(coded).toBe(name);
				else expect(coded).toBe(`${name.slice(0, LIMITS.nameLength - 1)}…`);
			}),
			{ numRuns: runs(200) }
		);
	});
});

describe('namesTooLongForCodes: the players the desk asks to rename', () => {
	it('lists the players whose names are beyond the limit (stored before it), and no other', () => {
		const state = tournament({
			names: {
				'p-ben': nameOf(LIMITS.nameLength + 1),
				'p-cara': nameOf(LIMITS.nameLength),
				'p-eva': nameOf(80)
			}
		});
		expect(namesTooLongForCodes(state)).toEqual([
			{ id: 'p-ben', name: nameOf(LIMITS.nameLength + 1), withdrawnFrom: null },
			{ id: 'p-eva', name: nameOf(80), withdrawnFrom: null }
		]);
	});

	it('lists nobody when every name fits', () => {
		expect(namesTooLongForCodes(tournament({ names: { 'p-ben': nameOf(LIMITS.nameLength) } }))).toEqual([]);
	});
});

describe('stateBeyondBounds: names and results a merged file leaves beyond the bounds', () => {
	it('finds nothing in a tournament within them', () => {
		expect(stateBeyondBounds(tournament({ names: { 'p-finn': nameOf(LIMITS.nameLength) } }))).toBeNull();
	});

	it('names the first current name beyond the limit, before any result', () => {
		const state = tournament({
			names: { 'p-cara': nameOf(LIMITS.nameLength + 1), 'p-eva': nameOf(LIMITS.nameLength + 2) },
			points: [LIMITS.gamePoints + 1, 0, 0, 0, 0, 0]
		});
		expect(stateBeyondBounds(state)).toEqual({
			code: 'name-too-long',
			name: nameOf(LIMITS.nameLength + 1),
			length: LIMITS.nameLength + 1,
			max: LIMITS.nameLength
		});
	});

	it('then the first result beyond the bound', () => {
		const state = tournament({ points: [0, 0, 0, 0, LIMITS.gamePoints + 1, 0] });
		expect(stateBeyondBounds(state)).toEqual({
			code: 'game-points-beyond-limit',
			player: 'Eva',
			points: LIMITS.gamePoints + 1,
			field: 'points',
			max: LIMITS.gamePoints
		});
	});
});

describe('resultsBeyondBounds: the first current result beyond LIMITS.gamePoints', () => {
	it('finds nothing when every result is within the bound, or no table has reported', () => {
		expect(
			resultsBeyondBounds(tournament({ points: [LIMITS.gamePoints, 0, 0, 0, 0, -LIMITS.gamePoints] }))
		).toBeNull();
		expect(resultsBeyondBounds(tournament({ report: false }))).toBeNull();
	});

	it('names the player of the first table beyond it by his name, past tables within it', () => {
		const state = tournament({ points: [0, 0, 0, 0, LIMITS.gamePoints + 1, LIMITS.gamePoints + 2] });
		expect(resultsBeyondBounds(state)).toEqual({
			code: 'game-points-beyond-limit',
			player: 'Eva',
			points: LIMITS.gamePoints + 1,
			field: 'points',
			max: LIMITS.gamePoints
		});
	});

	it('names a player missing from the roster by his id', () => {
		const reported = tournament({ points: [0, LIMITS.gamePoints + 1, 0, 0, 0, 0] });
		const state = { ...reported, players: new Map([...reported.players].filter(([id]) => id !== 'p-ben')) };
		expect(resultsBeyondBounds(state)).toMatchObject({ code: 'game-points-beyond-limit', player: 'p-ben' });
	});
});

describe('BeyondBounds: a reader stops at the first element past a bound', () => {
	it('is an Error that says what passed which bound, and the problem the door refuses with', () => {
		const beyond = new BeyondBounds('depth', LIMITS.bodyDepth);
		expect(beyond).toBeInstanceOf(Error);
		expect(beyond.message).toBe('more than 16 (depth)');
		expect(beyond.problem).toEqual({ code: 'too-large', what: 'depth', limit: LIMITS.bodyDepth });
	});
});

describe('Allowance: the events and JSON values one file may still hold while it is read', () => {
	/** The BeyondBounds `take` raises, or null. */
	const raised = (take: () => void): BeyondBounds | null => {
		try {
			take();
			return null;
		} catch (cause) {
			if (cause instanceof BeyondBounds) return cause;
			throw cause;
		}
	};

	it('holds LIMITS.eventsPerFile events and LIMITS.jsonValues values unless told otherwise', () => {
		const allowance = new Allowance();
		expect(allowance.limits).toEqual({ events: LIMITS.eventsPerFile, values: LIMITS.jsonValues });
		expect(raised(() => allowance.events(LIMITS.eventsPerFile))).toBeNull();
		expect(raised(() => allowance.values(LIMITS.jsonValues))).toBeNull();
		expect(raised(() => allowance.events(1))?.problem).toEqual({
			code: 'too-large',
			what: 'events',
			limit: LIMITS.eventsPerFile
		});
		expect(raised(() => allowance.values(1))?.problem).toEqual({
			code: 'too-large',
			what: 'values',
			limit: LIMITS.jsonValues
		});
	});

	it.each(['events', 'values'] as const)(
		'takes %s up to the bound across calls, and raises at the first one past it',
		(what) => {
			const allowance = new Allowance({ events: 5, values: 5 });
			expect(raised(() => allowance[what](0))).toBeNull();
			expect(raised(() => allowance[what](3))).toBeNull();
			expect(raised(() => allowance[what](2))).toBeNull();
			const beyond = raised(() => allowance[what](1));
			expect(beyond?.problem).toEqual({ code: 'too-large', what, limit: 5 });
			expect(beyond?.message).toBe(`more than 5 (${what})`);
		}
	);

	it('counts events and values apart', () => {
		const allowance = new Allowance({ events: 2, values: 3 });
		expect(raised(() => allowance.values(3))).toBeNull();
		expect(raised(() => allowance.events(2))).toBeNull();
		expect(raised(() => allowance.events(1))?.problem).toEqual({
			code: 'too-large',
			what: 'events',
			limit: 2
		});
	});

	it('raises at once for more than the bound in one call', () => {
		expect(raised(() => new Allowance({ events: 5, values: 5 }).values(6))?.problem).toEqual({
			code: 'too-large',
			what: 'values',
			limit: 5
		});
	});
});

describe('bytesBeyond: a file refused by its size before it is read', () => {
	it.each([
		['empty', 0, null],
		['one byte below the limit', LIMITS.fileBytes - 1, null],
		['exactly at the limit', LIMITS.fileBytes, null],
		[
			'one byte past the limit',
			LIMITS.fileBytes + 1,
			{ code: 'too-large', what: 'bytes', limit: LIMITS.fileBytes }
		]
	])('%s', (_case, size, problem) => {
		expect(bytesBeyond(size, LIMITS.fileBytes)).toEqual(problem);
	});
});
