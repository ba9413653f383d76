import { formatNumber, MINUS } from './numbers';

/** An exact fraction for points that ties split (2.5, 10/3); always reduced, denominator > 0. */
export interface Rational {
	readonly num: number;
	readonly den: number;
}

function gcd(a: number, b: number): number {
	a = Math.abs(a);
	b = Math.abs(b);
	while (b) [a, b] = [b, a % b];
	return a || 1;
}

/** num/den, reduced. */
export function rational(num: number, den = 1): Rational {
	if (!Number.isSafeInteger(num) || !Number.isSafeInteger(den) || den === 0) {
		throw new RangeError(`not an exact fraction: ${num}/${den}`);
	}
	const sign = den < 0 ? -1 : 1;
	const g = gcd(num, den);
	return { num: (sign * num) / g || 0, den: (sign * den) / g };
}

export const ZERO = rational(0);

export function add(a: Rational, b: Rational): Rational {
	return rational(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sum(values: readonly Rational[]): Rational {
	return values.reduce(add, ZERO);
}

export function divide(a: Rational, by: number): Rational {
	return rational(a.num, a.den * by);
}

/** Negative, zero or positive as a < b, a = b, a > b. */
export function compare(a: Rational, b: Rational): number {
	return Math.sign(a.num * b.den - b.num * a.den);
}

/** The nearest number, for display and JSON only. */
export function toNumber(a: Rational): number {
	return a.num / a.den;
}

/** Rounds up to a whole number (the SET rule). */
export function ceil(a: Rational): Rational {
	return rational(Math.ceil(a.num / a.den));
}

/** Display: 2,5 · 2,75 · 3⅓ · −1 (German decimal comma by default). */
export function formatRational(a: Rational, locale: 'de' | 'en' = 'de'): string {
	const sign = a.num < 0 ? MINUS : '';
	const abs = Math.abs(a.num);
	const whole = Math.floor(abs / a.den);
	const rest = abs % a.den;
	if (rest === 0) return `${sign}${whole}`;
	if (a.den === 3) return `${sign}${whole || ''}${rest === 1 ? '⅓' : '⅔'}`;
	if (/^(1|2|4|5|8|10|16|20|25)$/.test(String(a.den))) return formatNumber(a.num / a.den, locale);
	return `${sign}${whole ? `${whole} ` : ''}${rest}/${a.den}`;
}
