import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { placementPoints, places, SET_POINTS, TRIOMINOS_3, TRIOMINOS_4 } from './placement';
import { divide, equals, rational, sum, toNumber } from './rational';

const points = (scores: number[], table: readonly number[], split: 'exact' | 'roundUp' = 'exact') =>
	placementPoints(scores, table, split).map(toNumber);

describe('places (000 §Sieger)', () => {
	it.each([
		['two first places: there is no second place', [80, 80, 40, 10], [1, 1, 3, 4]],
		['three first places: the fourth is 4th', [50, 50, 50, 10], [1, 1, 1, 4]],
		['all have minus points: the fewest wins', [-10, -40, -25], [1, 3, 2]]
	])('%s', (_case, scores, expected) => {
		expect(places(scores)).toEqual(expected);
	});
});

describe('placement points (000 §Punktewertung, 004 §2.3.2)', () => {
	it.each([
		['000: 3 players 5-3-1', [90, 50, 10], TRIOMINOS_3, [5, 3, 1]],
		['000: 4 players 5-3-2-1', [90, 50, 30, 10], TRIOMINOS_4, [5, 3, 2, 1]],
		['000: two second places at a 4-table get 2.5 each', [90, 50, 50, 10], TRIOMINOS_4, [5, 2.5, 2.5, 1]],
		['two first places at a 3-table', [60, 60, 10], TRIOMINOS_3, [4, 4, 1]],
		['all three tied', [7, 7, 7], TRIOMINOS_3, [3, 3, 3]]
	])('%s', (_case, scores, table, expected) => {
		expect(points(scores, table)).toEqual(expected);
	});

	it('keeps thirds exact: three tied firsts at a 4-table share 10 as 10/3 each', () => {
		const shares = placementPoints([9, 9, 9, 1], TRIOMINOS_4);
		expect(shares[0]).toEqual(rational(10, 3));
		expect(sum(shares)).toEqual(rational(11));
	});

	it('004 §2.3.2: three tied SET winners get (10+6+4)/3 = 6.67, rounded up to 7; the next gets 2', () => {
		expect(points([12, 12, 12, 8], SET_POINTS, 'roundUp')).toEqual([7, 7, 7, 2]);
	});

	it('places beyond the table earn nothing', () => {
		expect(points([9, 8, 7, 6, 5, 4], SET_POINTS)).toEqual([10, 6, 4, 2, 1, 0]);
	});

	it('the points at a table always add up to the table’s total, whatever the ties', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(TRIOMINOS_3, TRIOMINOS_4),
				fc.array(fc.integer({ min: -60, max: 60 }), { minLength: 4, maxLength: 4 }),
				(table, raw) => {
					const scores = raw.slice(0, table.length).map((s) => s % 4); // many ties
					const total = table.reduce((a, b) => a + b, 0);
					expect(sum(placementPoints(scores, table))).toEqual(rational(total));
				}
			)
		);
		expect(TRIOMINOS_3.reduce((a: number, b: number) => a + b, 0)).toBe(9);
		expect(TRIOMINOS_4.reduce((a: number, b: number) => a + b, 0)).toBe(11);
	});

	it('a tie of k shares its places’ points exactly, and the table hands out exactly its places’ points (tables of 2 to 8)', () => {
		fc.assert(
			fc.property(
				fc.constantFrom(TRIOMINOS_3, TRIOMINOS_4, SET_POINTS),
				fc.array(fc.integer({ min: -3, max: 3 }), { minLength: 2, maxLength: 8 }),
				(table, scores) => {
					const points = placementPoints(scores, table);
					const placeOf = places(scores);
					const worth = (place: number) => rational(table[place - 1] ?? 0);
					expect(sum(points)).toEqual(sum(scores.map((_, i) => worth(i + 1))));
					scores.forEach((score, i) => {
						const place = placeOf[i] ?? 0;
						const k = scores.filter((other) => other === score).length;
						const occupied = sum(Array.from({ length: k }, (_, j) => worth(place + j)));
						expect(equals(points[i] ?? rational(-1), divide(occupied, k))).toBe(true);
					});
				}
			)
		);
	});
});
