import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LIMITS } from '../limits';
import { add, compare, equals, rational, sub, sum, toNumber, ZERO } from '../rational';
import { gameShare, sharePercent } from './share';

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

describe('percentage share (002 §3)', () => {
	it('002 §3 example: 10/32 = 31.25 % at a 4-table, 8/(24+8) = 25 % at a 3-table, sum 56.25 %', () => {
		const four = gameShare(10, 32, 4);
		const three = gameShare(8, 24, 3);
		expect(sharePercent(four)).toBe(31.25);
		expect(sharePercent(three)).toBe(25);
		const total = add(four, three);
		expect(sharePercent(total)).toBe(56.25);
		expect(total).toEqual(rational(9, 16));
	});

	it('a table that scored nothing gives no share instead of dividing by 0', () => {
		expect(gameShare(0, 0, 4)).toEqual(ZERO);
	});

	it('stays exact over five rounds where doubles would drift', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({ own: fc.integer({ min: 0, max: 120 }), rest: fc.integer({ min: 1, max: 400 }) }),
					{ minLength: 5, maxLength: 5 }
				),
				(games) => {
					const shares = games.map((g, i) => gameShare(g.own, g.own + g.rest, i % 2 ? 3 : 4));
					const forward = sum(shares);
					const backward = sum([...shares].reverse());
					expect(forward).toEqual(backward);
					expect(compare(forward, backward)).toBe(0);
				}
			)
		);
	});

	it('orders by exact value even where percent rounding would tie', () => {
		const a = gameShare(1, 300_001, 4);
		const b = gameShare(1, 300_002, 4);
		expect(sharePercent(a)).toBe(sharePercent(b));
		expect(compare(a, b)).toBe(1);
	});

	it('a table’s shares add up to exactly 1, at a 3-table to 3/4 (the total raised by its average)', () => {
		fc.assert(
			fc.property(
				fc.array(fc.integer({ min: 0, max: LIMITS.gamePoints }), { minLength: 3, maxLength: 4 }),
				(points) => {
					const total = points.reduce((a, b) => a + b, 0);
					const shares = sum(points.map((own) => gameShare(own, total, points.length)));
					const whole = total === 0 ? ZERO : points.length === 3 ? rational(3, 4) : rational(1);
					expect(shares).toEqual(whole);
				}
			)
		);
	});

	// Why the one fraction type is in bigints: sums of shares outgrow Number.MAX_SAFE_INTEGER.
	it.each([
		['four rounds within LIMITS: tables of prime totals near 4 × 10,000', [39_989, 39_983, 39_979, 39_971]],
		['seven rounds of real Kingdomino tables, totals near 400', [389, 397, 401, 409, 419, 421, 431]]
	])('keeps a sum of shares exact beyond safe numbers: %s', (_, totals) => {
		const shares = totals.map((total) => gameShare(1, total, 4));
		const all = sum(shares);
		expect(all.den).toBe(totals.reduce((a, b) => a * BigInt(b), 1n));
		expect(all.den > SAFE).toBe(true);
		// Nothing was rounded away: taking each share off again leaves exactly nothing.
		expect(equals(shares.reduce(sub, all), ZERO)).toBe(true);
		expect(compare(all, sum(shares.slice(1)))).toBe(1);
		expect(toNumber(all)).toBeCloseTo(
			totals.reduce((a, t) => a + 1 / t, 0),
			15
		);
	});
});
