import type { ProblemCode, ProblemOf } from '../../domain/result';

/**
 * For every code, one problem or more: each kind of its parameters (every `why`, `fault`, `at` …). A code
 * without a sample does not compile; `problems.test.ts` writes each in German and English (a helper of the tests only).
 */
export const SAMPLES: { readonly [C in ProblemCode]: readonly [ProblemOf<C>, ...ProblemOf<C>[]] } = {
	// The round at the table.
	'player-count': [{ code: 'player-count', count: 7 }],
	'empty-name': [
		{ code: 'empty-name', at: 'table' },
		{ code: 'empty-name', at: 'registration' }
	],
	'duplicate-name': [
		{ code: 'duplicate-name', name: 'Anna', at: 'table' },
		{ code: 'duplicate-name', name: 'Anna', at: 'registration' }
	],
	'bad-name': [{ code: 'bad-name', name: 'An␣na' }],
	'bad-start': [{ code: 'bad-start' }],
	'bad-pool': [{ code: 'bad-pool', pool: 50, max: 32 }],
	'draw-final-lap': [{ code: 'draw-final-lap', player: 'Anna' }],
	'fourth-draw': [{ code: 'fourth-draw', player: 'Anna' }],
	'empty-pool': [{ code: 'empty-pool', player: 'Anna' }],
	'bad-value': [{ code: 'bad-value', value: 16 }],
	'value-mismatch': [{ code: 'value-mismatch', tile: '3-4-5', worth: 12, value: 11 }],
	'tile-twice': [
		{ code: 'tile-twice', tile: '3-4-5', at: 'laid' },
		{ code: 'tile-twice', tile: '3-4-5', at: 'hands' }
	],
	'no-tiles': [{ code: 'no-tiles', player: 'Anna' }],
	'out-with-tiles': [
		{ code: 'out-with-tiles', player: 'Anna', held: 1 },
		{ code: 'out-with-tiles', player: 'Anna', held: 3 }
	],
	'last-tile-unmarked': [{ code: 'last-tile-unmarked', player: 'Anna' }],
	'opening-bonus': [{ code: 'opening-bonus' }],
	'early-pass': [{ code: 'early-pass', player: 'Anna', draws: 1 }],
	'settle-early': [
		{ code: 'settle-early', settled: true },
		{ code: 'settle-early', settled: false }
	],
	'round-over': [{ code: 'round-over' }],
	'hands-count': [{ code: 'hands-count', players: 4 }],
	'hand-missing': [{ code: 'hand-missing', player: 'Anna', held: 2 }],
	'hand-size': [{ code: 'hand-size', player: 'Anna', held: 2, given: 3 }],
	'hand-sum': [
		{ code: 'hand-sum', player: 'Anna', held: 0, sum: 4, min: 0, max: 0 },
		{ code: 'hand-sum', player: 'Anna', held: 1, sum: 16, min: 0, max: 15 }
	],
	'no-such-turn': [{ code: 'no-such-turn' }],
	'incomplete-correction': [{ code: 'incomplete-correction' }],
	'nothing-to-undo': [{ code: 'nothing-to-undo' }],
	'bad-tile': [{ code: 'bad-tile', text: '3-4' }],
	'bad-tile-number': [{ code: 'bad-tile-number', text: '3-4-6' }],
	// Reading a record.
	'record-too-large': [{ code: 'record-too-large', max: 1_000_000 }],
	'open-quote': [{ code: 'open-quote' }],
	'after-quote': [{ code: 'after-quote', name: 'Müller', rest: 'H.' }],
	'empty-turn': [{ code: 'empty-turn', player: 'Anna' }],
	'too-many-draws': [{ code: 'too-many-draws', player: 'Anna', draws: 4 }],
	'after-pass': [{ code: 'after-pass', rest: '5' }],
	'no-such-value': [{ code: 'no-such-value', value: 16 }],
	'draw-after': [{ code: 'draw-after' }],
	'bad-token': [
		{ code: 'bad-token', token: 'seven', after: 'start' },
		{ code: 'bad-token', token: 'd', after: 'tile' }
	],
	'two-bonuses': [{ code: 'two-bonuses' }],
	'bonus-after-out': [{ code: 'bonus-after-out' }],
	'hands-player': [{ code: 'hands-player', entry: 'Carl 5' }],
	'hands-twice': [{ code: 'hands-twice', player: 'Anna' }],
	'hands-empty': [{ code: 'hands-empty', player: 'Anna' }],
	'hands-token': [{ code: 'hands-token', player: 'Anna', problem: { code: 'bad-tile', text: 'x' } }],
	'bad-rules': [{ code: 'bad-rules', rules: 'blitz' }],
	'bad-tiles': [{ code: 'bad-tiles', tiles: '55' }],
	'bad-scoring': [{ code: 'bad-scoring', scoring: 'fast' }],
	'kids-tournament': [{ code: 'kids-tournament' }],
	'no-players': [{ code: 'no-players' }],
	'reserved-name': [{ code: 'reserved-name', name: 'Hands' }],
	'start-not-listed': [{ code: 'start-not-listed', start: 'Carl' }],
	'pool-not-a-count': [{ code: 'pool-not-a-count', pool: 'many' }],
	'no-colon': [{ code: 'no-colon', statement: 'Anna 5' }],
	'late-header': [{ code: 'late-header', key: 'Pool' }],
	'header-twice': [{ code: 'header-twice', key: 'Players' }],
	'after-hands': [{ code: 'after-hands' }],
	'open-turn': [{ code: 'open-turn', player: 'Anna' }],
	'unknown-key': [{ code: 'unknown-key', key: 'Carl', players: ['Anna', 'Ben'] }],
	'turn-after-end': [
		{ code: 'turn-after-end', player: 'Anna', settle: true },
		{ code: 'turn-after-end', player: 'Anna', settle: false }
	],
	'out-of-turn': [{ code: 'out-of-turn', player: 'Ben', expected: 'Anna' }],
	// What a player announced.
	'number-missing': [
		{ code: 'number-missing', after: null },
		{ code: 'number-missing', after: 'minus' }
	],
	'number-out-of-range': [{ code: 'number-out-of-range', said: '1000', max: 999 }],
	'number-unreadable': [{ code: 'number-unreadable', word: 'hallo' }],
	'announcement-number-too-large': [{ code: 'announcement-number-too-large', said: '1000', max: 999 }],
	'announcement-unreadable-word': [{ code: 'announcement-unreadable-word', word: 'hallo' }],
	'announcement-number-missing': [{ code: 'announcement-number-missing', word: 'Bonus' }],
	'announcement-empty': [{ code: 'announcement-empty' }],
	'announcement-too-many': [{ code: 'announcement-too-many', said: 'neun', previous: 'acht' }],
	'announcement-pass-after-tile': [{ code: 'announcement-pass-after-tile', said: 'passe' }],
	'announcement-bonus-without-tile': [{ code: 'announcement-bonus-without-tile', said: 'Bonus fünfzig' }],
	'announcement-result-without-turn': [{ code: 'announcement-result-without-turn', said: 'ergibt sieben' }],
	'result-wrong': [{ code: 'result-wrong', said: -2, score: -3 }],
	'pass-total-wrong': [
		{ code: 'pass-total-wrong', draws: 3, said: -20, expected: -25 },
		{ code: 'pass-total-wrong', draws: 0, said: -5, expected: -10 },
		{ code: 'pass-total-wrong', draws: 1, said: -5, expected: -15 }
	],
	'purchase-missing': [{ code: 'purchase-missing', said: -25, draws: 3, missing: [-10, -15] }],
	'purchase-step-wrong': [{ code: 'purchase-step-wrong', draw: 2, said: -5, expected: -10 }],
	'tile-out-of-range': [{ code: 'tile-out-of-range', value: 17, max: 15 }],
	'bonus-unknown': [{ code: 'bonus-unknown', value: 17 }],
	'bonus-twice': [{ code: 'bonus-twice', value: 60 }],
	'draws-mismatch': [{ code: 'draws-mismatch', said: 0, bought: 2 }],
	'pass-mismatch': [
		{ code: 'pass-mismatch', said: true },
		{ code: 'pass-mismatch', said: false }
	],
	'pass-penalty-mismatch': [
		{ code: 'pass-penalty-mismatch', said: -10, expected: 0 },
		{ code: 'pass-penalty-mismatch', said: 0, expected: -10 }
	],
	'tile-mismatch': [
		{ code: 'tile-mismatch', said: 8, laid: 9 },
		{ code: 'tile-mismatch', said: null, laid: 9 },
		{ code: 'tile-mismatch', said: 7, laid: null }
	],
	'bonus-mismatch': [
		{ code: 'bonus-mismatch', said: [60], expected: [50], tile: 8 },
		{ code: 'bonus-mismatch', said: [40], expected: [40], tile: 0 },
		{ code: 'bonus-mismatch', said: [50], expected: [], tile: 7 }
	],
	'total-mismatch': [{ code: 'total-mismatch', said: 68, expected: 58 }],
	// Seating plans.
	'drawn-twice': [{ code: 'drawn-twice', players: ['Anna'] }],
	'bad-rounds': [{ code: 'bad-rounds', rounds: 7, max: 6 }],
	'bad-seating-request': [
		{ code: 'bad-seating-request', fault: 'players', players: 0 },
		{ code: 'bad-seating-request', fault: 'rounds', rounds: 0 },
		{ code: 'bad-seating-request', fault: 'lists', lists: 1, rounds: 3 },
		{ code: 'bad-seating-request', fault: 'table-size', round: 1, sizes: [3, 0] },
		{ code: 'bad-seating-request', fault: 'seats', round: 1, seats: 9, players: 10 }
	],
	'not-a-player': [{ code: 'not-a-player', round: 1, table: 2, player: 7, count: 6 }],
	'plan-seated-twice': [{ code: 'plan-seated-twice', round: 1, player: 1, tables: [1, 2] }],
	missing: [
		{ code: 'missing', round: 1, players: [5] },
		{ code: 'missing', round: 1, players: [4, 5, 6] }
	],
	'table-too-small': [{ code: 'table-too-small', round: 1, table: 1, size: 2 }],
	'size-not-allowed': [
		{ code: 'size-not-allowed', round: 1, table: 1, size: 5, format: 'triominos', min: 3, max: 4 }
	],
	'sizes-uneven': [
		{ code: 'sizes-uneven', round: 1, least: 2, most: 4, expected: null },
		{ code: 'sizes-uneven', round: 1, least: 3, most: 5, expected: [3, 3, 3, 4] }
	],
	'not-the-distribution': [
		{ code: 'not-the-distribution', round: 1, sizes: [5, 5], expected: [3, 3, 4], count: 10, rule: 'plan' },
		{
			code: 'not-the-distribution',
			round: 2,
			sizes: [3, 3, 3, 3, 3],
			expected: [3, 4, 4, 4],
			count: 15,
			rule: 'kept'
		},
		{
			code: 'not-the-distribution',
			round: 1,
			sizes: [4, 4, 4],
			expected: [3, 3, 3, 3],
			count: 12,
			rule: 'binding'
		},
		{
			code: 'not-the-distribution',
			round: 1,
			sizes: [3, 3, 3, 3],
			expected: [4, 4, 4],
			count: 12,
			rule: 'swiss'
		},
		{
			code: 'not-the-distribution',
			round: 1,
			sizes: [4, 4, 4],
			expected: [3, 3, 3, 3],
			count: 12,
			rule: 'set'
		}
	],
	'repeated-opponents': [{ code: 'repeated-opponents', players: [1, 2], rounds: [1, 2, 3] }],
	'repeats-total': [
		{ code: 'repeats-total', extra: 1, lowerBound: 0, known: null },
		{ code: 'repeats-total', extra: 5, lowerBound: 3, known: { minimum: 3, avoidable: true } },
		{ code: 'repeats-total', extra: 5, lowerBound: 3, known: { minimum: 5, avoidable: false } }
	],
	'bad-count': [{ code: 'bad-count', count: -1 }],
	'no-rounds': [{ code: 'no-rounds' }],
	'plan-seats-too-many': [
		{ code: 'plan-seats-too-many', seats: 33, players: 32, numbers: [33], rounds: [1, 2, 3, 4] },
		{ code: 'plan-seats-too-many', seats: 34, players: 32, numbers: [33, 34], rounds: [1] }
	],
	'cannot-rebalance': [{ code: 'cannot-rebalance' }],
	'bad-move': [{ code: 'bad-move', round: 1, player: 'Anna', toTable: 9 }],
	'sizes-unconfirmed': [
		{
			code: 'sizes-unconfirmed',
			warnings: [
				{
					code: 'not-the-distribution',
					round: 1,
					sizes: [4, 4, 4],
					expected: [3, 3, 3, 3],
					count: 12,
					rule: 'binding'
				}
			]
		}
	],
	// A tournament's log.
	'not-created': [{ code: 'not-created' }],
	'already-created': [{ code: 'already-created' }],
	'duplicate-event': [{ code: 'duplicate-event', id: 'e-1' }],
	'bad-option': [{ code: 'bad-option', name: 'rounds', value: '0' }],
	'duplicate-player': [{ code: 'duplicate-player', id: 'p-1' }],
	'registration-closed': [{ code: 'registration-closed' }],
	'too-many-players': [
		{ code: 'too-many-players', max: 24, given: null },
		{ code: 'too-many-players', max: 2000, given: '2001' }
	],
	'unknown-player': [
		{ code: 'unknown-player', id: 'p-9', at: null },
		{ code: 'unknown-player', id: 'p-9', at: { round: 2 } },
		{ code: 'unknown-player', id: 'p-9', at: { round: 2, table: 3 } },
		{ code: 'unknown-player', id: 'p-9', at: { final: true } }
	],
	'player-withdrawn': [{ code: 'player-withdrawn', id: 'p-1', round: 2 }],
	'already-withdrawn': [{ code: 'already-withdrawn', id: 'p-1' }],
	'withdraw-too-late': [{ code: 'withdraw-too-late', round: 2 }],
	'wrong-round': [{ code: 'wrong-round', round: 3, expected: 2 }],
	'too-many-rounds': [{ code: 'too-many-rounds', round: 7, rounds: 6 }],
	'round-incomplete': [{ code: 'round-incomplete', round: 1, tables: [2, 3] }],
	'table-size': [
		{ code: 'table-size', size: 1, round: 1, table: 2, min: 3, max: 4 },
		{ code: 'table-size', size: 5, round: 1, table: 2, min: 3, max: 4 }
	],
	'seated-twice': [{ code: 'seated-twice', id: 'p-1', at: { round: 1 } }],
	'not-seated': [{ code: 'not-seated', id: 'p-1', at: { final: true } }],
	'round-not-opened': [{ code: 'round-not-opened', round: 2 }],
	'no-such-table': [{ code: 'no-such-table', round: 1, table: 9 }],
	'round-locked': [{ code: 'round-locked', round: 1 }],
	'already-locked': [{ code: 'already-locked', round: 1 }],
	'already-reported': [{ code: 'already-reported', round: 1, table: 2 }],
	'not-reported': [{ code: 'not-reported', round: 1, table: 2 }],
	'not-at-table': [{ code: 'not-at-table', id: 'p-4', at: { round: 1, table: 1 } }],
	'missing-score': [{ code: 'missing-score', id: 'p-4', at: { round: 1, table: 1 } }],
	'bad-score': [
		{
			code: 'bad-score',
			id: 'p-1',
			at: { round: 1, table: 1 },
			fault: 'not-whole',
			field: 'points',
			value: 1.5,
			nonNegative: false
		},
		{
			code: 'bad-score',
			id: 'p-1',
			at: { round: 1, table: 1 },
			fault: 'not-whole',
			field: 'found',
			value: -1,
			nonNegative: true
		},
		{ code: 'bad-score', id: 'p-1', at: { round: 1, table: 1 }, fault: 'set-needs-counts' },
		{ code: 'bad-score', id: 'p-1', at: { round: 1, table: 1 }, fault: 'points-here' }
	],
	'no-reason': [{ code: 'no-reason' }],
	'bad-decision': [
		{ code: 'bad-decision', fault: 'lot-at-set' },
		{ code: 'bad-decision', fault: 'play-off-not-set' },
		{ code: 'bad-decision', fault: 'too-few' }
	],
	'no-final': [{ code: 'no-final' }],
	'final-not-ready': [
		{ code: 'final-not-ready', fault: 'running' },
		{ code: 'final-not-ready', fault: 'prelims', started: 3, rounds: 6 },
		{ code: 'final-not-ready', fault: 'undecided', players: ['Anna', 'Ben'], format: 'set' },
		{ code: 'final-not-ready', fault: 'undecided', players: ['Anna', 'Ben'], format: 'triominos' }
	],
	'final-not-opened': [{ code: 'final-not-opened' }],
	'final-round': [{ code: 'final-round', round: 7 }],
	'too-few-players': [
		{ code: 'too-few-players', players: 1, format: 'triominos' },
		{ code: 'too-few-players', players: 5, format: 'swiss' },
		{ code: 'too-few-players', players: 5, format: 'set' }
	],
	'not-a-qualifier': [
		{ code: 'not-a-qualifier', players: 1, min: 6 },
		{ code: 'not-a-qualifier', players: 5, min: 6 }
	],
	'name-too-long': [{ code: 'name-too-long', name: 'A'.repeat(61), length: 61, max: 60 }],
	'game-points-beyond-limit': [
		{ code: 'game-points-beyond-limit', player: 'Anna', points: 10_001, field: 'points', max: 10_000 },
		{ code: 'game-points-beyond-limit', player: 'Anna', points: 10_001, field: 'falseCalls', max: 10_000 }
	],
	'too-large': [
		{ code: 'too-large', what: 'bytes', limit: 16_000_000 },
		{ code: 'too-large', what: 'depth', limit: 16 },
		{ code: 'too-large', what: 'events', limit: 20_000 },
		{ code: 'too-large', what: 'values', limit: 1_000_000 }
	],
	'fraction-too-large': [
		{ code: 'fraction-too-large', num: '10000000000000000001', den: '3', max: '9007199254740991' }
	],
	// Codes and files.
	unreadable: [
		{ code: 'unreadable', why: 'empty' },
		{ code: 'unreadable', why: 'too-short' },
		{ code: 'unreadable', why: 'not-a-code' },
		{ code: 'unreadable', why: 'not-a-file' },
		{ code: 'unreadable', why: 'frame' },
		{ code: 'unreadable', why: 'frame-count' },
		{ code: 'unreadable', why: 'kind' },
		{ code: 'unreadable', why: 'trailing' },
		{ code: 'unreadable', why: 'malformed', detail: 'truncated' }
	],
	'bad-base45': [
		{ code: 'bad-base45', why: 'length' },
		{ code: 'bad-base45', why: 'character' },
		{ code: 'bad-base45', why: 'group' },
		{ code: 'bad-base45', why: 'last-group' }
	],
	checksum: [{ code: 'checksum' }],
	version: [
		{ code: 'version', what: 'code', from: { kind: 'protocol', value: '1' } },
		{ code: 'version', what: 'file', from: { kind: 'format', value: '2' } },
		{ code: 'version', what: 'code', from: { kind: 'marker', value: '0xb3' } },
		{ code: 'version', what: 'code', from: { kind: 'preset', value: '3' } },
		{ code: 'version', what: 'code', from: { kind: 'scoring', value: '2' } }
	],
	'wrong-kind': [
		{ code: 'wrong-kind', kind: 'assignment' },
		{ code: 'wrong-kind', kind: 'batch' },
		{ code: 'wrong-kind', kind: 'standings' },
		{ code: 'wrong-kind', kind: 'tournament' },
		{ code: 'wrong-kind', kind: 'absence' }
	],
	forged: [
		{ code: 'forged', table: null },
		{ code: 'forged', table: { round: 2, table: 3 } },
		{ code: 'forged', table: null, standings: true }
	],
	'new-director-key': [
		{ code: 'new-director-key', tournamentId: 't-1', tournamentName: 'Herbstturnier', round: 2, table: 3 }
	],
	'key-before-restore': [{ code: 'key-before-restore', round: 2, table: 1 }],
	'unknown-tournament': [{ code: 'unknown-tournament', id: 't-1' }],
	'other-tournament': [
		{ code: 'other-tournament', id: 't-2', round: false, at: null },
		{ code: 'other-tournament', id: 't-2', round: false, at: { round: 1, table: 2 } },
		{ code: 'other-tournament', id: 't-2', round: true, at: null }
	],
	'key-mismatch': [{ code: 'key-mismatch' }],
	mismatch: [
		{ code: 'mismatch', what: 'tournament' },
		{ code: 'mismatch', what: 'stored' },
		{ code: 'mismatch', what: 'table', named: { round: 2, table: 3 }, found: { round: null, table: 1 } }
	],
	'unknown-table': [{ code: 'unknown-table', round: 2, table: 9 }],
	'older-table': [{ code: 'older-table', round: 1, newest: 2 }],
	'locked-take': [
		{ code: 'locked-take', round: 2, table: 1, running: 3 },
		{ code: 'locked-take', round: 2, table: 1, running: null }
	],
	'other-table-take': [{ code: 'other-table-take', round: 1, table: 2, holds: { round: 1, table: 3 } }],
	'locked-absence': [
		{ code: 'locked-absence', round: 1, table: 2, running: 2 },
		{ code: 'locked-absence', round: 1, table: 2, running: null }
	],
	'unseated-player': [{ code: 'unseated-player', round: 1, table: 2, player: 'p-99' }],
	'past-table': [{ code: 'past-table', round: 1, afterRound: 1 }],
	'unknown-seating': [{ code: 'unknown-seating', round: 1, table: 1, revision: 3 }],
	superseded: [{ code: 'superseded', table: 2 }],
	inconsistent: [{ code: 'inconsistent', id: 'd:1' }],
	'stream-elsewhere': [{ code: 'stream-elsewhere', round: 2, table: 1 }],
	'other-table-code': [{ code: 'other-table-code', round: 2, table: 3, current: { round: 2, table: 1 } }],
	'beyond-tournament': [
		{ code: 'beyond-tournament', round: 10_000, revision: null },
		{ code: 'beyond-tournament', round: null, revision: 1_099_511_627_776 },
		{ code: 'beyond-tournament', round: 27, revision: 30_000 }
	],
	'duplicate-id': [{ code: 'duplicate-id', id: 'd:1' }],
	'not-pinned': [{ code: 'not-pinned' }],
	invalid: [
		{ code: 'invalid', why: 'after-confirmation' },
		{ code: 'invalid', why: 'no-start' },
		{ code: 'invalid', why: 'shape', detail: 'batch.events.0.id: Invalid input' },
		{ code: 'invalid', why: 'rule', entry: 4, problem: { code: 'nothing-to-undo' } },
		{ code: 'invalid', why: 'rule', entry: null, problem: { code: 'round-locked', round: 1 } }
	],
	'setup-differs': [
		{
			code: 'setup-differs',
			round: 2,
			table: 3,
			difference: { what: 'preset', got: 'classic', want: 'tournament' }
		},
		{
			code: 'setup-differs',
			round: 2,
			table: 3,
			difference: { what: 'scoring', got: 'kids', want: 'standard' }
		},
		{ code: 'setup-differs', round: 2, table: 3, difference: { what: 'tiles', got: 76, want: 56 } },
		{ code: 'setup-differs', round: 2, table: 3, difference: { what: 'players', got: 4, want: 3 } },
		{ code: 'setup-differs', round: 2, table: 3, difference: { what: 'pool', got: 20, want: 28 } },
		{ code: 'setup-differs', round: 2, table: 3, difference: { what: 'seat-order' } }
	],
	'damaged-log': [{ code: 'damaged-log', index: 2, detail: 'Invalid input' }],
	'not-an-export': [{ code: 'not-an-export' }],
	'not-a-backup': [{ code: 'not-a-backup' }],
	'round-only': [{ code: 'round-only' }],
	// Publishing.
	'bad-address': [
		{ code: 'bad-address', url: 'saison', why: 'not-a-url' },
		{ code: 'bad-address', url: 'ftp://x/s', why: 'not-http' },
		{ code: 'bad-address', url: 'https://x', why: 'no-name' },
		{ code: 'bad-address', url: 'http://x/s', why: 'mixed-content' }
	],
	unreachable: [{ code: 'unreachable', origin: 'https://x', cause: 'fetch failed' }],
	unauthorized: [{ code: 'unauthorized', origin: 'https://x' }],
	forbidden: [{ code: 'forbidden', reason: 'Nur Turnierleiter.' }],
	'not-couchdb': [{ code: 'not-couchdb', origin: 'https://x', status: 500 }],
	'no-database': [{ code: 'no-database', url: 'https://x/s' }],
	'not-a-season': [{ code: 'not-a-season', url: 'https://x/s', design: '_design/wertungsblatt' }],
	'answer-too-large': [{ code: 'answer-too-large', origin: 'https://x', limit: 100_000_000 }],
	'answer-too-slow': [{ code: 'answer-too-slow', origin: 'https://x', ms: 30_000 }],
	'too-many-tournaments': [{ code: 'too-many-tournaments', origin: 'https://x', limit: 500 }],
	'no-user': [{ code: 'no-user', origin: 'https://x' }],
	'not-an-id-part': [{ code: 'not-an-id-part', value: 'a:b' }],
	'other-key': [{ code: 'other-key', stored: '3F9A 12C4 7B0E 55D1', ours: '0A1B 2C3D 4E5F 6071' }],
	'publish-cut': [
		{
			code: 'publish-cut',
			stored: 148,
			events: 200,
			cause: { code: 'unreachable', origin: 'https://x', cause: 'fetch failed' }
		},
		{ code: 'publish-cut', stored: 1, events: 1, cause: { code: 'busy' } }
	],
	'not-a-tournament': [
		{ code: 'not-a-tournament', id: 'tournament:x', why: 'document' },
		{ code: 'not-a-tournament', id: 'tournament:x', why: 'head' },
		{ code: 'not-a-tournament', id: 'event:x', why: 'event' },
		{ code: 'not-a-tournament', id: 'event:x', why: 'foreign-event' },
		{ code: 'not-a-tournament', id: 'tournament:x', why: 'signature' },
		{ code: 'not-a-tournament', id: 'tournament:x', why: 'old-version' },
		{ code: 'not-a-tournament', id: 'tournament:x', why: 'log', problem: { code: 'not-created' } }
	],
	busy: [{ code: 'busy' }],
	// Storage on this device.
	storage: [{ code: 'storage', detail: 'QuotaExceededError' }],
	'no-round': [{ code: 'no-round', id: 'r-1' }],
	'damaged-round': [
		{ code: 'damaged-round', id: 'r-1', part: { start: true } },
		{ code: 'damaged-round', id: 'r-1', part: { entry: 'd:4' } }
	],
	'no-game': [{ code: 'no-game', id: 'g-1' }],
	'damaged-game': [{ code: 'damaged-game', id: 'g-1' }],
	'bad-target': [{ code: 'bad-target', max: 10_000 }],
	'round-running': [{ code: 'round-running' }],
	'game-over': [{ code: 'game-over' }],
	'no-tournament': [{ code: 'no-tournament', id: 't-1' }],
	'damaged-tournament': [
		{ code: 'damaged-tournament', id: 't-1', index: 3, detail: 'Invalid input' },
		{ code: 'damaged-tournament', id: 't-1', index: 3, problem: { code: 'already-created' } }
	],
	'bad-setup': [{ code: 'bad-setup', detail: 'Invalid input' }],
	'no-name': [{ code: 'no-name' }],
	'bad-source': [{ code: 'bad-source' }],
	'no-round-yet': [{ code: 'no-round-yet' }],
	'not-triominos': [{ code: 'not-triominos' }],
	'scan-table-code': [{ code: 'scan-table-code', round: 2 }],
	'no-key-change': [{ code: 'no-key-change' }],
	'own-tournament': [{ code: 'own-tournament' }],
	'not-a-tournament-round': [{ code: 'not-a-tournament-round' }],
	'cannot-take': [{ code: 'cannot-take' }],
	// The screens.
	'round-confirmed': [{ code: 'round-confirmed' }],
	'save-failed': [
		{ code: 'save-failed', detail: 'AbortError', takenBack: true },
		{ code: 'save-failed', detail: 'AbortError', takenBack: false }
	],
	'not-finished': [{ code: 'not-finished' }],
	'correction-refused': [
		{
			code: 'correction-refused',
			draws: 1,
			lay: 9,
			player: 'Anna',
			lap: 2,
			later: null,
			problem: { code: 'early-pass', player: 'Anna', draws: 1 }
		},
		{
			code: 'correction-refused',
			draws: 0,
			lay: null,
			player: 'Anna',
			lap: 2,
			later: { player: 'Ben', lap: 3 },
			problem: { code: 'out-with-tiles', player: 'Ben', held: 2 }
		},
		{
			code: 'correction-refused',
			draws: 2,
			lay: 5,
			player: 'Anna',
			lap: 2,
			later: null,
			problem: { code: 'last-tile-unmarked', player: 'Anna' }
		}
	],
	'image-nothing': [{ code: 'image-nothing' }],
	'image-unreadable': [{ code: 'image-unreadable' }],
	'missing-value': [{ code: 'missing-value', player: 'Anna' }],
	'not-a-whole-number': [{ code: 'not-a-whole-number', player: 'Anna' }],
	'play-off-order': [{ code: 'play-off-order' }],
	'no-official-plan': [{ code: 'no-official-plan', players: 11 }],
	'official-plan-invalid': [{ code: 'official-plan-invalid', players: 27, errors: 2 }],
	'restore-refused': [
		{ code: 'restore-refused', why: 'already-here' },
		{ code: 'restore-refused', why: 'not-a-tournament-file' },
		{ code: 'restore-refused', why: 'not-a-backup' },
		{ code: 'restore-refused', why: 'round-only' },
		{ code: 'restore-refused', why: 'unreadable-entry' },
		{ code: 'restore-refused', why: 'not-json' },
		{ code: 'restore-refused', why: 'not-an-export' },
		{ code: 'restore-refused', why: 'not-text' },
		{ code: 'restore-refused', why: 'refused-entry', index: 1, problem: { code: 'already-created' } }
	]
};
