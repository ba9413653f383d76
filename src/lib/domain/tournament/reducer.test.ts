import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { TournamentEvent } from './events';
import { logFromResults } from './from-results';
import { applyEvent, replay } from './reducer';
import { sampleTournament } from './sample';
import type { TournamentState } from './state';
import { runs } from '../testing/runs';

const AT = '2026-03-14T10:00:00Z';
const meta = (id: string) => ({ id, at: AT });

function stateOf(events: TournamentEvent[]): TournamentState {
	const result = replay(events);
	if (!result.ok) throw new Error(`${result.error.index}: ${JSON.stringify(result.error)}`);
	return result.value;
}

/** Seven players after round 1 of a Triominos tournament, tables [A B C] [D E F G], all reported. */
const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
const oneRound = () =>
	logFromResults(
		{
			format: 'triominos',
			players: seven,
			rounds: [
				[
					{ A: 120, B: 80, C: 40 },
					{ D: 100, E: 90, F: 90, G: 10 }
				]
			]
		},
		AT
	);

/** The event is refused with this code, and the state stays as it was. */
function expectRefused(state: TournamentState, event: TournamentEvent, code: string) {
	const before = structuredClone(state);
	const result = applyEvent(state, event);
	expect(result.ok).toBe(false);
	if (result.ok) return;
	expect(result.error.code).toBe(code);
	expect(state).toEqual(before);
}

