import { describe, expect, it } from 'vitest';
import type { Format } from './tables';
import type { PlayerId, TournamentEvent } from './events';
import { applyEvent, replay } from './reducer';
import { admitEvent, applySeatMoves, expectedTableSizes, sizeWarnings } from './seating-rules';
import type { TournamentState } from './state';

const AT = '2026-03-14T10:00:00Z';
const ids = (n: number) => Array.from({ length: n }, (_, i) => `p${i + 1}`);

function registered(format: Format, n: number): TournamentState {
	const state = replay([
		{ type: 'tournament-created', id: 'c', at: AT, format, name: 'T', date: '2026-03-14' },
		...ids(n).map((player, i) => ({
			type: 'player-registered' as const,
			id: `r${i}`,
			at: AT,
			player,
			name: player
		}))
	]);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return state.value;
}

/** Players 1..n cut into tables of these sizes, in order. */
function cut(sizes: readonly number[]): PlayerId[][] {
	let next = 0;
	return sizes.map((size) => Array.from({ length: size }, () => `p${++next}`));
}

describe('sizeWarnings: table sizes that depart from the rules need a confirmation', () => {
	it.each([
		{
			why: '000: 12 players are four 3-tables, not three 4-tables',
			format: 'triominos',
			sizes: [4, 4, 4],
			warns: 'not-the-distribution'
		},
		{ why: '000: 12 players as four 3-tables', format: 'triominos', sizes: [3, 3, 3, 3], warns: null },
		{
			why: '000: 16 players are four 4-tables, not 3 + 3 + 3 + 3 + 4',
			format: 'triominos',
			sizes: [3, 3, 3, 3, 4],
			warns: 'not-the-distribution'
		},
		{
			why: '002: 12 players are three 4-tables',
			format: 'swiss',
			sizes: [3, 3, 3, 3],
			warns: 'not-the-distribution'
		},
		{
			why: '002: 13 players, 4-tables first, the rest at 3',
			format: 'swiss',
			sizes: [4, 3, 3, 3],
			warns: null
		},
		{ why: '004: sizes differ by at most one', format: 'set', sizes: [3, 5, 5], warns: 'sizes-uneven' },
		{
			why: '004: 12 players as tables of 3, not 4',
			format: 'set',
			sizes: [4, 4, 4],
			warns: 'not-the-distribution'
		},
		{ why: '004: 13 players as 3 + 3 + 3 + 4', format: 'set', sizes: [3, 4, 3, 3], warns: null },
		{
			why: 'a table of 2 is refused outright, not a warning',
			format: 'triominos',
			sizes: [4, 4, 2, 2],
			warns: null
		},
		{
			why: 'five at a Triominos table is refused outright',
			format: 'triominos',
			sizes: [5, 4, 3],
			warns: null
		}
	] as const)('$why', ({ format, sizes, warns }) => {
		const n = sizes.reduce((a, b) => a + b, 0);
		const warnings = sizeWarnings(registered(format, n), 1, cut(sizes));
		expect(warnings.map((w) => w.code)).toEqual(warns ? [warns] : []);
	});

	it('says what the rules give, and which rule', () => {
		const [warning] = sizeWarnings(registered('triominos', 12), 1, cut([4, 4, 4]));
		expect(warning).toEqual({
			code: 'not-the-distribution',
			round: 1,
			sizes: [4, 4, 4],
			expected: [3, 3, 3, 3],
			count: 12,
			rule: 'binding'
		});
		const [uneven] = sizeWarnings(registered('set', 13), 1, cut([3, 5, 5]));
		expect(uneven).toEqual({ code: 'sizes-uneven', round: 1, least: 3, most: 5, expected: [3, 3, 3, 4] });
	});

	it('takes the second round of a Triominos game from the first, drop-outs rebalanced', () => {
		let state = registered('triominos', 16);
		const first = applyEvent(state, {
			type: 'round-opened',
			id: 'o1',
			at: AT,
			round: 1,
			seed: 's',
			tables: cut([4, 4, 4, 4])
		});
		if (!first.ok) throw new Error(JSON.stringify(first.error));
		state = first.value;
		for (const [t, table] of state.rounds[0]!.tables.entries()) {
			const next = applyEvent(state, {
				type: 'table-reported',
				id: `t${t}`,
				at: AT,
				round: 1,
				table: t + 1,
				scores: table.map((player, s) => ({ player, points: 10 * s }))
			});
			if (!next.ok) throw new Error(JSON.stringify(next.error));
			state = next.value;
		}
		const gone = applyEvent(state, { type: 'player-withdrawn', id: 'w', at: AT, player: 'p1', fromRound: 2 });
		if (!gone.ok) throw new Error(JSON.stringify(gone.error));
		// 15 players would be five 3-tables by the distribution; the game's second round keeps 3 + 4 + 4 + 4.
		expect(expectedTableSizes(gone.value, 2)).toEqual([3, 4, 4, 4]);
		const kept = state.rounds[0]!.tables.map((table) => table.filter((id) => id !== 'p1'));
		expect(sizeWarnings(gone.value, 2, kept)).toEqual([]);
		expect(
			sizeWarnings(
				gone.value,
				2,
				cut([3, 3, 3, 3, 3]).map((t) => t.map((id) => (id === 'p1' ? 'p16' : id)))
			)
		).toMatchObject([{ code: 'not-the-distribution', round: 2, expected: [3, 4, 4, 4], rule: 'kept' }]);
	});
});

