import { describe, expect, it } from 'vitest';
import type { z } from 'zod/mini';
import { LIMITS } from '../domain/limits';
import { EVENT_TYPES } from '../domain/tournament';
import {
	EVENT_DOC,
	HEAD_DOC,
	HEAD_SCHEMA,
	eventDocId,
	headId,
	headVersionSchema,
	isIdPart,
	publicKey as publicKeySchema,
	publishedKey,
	publishedEventSchema,
	publishedHeadSchema,
	signature as signatureSchema
} from './published';
import {
	roundActionSchema,
	roundContextSchema,
	roundEntrySchema,
	roundSetupSchema,
	roundStartedSchema,
	ruleOptionsSchema,
	tileSchema
} from './round';
import {
	CONFLICT_REASONS,
	absenceRowSchema,
	absenceSchema,
	assignmentSchema,
	bundleSchema,
	heldTableSchema,
	joinedTableSchema,
	knownTournamentSchema,
	pendingBatchSchema,
	receivedStandingsSchema,
	roundBatchSchema,
	standingsSchema,
	syncEventSchema,
	tabletNameSchema
} from './sync';
import {
	SET_PLANS,
	resultSourceSchema,
	storedTournamentEventSchema,
	tournamentEventSchema,
	tournamentRowSchema
} from './tournament';

/**
 * The guards at every door (storage, files, scanned codes, a server's documents), case by case: what a
 * valid value is comes through whole — every field, every kind, every listed word — and a value outside
 * the bounds (docs/RULES.md, `LIMITS`, the protocol's fields) is refused.
 */

type Schema = z.ZodMiniType;

/** A valid value reads back unchanged: no field is dropped, no word is refused. */
function accepts(schema: Schema, ...values: unknown[]) {
	for (const value of values) {
		const parsed = schema.safeParse(value);
		expect(parsed.error?.message, JSON.stringify(value)).toBeUndefined();
		expect(parsed.data).toEqual(value);
	}
}

function refuses(schema: Schema, ...values: unknown[]) {
	for (const value of values) expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
}

const bytes = (length: number) => new Uint8Array(length).fill(7);
const rules = { preset: 'tournament', scoring: 'standard', tiles: 56 } as const;
const setup = { rules, players: ['Anna', 'Ben'], start: 1, pool: 76 };
const context = { gameId: null, tournamentId: 't1', round: 1, table: 2, startDraw: [[3, null], [15]] };
const event = (seq: number, type: string, body: unknown) => ({ device: 'd1', seq, at: 0, type, body });
const batch = (...events: ReturnType<typeof event>[]) => ({
	tournamentId: 't1',
	round: 1,
	table: 2,
	stream: 's1',
	events
});
const started = event(1, 'round.started', { setup, context });
const drawn = event(2, 'round.entry', { type: 'act', action: { type: 'draw' } });
const confirmed = event(3, 'round.confirmed', {});

