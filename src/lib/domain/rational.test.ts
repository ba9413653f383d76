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

/**
 * The test's own nearest number to num/den (ties to even), an oracle for toNumber: the quotient scaled to 53
 * significant bits, rounded by its exact remainder. Normal numbers only, which is all the rows below ask.
 */
function oracleNearest(num: bigint, den: bigint): number {
	if (num === 0n) return 0;
	const abs = num < 0n ? -num : num;
	let exponent = abs.toString(2).length - den.toString(2).length - 53;
	for (;;) {
		const [n, d] = exponent >= 0 ? [abs, den << BigInt(exponent)] : [abs << BigInt(-exponent), den];
		const m = n / d;
		if (m < 2n ** 52n) exponent--;
		else if (m >= 2n ** 53n) exponent++;
		else {
			const twice = 2n * (n % d);
			const up = twice > d || (twice === d && m % 2n === 1n);
			const value = Number(up ? m + 1n : m) * 2 ** exponent;
			return num < 0n ? -value : value;
		}
	}
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

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
		[{ num: -1n, den: 7n }, 'de', '−1/7'],
		// Zero has no sign.
		[{ num: 0n, den: 1n }, 'de', '0'],
		// A whole number is written digit for digit, beyond safe integers too (no detour through a float).
		[{ num: -(2n ** 53n) - 1n, den: 1n }, 'de', '−9007199254740993'],
		// Tournament points summed over rounds: 2,75 + 3⅓ = 73/12. Twelfths and elevenths have no short
		// decimal, so they stay fractions; only the denominators listed for decimals (2, 4, 5, 8, …, 25) get one.
		[{ num: 73n, den: 12n }, 'de', '6 1/12'],
		[{ num: 1n, den: 11n }, 'en', '1/11']
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

	it('names what it refuses: the number that is no exact integer, the fraction over 0', () => {
		expect(() => rational(2.5)).toThrow(/^not an exact integer: 2\.5$/);
		expect(() => divide(rational(3), 0.5)).toThrow(/^not an exact integer: 0\.5$/);
		expect(() => rational(-7, 0)).toThrow(/^not an exact fraction: -7\/0$/);
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

	// Within safe integers both parts are exact numbers and their float division is the nearest number
	// (IEEE 754 rounds a quotient correctly); beyond them a part as a number is already rounded, so the
	// quotient is taken in bigints. Each row is a fraction at or past one of those bounds.
	it.each([
		['the largest safe numerator', SAFE, 8191n],
		['the largest safe numerator, negative', -SAFE, 8191n],
		['the largest safe denominator', 1n, SAFE],
		['a numerator beyond safe integers', 687950625987280172n, 7765779n],
		['a numerator beyond safe integers, negative', -687950625987280172n, 7765779n],
		['a negative numerator just beyond safe integers', -9007199254741124n, 2074684370083n],
		['a denominator beyond safe integers, a quotient far below 1', 1143631n, 474677811824342246n],
		// 2^−960 / 3: the quotient is kept with 64 bits (scaled by 2^1023), and 2^1024 is no number any more.
		['a negative quotient near the bottom of the number range', -1n, 3n * 2n ** 958n]
	])('toNumber gives the nearest number: %s', (_bound, num, den) => {
		const x = rational(num, den);
		expect(x).toEqual({ num, den }); // the row is reduced: these are the parts toNumber sees
		expect(toNumber(x)).toBe(oracleNearest(num, den));
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
			// The bound itself is still within: "beyond `max`" means greater than it.
			expect(toSafeIntegers(rational(2 ** 39), 2 ** 39)).toEqual({
				ok: true,
				value: { num: 2 ** 39, den: 1 }
			});
			expect(toSafeIntegers(rational(1, 2 ** 39), 2 ** 39)).toEqual({
				ok: true,
				value: { num: 1, den: 2 ** 39 }
			});
		});
	});
});
