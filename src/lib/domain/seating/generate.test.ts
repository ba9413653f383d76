import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededRandom } from '../random';
import { FORMATS, tableSizes } from '../tournament/tables';
import { drawOrder, generateSeating, type SeatingRequest } from './generate';
import { OFFICIAL_SET_PLANS } from './official-set-plans';
import type { SeatingPlan } from './plan';
import { plainExtra, plainThird, sizesArbitrary } from './test-plans';
import { validatePlan } from './validate';
import { runs } from '../testing/runs';

function generated(request: SeatingRequest) {
	const result = generateSeating(request);
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return result.value;
}

const same = (count: number, sizes: number[]) => Array.from({ length: count }, () => sizes);
const setSizes = (n: number) => {
	const sizes = tableSizes(n, 'set');
	if (!sizes.ok) throw new Error(JSON.stringify(sizes.error));
	return sizes.value;
};

/** Every player of 1..n exactly once per round, at tables of exactly the requested sizes in order. */
function expectSeated(rounds: SeatingPlan, n: number, roundSizes: readonly (readonly number[])[]) {
	expect(rounds.map((round) => round.map((table) => table.length))).toEqual(roundSizes);
	for (const round of rounds) {
		expect(round.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
	}
}

describe('generateSeating: properties', () => {
	const requests = fc
		.record({
			n: fc.integer({ min: 3, max: 60 }),
			rounds: fc.integer({ min: 1, max: 6 }),
			seed: fc.string(),
			format: fc.constantFrom(...FORMATS, 'any' as const)
		})
		.chain(({ n, rounds, seed, format }) => {
			const sizes = format === 'any' ? undefined : tableSizes(n, format);
			const perRound = sizes?.ok ? fc.constant(sizes.value) : sizesArbitrary(n, 6);
			return perRound.map((tableSizes) => ({ players: n, rounds, seed, tableSizes, maxIterations: 300 }));
		});

	it('seats each player exactly once per round at exactly the requested table sizes', () => {
		fc.assert(
			fc.property(requests, (request) => {
				const plan = generated(request);
				expectSeated(plan.rounds, request.players, same(request.rounds, request.tableSizes));
				expect(validatePlan(plan.rounds, request.players).errors.map((f) => f.code)).not.toContain('missing');
			}),
			{ numRuns: runs(80) }
		);
	});

	it('reports its repeats truly, and never fewer than the bound', () => {
		fc.assert(
			fc.property(requests, (request) => {
				const plan = generated(request);
				expect(plan.repeats).toBe(plainExtra(plan.rounds));
				expect(plan.thirdMeetings).toBe(plainThird(plan.rounds));
				expect(plan.repeats).toBeGreaterThanOrEqual(plan.lowerBound);
				expect(plan.optimal).toBe(plan.repeats === plan.lowerBound);
			}),
			{ numRuns: runs(80) }
		);
	});

	it('gives the same plan for the same seed', () => {
		fc.assert(
			fc.property(requests, (request) => {
				expect(generated(request)).toEqual(generated(request));
			}),
			{ numRuns: runs(40) }
		);
	});

	it('ignores numbers in `avoid` that are no player 1..n: the plan is the one without them', () => {
		const request = { players: 6, rounds: 1, tableSizes: [3, 3], seed: 'left', maxIterations: 300 };
		// Player 7 has left, 0 is no number: no two of the six met.
		const avoid = [
			[
				[1, 7],
				[2, 0]
			]
		];
		expect(generated({ ...request, avoid })).toEqual(generated(request));
	});

	it('draws differently for another seed', () => {
		const a = generated({ players: 30, rounds: 4, tableSizes: setSizes(30), seed: 'a' });
		const b = generated({ players: 30, rounds: 4, tableSizes: setSizes(30), seed: 'b' });
		expect(a.rounds).not.toEqual(b.rounds);
		expect(a.seed).toBe('a');
	});
});

describe('drawOrder', () => {
	it('draws the seat order and the order of tables of one size; each size keeps its place', () => {
		const round = [
			[1, 2, 3],
			[4, 5, 6],
			[7, 8, 9, 10]
		];
		const draws = Array.from({ length: 12 }, (_, seed) => drawOrder([round], seededRandom(seed))[0] ?? []);
		for (const tables of draws) {
			expect(tables.map((table) => [...table].sort((a, b) => a - b))).toEqual(expect.arrayContaining(round));
			expect(tables.map((table) => table.length)).toEqual([3, 3, 4]);
		}
		const firstOf = (tables: number[][]) => tables.map((table) => Math.min(...table)).join(' ');
		expect(new Set(draws.map(firstOf))).toEqual(new Set(['1 4 7', '4 1 7']));
		expect(new Set(draws.map((tables) => tables[2]?.[0])).size).toBeGreaterThan(1);
	});
});

describe('generateSeating: budget and bad requests', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('reads no clock of its own: time is passed in (STYLE: the pure core)', () => {
		const noClock = () => {
			throw new Error('the domain core read the clock');
		};
		vi.stubGlobal('performance', { now: noClock });
		vi.stubGlobal('Date', Object.assign(noClock, { now: noClock }));
		const plan = generated({ players: 12, rounds: 4, tableSizes: setSizes(12), seed: 'no clock' });
		expectSeated(plan.rounds, 12, same(4, setSizes(12)));
	});

	/** 11 SET players over 4 rounds, under a clock that moves 10 ms each time it is read. */
	const underClock = (maxMillis: number) => {
		let now = 0;
		return generated({
			players: 11,
			rounds: 4,
			tableSizes: setSizes(11),
			seed: 'clock',
			timeLimit: { maxMillis, clock: () => (now += 10) }
		});
	};

	it('stops at the time limit by the clock it is given, with a complete plan', () => {
		const plan = underClock(50);
		expect(plan.stoppedBy).toBe('time');
		expect(plan.iterations).toBeLessThan(1000);
		expectSeated(plan.rounds, 11, same(4, setSizes(11)));
	});

	it('stops at the first reading of the clock beyond the limit; it reads the clock every 128 steps', () => {
		// Start at 10; at steps 0, 128, 256 the clock reads 10, 20, 30 ms later: 20 is the limit, 30 beyond.
		const plan = underClock(20);
		expect([plan.stoppedBy, plan.iterations]).toEqual(['time', 256]);
	});

	it('accepts the least request: one player', () => {
		const plan = generated({ players: 1, rounds: 2, tableSizes: [1], seed: 's' });
		expect([plan.rounds, plan.repeats]).toEqual([[[[1]], [[1]]], 0]);
	});

	it.each([
		{
			why: 'seats do not add up',
			request: { players: 10, rounds: 4, tableSizes: [3, 3, 3] },
			fault: { fault: 'seats', round: 1, seats: 9, players: 10 }
		},
		{
			why: 'no rounds',
			request: { players: 9, rounds: 0, tableSizes: [3, 3, 3] },
			fault: { fault: 'rounds', rounds: 0 }
		},
		{
			why: 'a table of 0',
			request: { players: 3, rounds: 1, tableSizes: [3, 0] },
			fault: { fault: 'table-size', round: 1, sizes: [3, 0] }
		},
		{
			why: 'lists for other rounds',
			request: { players: 6, rounds: 3, tableSizes: [[3, 3]] },
			fault: { fault: 'lists', lists: 1, rounds: 3 }
		},
		{
			// Only a list of numbers alone is one list for every round.
			why: 'a bare number among the lists',
			request: { players: 6, rounds: 1, tableSizes: [[3, 3], 6] as unknown as number[][] },
			fault: { fault: 'lists', lists: 2, rounds: 1 }
		},
		{
			why: 'no players',
			request: { players: 0, rounds: 1, tableSizes: [] },
			fault: { fault: 'players', players: 0 }
		},
		{
			// A request read from a file may hold a gap: that round has no tables, so no seats.
			why: 'a round’s list is missing',
			request: { players: 6, rounds: 2, tableSizes: [[3, 3], null] as unknown as number[][] },
			fault: { fault: 'seats', round: 2, seats: 0, players: 6 }
		}
	])('refuses a request where $why, saying why', ({ request, fault }) => {
		const result = generateSeating({ ...request, seed: 's' });
		expect(result).toEqual({ ok: false, error: { code: 'bad-seating-request', ...fault } });
	});

	it('takes different table sizes per round', () => {
		const sizes = [
			[3, 3, 4],
			[4, 3, 3],
			[3, 4, 3]
		];
		const plan = generated({ players: 10, rounds: 3, tableSizes: sizes, seed: 'mixed', maxIterations: 300 });
		expectSeated(plan.rounds, 10, sizes);
	});
});

