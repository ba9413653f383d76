import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seededRandom, shuffled } from './random';

describe('seededRandom', () => {
	it('repeats the same draws for the same seed and differs for another', () => {
		const a = Array.from({ length: 5 }, seededRandom('turnier-2026').next);
		const b = Array.from({ length: 5 }, seededRandom('turnier-2026').next);
		const c = Array.from({ length: 5 }, seededRandom('turnier-2027').next);
		expect(a).toEqual(b);
		expect(a).not.toEqual(c);
	});

	it('shuffles into a permutation', () => {
		fc.assert(
			fc.property(fc.array(fc.integer()), fc.string(), (items, seed) => {
				const result = shuffled(items, seededRandom(seed));
				expect([...result].sort()).toEqual([...items].sort());
			})
		);
	});

	it('keeps int() within range', () => {
		fc.assert(
			fc.property(fc.integer({ min: 1, max: 1000 }), fc.string(), (n, seed) => {
				const r = seededRandom(seed);
				for (let i = 0; i < 20; i++) {
					const v = r.int(n);
					expect(v >= 0 && v < n && Number.isInteger(v)).toBe(true);
				}
			})
		);
	});
});