describe('round codecs (RULES.md §1–2: tiles 0–5, 2 to 6 players, 56 or 76 tiles)', () => {
	it('reads tiles of three digits 0–5 only', () => {
		accepts(tileSchema, [0, 0, 0], [5, 5, 5], [0, 3, 5]);
		refuses(tileSchema, [0, 0, 6], [-1, 0, 0], [0, 0], [0, 0, 0, 0], [0.5, 1, 1]);
	});

	it('reads every preset, scoring and set size, nothing else', () => {
		accepts(
			ruleOptionsSchema,
			rules,
			{ preset: 'classic', scoring: 'kids', tiles: 76 },
			{ preset: 'tournament', scoring: 'kids', tiles: 56 }
		);
		refuses(
			ruleOptionsSchema,
			{ ...rules, tiles: 60 },
			{ ...rules, preset: '' },
			{ ...rules, scoring: 'x' },
			{}
		);
	});

	it('reads a round setup of 2 to 6 named players, a start seat and a pool', () => {
		const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i}`);
		accepts(
			roundSetupSchema,
			setup,
			{ rules, players: names(6), start: 5 },
			{ ...setup, players: ['x'.repeat(LIMITS.nameLength), 'B'], pool: 0 }
		);
		refuses(
			roundSetupSchema,
			{ ...setup, players: names(1) },
			{ ...setup, players: names(7) },
			{ ...setup, players: ['', 'Ben'] },
			{ ...setup, players: ['x'.repeat(LIMITS.nameLength + 1), 'Ben'] },
			{ ...setup, start: 6 },
			{ ...setup, start: -1 },
			{ ...setup, pool: 77 }
		);
	});

	it('reads each action: draw, lay, pass and the settlement of the hands', () => {
		accepts(
			roundActionSchema,
			{ type: 'draw' },
			{ type: 'pass' },
			{ type: 'lay', value: 15, tile: [5, 5, 5], bonus: 'bridge', out: true },
			{ type: 'lay', value: 0, tile: null, bonus: null, out: false },
			...['hexagon', 'double-hexagon', 'triple-hexagon'].map((bonus) => ({
				type: 'lay',
				value: 3,
				tile: null,
				bonus,
				out: false
			})),
			{ type: 'settle', hands: [{ sum: 999, tiles: [[0, 1, 2]] }, null] }
		);
		refuses(
			roundActionSchema,
			{ type: 'lay', value: 16, tile: null, bonus: null, out: false },
			{ type: 'lay', value: 3, tile: null, bonus: 'star', out: false },
			{ type: 'settle', hands: [null] },
			{ type: 'settle', hands: Array(7).fill(null) },
			{ type: 'settle', hands: [{ sum: 1000, tiles: null }, null] },
			{ type: 'settle', hands: [{ sum: 1, tiles: Array(61).fill([0, 0, 0]) }, null] },
			{ type: 'buy' }
		);
	});

	it('reads each log entry: an action, an undo, a correction and a checked announcement', () => {
		accepts(
			roundEntrySchema,
			{ type: 'act', action: { type: 'draw' } },
			{ type: 'undo' },
			{ type: 'correct', turn: 'hands', actions: [{ type: 'pass' }], reason: '' },
			{ type: 'correct', turn: 0, actions: Array(4).fill({ type: 'draw' }), reason: 'x'.repeat(500) },
			...['matched', 'accepted', 'corrected'].map((resolution) => ({
				type: 'claim',
				turn: 2,
				text: 'drei',
				consistent: resolution === 'matched',
				resolution
			}))
		);
		refuses(
			roundEntrySchema,
			{ type: 'correct', turn: 0, actions: [], reason: '' },
			{ type: 'correct', turn: 0, actions: Array(5).fill({ type: 'draw' }), reason: '' },
			{ type: 'correct', turn: -1, actions: [{ type: 'draw' }], reason: '' },
			{ type: 'correct', turn: 0, actions: [{ type: 'draw' }], reason: 'x'.repeat(501) },
			{ type: 'claim', turn: 0, text: '', consistent: true, resolution: 'ignored' }
		);
	});

	it('reads where a round belongs and its start draw', () => {
		accepts(roundContextSchema, context, {
			gameId: 'g',
			tournamentId: null,
			round: null,
			table: null,
			startDraw: null
		});
		refuses(
			roundContextSchema,
			{ ...context, round: 0 },
			{ ...context, table: 0 },
			{ ...context, startDraw: [[16]] }
		);
		accepts(roundStartedSchema, { setup, context });
	});
});

describe('sync codecs (the table, result, standings and absence codes, the backup, stored rows)', () => {
	it('reads a round stream that starts, goes on and ends with at most one confirmation', () => {
		accepts(roundBatchSchema, batch(started), batch(started, drawn), batch(started, drawn, confirmed));
		accepts(syncEventSchema, started, { ...drawn, seq: 2 ** 48 });
		refuses(syncEventSchema, { ...drawn, seq: 0 }, { ...drawn, type: '' }, { ...drawn, at: -1 });
	});

	it.each([
		['an unknown event', batch(started, event(2, 'round.lost', {})), 'event 1: unknown type round.lost'],
		['no start', batch(drawn), 'event 0: the round must start with round.started'],
		[
			'a second start',
			batch(started, { ...started, seq: 2 }),
			'event 1: the round must start with round.started'
		],
		[
			'an event after the confirmation',
			batch(started, { ...confirmed, seq: 2 }, { ...drawn, seq: 3 }),
			'event 1: nothing may follow the confirmation'
		],
		['a confirmation with a body', batch(started, event(2, 'round.confirmed', { by: 'x' })), 'event 1: '],
		['an entry that does not read', batch(started, event(2, 'round.entry', { type: 'act' })), 'event 1: '],
		['a start that does not read', batch(event(1, 'round.started', { setup })), 'event 0: '],
		['one event twice', batch(started, drawn, drawn), 'an event id occurs twice']
	])('refuses a round stream with %s, and says why', (_, value, reason) => {
		const parsed = roundBatchSchema.safeParse(value);
		expect(parsed.success).toBe(false);
		expect(parsed.error?.issues).toHaveLength(1);
		expect(parsed.error?.issues[0]?.message).toContain(reason);
	});

	const seat = (id: string) => ({ id, name: `Spieler ${id}` });
	const assignment = {
		kind: 'assignment',
		tournamentId: 't1',
		tournamentName: 'Herbstturnier',
		key: bytes(16),
		round: 1,
		table: 2,
		players: [seat('a'), seat('b')],
		rules,
		revision: 4,
		director: bytes(65),
		issuedAt: 29_000_000
	};

	it('reads a table code with keys of their lengths (16-byte table key, 65-byte public key)', () => {
		accepts(assignmentSchema, assignment, { ...assignment, revision: undefined, issuedAt: undefined });
		refuses(
			assignmentSchema,
			{ ...assignment, key: bytes(15) },
			{ ...assignment, key: [...bytes(16)] },
			{ ...assignment, director: bytes(64) },
			{ ...assignment, players: [seat('a')] },
			{ ...assignment, players: [seat('a'), { id: 'b', name: '   ' }] },
			{ ...assignment, round: 0 },
			{ ...assignment, kind: 'standings' }
		);
		expect(assignmentSchema.safeParse({ ...assignment, key: bytes(15) }).error?.message).toContain(
			'a table key has 16 bytes'
		);
		expect(assignmentSchema.safeParse({ ...assignment, director: bytes(1) }).error?.message).toContain(
			'a public key has 65 bytes'
		);
	});

	it('trims a tablet name and refuses an empty or too long one', () => {
		expect(tabletNameSchema.parse('  Tablet 3 (blau) ')).toBe('Tablet 3 (blau)');
		refuses(tabletNameSchema, '   ', 'x'.repeat(LIMITS.tabletName + 1));
		expect(
			absenceSchema.parse({
				kind: 'absence',
				tournamentId: 't',
				round: 1,
				table: 1,
				player: 'p',
				device: 'd',
				tablet: ' T ',
				at: 0
			}).tablet
		).toBe('T');
	});

	it('reads an absence report and its row at the desk', () => {
		const absence = {
			kind: 'absence',
			tournamentId: 't',
			round: 2,
			table: 3,
			player: 'p',
			device: 'd',
			tablet: 'T',
			at: 1_700_000_000_000
		};
		accepts(absenceSchema, absence);
		refuses(
			absenceSchema,
			{ ...absence, kind: 'assignment' },
			{ ...absence, player: '' },
			{ ...absence, at: -1 }
		);
		const { kind: _, ...row } = absence;
		accepts(
			absenceRowSchema,
			{ ...row, receivedAt: 5, status: 'open' },
			{ ...row, receivedAt: 5, status: 'done' }
		);
		refuses(absenceRowSchema, { ...row, receivedAt: 5, status: 'closed' });
	});

	const standings = {
		kind: 'standings',
		tournamentId: 't',
		tournamentName: 'Herbstturnier',
		afterRound: 0,
		revision: 0,
		rows: [
			{ player: 'a', name: 'Anna', rank: 1, points: { num: 7, den: 2 }, gamePoints: -12, withdrawn: false }
		],
		next: { round: 1, tables: [['a', 'b', 'c']], wrapped: { ephemeral: bytes(65), keys: [bytes(20)] } }
	};

	it('reads a standings code: exact points as a fraction, the next seating and its keys', () => {
		const wrapped = standings.next.wrapped;
		accepts(
			standingsSchema,
			standings,
			{ ...standings, next: null },
			// A table no tablet holds beyond doubt gets no key; before version 5 no keys travel at all.
			{ ...standings, next: { ...standings.next, wrapped: { ...wrapped, keys: [null] } } },
			{ ...standings, next: { round: 1, tables: standings.next.tables } }
		);
		refuses(
			standingsSchema,
			{ ...standings, rows: [{ ...standings.rows[0], points: { num: 1, den: 0 } }] },
			{ ...standings, next: { ...standings.next, tables: [[]] } },
			{ ...standings, next: { ...standings.next, tables: [['a', 'b', 'c', 'd', 'e', 'f', 'g']] } },
			{ ...standings, next: { ...standings.next, wrapped: { ...wrapped, keys: [bytes(16)] } } },
			{ ...standings, next: { ...standings.next, wrapped: { ...wrapped, keys: [] } } },
			{ ...standings, next: { ...standings.next, wrapped: { ...wrapped, ephemeral: bytes(33) } } },
			{ ...standings, afterRound: -1 }
		);
		// The refusals say what is wrong: a wrapped key's length, and a key for each table of the next round.
		const refusal = (next: object) => standingsSchema.safeParse({ ...standings, next }).error?.message;
		expect(refusal({ ...standings.next, wrapped: { ...wrapped, keys: [bytes(16)] } })).toContain(
			'a wrapped table key has 20 bytes'
		);
		expect(refusal({ ...standings.next, wrapped: { ...wrapped, keys: [] } })).toContain(
			'one wrapped key (or none) per table'
		);
		accepts(receivedStandingsSchema, { payload: standings, receivedAt: 3 });
	});

	const bundle = {
		kind: 'tournament',
		tournamentId: 't',
		tournamentName: 'Herbstturnier',
		key: bytes(32),
		signing: bytes(32),
		director: bytes(65),
		legacyThrough: 0,
		events: [{ device: 'd', seq: 1, at: 0, type: 'tournament-created', body: { x: 1 } }],
		rounds: [batch(started, drawn)],
		pending: []
	};

	it('reads a backup: the director keys (32-byte master and private key), the log and the round streams', () => {
		accepts(bundleSchema, bundle);
		refuses(
			bundleSchema,
			{ ...bundle, key: bytes(16) },
			{ ...bundle, signing: bytes(65) },
			{ ...bundle, events: [{ ...bundle.events[0], seq: 0 }] },
			{ ...bundle, rounds: [batch(drawn)] }
		);
		expect(bundleSchema.safeParse({ ...bundle, key: bytes(16) }).error?.message).toContain(
			'a master key has 32 bytes'
		);
		expect(bundleSchema.safeParse({ ...bundle, signing: bytes(16) }).error?.message).toContain(
			'a private key has 32 bytes'
		);
	});

	it('reads a backup’s decisions on the batches still waiting: one for each, in their order (older files: none)', () => {
		const waiting = { ...bundle, pending: [batch(started, drawn), batch(started, confirmed)] };
		const open = { status: 'open', reason: 'locked', receivedAt: 5 } as const;
		const taken = {
			status: 'taken',
			reason: 'players',
			receivedAt: 6,
			tablet: 'Tisch 2',
			holds: { round: 1, table: 2 }
		};
		accepts(bundleSchema, waiting, { ...waiting, decisions: [open, taken] });
		for (const decisions of [[], [open], [open, taken, open]]) {
			expect(bundleSchema.safeParse({ ...waiting, decisions }).error?.message).toContain(
				'one decision for each waiting batch'
			);
		}
	});

	it('reads the rows a device keeps: tournaments, joined and held tables, waiting batches', () => {
		const known = {
			id: 't',
			name: 'H',
			key: 'k'.repeat(43),
			role: 'director',
			director: 'p'.repeat(87),
			signing: 's'.repeat(43),
			legacyThrough: 2,
			restored: { at: 1, round: 0 }
		};
		accepts(knownTournamentSchema, known, { id: 't', name: 'H', role: 'table' });
		refuses(
			knownTournamentSchema,
			{ ...known, role: 'player' },
			{ ...known, key: 'k'.repeat(42) },
			{ ...known, director: 'p'.repeat(88) }
		);
		const joined = {
			tournamentId: 't',
			tournamentName: 'H',
			round: 1,
			table: 1,
			players: [seat('a'), seat('b')],
			rules,
			revision: 0,
			key: 'k'.repeat(22),
			issuedAt: 0,
			joinedAt: 9
		};
		accepts(joinedTableSchema, joined);
		// A tablet that confirmed another director's key remembers what it believed before (to go back).
		const previous = { director: 'p'.repeat(87), at: 4, standings: null, joined: [joined] };
		accepts(
			knownTournamentSchema,
			{ ...known, previous },
			{ ...known, previous: { ...previous, standings } }
		);
		refuses(
			knownTournamentSchema,
			{ ...known, previous: { ...previous, director: 'p'.repeat(86) } },
			{ ...known, previous: { ...previous, joined: [{ ...joined, round: 0 }] } }
		);
		refuses(
			joinedTableSchema,
			{ ...joined, key: 'k'.repeat(23) },
			{ ...joined, players: Array(7).fill(seat('a')) }
		);
		accepts(heldTableSchema, { stream: 's', device: 'd', tablet: 'T' }, { stream: 's', device: 'd' });
		const pending = {
			tournamentId: 't',
			round: 1,
			table: 1,
			stream: 's',
			device: 'd',
			tablet: 'T',
			code: 'AB',
			events: 1,
			reason: 'other-table',
			holds: { round: 1, table: 2 },
			slot: 's:2',
			receivedAt: 1,
			status: 'open'
		};
		// The reasons the desk explains (a text for each in lib/i18n), written out: the list must not drift.
		const reasons = [
			'other-stream',
			'locked',
			'players',
			'result-differs',
			'other-device',
			'rewrites',
			'other-table'
		];
		expect([...CONFLICT_REASONS]).toEqual(reasons);
		accepts(
			pendingBatchSchema,
			pending,
			...reasons.map((reason) => ({ ...pending, reason })),
			...['taken', 'set-aside'].map((status) => ({ ...pending, status }))
		);
		refuses(
			pendingBatchSchema,
			{ ...pending, code: '' },
			{ ...pending, events: 0 },
			{ ...pending, status: 'done' },
			{ ...pending, reason: 'late' }
		);
	});
});

describe('tournament codecs (the event log: shape and LIMITS; the rules are checked by replaying)', () => {
	const base = { id: 'e1', at: '2026-11-28T10:00:00Z' };
	const scores = [
		{ player: 'a', points: LIMITS.gamePoints },
		{ player: 'b', points: -LIMITS.gamePoints, left: true }
	];
	const setScores = [{ player: 'a', found: 3, falseCalls: 0, left: false }];
	const source = { kind: 'tablet', roundId: 'r', device: 'd' };
	const events = [
		{
			type: 'tournament-created',
			...base,
			format: 'triominos',
			name: 'Herbstturnier',
			date: '2026-11-28',
			options: { rounds: 4, finalSize: 4, finalRounds: 2, avoidRepeats: true, maxPlayers: null },
			setPlan: 'official'
		},
		{ type: 'player-registered', ...base, player: 'a', name: 'Anna' },
		{ type: 'player-renamed', ...base, player: 'a', name: 'Anna B.' },
		{ type: 'player-withdrawn', ...base, player: 'a', fromRound: 2 },
		{
			type: 'round-opened',
			...base,
			round: 1,
			seed: 'x',
			tables: [['a', 'b', 'c']],
			moves: [{ player: 'a', toTable: 1 }],
			sizesConfirmed: true
		},
		{ type: 'table-reported', ...base, round: 1, table: 1, scores, source },
		{ type: 'round-locked', ...base, round: 1 },
		{
			type: 'result-corrected',
			...base,
			round: 1,
			table: 1,
			scores: setScores,
			reason: 'Tippfehler',
			override: true,
			source: { kind: 'hand' }
		},
		{ type: 'lot-drawn', ...base, stage: 'prelim', seed: 's', players: ['a', 'b'] },
		{ type: 'play-off-recorded', ...base, stage: 'final', players: ['b', 'a'] },
		{ type: 'final-opened', ...base, seed: 's', players: ['a', 'b', 'c'] },
		{ type: 'final-reported', ...base, round: 1, scores }
	];

	it('reads every event type of the engine, every field kept', () => {
		expect(events.map((e) => e.type)).toEqual([...EVENT_TYPES]);
		expect([...SET_PLANS]).toEqual(['official', 'generated']);
		accepts(tournamentEventSchema, ...events);
		accepts(storedTournamentEventSchema, ...events);
		accepts(
			tournamentEventSchema,
			...['swiss', 'set'].map((format) => ({ ...events[0], format, setPlan: 'generated' }))
		);
	});

	it('refuses what lies outside LIMITS when it comes in, and keeps reading what older versions stored', () => {
		const long = { ...events[1], name: 'x'.repeat(LIMITS.nameLength + 1) };
		const high = { ...events[5], scores: [{ player: 'a', points: LIMITS.gamePoints + 1 }] };
		const low = { ...events[5], scores: [{ player: 'a', points: -LIMITS.gamePoints - 1 }] };
		refuses(tournamentEventSchema, long, high, low);
		accepts(storedTournamentEventSchema, { ...long, name: 'x'.repeat(80) }, high, low);
		refuses(storedTournamentEventSchema, { ...long, name: 'x'.repeat(81) });
	});

	it('refuses events out of shape', () => {
		refuses(
			tournamentEventSchema,
			{ ...events[0], id: '' },
			{ ...events[0], options: { rounds: 0 } },
			{ ...events[0], options: { finalSize: 2 } },
			{ ...events[0], options: { finalRounds: 7 } },
			{ ...events[0], options: { maxPlayers: 501 } },
			{ ...events[0], setPlan: 'drawn' },
			{ ...events[5], scores: [] },
			{ ...events[5], scores: Array(9).fill(scores[0]) },
			{ ...events[7], scores: [{ player: 'a', found: -1, falseCalls: 0 }] },
			{ ...events[5], source: { kind: 'scanner' } },
			{ ...events[10], players: [] },
			{ ...events[8], stage: 'semi' },
			{ ...base, type: 'round-skipped' }
		);
		accepts(resultSourceSchema, { kind: 'hand' }, source);
	});

	it('reads a tournament summary row', () => {
		const row = {
			id: 't',
			createdAt: 1,
			updatedAt: 2,
			name: 'H',
			format: 'set',
			date: '2026-11-28',
			status: 'registration'
		};
		accepts(
			tournamentRowSchema,
			row,
			...['prelims', 'final', 'finished'].map((status) => ({ ...row, status }))
		);
		refuses(tournamentRowSchema, { ...row, id: '' }, { ...row, status: 'open' });
	});

	it('names the documents as the server holds them; ids of parts without `:`; keys and signatures in base64url', () => {
		// The type names are the format on the server: other versions and the season's validate function read them.
		expect([EVENT_DOC, HEAD_DOC]).toEqual(['wertungsblatt.event', 'wertungsblatt.tournament']);
		// A head of an older version is still told by its version, to say which it is.
		expect(
			headVersionSchema.safeParse({ type: 'wertungsblatt.tournament', schema: 1, players: [] }).data
		).toEqual({
			type: 'wertungsblatt.tournament',
			schema: 1
		});
		refuses(
			headVersionSchema,
			{ type: 'wertungsblatt.event', schema: 1 },
			{ type: 'wertungsblatt.tournament' }
		);
		// `tournament:<owner>:<tournament>` reads one way only.
		expect(['lea', 't-3k9', 'a'.repeat(200)].map(isIdPart)).toEqual([true, true, true]);
		expect(['', 'lea:x', 'a'.repeat(201)].map(isIdPart)).toEqual([false, false, false]);
		accepts(signatureSchema, `${'A'.repeat(85)}_`);
		accepts(publicKeySchema, `-${'B'.repeat(86)}`);
		for (const [schema, length] of [
			[signatureSchema, 86],
			[publicKeySchema, 87]
		] as const) {
			const rest = 'A'.repeat(length - 1);
			refuses(schema, `+${rest}`, `${rest}=`, `${rest}/`);
		}
	});

	it('reads what a server holds: event documents and the head with its standings snapshot', () => {
		// Every id names its owner and tournament (the season's validate function lets only that owner write it).
		expect(publishedKey('leitung', 't1')).toBe('leitung:t1');
		expect(headId('leitung:t1')).toBe('tournament:leitung:t1');
		expect(eventDocId('leitung:t1', 'e1')).toBe('event:leitung:t1:e1');
		const signature = 'A'.repeat(86);
		const doc = {
			_id: eventDocId('leitung:t1', 'e1'),
			_rev: '1-a',
			type: EVENT_DOC,
			owner: 'leitung',
			tournament: 't1',
			event: events[1],
			signature
		};
		accepts(publishedEventSchema, doc);
		refuses(
			publishedEventSchema,
			{ ...doc, owner: null },
			{ ...doc, owner: 'lea:x' },
			{ ...doc, signature: 'A'.repeat(85) },
			{ ...doc, signature: undefined },
			{ ...doc, type: HEAD_DOC },
			{ ...doc, event: { ...events[1], name: 'x'.repeat(LIMITS.nameLength + 1) } }
		);
		const head = {
			_id: headId('leitung:t1'),
			type: HEAD_DOC,
			schema: HEAD_SCHEMA,
			key: 'B'.repeat(87),
			signature,
			owner: 'leitung',
			tournament: { id: 't1', name: 'Herbstturnier', date: '2026-11-28', format: 'triominos' },
			players: ['Anna', 'Ben', 'Cem'],
			events: ['e1'],
			publishedAt: '2026-11-28T12:00:00Z',
			snapshot: {
				rounds: [
					{
						round: 1,
						stage: 'prelim',
						locked: true,
						tables: [{ players: ['Anna', 'Ben', 'Cem'], reported: true }]
					}
				],
				standings: [
					{
						rank: 1,
						player: 'Anna',
						points: 3.5,
						pointsText: '3½',
						gamePoints: 120,
						final: { rank: 1, points: 6, gamePoints: 80 }
					}
				],
				finalists: ['Anna'],
				qualifiers: { count: 4, players: ['Anna'] }
			}
		};
		accepts(publishedHeadSchema, head);
		refuses(
			publishedHeadSchema,
			{ ...head, type: EVENT_DOC },
			{ ...head, schema: 1 },
			{ ...head, key: 'B'.repeat(86) },
			{ ...head, snapshot: { ...head.snapshot, rounds: [{ ...head.snapshot.rounds[0], stage: 'semi' }] } },
			{
				...head,
				snapshot: {
					...head.snapshot,
					rounds: [{ ...head.snapshot.rounds[0], tables: [{ players: Array(9).fill('A'), reported: true }] }]
				}
			},
			{ ...head, snapshot: { ...head.snapshot, standings: [{ ...head.snapshot.standings[0], rank: -1 }] } }
		);
	});
});