describe('applyEvent: bad input changes nothing', () => {
	const state = () => stateOf(oneRound());
	const open2 = (tables: string[][]): TournamentEvent => ({
		type: 'round-opened',
		...meta('open-2'),
		round: 2,
		seed: 's',
		tables
	});

	it.each([
		[
			'an unknown player',
			open2([
				['A', 'B', 'C'],
				['D', 'E', 'F', 'Zoe']
			]),
			'unknown-player'
		],
		[
			'a table of 2',
			open2([
				['A', 'B'],
				['C', 'D', 'E'],
				['F', 'G']
			]),
			'table-size'
		],
		['a table of 1', open2([['A'], ['B', 'C', 'D'], ['E', 'F', 'G']]), 'table-size'],
		[
			'a table of 5',
			open2([
				['A', 'B', 'C', 'D', 'E'],
				['F', 'G']
			]),
			'table-size'
		],
		[
			'a player twice',
			open2([
				['A', 'B', 'C'],
				['D', 'E', 'F', 'A']
			]),
			'seated-twice'
		],
		[
			'a player at no table',
			open2([
				['A', 'B', 'C'],
				['D', 'E', 'F']
			]),
			'not-seated'
		],
		[
			'the wrong round number',
			{
				...open2([
					['A', 'B', 'C'],
					['D', 'E', 'F', 'G']
				]),
				round: 3
			},
			'wrong-round'
		]
	])('seating with %s', (_, event, code) => expectRefused(state(), event, code));

	const abc = (a: object) => [
		{ player: 'A', points: 5, ...a },
		{ player: 'B', points: 3 },
		{ player: 'C', points: 1 }
	];
	it.each([
		['a result for a player not at that table', [...abc({}), { player: 'D', points: 1 }], 'not-at-table'],
		['a result for an unknown player', [...abc({}), { player: 'Zoe', points: 1 }], 'not-at-table'],
		['a result without a seated player', abc({}).slice(0, 2), 'missing-score'],
		['a player twice in a result', [...abc({}), { player: 'A', points: 1 }], 'seated-twice'],
		['a fractional score', abc({ points: 1.5 }), 'bad-score'],
		[
			'SET counts in a Triominos game',
			[{ player: 'A', found: 3, falseCalls: 0 }, ...abc({}).slice(1)],
			'bad-score'
		]
	])('%s', (_, scores, code) => {
		const opened = stateOf([
			...oneRound(),
			open2([
				['A', 'B', 'C'],
				['D', 'E', 'F', 'G']
			])
		]);
		expectRefused(opened, { type: 'table-reported', ...meta('r'), round: 2, table: 1, scores }, code);
	});

	it('a result for a round not opened', () => {
		expectRefused(
			state(),
			{ type: 'table-reported', ...meta('r'), round: 2, table: 1, scores: [] },
			'round-not-opened'
		);
	});

	it('a table that does not exist', () => {
		expectRefused(
			state(),
			{ type: 'result-corrected', ...meta('c'), round: 1, table: 3, scores: [], reason: 'x' },
			'no-such-table'
		);
	});

	it('a second report for a table (a correction is needed)', () => {
		const scores = [
			{ player: 'A', points: 1 },
			{ player: 'B', points: 2 },
			{ player: 'C', points: 3 }
		];
		expectRefused(
			state(),
			{ type: 'table-reported', ...meta('r'), round: 1, table: 1, scores },
			'already-reported'
		);
	});

	it('an event id that was already applied', () => {
		expectRefused(
			state(),
			{ type: 'player-renamed', ...meta('e2'), player: 'A', name: 'Anna' },
			'duplicate-event'
		);
	});

	it('registering after round 1 opened, or a name twice', () => {
		expectRefused(
			state(),
			{ type: 'player-registered', ...meta('x'), player: 'H', name: 'H' },
			'registration-closed'
		);
		const created = stateOf(oneRound().slice(0, 2));
		expectRefused(
			created,
			{ type: 'player-registered', ...meta('x'), player: 'a2', name: ' a ' },
			'duplicate-name'
		);
	});

	it('opening round 2 while a table of round 1 has not reported', () => {
		const open = stateOf(oneRound().slice(0, -1));
		expectRefused(
			open,
			open2([
				['A', 'B', 'C'],
				['D', 'E', 'F', 'G']
			]),
			'round-incomplete'
		);
	});

	it('withdrawing from a round that is already running', () => {
		expectRefused(
			state(),
			{ type: 'player-withdrawn', ...meta('w'), player: 'A', fromRound: 1 },
			'withdraw-too-late'
		);
	});

	it('more swiss players than allowed (002: 24)', () => {
		const swiss = stateOf(logFromResults(sampleTournament('swiss', 24, 0, 'x'), AT));
		expectRefused(
			swiss,
			{ type: 'player-registered', ...meta('x'), player: 'Z', name: 'Z' },
			'too-many-players'
		);
	});

	it('negative SET counts', () => {
		const set = stateOf(logFromResults({ format: 'set', players: seven, rounds: [] }, AT));
		const opened = applyEvent(set, {
			type: 'round-opened',
			...meta('o'),
			round: 1,
			seed: 's',
			tables: [
				['A', 'B', 'C'],
				['D', 'E', 'F', 'G']
			]
		});
		if (!opened.ok) throw new Error(JSON.stringify(opened.error));
		const scores = [
			{ player: 'A', found: 3, falseCalls: -1 },
			{ player: 'B', found: 1, falseCalls: 0 },
			{ player: 'C', found: 0, falseCalls: 0 }
		];
		expectRefused(
			opened.value,
			{ type: 'table-reported', ...meta('r'), round: 1, table: 1, scores },
			'bad-score'
		);
	});

	it('a lot in SET, a play-off outside SET', () => {
		expectRefused(
			state(),
			{ type: 'play-off-recorded', ...meta('p'), stage: 'prelim', players: ['A', 'B'] },
			'bad-decision'
		);
		const set = stateOf(logFromResults({ format: 'set', players: seven, rounds: [] }, AT));
		expectRefused(
			set,
			{ type: 'lot-drawn', ...meta('l'), stage: 'prelim', seed: 's', players: ['A', 'B'] },
			'bad-decision'
		);
	});

	it('a final in the swiss format, or before the prelims are over', () => {
		const swiss = stateOf(logFromResults(sampleTournament('swiss', 8, 1, 'x'), AT));
		expectRefused(
			swiss,
			{ type: 'final-opened', ...meta('f'), seed: 's', players: ['P01', 'P02', 'P03'] },
			'no-final'
		);
		expectRefused(
			state(),
			{ type: 'final-opened', ...meta('f'), seed: 's', players: ['A', 'B', 'C'] },
			'final-not-ready'
		);
	});

	it('options out of range', () => {
		const created = (options: object): TournamentEvent => ({
			type: 'tournament-created',
			...meta('c'),
			format: 'set',
			name: 'T',
			date: '2026-03-14',
			options
		});
		expect(applyEvent(null, created({ rounds: 5 })).ok).toBe(false);
		expect(applyEvent(null, created({ rounds: 4 })).ok).toBe(true);
		expect(applyEvent(null, created({ finalRounds: 0 })).ok).toBe(false);
	});
});

