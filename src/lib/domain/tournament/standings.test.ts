import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, rational, toNumber } from '../rational';
import type { Score, TournamentEvent } from './events';
import { logFromResults, type PlainTournament } from './from-results';
import { replay } from './reducer';
import { sampleTournament } from './sample';
import { standings, type Standings } from './standings';
import type { Format } from './tables';
import { runs } from '../testing/runs';

const AT = '2026-03-14T10:00:00Z';
let counter = 0;
const meta = () => ({ id: `t${++counter}`, at: AT });

function run(events: readonly TournamentEvent[]): Standings {
	const state = replay(events);
	if (!state.ok) throw new Error(`${state.error.index}: ${JSON.stringify(state.error)}`);
	return standings(state.value);
}

/** The sample's draws, each player scoring the same every game, lower numbers more: no full ties. */
function ladder(format: Format, n: number, rounds: number): PlainTournament {
	const plain = sampleTournament(format, n, rounds, `ladder-${n}`);
	const score = (name: string) => 1000 - 10 * Number(name.slice(1));
	return {
		...plain,
		rounds: plain.rounds.map((tables) =>
			tables.map((table) => Object.fromEntries(Object.keys(table).map((p) => [p, score(p)])))
		)
	};
}

const byPlayer = (s: Standings) => Object.fromEntries(s.rows.map((r) => [r.player, r]));