// The searches for designs last: each runs the search to its end, so a mutant that the quick tests above
// already catch does not pay for them (npm run test:mutation stops a mutant's run at its first failing test).
describe('generateSeating: no repeated opponents where a design exists', () => {
	it.each([
		{ design: 'affine plane of order 3: every pair meets exactly once', n: 9, rounds: 4, sizes: [3, 3, 3] },
		{
			design: '12 players, 4 rounds of 3-tables (a resolvable packing, found by the search)',
			n: 12,
			rounds: 4,
			sizes: [3, 3, 3, 3]
		},
		{ design: "Kirkman's schoolgirls, 4 of 7 days", n: 15, rounds: 4, sizes: [3, 3, 3, 3, 3] },
		{ design: "Kirkman's schoolgirls, all 7 days", n: 15, rounds: 7, sizes: [3, 3, 3, 3, 3] },
		{
			design: 'affine plane of order 4: every pair meets exactly once',
			n: 16,
			rounds: 5,
			sizes: [4, 4, 4, 4]
		},
		{
			design: 'Triominos 28 players in seven 4-tables (000), 4 rounds',
			n: 28,
			rounds: 4,
			sizes: [4, 4, 4, 4, 4, 4, 4]
		}
	])('$n players, $rounds rounds: $design', ({ n, rounds, sizes }) => {
		const plan = generated({ players: n, rounds, tableSizes: sizes, seed: 'design' });
		expectSeated(plan.rounds, n, same(rounds, sizes));
		expect(plainExtra(plan.rounds)).toBe(0);
		expect(plan).toMatchObject({ repeats: 0, lowerBound: 0, optimal: true, stoppedBy: 'bound' });
	});

	it('seats every SET size from 12 to 60 players over 4 rounds with no repeats (004 §3 covers 9…36)', () => {
		for (let n = 12; n <= 60; n++) {
			const plan = generated({ players: n, rounds: 4, tableSizes: setSizes(n), seed: `set ${n}` });
			expect([n, plainExtra(plan.rounds)]).toEqual([n, 0]);
		}
	});

	it('reaches the counting bound where every player must meet someone again', () => {
		// 9 players, 5 rounds: 10 opponents each, 8 exist → 9 repeats, none a third meeting.
		const nine = generated({ players: 9, rounds: 5, tableSizes: [3, 3, 3], seed: 'x' });
		expect([nine.repeats, nine.thirdMeetings, plainExtra(nine.rounds)]).toEqual([9, 0, 9]);
		// SET with 10 players (3+3+4): 48 meetings over 45 pairs → 3.
		const ten = generated({ players: 10, rounds: 4, tableSizes: setSizes(10), seed: 'x' });
		expect([ten.repeats, ten.lowerBound, ten.optimal]).toEqual([3, 3, true]);
	});

	it('handles the extremes: 3 players at one table, and 200 players, over 6 rounds', () => {
		const three = generated({ players: 3, rounds: 6, tableSizes: [3], seed: 'x' });
		expect([three.repeats, three.thirdMeetings, three.optimal]).toEqual([15, 12, true]);
		const many = generated({ players: 200, rounds: 6, tableSizes: setSizes(200), seed: 'x' });
		expectSeated(many.rounds, 200, same(6, setSizes(200)));
		expect(many.repeats).toBe(0);
	});

	it('finds the one round that completes three rounds of the affine plane (004 §3, 9 Spieler, Runden 1–3)', () => {
		const avoid = OFFICIAL_SET_PLANS[0]?.rounds.slice(0, 3) ?? [];
		const plan = generated({ players: 9, rounds: 1, tableSizes: [3, 3, 3], seed: 'r4', avoid });
		expect(plan.repeats).toBe(0);
		expect(plainExtra([...avoid, ...plan.rounds])).toBe(0);
	});

	it('counts meetings in `avoid` as earlier ones', () => {
		const avoid = OFFICIAL_SET_PLANS[0]?.rounds ?? [];
		const plan = generated({ players: 9, rounds: 1, tableSizes: [3, 3, 3], seed: 'all met', avoid });
		expect([plan.repeats, plan.lowerBound]).toEqual([9, 9]);
	});
});
