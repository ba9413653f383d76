import type { SeatingPlan } from './plan';

/** The fewest repeats any seating can have, by counting: extra meetings and meetings beyond the second. */
export interface RepeatBound {
	/** Meetings beyond a pair's first (a pair meeting three times counts two). */
	readonly extra: number;
	/** Meetings beyond a pair's second: how often some pair meets a third time or more. */
	readonly heavy: number;
}

/**
 * Pair meeting counts of a history, as an n×n matrix over players 0..n−1 (symmetric).
 * `index` maps a player of the history to 0..n−1, or undefined for someone no longer playing.
 */
export function meetingCounts<P>(
	n: number,
	history: SeatingPlan<P>,
	index: (player: P) => number | undefined
): Uint16Array {
	const counts = new Uint16Array(n * n);
	for (const round of history) {
		for (const table of round) {
			const seated = [...new Set(table.map(index).filter((i) => i !== undefined))];
			for (const a of seated) {
				for (const b of seated) if (a !== b) counts[a * n + b] = (counts[a * n + b] ?? 0) + 1;
			}
		}
	}
	return counts;
}

const pairsAt = (size: number) => (size * (size - 1)) / 2;

/**
 * Counting lower bound on repeats for n players (0..n−1) over rounds of the given table sizes,
 * on top of the meetings already in `counts`. Two arguments, the larger wins:
 * all new meetings against the pairs that have not met yet (resp. met at most once), and per player
 * the opponents he must meet (at least the smallest table each round) against those he has not met.
 */
export function boundFromCounts(
	n: number,
	roundSizes: readonly (readonly number[])[],
	counts: Uint16Array
): RepeatBound {
	const meetings = roundSizes.reduce((sum, sizes) => sum + sizes.reduce((s, t) => s + pairsAt(t), 0), 0);
	const leastOpponents = roundSizes.reduce(
		(sum, sizes) => sum + (sizes.length > 0 ? Math.max(0, Math.min(...sizes) - 1) : 0),
		0
	);
	let fresh = 0;
	let room = 0;
	let extraByPlayer = 0;
	let heavyByPlayer = 0;
	for (let a = 0; a < n; a++) {
		let freshOf = 0;
		let roomOf = 0;
		for (let b = 0; b < n; b++) {
			if (a === b) continue;
			const met = counts[a * n + b] ?? 0;
			if (met === 0) freshOf++;
			roomOf += Math.max(0, 2 - met);
		}
		fresh += freshOf;
		room += roomOf;
		extraByPlayer += Math.max(0, leastOpponents - freshOf);
		heavyByPlayer += Math.max(0, leastOpponents - roomOf);
	}
	return {
		extra: Math.max(0, meetings - fresh / 2, Math.ceil(extraByPlayer / 2)),
		heavy: Math.max(0, meetings - room / 2, Math.ceil(heavyByPlayer / 2))
	};
}

/**
 * Counting lower bound on the repeats of any plan for players 1..n with these table sizes per round,
 * after the rounds already played in `history` (players outside 1..n there are ignored).
 */
export function repeatLowerBound(
	n: number,
	roundSizes: readonly (readonly number[])[],
	history: SeatingPlan = []
): RepeatBound {
	const index = (p: number) => (Number.isInteger(p) && p >= 1 && p <= n ? p - 1 : undefined);
	return boundFromCounts(n, roundSizes, meetingCounts(n, history, index));
}
