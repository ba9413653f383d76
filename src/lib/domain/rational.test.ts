import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
	add,
	ceil,
	compare,
	divide,
	equals,
	formatRational,
	mul,
	rational,
	round,
	sub,
	sum,
	toNumber,
	toSafeIntegers,
	ZERO,
	type Rational
} from './rational';

/** The test's own gcd, an oracle for "reduced". */
function oracleGcd(a: bigint, b: bigint): bigint {
	a = a < 0n ? -a : a;
	b = b < 0n ? -b : b;
	while (b) [a, b] = [b, a % b];
	return a;
}

const BIG = 10n ** 30n;
/** Numerators and denominators from small (many ties, many equal denominators) to far beyond 2^53. */
const part = fc.oneof(fc.bigInt({ min: -12n, max: 12n }), fc.bigInt({ min: -BIG, max: BIG }));
const nonZero = part.filter((d) => d !== 0n);
const arbitraryRational = fc.tuple(part, nonZero).map(([n, d]) => rational(n, d));

function expectNormalised(x: Rational) {
	expect(x.den > 0n).toBe(true);
	expect(oracleGcd(x.num, x.den)).toBe(1n);
}

const sign = (x: Rational) => (x.num > 0n ? 1 : x.num < 0n ? -1 : 0);

describe('rational', () => {
	it('reduces and keeps the sign in the numerator', () => {
		expect(rational(10, -4)).toEqual({ num: -5n, den: 2n });
		expect(rational(0, 7)).toEqual({ num: 0n, den: 1n });
		expect(rational(-6n, -4n)).toEqual({ num: 3n, den: 2n });
	});

	it('adds, subtracts, multiplies, divides and compares exactly', () => {
		expect(add(rational(1, 3), rational(1, 6))).toEqual(rational(1, 2));
		expect(sub(rational(1, 3), rational(1, 2))).toEqual(rational(-1, 6));
		expect(mul(rational(2, 3), rational(3, 4))).toEqual(rational(1, 2));
		expect(divide(rational(10), 3)).toEqual(rational(10, 3));
		expect(compare(rational(1, 3), rational(333, 1000))).toBe(1);
		expect(equals(rational(2, 4), rational(1, 2))).toBe(true);
		expect(toNumber(rational(5, 2))).toBe(2.5);
		expect(ceil(rational(20, 3))).toEqual(rational(7));
		expect(ceil(rational(-7, 3))).toEqual(rational(-2));
		expect(round(rational(5, 2))).toEqual(rational(3));
		expect(round(rational(-5, 2))).toEqual(rational(-3));
		expect(round(rational(-12, 5))).toEqual(rational(-2));
	});

	it.each([
		[{ num: 5n, den: 2n }, 'de', '2,5'],
		[{ num: 5n, den: 2n }, 'en', '2.5'],
		[{ num: 10n, den: 3n }, 'de', '3⅓'],
		[{ num: 11n, den: 4n }, 'de', '2,75'],
		[{ num: -3n, den: 1n }, 'de', '−3'],
		[{ num: -5n, den: 2n }, 'de', '−2,5'],
		[{ num: 2n, den: 3n }, 'de', '⅔'],
		[{ num: 22n, den: 7n }, 'en', '3 1/7'],
		// Below 1 there is no whole part to write: 1/7, not "0 1/7".
		[{ num: 1n, den: 7n }, 'en', '1/7'],
		[{ num: -1n, den: 7n }, 'de', '−1/7']
	] as const)('formats %o in %s as %s', ({ num, den }, locale, text) => {
		expect(formatRational(rational(num, den), locale)).toBe(text);
	});

	it('formats in German unless told otherwise: 2,5 with a decimal comma', () => {
		expect(formatRational(rational(5, 2))).toBe('2,5');
		expect(formatRational(rational(-11, 4))).toBe('−2,75');
	});

	it('refuses a zero denominator and a number that is no exact integer', () => {
		expect(() => rational(1, 0)).toThrow(RangeError);
		expect(() => divide(rational(1), 0)).toThrow(RangeError);
		expect(() => rational(2.5)).toThrow(RangeError);
		expect(() => rational(2 ** 53)).toThrow(RangeError);
	});

	it('every result is normalised: denominator > 0, gcd(num, den) = 1 (property)', () => {
		fc.assert(
			fc.property(arbitraryRational, arbitraryRational, nonZero, (a, b, by) => {
				for (const x of [a, add(a, b), add(a, a), sub(a, b), mul(a, b), divide(a, by), ceil(a), round(a)])
					expectNormalised(x);
			})
		);
	});

	it('addition and comparison agree: a + b > a exactly when b > 0, and compare is the sign of a − b (property)', () => {
		fc.assert(
			fc.property(arbitraryRational, arbitraryRational, (a, b) => {
				expect(compare(add(a, b), a)).toBe(sign(b));
				expect(compare(a, b)).toBe(sign(sub(a, b)));
				// Summed, not negated: the negation of a 0 is −0, which toBe (Object.is) tells from 0.
				expect(compare(b, a) + compare(a, b)).toBe(0);
				expect(equals(a, b)).toBe(compare(a, b) === 0);
				expect(equals(sub(add(a, b), b), a)).toBe(true);
			})
		);
	});

	it('addition is commutative and associative, multiplication distributes over it (property)', () => {
		fc.assert(
			fc.property(arbitraryRational, arbitraryRational, arbitraryRational, (a, b, c) => {
				expect(add(a, b)).toEqual(add(b, a));
				expect(add(add(a, b), c)).toEqual(add(a, add(b, c)));
				expect(mul(a, add(b, c))).toEqual(add(mul(a, b), mul(a, c)));
				expect(sum([a, b, c])).toEqual(sum([c, a, b]));
			})
		);
	});

	it('agrees with numbers where numbers are exact (property)', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: -1000, max: 1000 }),
				fc.integer({ min: 1, max: 840 }),
				fc.integer({ min: -1000, max: 1000 }),
				fc.integer({ min: 1, max: 840 }),
				(n, d, m, e) => {
					const a = rational(n, d);
					const b = rational(m, e);
					expect(compare(a, b)).toBe(Math.sign(n * e - m * d));
					expect(add(a, b)).toEqual(rational(n * e + m * d, d * e));
					expect(toNumber(a)).toBe(n / d);
					expect(toNumber(ceil(a))).toBe(Math.ceil(n / d) || 0);
				}
			)
		);
	});

	it('gives the nearest number for fractions beyond safe integers', () => {
		const third = rational(10n ** 40n, 3n * 10n ** 40n);
		expect(third).toEqual(rational(1, 3));
		const big = rational(10n ** 40n + 1n, 3n * 10n ** 38n);
		expect(toNumber(big)).toBeCloseTo(100 / 3, 12);
		expect(toNumber(sub(ZERO, big))).toBeCloseTo(-100 / 3, 12);
	});

	describe('toSafeIntegers (the door to codes and files)', () => {
		it('gives num/den as numbers, round-tripping through rational (property)', () => {
			fc.assert(
				fc.property(
					fc.maxSafeInteger(),
					fc.maxSafeNat().filter((d) => d > 0),
					(n, d) => {
						const x = rational(n, d);
						const safe = toSafeIntegers(x);
						if (!safe.ok) throw new Error(JSON.stringify(safe.error));
						expect(BigInt(safe.value.num)).toBe(x.num);
						expect(BigInt(safe.value.den)).toBe(x.den);
						expect(rational(safe.value.num, safe.value.den)).toEqual(x);
					}
				)
			);
		});

		it('refuses a part beyond the bound instead of rounding it, naming the fraction and the bound', () => {
			const beyond = rational(BigInt(Number.MAX_SAFE_INTEGER) + 2n, 2);
			const refused = toSafeIntegers(beyond);
			expect(refused).toEqual({
				ok: false,
				error: { code: 'fraction-too-large', num: '9007199254740993', den: '2', max: '9007199254740991' }
			});
			expect(toSafeIntegers(rational(1, 2n ** 53n)).ok).toBe(false);
			expect(toSafeIntegers(rational(-(2 ** 39) - 1), 2 ** 39).ok).toBe(false);
			expect(toSafeIntegers(rational(-(2 ** 39)), 2 ** 39)).toEqual({
				ok: true,
				value: { num: -(2 ** 39), den: 1 }
			});
		});
	});
});