describe('locks and corrections (RULES.md §6, 000 §Punktewertung)', () => {
	const open2: TournamentEvent = {
		type: 'round-opened',
		...meta('open-2'),
		round: 2,
		seed: 's',
		tables: [
			['A', 'B', 'C'],
			['D', 'E', 'F', 'G']
		]
	};
	const fix = (id: string, extra: object = {}): TournamentEvent => ({
		type: 'result-corrected',
		...meta(id),
		round: 1,
		table: 1,
		scores: [
			{ player: 'A', points: 10 },
			{ player: 'B', points: 80 },
			{ player: 'C', points: 40 }
		],
		reason: 'Additionsfehler',
		...extra
	});

	it('corrects an unlocked round without override and keeps the old result', () => {
		const state = stateOf([...oneRound(), fix('c1')]);
		const result = state.rounds[0]?.results[0];
		expect(result?.scores[0]).toEqual({ player: 'A', points: 10 });
		expect(result?.corrections).toMatchObject([{ reason: 'Additionsfehler', override: false }]);
		expect(result?.corrections[0]?.previous[0]).toEqual({ player: 'A', points: 120 });
	});

	it('a correction needs a reason', () => {
		expectRefused(stateOf(oneRound()), fix('c1', { reason: '  ' }), 'no-reason');
	});

	it('opening the next round locks the last: a result for it then needs a director override', () => {
		const locked = stateOf([...oneRound(), open2]);
		expect(locked.rounds[0]?.locked).toBe(true);
		expectRefused(locked, fix('c1'), 'round-locked');
		const overridden = applyEvent(locked, fix('c1', { override: true }));
		expect(overridden.ok && overridden.value.rounds[0]?.results[0]?.corrections[0]?.override).toBe(true);
	});

	it('an explicit lock needs every table reported, and only once', () => {
		expectRefused(
			stateOf(oneRound().slice(0, -1)),
			{ type: 'round-locked', ...meta('l'), round: 1 },
			'round-incomplete'
		);
		const locked = stateOf([...oneRound(), { type: 'round-locked', ...meta('l'), round: 1 }]);
		expectRefused(locked, { type: 'round-locked', ...meta('l2'), round: 1 }, 'already-locked');
	});

	it('a withdrawn player is not seated from his round on, and must not be', () => {
		const withdrawn = stateOf([
			...oneRound(),
			{ type: 'player-withdrawn', ...meta('w'), player: 'G', fromRound: 2 }
		]);
		expectRefused(withdrawn, open2, 'player-withdrawn');
		const next = applyEvent(withdrawn, {
			...open2,
			tables: [
				['A', 'B', 'C'],
				['D', 'E', 'F']
			]
		});
		expect(next.ok).toBe(true);
	});
});

