import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { turnParts } from './arbitraries';
import { lay, pass } from './testing';
import { BONUS_VALUES, bonusParts, isBonusValue, passTotal, turnScore } from './turn-parts';

describe('turnScore', () => {
	it.each([
		['000 §Punktewertung, Beispiel 1: two purchases then a 7', () => lay(2, 7), -3],
		['000 §Punktewertung, Beispiel 2: one purchase, then the pool is empty', () => pass(1), -15],
		['RULES.md §3 decision: an 8 closing a hexagon', () => lay(0, 8, [50]), 58],
		['000 §Punktewertung / RULES.md §2: pass after three purchases', () => pass(3), -25],
		['RULES.md §2: must buy, pool already empty', () => pass(0), -10],
		['RULES.md §2 decision: no tile in the final lap', () => pass(0, 0), 0],
		['RULES.md §2 classic start: 0-0-0 scores 40 in total', () => lay(0, 0, [40]), 40],
		['RULES.md §2 classic start: trio 5-5-5 scores value + 10', () => lay(0, 15, [10]), 25],
		['RULES.md §2: going out with a bridge after one purchase', () => lay(1, 9, [40, 25]), 69]
	])('%s → %i', (_source, parts, score) => {
		expect(turnScore(parts())).toBe(score);
	});

	it('costs exactly 5 more for each further purchase', () => {
		fc.assert(
			fc.property(turnParts, (parts) => {
				expect(turnScore({ ...parts, draws: parts.draws + 1 })).toBe(turnScore(parts) - 5);
			})
		);
	});
});

describe('passTotal', () => {
	it.each([
		[0, -10],
		[1, -15],
		[2, -20],
		[3, -25]
	])('after %i purchases: %i (RULES.md §2)', (draws, total) => {
		expect(passTotal(draws)).toBe(total);
	});
});

describe('bonuses', () => {
	it('knows the single bonuses of RULES.md §2 and figure + going out as one sum', () => {
		expect(BONUS_VALUES).toEqual([10, 25, 40, 50, 60, 65, 70, 75, 85, 95]);
		expect(isBonusValue(50)).toBe(true);
		expect(isBonusValue(45)).toBe(false);
		expect(isBonusValue(0)).toBe(false);
	});

	it.each([
		[10, ['trio']],
		[25, ['out']],
		[40, ['bridge']],
		[50, ['hexagon']],
		[60, ['double-hexagon']],
		[70, ['triple-hexagon']],
		[75, ['hexagon', 'out']],
		[95, ['triple-hexagon', 'out']],
		[35, null],
		[45, null]
	] as const)('%i is for %j', (value, parts) => {
		expect(bonusParts(value)).toEqual(parts);
	});

	it('every announceable bonus is for something', () => {
		for (const value of BONUS_VALUES) expect(bonusParts(value)).not.toBeNull();
	});
});
