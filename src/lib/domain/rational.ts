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

/** German display: 2,5 · 3⅓ · −1 */
export function formatRational(a: Rational, locale: 'de' | 'en' = 'de'): string {
	const sign = a.num < 0 ? '−' : '';
	const whole = Math.floor(Math.abs(a.num) / a.den);
	const rest = Math.abs(a.num) % a.den;
	if (rest === 0) return `${sign}${whole}`;
	const vulgar: Record<string, string> = { '1/2': '½', '1/3': '⅓', '2/3': '⅔', '1/4': '¼', '3/4': '¾' };
	const glyph = vulgar[`${rest}/${a.den}`];
	if (a.den === 2 || a.den === 4 || a.den === 5 || a.den === 10) {
		const decimal = (Math.abs(a.num) / a.den).toString();
		return sign + (locale === 'de' ? decimal.replace('.', ',') : decimal);
	}
	return glyph ? `${sign}${whole || ''}${glyph}` : `${sign}${whole} ${rest}/${a.den}`;
}