describe('Triominos standings (000, RULES.md §6)', () => {
	it.each([
		[9, 3, 1],
		[10, 3, 2],
		[18, 3, 2],
		[19, 4, 3]
	])('000: %i participants → %i finalists, %i qualifiers', (n, finalists, qualifiers) => {
		const s = run(logFromResults(ladder('triominos', n, 4), AT));
		const best = s.rows.slice(0, finalists).map((r) => r.player);
		expect(s.finalists).toEqual(best);
		expect(s.undecided).toEqual([]);
		expect(s.qualifiers).toEqual({ count: qualifiers, players: best.slice(0, qualifiers), pending: null });
		expect(s.rows.map((r) => r.rank)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
		expect(s.warnings).toEqual([]);
	});

	it('000: a tournament of 4 is no qualifier (warning) and names no qualifiers', () => {
		const s = run(
			logFromResults(
				{ format: 'triominos', players: ['A', 'B', 'C', 'D'], rounds: [[{ A: 9, B: 5, C: 3, D: 1 }]] },
				AT
			)
		);
		expect(s.warnings.map((w) => w.code)).toEqual(['not-a-qualifier']);
		expect(s.qualifiers).toEqual({ count: 0, players: [], pending: null });
	});

	const six = ['A', 'B', 'C', 'D', 'E', 'F'];
	const tied = () =>
		logFromResults(
			{
				format: 'triominos',
				players: six,
				rounds: [
					[
						{ A: 100, B: 50, C: 10 },
						{ D: 100, E: 50, F: 10 }
					]
				]
			},
			AT
		);

	it('ranks by points, then game points; a full tie shares the place and is undecided until a lot', () => {
		const s = run(tied());
		expect(s.rows.map((r) => [r.player, r.rank])).toEqual([
			['A', 1],
			['D', 1],
			['B', 3],
			['E', 3],
			['C', 5],
			['F', 5]
		]);
		expect(s.undecided).toEqual([
			{ stage: 'prelim', by: 'lot', players: ['A', 'D'] },
			{ stage: 'prelim', by: 'lot', players: ['B', 'E'] },
			{ stage: 'prelim', by: 'lot', players: ['C', 'F'] }
		]);
		// The tie B/E straddles the cut of 3: only A and D are sure finalists.
		expect(s.finalists).toEqual(['A', 'D']);
		expect(byPlayer(s).A?.tiebreaks).toMatchObject([{ against: 'D', by: 'tied', won: null }]);
	});

	it('a recorded lot decides the tie, and says so', () => {
		const s = run([
			...tied(),
			{ type: 'lot-drawn', ...meta(), stage: 'prelim', seed: 'x', players: ['D', 'A'] }
		]);
		expect(s.rows.slice(0, 2).map((r) => [r.player, r.rank])).toEqual([
			['D', 1],
			['A', 2]
		]);
		expect(byPlayer(s).D?.tiebreaks).toEqual([{ against: 'A', by: 'lot', won: true }]);
		expect(byPlayer(s).A?.tiebreaks).toEqual([{ against: 'D', by: 'lot', won: false }]);
		expect(s.undecided.map((u) => u.players)).toEqual([
			['B', 'E'],
			['C', 'F']
		]);
	});

	it('game points break a points tie (000 §Finale)', () => {
		const s = run(
			logFromResults(
				{
					format: 'triominos',
					players: six,
					rounds: [
						[
							{ A: 100, B: 50, C: 10 },
							{ D: 90, E: 50, F: 10 }
						]
					]
				},
				AT
			)
		);
		expect(byPlayer(s).A).toMatchObject({
			rank: 1,
			tiebreaks: [{ against: 'D', by: 'gamePoints', won: true, values: [100, 90] }]
		});
	});

	it('a tiebreak by negative game points carries both values', () => {
		const s = run(
			logFromResults(
				{
					format: 'triominos',
					players: six,
					rounds: [
						[
							{ A: 100, B: 50, C: -12 },
							{ D: 90, E: 50, F: -30 }
						]
					]
				},
				AT
			)
		);
		expect(byPlayer(s).C?.tiebreaks).toEqual([
			{ against: 'F', by: 'gamePoints', won: true, values: [-12, -30] }
		]);
		expect(byPlayer(s).F?.tiebreaks).toEqual([
			{ against: 'C', by: 'gamePoints', won: false, values: [-30, -12] }
		]);
	});

	it('000: the 2.5 split stays exact in the standings', () => {
		const s = run(
			logFromResults(
				{
					format: 'triominos',
					players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
					rounds: [
						[
							{ A: 9, B: 5, C: 1 },
							{ D: 9, E: 5, F: 5, G: 1 }
						]
					]
				},
				AT
			)
		);
		expect(byPlayer(s).E?.points).toEqual(rational(5, 2));
	});

	describe('the final (RULES.md §6 decision)', () => {
		/** Ten players after four prelim rounds, in their prelim order; a, b, c and d are its first four. */
		const afterPrelims = () => {
			const prelims = logFromResults(ladder('triominos', 10, 4), AT);
			const prelimOrder = run(prelims).rows.map((r) => r.player);
			const [a, b, c, d] = prelimOrder as [string, string, string, string];
			return { prelims, prelimOrder, a, b, c, d };
		};
		const open = (players: string[]): TournamentEvent => ({
			type: 'final-opened',
			...meta(),
			seed: 'f',
			players
		});
		const report = (round: number, points: [string, number][]): TournamentEvent => ({
			type: 'final-reported',
			...meta(),
			round,
			scores: points.map(([player, p]): Score => ({ player, points: p }))
		});

		it('ranks finalists by the final; everyone else keeps the prelim rank', () => {
			const { prelims, prelimOrder, a, b, c } = afterPrelims();
			const s = run([
				...prelims,
				open([c, a, b]),
				report(5, [
					[c, 200],
					[a, 100],
					[b, 50]
				]),
				report(6, [
					[c, 10],
					[a, 100],
					[b, 50]
				])
			]);
			// a 3 + 5 = 8, c 5 + 1 = 6, b 1 + 3 = 4
			expect(s.rows.map((r) => [r.player, r.rank])).toEqual([
				[a, 1],
				[c, 2],
				[b, 3],
				...prelimOrder.slice(3).map((p, i) => [p, i + 4])
			]);
			expect(byPlayer(s)[c]?.final).toEqual({ points: rational(6), gamePoints: 210, rank: 2 });
			expect(s.qualifiers?.players).toEqual([a, c]);
		});

		it('a tie in the final goes to game points, then to a lot', () => {
			const { prelims, a, b, c } = afterPrelims();
			const events = [
				...prelims,
				open([a, b, c]),
				report(5, [
					[a, 100],
					[b, 50],
					[c, 10]
				]),
				report(6, [
					[a, 50],
					[b, 100],
					[c, 10]
				])
			];
			const s = run(events);
			expect(s.undecided).toEqual([{ stage: 'final', by: 'lot', players: [a, b] }]);
			const lot: TournamentEvent = {
				type: 'lot-drawn',
				...meta(),
				stage: 'final',
				seed: 'x',
				players: [b, a]
			};
			const decided = run([...events, lot]);
			expect(decided.rows.slice(0, 2).map((r) => r.player)).toEqual([b, a]);
			expect(decided.undecided).toEqual([]);
		});

		it('refuses a final with the wrong players, and a final result before it opens', () => {
			const { prelims, a, b, c, d } = afterPrelims();
			const wrong = replay([...prelims, open([a, b, d])]);
			expect(wrong.ok || wrong.error.code).toBe('not-at-table');
			const early = replay([
				...prelims,
				report(5, [
					[a, 1],
					[b, 2],
					[c, 3]
				])
			]);
			expect(early.ok || early.error.code).toBe('final-not-opened');
		});

		it('the final’s rounds report in order; a later one locks the earlier', () => {
			const { prelims, a, b, c } = afterPrelims();
			const events = [...prelims, open([a, b, c])];
			const skipped = replay([
				...events,
				report(6, [
					[a, 1],
					[b, 2],
					[c, 3]
				])
			]);
			expect(skipped.ok || skipped.error.code).toBe('round-incomplete');
			const both = replay([
				...events,
				report(5, [
					[a, 1],
					[b, 2],
					[c, 3]
				]),
				report(6, [
					[a, 1],
					[b, 2],
					[c, 3]
				])
			]);
			expect(both.ok && both.value.rounds.map((r) => r.locked)).toEqual([
				true,
				true,
				true,
				true,
				true,
				false
			]);
		});

		it('a prelim result after the final opened needs an override', () => {
			const { prelims, a, b, c } = afterPrelims();
			const events = [...prelims, open([a, b, c])];
			const state = replay(events);
			const scores = state.ok ? state.value.rounds[3]?.results[0]?.scores : undefined;
			const fix = {
				type: 'result-corrected' as const,
				round: 4,
				table: 1,
				scores: scores ?? [],
				reason: 'Zettel'
			};
			expect(replay([...events, { ...fix, ...meta() }]).ok).toBe(false);
			expect(replay([...events, { ...fix, ...meta(), override: true }]).ok).toBe(true);
		});

		it('a withdrawn player keeps his rank but is passed over for the final', () => {
			const three = logFromResults(ladder('triominos', 10, 3), AT);
			const order = run(three).rows.map((r) => r.player);
			const s = run([
				...three,
				{ type: 'player-withdrawn', ...meta(), player: order[1] as string, fromRound: 4 }
			]);
			expect(s.finalists).toEqual([order[0], order[2], order[3]]);
			expect(byPlayer(s)[order[1] as string]).toMatchObject({ rank: 2, withdrawn: true });
		});
	});
});

describe('swiss standings (002, RULES.md §7)', () => {
	const seven = ['A', 'B', 'C', 'D', 'E', 'F', 'G'];
	const example = () =>
		logFromResults(
			{
				format: 'swiss',
				players: seven,
				rounds: [
					[
						{ A: 10, B: 8, C: 7, D: 7 },
						{ E: 10, F: 6, G: 8 }
					],
					[
						{ B: 9, C: 9, D: 9, F: 9 },
						{ A: 8, E: 10, G: 6 }
					]
				]
			},
			AT
		);

	it('002 §3: A’s shares 10/32 and 8/(24+8) sum to 56.25 %', () => {
		const a = byPlayer(run(example())).A;
		expect(a?.sharePercent).toBe(56.25);
		expect(a?.share).toEqual(rational(9, 16));
		expect(a?.points).toEqual(rational(8));
		expect(a?.gamePoints).toBe(18);
	});

	it('002 §3: victory points, then game points, then the share', () => {
		// Round 1: A 5, B 3, C and D share 2+1 → 1.5; E 5, G 3, F 1. Round 2: four tied at 9 share
		// (5+3+2+1)/4 = 2.75; E 5, A 3, G 1. So E 10, A 8, B 5.75, C and D 4.25 with 16 game points each.
		const s = run(example());
		expect(s.rows.map((r) => [r.player, toNumber(r.points)]).slice(0, 3)).toEqual([
			['E', 10],
			['A', 8],
			['B', 5.75]
		]);
		// C and D: also equal shares (7/32 + 9/36 each) — a lot is needed.
		expect(s.undecided).toEqual([{ stage: 'prelim', by: 'lot', players: ['C', 'D'] }]);
		expect(byPlayer(s).C?.rank).toBe(byPlayer(s).D?.rank);
	});

	it('keeps the sum of shares exact where its denominator outgrows safe numbers (table totals 29989, …)', () => {
		// Four rounds at one 4-table, A scoring 1 of a prime total each time: A's share is the sum of 1/total,
		// whose denominator, the product of the four totals (≈ 8 · 10^17), no number holds exactly.
		const totals = [29_989, 29_983, 29_959, 29_947];
		const s = run(
			logFromResults(
				{
					format: 'swiss',
					players: ['A', 'B', 'C', 'D'],
					rounds: totals.map((total) => [{ A: 1, B: 10_000, C: 10_000, D: total - 20_001 }])
				},
				AT
			)
		);
		const share = byPlayer(s).A?.share;
		expect(share).toEqual(totals.reduce((sum, total) => add(sum, rational(1, total)), rational(0)));
		expect(share && share.den > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
	});

	it('the share breaks a tie in points and game points', () => {
		const s = run(
			logFromResults(
				{
					format: 'swiss',
					players: seven,
					rounds: [
						[
							{ A: 10, B: 2, C: 1, D: 1 },
							{ E: 10, F: 6, G: 8 }
						]
					]
				},
				AT
			)
		);
		// A: 10/14 ≈ 71.4 %, E: 10·3/(24·4) = 31.25 %
		expect(s.rows.slice(0, 2).map((r) => [r.player, r.rank, r.sharePercent])).toEqual([
			['A', 1, 71.4286],
			['E', 2, 31.25]
		]);
		expect(byPlayer(s).A?.tiebreaks).toMatchObject([{ against: 'E', by: 'share', won: true }]);
		expect(s.finalists).toEqual([]);
	});

	it('002 §5: a player who left a running game: 0 game points and last place', () => {
		const s = run([
			...logFromResults({ format: 'swiss', players: seven, rounds: [] }, AT),
			{
				type: 'round-opened',
				...meta(),
				round: 1,
				seed: 's',
				tables: [
					['A', 'B', 'C', 'D'],
					['E', 'F', 'G']
				]
			},
			{
				type: 'table-reported',
				...meta(),
				round: 1,
				table: 1,
				scores: [
					{ player: 'A', points: 30, left: true },
					{ player: 'B', points: 3 },
					{ player: 'C', points: 2 },
					{ player: 'D', points: 1 }
				]
			}
		]);
		expect(byPlayer(s).A).toMatchObject({ points: rational(1), gamePoints: 0, sharePercent: 0 });
	});
});

describe('SET standings (004, RULES.md §8)', () => {
	const six = ['A', 'B', 'C', 'D', 'E', 'F'];
	const events = (c: number, f: number) =>
		logFromResults(
			{
				format: 'set',
				players: six,
				rounds: [
					[
						{ A: 5, B: 3, C: c },
						{ D: 5, E: 3, F: f }
					]
				]
			},
			AT
		);

	it('004 §2.5.2: a tie at the cut goes to SET points', () => {
		const s = run(events(2, 1));
		expect(s.finalists).toEqual(['A', 'D', 'B', 'E', 'C']);
		expect(s.undecided).toEqual([]);
		expect(byPlayer(s).C?.tiebreaks).toMatchObject([{ against: 'F', by: 'setPoints', won: true }]);
	});

	it('004 §2.5.3: still tied at the cut → a play-off, recorded by the director', () => {
		const s = run(events(1, 1));
		expect(s.finalists).toEqual(['A', 'D', 'B', 'E']);
		expect(s.undecided).toEqual([{ stage: 'prelim', by: 'playOff', players: ['C', 'F'] }]);
		const after = run([
			...events(1, 1),
			{ type: 'play-off-recorded', ...meta(), stage: 'prelim', players: ['F', 'C'] }
		]);
		expect(after.finalists).toEqual(['A', 'D', 'B', 'E', 'F']);
		expect(after.undecided).toEqual([]);
	});

	it('ties away from the cut share the place and need no play-off', () => {
		const s = run(events(1, 1));
		expect(s.rows.slice(0, 2).map((r) => r.rank)).toEqual([1, 1]);
		expect(s.undecided.flatMap((u) => u.players)).not.toContain('A');
	});

	it('004 §2.3.2: three tied winners get 7 each, the next 2', () => {
		const s = run(
			logFromResults(
				{
					format: 'set',
					players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
					rounds: [
						[
							{ A: 4, B: 4, C: 4, D: 1 },
							{ E: 3, F: 2, G: 1 }
						]
					]
				},
				AT
			)
		);
		expect(['A', 'B', 'C', 'D'].map((p) => toNumber(byPlayer(s)[p]?.points ?? rational(0)))).toEqual([
			7, 7, 7, 2
		]);
	});
});

describe('standings do not depend on the order results arrive', () => {
	it.each(['triominos', 'swiss', 'set'] as const)('%s', (format) => {
		fc.assert(
			fc.property(
				fc.integer({ min: 6, max: format === 'swiss' ? 24 : 40 }),
				fc.string(),
				fc.integer({ min: 0, max: 1_000_000 }),
				(n, seed, shuffleSeed) => {
					const rounds = format === 'swiss' ? 5 : 4;
					const events = logFromResults(sampleTournament(format, n, rounds, seed, 6), AT);
					const shuffled = shuffleReports(events, shuffleSeed);
					expect(run(shuffled)).toEqual(run(events));
				}
			),
			{ numRuns: runs(30) }
		);
	});
});

/** The same log with each round's table reports in another order. */
function shuffleReports(events: readonly TournamentEvent[], seed: number): TournamentEvent[] {
	const out: TournamentEvent[] = [];
	let batch: TournamentEvent[] = [];
	let state = seed;
	const flush = () => {
		for (let i = batch.length - 1; i > 0; i--) {
			state = (state * 1103515245 + 12345) % 2147483648;
			const j = state % (i + 1);
			[batch[i], batch[j]] = [batch[j] as TournamentEvent, batch[i] as TournamentEvent];
		}
		out.push(...batch);
		batch = [];
	};
	for (const event of events) {
		if (event.type === 'table-reported') batch.push(event);
		else {
			flush();
			out.push(event);
		}
	}
	flush();
	return out;
}

describe('undecided prelim ties once the final has opened (RULES.md §6)', () => {
	/**
	 * Six players, one prelim round: A and D tie on 5 points and 100 game points, B and E on 3 and 50,
	 * C and F on 1 and 10. E withdraws before the final, so the cut of 3 passes him over: A, D, B.
	 */
	const events = (): TournamentEvent[] => [
		...logFromResults(
			{
				format: 'triominos',
				players: ['A', 'B', 'C', 'D', 'E', 'F'],
				options: { rounds: 1 },
				rounds: [
					[
						{ A: 100, B: 50, C: 10 },
						{ D: 100, E: 50, F: 10 }
					]
				]
			},
			AT
		),
		{ type: 'player-withdrawn', ...meta(), player: 'E', fromRound: 2 },
		{ type: 'final-opened', ...meta(), seed: 'f', players: ['A', 'D', 'B'] }
	];

	it('a tie of finalists only is the final’s to decide; a tie of others, or across the cut, is still open', () => {
		const s = run(events());
		expect(s.finalists).toEqual(['A', 'D', 'B']);
		// A and D both play the final: no lot. B plays it and E withdrew: their prelim order still needs one.
		expect(s.undecided).toEqual([
			{ stage: 'prelim', by: 'lot', players: ['B', 'E'] },
			{ stage: 'prelim', by: 'lot', players: ['C', 'F'] }
		]);
	});
});
