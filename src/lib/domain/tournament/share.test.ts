import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rational } from '../rational';
import { addShares, compareShares, gameShare, NO_SHARE, sharePercent, shareRational } from './share';

describe('percentage share (002 §3)', () => {
	it('002 §3 example: 10/32 = 31.25 % at a 4-table, 8/(24+8) = 25 % at a 3-table, sum 56.25 %', () => {
		const four = gameShare(10, 32, 4);
		const three = gameShare(8, 24, 3);
		expect(sharePercent(four)).toBe(31.25);
		expect(sharePercent(three)).toBe(25);
		const total = addShares(four, three);
		expect(sharePercent(total)).toBe(56.25);
		expect(shareRational(total)).toEqual(rational(9, 16));
	});

	it('a table that scored nothing gives no share instead of dividing by 0', () => {
		expect(gameShare(0, 0, 4)).toEqual(NO_SHARE);
	});

	it('stays exact over five rounds where doubles would drift', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.record({ own: fc.integer({ min: 0, max: 120 }), rest: fc.integer({ min: 1, max: 400 }) }),
					{
						minLength: 5,
						maxLength: 5
					}
				),
				(games) => {
					const shares = games.map((g, i) => gameShare(g.own, g.own + g.rest, i % 2 ? 3 : 4));
					const forward = shares.reduce(addShares, NO_SHARE);
					const backward = [...shares].reverse().reduce(addShares, NO_SHARE);
					expect(forward).toEqual(backward);
					expect(compareShares(forward, backward)).toBe(0);
				}
			)
		);
	});

	it('orders by exact value even where percent rounding would tie', () => {
		const a = gameShare(1, 300_001, 4);
		const b = gameShare(1, 300_002, 4);
		expect(sharePercent(a)).toBe(sharePercent(b));
		expect(compareShares(a, b)).toBe(1);
	});
});
