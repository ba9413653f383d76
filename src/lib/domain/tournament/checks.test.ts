import { describe, expect, it } from 'vitest';
import { checkScores, tableLimits } from './checks';
import type { Score } from './events';

describe('checkScores: one score per seated player, in the format’s shape', () => {
	const where = { round: 2, table: 1 };
	const players = ['A', 'B', 'C'];

	it.each([
		// 004 §2.2.2: SET points are sets found − false calls; a table of SET reports both counts.
		[
			'game points at a SET table',
			'set',
			[{ player: 'A', points: 3 }],
			{ code: 'bad-score', id: 'A', at: where, fault: 'set-needs-counts' }
		],
		[
			'SET counts at a Triominos table',
			'triominos',
			[{ player: 'A', found: 3, falseCalls: 0 }],
			{ code: 'bad-score', id: 'A', at: where, fault: 'points-here' }
		],
		[
			'a negative SET count',
			'set',
			[{ player: 'A', found: 1, falseCalls: -1 }],
			{
				code: 'bad-score',
				id: 'A',
				at: where,
				fault: 'not-whole',
				field: 'falseCalls',
				value: -1,
				nonNegative: true
			}
		]
	] as const)('refuses %s', (_what, format, scores, error) => {
		expect(checkScores(format, players, scores as readonly Score[], where)).toEqual({ ok: false, error });
	});

	it('takes SET counts at a SET table, negative game points at a Triominos table (000 §Sieger)', () => {
		const set = players.map((player) => ({ player, found: 0, falseCalls: 0 }));
		expect(checkScores('set', players, set, where)).toEqual({ ok: true, value: true });
		const game = players.map((player) => ({ player, points: -5 }));
		expect(checkScores('triominos', players, game, where)).toEqual({ ok: true, value: true });
	});

	it('seats 3–4 at Triominos and swiss (000, 002), 2–8 at SET (004)', () => {
		expect([tableLimits('triominos'), tableLimits('swiss'), tableLimits('set')]).toEqual([
			{ min: 3, max: 4 },
			{ min: 3, max: 4 },
			{ min: 2, max: 8 }
		]);
	});
});