describe('replay', () => {
	it('replaying a log twice gives the same state', () => {
		fc.assert(
			fc.property(
				fc.constantFrom('triominos' as const, 'swiss' as const, 'set' as const),
				fc.integer({ min: 6, max: 30 }),
				fc.integer({ min: 0, max: 4 }),
				fc.string(),
				(format, n, rounds, seed) => {
					const events = logFromResults(
						sampleTournament(
							format,
							format === 'swiss' ? Math.min(n, 24) : n,
							format === 'set' ? Math.min(rounds, 4) : rounds,
							seed
						),
						AT
					);
					expect(stateOf(events)).toEqual(stateOf(events));
				}
			),
			{ numRuns: runs(40) }
		);
	});

	it('names the refused event', () => {
		const log = oneRound();
		const result = replay([...log, { type: 'round-locked', ...meta('e1'), round: 1 }]);
		expect(result.ok || [result.error.index, result.error.code]).toEqual([log.length, 'duplicate-event']);
	});

	it('needs the tournament to be created first', () => {
		expect(applyEvent(null, { type: 'player-registered', ...meta('x'), player: 'A', name: 'A' }).ok).toBe(
			false
		);
	});
});

describe('what a refusal says (each problem with all its fields)', () => {
	const created = (format: string, options: object = {}): TournamentEvent =>
		({
			type: 'tournament-created',
			...meta('c'),
			format,
			name: 'T',
			date: '2026-03-14',
			options
		}) as TournamentEvent;
	/** Created and the seven registered, before round 1. */
	const registered = () => stateOf(oneRound().slice(0, 8));
	const refusedWith = (state: TournamentState | null, event: TournamentEvent) => {
		const result = applyEvent(state, event);
		return result.ok ? 'accepted' : result.error;
	};

	/**
	 * Six players, one prelim round (RULES.md §6: a final of 3 at up to 18 players): A and D lead on 5
	 * points, B and E have 3, C and F 1; game points break the ties: A, D, B are the final's three.
	 */
	const six = ['A', 'B', 'C', 'D', 'E', 'F'];
	const prelim = (e: number) =>
		logFromResults(
			{
				format: 'triominos',
				players: six,
				options: { rounds: 1 },
				rounds: [
					[
						{ A: 100, B: 50, C: 10 },
						{ D: 90, E: e, F: 5 }
					]
				]
			},
			AT
		);
	const openFinal = (id: string, players: string[]): TournamentEvent => ({
		type: 'final-opened',
		...meta(id),
		seed: 's',
		players
	});

	it('a tournament is created once; a log without its creation is refused at its start', () => {
		expect(refusedWith(registered(), created('triominos'))).toEqual({ code: 'already-created' });
		expect(replay([])).toEqual({ ok: false, error: { code: 'not-created', index: 0 } });
	});

	it.each([
		['an unknown format', 'chess', {}, { code: 'bad-option', name: 'format', value: 'chess' }],
		[
			'a final of 2 (RULES.md §6: 3 or 4)',
			'triominos',
			{ finalSize: 2 },
			{ code: 'bad-option', name: 'finalSize', value: '2' }
		],
		['a final of 3.5', 'set', { finalSize: 3.5 }, { code: 'bad-option', name: 'finalSize', value: '3.5' }],
		[
			'a limit of 2 players',
			'swiss',
			{ maxPlayers: 2 },
			{ code: 'bad-option', name: 'maxPlayers', value: '2' }
		],
		[
			'a limit of 2.5 players',
			'triominos',
			{ maxPlayers: 2.5 },
			{ code: 'bad-option', name: 'maxPlayers', value: '2.5' }
		]
	])('refuses %s', (_what, format, options, error) => {
		expect(refusedWith(null, created(format, options))).toEqual(error);
	});

	it.each([
		['the smallest final, 3', { finalSize: 3 }, { finalSize: 3, maxPlayers: null }],
		['the smallest limit, 3 players', { maxPlayers: 3 }, { finalSize: null, maxPlayers: 3 }],
		[
			'the defaults (no override, no limit)',
			{ finalSize: null, maxPlayers: null },
			{ finalSize: null, maxPlayers: null }
		]
	])('takes %s', (_what, options, expected) => {
		const result = applyEvent(null, created('triominos', options));
		expect(result.ok && result.value.options).toEqual({
			rounds: 4,
			finalRounds: 2,
			avoidRepeats: true,
			...expected
		});
	});

	it('a withdrawal names a round from 1 on, and comes once', () => {
		const withdraw = (id: string, fromRound: number): TournamentEvent => ({
			type: 'player-withdrawn',
			...meta(id),
			player: 'A',
			fromRound
		});
		expect(refusedWith(registered(), withdraw('w', 0))).toEqual({
			code: 'bad-option',
			name: 'fromRound',
			value: '0'
		});
		expect(refusedWith(registered(), withdraw('w', 1.5))).toEqual({
			code: 'bad-option',
			name: 'fromRound',
			value: '1.5'
		});
		const gone = applyEvent(registered(), withdraw('w', 1));
		if (!gone.ok) throw new Error(JSON.stringify(gone.error));
		expect(gone.value.players.get('A')).toEqual({ id: 'A', name: 'A', withdrawnFrom: 1 });
		expect(refusedWith(gone.value, withdraw('w2', 2))).toEqual({ code: 'already-withdrawn', id: 'A' });
	});

	it('a correction needs a reported result', () => {
		const open = stateOf(oneRound().slice(0, -1));
		const scores = [
			{ player: 'D', points: 1 },
			{ player: 'E', points: 2 },
			{ player: 'F', points: 3 },
			{ player: 'G', points: 4 }
		];
		expect(
			refusedWith(open, { type: 'result-corrected', ...meta('c'), round: 1, table: 2, scores, reason: 'x' })
		).toEqual({ code: 'not-reported', round: 1, table: 2 });
	});

	it('a lot or play-off is among two or more different players', () => {
		const lot = (id: string, players: string[]): TournamentEvent => ({
			type: 'lot-drawn',
			...meta(id),
			stage: 'prelim',
			seed: 's',
			players
		});
		const tooFew = { code: 'bad-decision', fault: 'too-few' };
		expect(refusedWith(registered(), lot('l', ['A']))).toEqual(tooFew);
		expect(refusedWith(registered(), lot('l', ['A', 'A']))).toEqual(tooFew);
		expect(refusedWith(registered(), lot('l', ['A', 'B', 'A']))).toEqual(tooFew);
		const two = applyEvent(registered(), lot('l', ['B', 'A']));
		expect(two.ok && two.value.decisions).toEqual([
			{ eventId: 'l', kind: 'lot', stage: 'prelim', seed: 's', players: ['B', 'A'] }
		]);
	});

	it('RULES.md §6: once the final runs, no prelim round opens, the final does not open again, its rounds report as the final', () => {
		const running = stateOf([...prelim(40), openFinal('f', ['A', 'D', 'B'])]);
		expect(running.rounds.map((r) => [r.number, r.stage])).toEqual([
			[1, 'prelim'],
			[2, 'final'],
			[3, 'final']
		]);
		const round2: TournamentEvent = {
			type: 'round-opened',
			...meta('o'),
			round: 2,
			seed: 's',
			tables: [
				['A', 'B', 'C'],
				['D', 'E', 'F']
			]
		};
		expect(refusedWith(running, round2)).toEqual({ code: 'final-not-ready', fault: 'running' });
		expect(refusedWith(running, openFinal('f2', ['A', 'D', 'B']))).toEqual({
			code: 'final-not-ready',
			fault: 'running'
		});
		const scores = ['A', 'D', 'B'].map((player, i) => ({ player, points: 10 * i }));
		expect(
			refusedWith(running, { type: 'table-reported', ...meta('r'), round: 2, table: 1, scores })
		).toEqual({
			code: 'final-round',
			round: 2
		});
	});

	it('RULES.md §6: a tie across the final’s cut must be decided first (000: by lot)', () => {
		// E scores as B: B and E tie on 3 points and 50 game points for the third place.
		const tied = stateOf(prelim(50));
		expect(refusedWith(tied, openFinal('f', ['A', 'D', 'B']))).toEqual({
			code: 'final-not-ready',
			fault: 'undecided',
			players: ['B', 'E'],
			format: 'triominos'
		});
	});
});
