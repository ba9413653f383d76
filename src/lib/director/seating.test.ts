import { describe, expect, it } from 'vitest';
import { OFFICIAL_SET_PLANS } from '../domain/seating/official-set-plans';
import { applyEvent, replay, type TournamentEvent, type TournamentState } from '../domain/tournament';
import { paginate, pageAt } from './pages';
import {
	finalSeating,
	officialPlanFor,
	officialPlanProblem,
	OFFICIAL_SEED_PREFIX,
	proposeNextRound,
	repeatedMeetings,
	whoSitsWhere
} from './seating';
import { problemText } from '$lib/i18n/problems/index';

function registered(format: 'set' | 'triominos', n: number, rounds?: number): TournamentState {
	const events: TournamentEvent[] = [
		{
			type: 'tournament-created',
			id: 'c',
			at: '',
			format,
			name: 'T',
			date: '2025-01-01',
			...(rounds ? { options: { rounds } } : {})
		},
		...Array.from({ length: n }, (_, i) => ({
			type: 'player-registered' as const,
			id: `r${i}`,
			at: '',
			player: `p${i + 1}`,
			name: `Spieler ${String(i + 1).padStart(2, '0')}`
		}))
	];
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return state.value;
}

function open(state: TournamentState, event: Omit<TournamentEvent & { type: 'round-opened' }, 'id' | 'at'>) {
	const next = applyEvent(state, { ...event, id: `o${event.round}`, at: '' });
	if (!next.ok) throw new Error(JSON.stringify(next.error));
	return next.value;
}

function reportAll(state: TournamentState, round: number): TournamentState {
	const r = state.rounds.find((x) => x.number === round)!;
	return r.tables.reduce((s, table, t) => {
		const next = applyEvent(s, {
			type: 'table-reported',
			id: `t${round}-${t}`,
			at: '',
			round,
			table: t + 1,
			scores: table.map((player) => ({ player, found: 2, falseCalls: 0 }))
		});
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		return next.value;
	}, state);
}

describe('the official SET plans', () => {
	it('are offered only where valid (27 and 32 are faulty)', () => {
		expect(officialPlanFor(9, 4)?.usable).toBe(true);
		expect(officialPlanFor(27, 4)?.usable).toBe(false);
		expect(officialPlanFor(32, 4)?.usable).toBe(false);
		expect(officialPlanFor(10, 4)).toBeNull();
		expect(officialPlanProblem(10, 4)).toEqual({ code: 'no-official-plan', players: 10 });
		expect(problemText(officialPlanProblem(10, 4)!, 'de')).toMatch(/keinen offiziellen Plan/);
		expect(problemText(officialPlanProblem(27, 4)!, 'en')).toMatch(/faulty/);
		expect(officialPlanProblem(12, 3)).toBeNull();
	});

	it('seat all four rounds by the plan with one drawn numbering, and stop after a withdrawal', () => {
		let state = registered('set', 12, 4);
		const plan = OFFICIAL_SET_PLANS.find((p) => p.players === 12)!;
		const first = proposeNextRound(state, 'official', 'seed');
		if (!first.ok) throw new Error(JSON.stringify(first.error));
		expect(first.value.method).toBe('official');
		expect(first.value.event.seed).toBe(`${OFFICIAL_SEED_PREFIX}seed`);
		state = open(state, first.value.event);
		const number = new Map<string, number>();
		plan.rounds[0]!.forEach((table, t) =>
			table.forEach((k, s) => number.set(first.value.event.tables[t]![s]!, k))
		);
		for (const round of [2, 3]) {
			state = reportAll(state, round - 1);
			const next = proposeNextRound(state, 'official', `other-${round}`);
			if (!next.ok) throw new Error(JSON.stringify(next.error));
			expect(next.value.method).toBe('official');
			expect(next.value.event.tables.map((t) => t.map((p) => number.get(p)))).toEqual(plan.rounds[round - 1]);
			state = open(state, next.value.event);
		}
		state = reportAll(state, 3);
		const withdrawn = applyEvent(state, {
			type: 'player-withdrawn',
			id: 'w',
			at: '',
			player: 'p1',
			fromRound: 4
		});
		if (!withdrawn.ok) throw new Error(JSON.stringify(withdrawn.error));
		const fourth = proposeNextRound(withdrawn.value, 'official', 's4');
		expect(fourth.ok && fourth.value.method).toBe('generated');
		expect(fourth.ok && fourth.value.event.tables.flat()).not.toContain('p1');
	});

	it('are not used when the generated plan was chosen, or for Triominos', () => {
		const set = proposeNextRound(registered('set', 9), 'generated', 's');
		expect(set.ok && set.value.method).toBe('generated');
		const triominos = proposeNextRound(registered('triominos', 9), 'official', 's');
		expect(triominos.ok && triominos.value.method).toBe('draw');
	});
});

describe('repeated meetings', () => {
	it('lists pairs at the proposed tables who sat together in an earlier round', () => {
		let state = registered('triominos', 6);
		state = open(state, {
			type: 'round-opened',
			round: 1,
			seed: 's',
			tables: [
				['p1', 'p2', 'p3'],
				['p4', 'p5', 'p6']
			]
		});
		expect(
			repeatedMeetings(state, [
				['p1', 'p4', 'p5'],
				['p2', 'p3', 'p6']
			])
		).toEqual([
			{ table: 1, players: ['p4', 'p5'] },
			{ table: 2, players: ['p2', 'p3'] }
		]);
		expect(
			repeatedMeetings(state, [
				['p1', 'p4', 'p2'],
				['p5', 'p3', 'p6']
			])
		).toEqual([
			{ table: 1, players: ['p1', 'p2'] },
			{ table: 2, players: ['p5', 'p6'] }
		]);
	});
});

describe('who sits where', () => {
	it('lists everyone alphabetically (German collation) with table and seat', () => {
		const state = registered('triominos', 3);
		const renamed = {
			...state,
			players: new Map(
				[...state.players].map(([id, p], i) => [id, { ...p, name: ['Özil', 'Anna', 'Zoe'][i]! }])
			)
		};
		expect(whoSitsWhere(renamed, [['p3', 'p1', 'p2']])).toEqual([
			{ player: 'p2', name: 'Anna', table: 1, seat: 3 },
			{ player: 'p1', name: 'Özil', table: 1, seat: 2 },
			{ player: 'p3', name: 'Zoe', table: 1, seat: 1 }
		]);
	});

	it('draws the final’s seat order from its seed', () => {
		expect(finalSeating(['a', 'b', 'c'], 's')).toEqual(finalSeating(['c', 'b', 'a'], 's'));
		expect(new Set(finalSeating(['a', 'b', 'c'], 's'))).toEqual(new Set(['a', 'b', 'c']));
	});
});

describe('projector pages', () => {
	it('split long lists and cycle through them', () => {
		expect(paginate([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
		expect(paginate([], 10)).toEqual([[]]);
		expect([0, 1, 2, 3].map((tick) => pageAt(tick, 3))).toEqual([0, 1, 2, 0]);
		expect(pageAt(5, 0)).toBe(0);
	});
});
