import { describe, expect, it } from 'vitest';
import type { TournamentEvent } from './events';
import { logFromResults } from './from-results';
import { nextRoundSeating, openNextRound, rebalance } from './next-round';
import { applyEvent, replay } from './reducer';
import type { TournamentState } from './state';
import type { Format } from './tables';

const AT = '2026-03-14T10:00:00Z';
let counter = 0;

function registered(format: Format, n: number): TournamentState {
	const players = Array.from({ length: n }, (_, i) => `P${String(i + 1).padStart(2, '0')}`);
	const state = replay(logFromResults({ format, players, rounds: [] }, AT));
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return state.value;
}

/** Opens the next round by the rules and reports every table, the first seat scoring most. */
function playRound(state: TournamentState, seed: string): TournamentState {
	const opened = openNextRound(state, { id: `o${++counter}`, at: AT, seed });
	if (!opened.ok) throw new Error(JSON.stringify(opened.error));
	let next = applyEvent(state, opened.value);
	opened.value.tables.forEach((table, t) => {
		const scores = table.map((player, seat) =>
			state.format === 'set' ? { player, found: 9 - seat, falseCalls: 0 } : { player, points: 100 - seat }
		);
		const event: TournamentEvent = {
			type: 'table-reported',
			id: `r${++counter}`,
			at: AT,
			round: opened.value.round,
			table: t + 1,
			scores
		};
		if (next.ok) next = applyEvent(next.value, event);
	});
	if (!next.ok) throw new Error(JSON.stringify(next.error));
	return next.value;
}

const pairs = (tables: readonly (readonly string[])[]) =>
	tables.flatMap((t) => t.flatMap((a, i) => t.slice(i + 1).map((b) => [a, b].sort().join('-'))));

describe('next round seating', () => {
	it('000: Triominos draws by the binding distribution, keeps the tables for round 2, draws anew for 3', () => {
		const one = playRound(registered('triominos', 9), 'a');
		expect(one.rounds[0]?.tables.map((t) => t.length)).toEqual([3, 3, 3]);
		const two = playRound(one, 'b');
		expect(two.rounds[1]?.tables).toEqual(one.rounds[0]?.tables);
		const three = playRound(two, 'c');
		// 9 players at 3 tables of 3 can meet all new opponents.
		const met = new Set(pairs(two.rounds[0]?.tables ?? []));
		expect(pairs(three.rounds[2]?.tables ?? []).filter((p) => met.has(p))).toEqual([]);
	});

	it('the same seed gives the same draw', () => {
		const state = registered('triominos', 17);
		expect(nextRoundSeating(state, 'x')).toEqual(nextRoundSeating(state, 'x'));
	});

	it('002 §5: a drop-out before the second round of a game is rebalanced, no table of 2', () => {
		const one = playRound(registered('triominos', 9), 'a');
		const leaver = one.rounds[0]?.tables[0]?.[0] as string;
		const left = applyEvent(one, { type: 'player-withdrawn', id: 'w', at: AT, player: leaver, fromRound: 2 });
		if (!left.ok) throw new Error(JSON.stringify(left.error));
		const seating = nextRoundSeating(left.value, 'b');
		expect(seating.ok && seating.value.tables.map((t) => t.length)).toEqual([4, 4]);
		expect(seating.ok && seating.value.tables.flat()).not.toContain(leaver);
	});

	it.each([
		[
			[
				['a', 'b'],
				['c', 'd', 'e'],
				['f', 'g', 'h', 'i']
			],
			[3, 3, 3]
		],
		[
			[
				['a', 'b'],
				['c', 'd', 'e'],
				['f', 'g', 'h']
			],
			[4, 4]
		],
		[
			[['a'], ['b', 'c', 'd', 'e'], ['f', 'g', 'h', 'i']],
			[3, 3, 3]
		],
		[
			[[], ['b', 'c', 'd'], ['f', 'g', 'h', 'i']],
			[3, 4]
		]
	])('rebalance %j → sizes %j', (tables, sizes) => {
		const result = rebalance(tables);
		expect(result.ok && result.value.map((t) => t.length)).toEqual(sizes);
		expect(result.ok && result.value.flat().sort()).toEqual(tables.flat().sort());
	});

	it('refuses when no tables of 3 or 4 can be formed', () => {
		expect(
			rebalance([
				['a', 'b'],
				['c', 'd', 'e']
			]).ok
		).toBe(false);
	});

	it('002 §2: swiss round 2 seats by the standings, table 1 = places 1–4, 3-tables at the bottom', () => {
		const one = playRound(registered('swiss', 11), 'a');
		const seating = nextRoundSeating(one, 'b');
		expect(seating.ok && seating.value.tables.map((t) => t.length)).toEqual([4, 4, 3]);
		const winners = one.rounds[0]?.tables.map((t) => t[0]) ?? [];
		// The three table winners (5 points each) and one second place sit at table 1.
		expect(seating.ok && winners.every((w) => seating.value.tables[0]?.includes(w as string))).toBe(true);
	});

	it('004: SET follows one plan from round 1’s seed with few repeats', () => {
		let state = registered('set', 9);
		for (const seed of ['s1', 'other', 'third']) state = playRound(state, seed);
		expect(state.rounds.map((r) => r.seed)).toEqual(['s1', 's1', 's1']);
		const all = state.rounds.flatMap((r) => pairs(r.tables));
		expect(new Set(all).size).toBe(all.length);
	});

	it('opens no round beyond the tournament’s rounds', () => {
		// 9 players: the SET plan meets no one twice, found at once (6 players would search its whole budget).
		let state = registered('set', 9);
		for (const seed of ['a', 'b', 'c']) state = playRound(state, seed);
		expect(openNextRound(state, { id: 'x', at: AT, seed: 'd' }).ok).toBe(false);
	});
});
