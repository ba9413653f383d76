import { rational, type Rational } from '../rational';

/** An exact non-negative fraction in bigints: sums of five shares can outgrow 2^53. */
export interface Share {
	readonly num: bigint;
	readonly den: bigint;
}

/** No share yet. */
export const NO_SHARE: Share = { num: 0n, den: 1n };

function gcd(a: bigint, b: bigint): bigint {
	a = a < 0n ? -a : a;
	b = b < 0n ? -b : b;
	while (b) [a, b] = [b, a % b];
	return a || 1n;
}

function reduced(num: bigint, den: bigint): Share {
	if (den < 0n) [num, den] = [-num, -den];
	const g = gcd(num, den);
	return { num: num / g, den: den / g };
}

/**
 * A player's percentage share of one game (002 §3): own game points / the table's total, where at a
 * table of 3 the total is raised by the table's average (24 + 8 = 32). A table that scored nothing gives 0.
 */
export function gameShare(own: number, tableTotal: number, tableSize: number): Share {
	if (tableTotal <= 0) return NO_SHARE;
	return tableSize === 3
		? reduced(3n * BigInt(own), 4n * BigInt(tableTotal))
		: reduced(BigInt(own), BigInt(tableTotal));
}

export function addShares(a: Share, b: Share): Share {
	return reduced(a.num * b.den + b.num * a.den, a.den * b.den);
}

/** Negative, zero or positive as a < b, a = b, a > b. */
export function compareShares(a: Share, b: Share): number {
	const d = a.num * b.den - b.num * a.den;
	return d > 0n ? 1 : d < 0n ? -1 : 0;
}

/** The share in percent, rounded to 4 decimals (56.25). For display and JSON only. */
export function sharePercent(share: Share): number {
	const scaled = share.num * 2_000_000n;
	const rounded = (scaled + (scaled >= 0n ? share.den : -share.den)) / (2n * share.den);
	return Number(rounded) / 10_000;
}

/**
 * The share as a Rational (a fraction of 1, not percent): exact when it fits in safe integers, which it
 * does for any real Kingdomino scores; otherwise the nearest fraction with a denominator up to 10^9.
 */
export function shareRational(share: Share): Rational {
	const limit = BigInt(Number.MAX_SAFE_INTEGER);
	if (share.num <= limit && share.den <= limit && share.num >= -limit) {
		return rational(Number(share.num), Number(share.den));
	}
	return rational(Number((share.num * 1_000_000_000n) / share.den), 1_000_000_000);
}
