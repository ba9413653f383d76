import { mul, rational, round, toNumber, ZERO, type Rational } from '../rational';

/** A 3-table's total is raised by its average: own / (total + total / 3) = own / total × 3/4. */
const THREE_TABLE = rational(3, 4);

/**
 * A player's percentage share of one game (002 §3) as a fraction of 1: own game points / the table's
 * total, where at a table of 3 the total is raised by the table's average (24 + 8 = 32). A table that
 * scored nothing gives 0. Sums of shares stay exact in `Rational` (see there for how large they grow).
 */
export function gameShare(own: number, tableTotal: number, tableSize: number): Rational {
	if (tableTotal <= 0) return ZERO;
	const share = rational(own, tableTotal);
	return tableSize === 3 ? mul(share, THREE_TABLE) : share;
}

/** The share in percent, rounded to 4 decimals (56.25). For display and JSON only. */
export function sharePercent(share: Rational): number {
	return toNumber(round(mul(share, rational(1_000_000)))) / 10_000;
}
