import { describe, expect, it } from 'vitest';
import { checkHands, seatName, type RoundAtEnd } from './settlement';
import { TOURNAMENT } from './rules';

/** A round at its end: three players, Anna went out, Ben and Cara hold a tile each. */
const atEnd = (): RoundAtEnd => ({
	setup: { players: ['Anna', 'Ben', 'Cara'], rules: TOURNAMENT },
	hands: [0, 1, 1],
	namedTiles: [],
	end: 'out',
	firstOut: 0
});

describe('seatName', () => {
	it('is the player’s name, or "#n" (counted from 1) for a seat the setup names none', () => {
		expect([0, 2, 3, 4].map((seat) => seatName(atEnd(), seat))).toEqual(['Anna', 'Cara', '#4', '#5']);
	});
});

describe('checkHands (docs/NOTATION.md: the Hands line, by seat)', () => {
	it.each([
		['one hand short', 2],
		['one hand too many', 4],
		['none', 0]
	])('refuses %s: one hand a seat, whether or not the player holds tiles', (_what, count) => {
		const hands = Array.from({ length: count }, () => null);
		expect(checkHands(atEnd(), hands)).toEqual({ ok: false, error: { code: 'hands-count', players: 3 } });
	});

	it('takes one hand a seat, null for a player who holds nothing', () => {
		const hands = [null, { sum: 9, tiles: null }, { sum: 11, tiles: null }];
		expect(checkHands(atEnd(), hands)).toEqual({
			ok: true,
			value: [{ sum: 0, tiles: [] }, hands[1], hands[2]]
		});
	});
});
