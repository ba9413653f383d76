import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rational, sum, toNumber, compare } from '../rational';
import { SET_POINTS } from '../placement';
import type { Score } from './events';
import { scoreTable } from './scoring';

const game = (points: number[]): Score[] => points.map((p, i) => ({ player: `p${i}`, points: p }));
const set = (net: number[]): Score[] =>
	net.map((n, i) => ({ player: `p${i}`, found: Math.max(0, n), falseCalls: Math.max(0, -n) }));
const pts = (scores: Score[], format: 'triominos' | 'swiss' | 'set' = 'triominos') =>
	scoreTable(format, scores).map((o) => toNumber(o.points));

describe('scoreTable', () => {
	it.each([
		['000 §Punktewertung: two second places at a 4-table get 2.5 each', [120, 80, 80, 10], [5, 2.5, 2.5, 1]],
		['000 §Punktewertung: 3-table 5-3-1', [50, 90, 70], [1, 5, 3]],
		['000 §Sieger: three first places, the fourth is 4th', [60, 60, 60, 10], [10 / 3, 10 / 3, 10 / 3, 1]],
		['002 §3: 3-table tie for first shares 5+3', [40, 40, 20], [4, 4, 1]],
		['negative game points still rank (000 §Sieger: fewest minus points wins)', [-10, -40, -5], [3, 1, 5]]
	])('%s', (_, scores, expected) => {
		expect(pts(game(scores))).toEqual(expected);
	});

	it('keeps thirds exact (10/3, not 3.33…)', () => {
		const [first] = scoreTable('triominos', game([60, 60, 60, 10]));
		expect(first?.points).toEqual(rational(10, 3));
	});

	it('004 §2.3.2: three tied SET winners get (10+6+4)/3 = 6.67 → 7 each, the next player 4th place’s 2', () => {
		expect(pts(set([5, 5, 5, 2]), 'set')).toEqual([7, 7, 7, 2]);
	});

	it.each([
		['004 §2.4: places 1–5 get 10/6/4/2/1, 0 below', [9, 8, 7, 6, 5, 4], [10, 6, 4, 2, 1, 0]],
		['two tied seconds: (6+4)/2 = 5 exactly', [9, 3, 3], [10, 5, 5]],
		['two tied fifths: (1+0)/2 rounds up to 1', [9, 8, 7, 6, 2, 2], [10, 6, 4, 2, 1, 1]],
		['SET points are found − false calls: 3−5 = −2 ranks below 0', [0, -2, 1], [6, 4, 10]]
	])('SET: %s', (_, net, expected) => {
		expect(pts(set(net), 'set')).toEqual(expected);
	});

	it('002 §5: a player who leaves gets 0 game points and last place, even below a 0', () => {
		const outcomes = scoreTable('swiss', [
			{ player: 'a', points: 30 },
			{ player: 'b', points: 50, left: true },
			{ player: 'c', points: 0 },
			{ player: 'd', points: 12 }
		]);
		expect(outcomes.map((o) => [o.place, toNumber(o.points), o.gamePoints])).toEqual([
			[1, 5, 30],
			[4, 1, 0],
			[3, 2, 0],
			[2, 3, 12]
		]);
	});

	it('two leavers at one table share the last places (decision)', () => {
		const outcomes = scoreTable('swiss', [
			{ player: 'a', points: 30 },
			{ player: 'b', points: 50, left: true },
			{ player: 'c', points: 10, left: true },
			{ player: 'd', points: 12 }
		]);
		expect(outcomes.map((o) => toNumber(o.points))).toEqual([5, 1.5, 1.5, 3]);
	});

	const tableOf = (min: number, max: number) =>
		fc.array(fc.record({ points: fc.integer({ min: -100, max: 100 }), left: fc.boolean() }), {
			minLength: min,
			maxLength: max
		});

	it('points at a table always add up to the table’s total: 3-table 9, 4-table 11 (000, 002)', () => {
		fc.assert(
			fc.property(tableOf(3, 4), fc.constantFrom('triominos' as const, 'swiss' as const), (seats, format) => {
				const scores = seats.map((s, i) => ({ player: `p${i}`, ...s }));
				const total = sum(scoreTable(format, scores).map((o) => o.points));
				expect(total).toEqual(rational(seats.length === 3 ? 9 : 11));
			})
		);
	});

	it('SET: rounding up never gives less than the places are worth, and at most one point more per player', () => {
		fc.assert(
			fc.property(fc.array(fc.integer({ min: -3, max: 6 }), { minLength: 3, maxLength: 8 }), (net) => {
				const points = scoreTable('set', set(net)).map((o) => o.points);
				const places = sum(net.map((_, i) => rational(SET_POINTS[i] ?? 0)));
				expect(compare(sum(points), places)).toBeGreaterThanOrEqual(0);
				expect(toNumber(sum(points)) - toNumber(places)).toBeLessThan(net.length);
				expect(points.every((p) => p.den === 1n)).toBe(true);
			})
		);
	});

	it.each([
		['2', [90, 40]],
		['5', [90, 80, 70, 60, 50]]
	])('000 and 002 give no points for places at a table of %s: every place there scores 0', (_n, points) => {
		expect(scoreTable('triominos', game(points))).toEqual(
			points.map((p, i) => ({
				player: `p${i}`,
				place: i + 1,
				points: rational(0),
				gamePoints: p,
				left: false
			}))
		);
	});
});