describe('admitEvent: what a director may add now', () => {
	const twelve = () => registered('triominos', 12);
	const open = (
		extra: Partial<Extract<TournamentEvent, { type: 'round-opened' }>> = {}
	): TournamentEvent => ({
		type: 'round-opened',
		id: 'o',
		at: AT,
		round: 1,
		seed: 's',
		tables: cut([4, 4, 4]),
		...extra
	});

	it('refuses a departure from the distribution unless confirmed, and the log still replays it', () => {
		const state = twelve();
		const refused = admitEvent(state, open());
		expect(refused).toMatchObject({
			ok: false,
			error: { code: 'sizes-unconfirmed', warnings: [{ code: 'not-the-distribution', rule: 'binding' }] }
		});
		expect(admitEvent(state, open({ sizesConfirmed: true }))).toEqual({ ok: true, value: true });
		expect(admitEvent(state, open({ tables: cut([3, 3, 3, 3]) }))).toEqual({ ok: true, value: true });
		// A log written before the rule keeps loading: the engine replays what was recorded.
		expect(applyEvent(state, open()).ok).toBe(true);
	});

	it('refuses recorded moves that do not fit the seating', () => {
		const state = twelve();
		const moved = open({ tables: cut([3, 3, 3, 3]), moves: [{ player: 'p99', toTable: 1 }] });
		expect(admitEvent(state, moved)).toMatchObject({ ok: false, error: { code: 'bad-move' } });
		const zero = open({ tables: cut([3, 3, 3, 3]), moves: [{ player: 'p1', toTable: 0 }] });
		expect(admitEvent(state, zero)).toMatchObject({ ok: false, error: { code: 'bad-move' } });
	});
});

describe('applySeatMoves', () => {
	it('moves a player to the last seat of a table, opens a new one past the last, drops an empty one', () => {
		const tables = cut([3, 3, 3, 3]);
		expect(applySeatMoves(tables, [{ player: 'p1', toTable: 2 }])).toEqual([
			['p2', 'p3'],
			['p4', 'p5', 'p6', 'p1'],
			['p7', 'p8', 'p9'],
			['p10', 'p11', 'p12']
		]);
		const spread = applySeatMoves(tables, [
			{ player: 'p10', toTable: 1 },
			{ player: 'p11', toTable: 2 },
			{ player: 'p12', toTable: 3 }
		]);
		expect(spread.map((t) => t.length)).toEqual([4, 4, 4]);
		const back = applySeatMoves(spread, [
			{ player: 'p1', toTable: 4 },
			{ player: 'p4', toTable: 4 },
			{ player: 'p7', toTable: 4 }
		]);
		expect(back.map((t) => t.length)).toEqual([3, 3, 3, 3]);
		expect(back[3]).toEqual(['p1', 'p4', 'p7']);
		expect(applySeatMoves(tables, [])).toEqual(tables);
	});
});

describe('admitEvent: recorded moves name a table of the seating', () => {
	/** Round 1 of 12 Triominos players at four 3-tables (000), with these moves recorded. */
	const opened = (moves: { player: string; toTable: number }[]): TournamentEvent => ({
		type: 'round-opened',
		id: 'o',
		at: AT,
		round: 1,
		seed: 's',
		tables: cut([3, 3, 3, 3]),
		moves
	});

	it.each([
		['the first table', 1, true],
		['the last table, 4', 4, true],
		['one past the last, 5', 5, false],
		['table 0', 0, false],
		['table 1.5', 1.5, false]
	])('a move to %s (toTable %s) is admitted: %s', (_what, toTable, admitted) => {
		const event = opened([{ player: 'p1', toTable }]);
		expect(admitEvent(registered('triominos', 12), event)).toEqual(
			admitted
				? { ok: true, value: true }
				: { ok: false, error: { code: 'bad-move', round: 1, player: 'p1', toTable } }
		);
	});

	it('admits what is no seating as it is', () => {
		const state = registered('triominos', 12);
		expect(
			admitEvent(state, { type: 'player-renamed', id: 'n', at: AT, player: 'p1', name: 'Anna' })
		).toEqual({ ok: true, value: true });
	});
});
