import { formatNumber, MINUS, type Locale } from './numbers';
import { fail, ok, problem, type Result } from './result';

/**
 * The app's one exact fraction: tournament points that ties split (2.5, 10/3) and the swiss percentage
 * shares (002 §3). Always reduced, denominator > 0.
 *
 * In bigints because the shares outgrow every safe number. A share is own / table total (3 · own /
 * (4 · total) at a 3-table), and a sum of shares has up to the product of its tables' totals as its
 * denominator. Within `LIMITS` a 4-table's total reaches 4 × 10,000 and a 3-table's raised one
 * 4 × 30,000, over up to 20 rounds: denominators up to 120,000^20 ≈ 4 · 10^101. Four rounds at tables of
 * different prime totals near 40,000 pass Number.MAX_SAFE_INTEGER (≈ 9 · 10^15) already, and so do seven
 * rounds of ordinary Kingdomino tables with totals near 400 (400^7 ≈ 1.6 · 10^18); `share.test.ts` shows
 * both. Tournament points alone would fit a number (their denominators divide 12, their numerators stay
 * below 12 × 10 × 26), but one type serves both, and codes and files convert at their door
 * (`toSafeIntegers`).
 */
export interface Rational {
	readonly num: bigint;
	readonly den: bigint;
}

/** Greatest common divisor, ≥ 1 (gcd(0, 0) = 1, so that 0/0 never divides). */
function gcd(a: bigint, b: bigint): bigint {
	a = a < 0n ? -a : a;
	b = b < 0n ? -b : b;
	while (b) [a, b] = [b, a % b];
	return a || 1n;
}

function integer(value: number | bigint): bigint {
	if (typeof value === 'bigint') return value;
	if (!Number.isSafeInteger(value)) throw new RangeError(`not an exact integer: ${value}`);
	return BigInt(value);
}

function reduced(num: bigint, den: bigint): Rational {
	if (den === 0n) throw new RangeError(`not an exact fraction: ${num}/0`);
	if (den < 0n) [num, den] = [-num, -den];
	if (den === 1n) return { num, den };
	const g = gcd(num, den);
	return { num: num / g, den: den / g };
}

/** num/den, reduced; numbers must be safe integers. `rational(n)` is the whole number n. */
export function rational(num: number | bigint, den: number | bigint = 1): Rational {
	return reduced(integer(num), integer(den));
}

export const ZERO = rational(0);

export function add(a: Rational, b: Rational): Rational {
	if (a.den === b.den) return reduced(a.num + b.num, a.den);
	return reduced(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Rational, b: Rational): Rational {
	return add(a, { num: -b.num, den: b.den });
}

export function mul(a: Rational, b: Rational): Rational {
	return reduced(a.num * b.num, a.den * b.den);
}

export function sum(values: readonly Rational[]): Rational {
	return values.reduce(add, ZERO);
}

/** a / by, for a whole number `by` ≠ 0 (tied players sharing points). */
export function divide(a: Rational, by: number | bigint): Rational {
	return reduced(a.num, a.den * integer(by));
}

/** Negative, zero or positive as a < b, a = b, a > b. */
export function compare(a: Rational, b: Rational): number {
	const d = a.den === b.den ? a.num - b.num : a.num * b.den - b.num * a.den;
	return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** Whether a and b are the same number (both are reduced, so their parts are equal). */
export function equals(a: Rational, b: Rational): boolean {
	return a.num === b.num && a.den === b.den;
}

/** Rounds up to a whole number (the SET rule, 004 §2.3.2). */
export function ceil(a: Rational): Rational {
	const q = a.num / a.den;
	return rational(a.num > q * a.den ? q + 1n : q);
}

/** Rounds to the nearest whole number, halves away from zero. */
export function round(a: Rational): Rational {
	const twice = 2n * a.num;
	const half = a.num < 0n ? -a.den : a.den;
	return rational((twice + half) / (2n * a.den));
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

const bitLength = (n: bigint) => (n < 0n ? -n : n).toString(2).length;

/** The nearest number, for display and JSON only (10/3 → 3.3333333333333335). */
export function toNumber(a: Rational): number {
	if (a.num <= SAFE && -a.num <= SAFE && a.den <= SAFE) return Number(a.num) / Number(a.den);
	// Keep 64 significant bits of the quotient, then divide by a power of two, which is exact.
	const shift = Math.max(0, 64 - (bitLength(a.num) - bitLength(a.den)));
	return Number((a.num << BigInt(shift)) / a.den) / 2 ** shift;
}

/**
 * The fraction as two safe integers, for a code or file that carries num/den as numbers (varints, JSON),
 * or a Problem where either part is beyond `max`: refused rather than written imprecisely.
 */
export function toSafeIntegers(
	a: Rational,
	max: number = Number.MAX_SAFE_INTEGER
): Result<{ num: number; den: number }> {
	const limit = BigInt(Math.min(max, Number.MAX_SAFE_INTEGER));
	if (a.num > limit || -a.num > limit || a.den > limit) {
		return fail(
			problem(
				'fraction-too-large',
				`Der Bruch ${a.num}/${a.den} ist zu groß für einen Code oder eine Datei (Zähler und Nenner höchstens ${limit}); er würde ungenau. Nichts wurde geschrieben.`,
				`The fraction ${a.num}/${a.den} is too large for a code or file (numerator and denominator at most ${limit}); it would lose precision. Nothing was written.`
			)
		);
	}
	return ok({ num: Number(a.num), den: Number(a.den) });
}

/** Display: 2,5 · 2,75 · 3⅓ · −1 (German decimal comma by default). */
export function formatRational(a: Rational, locale: Locale = 'de'): string {
	const sign = a.num < 0n ? MINUS : '';
	const abs = a.num < 0n ? -a.num : a.num;
	const whole = abs / a.den;
	const rest = abs % a.den;
	if (rest === 0n) return `${sign}${whole}`;
	if (a.den === 3n) return `${sign}${whole || ''}${rest === 1n ? '⅓' : '⅔'}`;
	if (/^(1|2|4|5|8|10|16|20|25)$/.test(String(a.den))) return formatNumber(toNumber(a), locale);
	return `${sign}${whole ? `${whole} ` : ''}${rest}/${a.den}`;
}
