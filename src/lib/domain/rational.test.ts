import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, ceil, compare, divide, formatRational, rational, toNumber } from './rational';

describe('rational', () => {
	it('reduces and keeps the sign in the numerator', () => {
		expect(rational(10, -4)).toEqual({ num: -5, den: 2 });
		expect(rational(0, 7)).toEqual({ num: 0, den: 1 });
	});

	it('adds, divides and compares exactly', () => {
		expect(add(rational(1, 3), rational(1, 6))).toEqual(rational(1, 2));
		expect(divide(rational(10), 3)).toEqual(rational(10, 3));
		expect(compare(rational(1, 3), rational(333, 1000))).toBe(1);
		expect(toNumber(rational(5, 2))).toBe(2.5);
		expect(ceil(rational(20, 3))).toEqual(rational(7));
	});

	it.each([
		[rational(5, 2), 'de', '2,5'],
		[rational(5, 2), 'en', '2.5'],
		[rational(10, 3), 'de', '3⅓'],
		[rational(11, 4), 'de', '2,75'],
		[rational(-3), 'de', '−3'],
		[rational(2, 3), 'de', '⅔']
	] as const)('formats %o in %s as %s', (value, locale, text) => {
		expect(formatRational(value, locale)).toBe(text);
	});

	it('addition is exact for any fractions of small denominators', () => {
		fc.assert(
			fc.property(fc.integer({ min: -999, max: 999 }), fc.integer({ min: 1, max: 12 }), (n, d) => {
				const x = rational(n, d);
				expect(compare(add(x, rational(-n, d)), rational(0))).toBe(0);
			})
		);
	});

	it('refuses a zero denominator', () => {
		expect(() => rational(1, 0)).toThrow(RangeError);
	});
});
