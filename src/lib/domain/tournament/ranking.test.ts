import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rational } from '../rational';
import { byGamePoints, byPoints, bySetPoints, byShare } from './criteria';
import type { PlayerId } from './events';
import {
	byCriterion,
	byDecision,
	rankEntries,
	type Criterion,
	type Decide,
	type Placed,
	type Ranking,
	type Tiebreak
} from './ranking';
import type { Tally } from './tally';
import { runs } from '../testing/runs';

/**
 * The ranking as it was built before it had to scale: a tiebreak per pair, worked out eagerly. Kept as
 * the oracle the O(n log n) ranking must agree with.
 */
function quadraticRanking<T extends { readonly player: PlayerId }>(
	entries: readonly T[],
	criteria: readonly Criterion<T>[],
	decide: Decide
): { placed: { entry: T; rank: number; tiebreaks: Tiebreak[] }[]; ties: PlayerId[][] } {
	const compareAll = (a: T, b: T) => {
		for (const criterion of criteria) {
			const c = criterion.compare(a, b);
			if (c !== 0) return c;
		}
		return 0;
	};
	const sorted = [...entries].sort((a, b) => compareAll(b, a));
	const ordered: { entry: T; rank: number; group: number }[] = [];
	const verdicts: (ReturnType<Decide> | undefined)[] = [];
	const ties: PlayerId[][] = [];
	for (let start = 0; start < sorted.length;) {
		let end = start + 1;
		while (end < sorted.length && compareAll(sorted[start] as T, sorted[end] as T) === 0) end++;
		let group = sorted.slice(start, end);
		const verdict = group.length > 1 ? decide(group.map((e) => e.player)) : null;
		if (verdict) group = verdict.order.map((id) => group.find((e) => e.player === id) as T);
		else if (group.length > 1) ties.push(group.map((e) => e.player));
		group.forEach((entry, i) =>
			ordered.push({ entry, rank: start + 1 + (verdict ? i : 0), group: verdicts.length })
		);
		verdicts.push(verdict);
		start = end;
	}
	const [points, ...rest] = criteria;
	const placed = ordered.map(({ entry, rank, group }, i) => {
		const tiebreaks: Tiebreak[] = [];
		ordered.forEach((other, j) => {
			const rival = other.entry;
			if (j === i || (points && points.compare(entry, rival) !== 0)) return;
			const criterion = rest.find((c) => c.compare(entry, rival) !== 0);
			if (criterion) {
				tiebreaks.push(byCriterion(criterion, entry, rival));
				return;
			}
			const verdict = other.group === group ? verdicts[group] : null;
			tiebreaks.push(byDecision(rival.player, verdict?.kind ?? null, verdict ? i < j : null));
		});
		return { entry, rank, tiebreaks };
	});
	return { placed, ties };
}

/** A ranking with its tiebreaks read out, as plain data. */
const plain = (ranking: Ranking<Tally>) => ({
	ties: ranking.ties,
	placed: ranking.placed.map((p: Placed<Tally>) => ({ entry: p.entry, rank: p.rank, tiebreaks: p.tiebreaks }))
});

/** Each row's tiebreaks asked for one rival at a time, and how many there are, as plain data. */
const oneByOne = (ranking: Ranking<Tally>) =>
	ranking.placed.map((p) => ({
		levelWith: p.levelWith,
		against: ranking.placed.map((q) => p.tiebreakAgainst(q.entry.player))
	}));
const oneByOneOf = (ranking: ReturnType<typeof quadraticRanking<Tally>>) =>
	ranking.placed.map((p) => ({
		levelWith: p.tiebreaks.length,
		against: ranking.placed.map((q) => p.tiebreaks.find((t) => t.against === q.entry.player) ?? null)
	}));

const CRITERIA: Record<string, Criterion<Tally>[]> = {
	triominos: [byPoints, byGamePoints],
	swiss: [byPoints, byGamePoints, byShare],
	set: [byPoints, bySetPoints],
	none: []
};

/** Few distinct values, so that ties of every kind are common. */
const arbitraryTallies = fc
	.array(
		fc.record({
			points: fc.tuple(fc.integer({ min: 0, max: 8 }), fc.constantFrom(1, 2, 3)),
			gamePoints: fc.integer({ min: -2, max: 2 }),
			share: fc.tuple(fc.nat({ max: 3 }), fc.constantFrom(1, 2, 4)),
			games: fc.nat({ max: 4 })
		}),
		{ maxLength: 40 }
	)
	.map((rows) =>
		rows.map((row, i): Tally => ({
			player: `P${i}`,
			points: rational(row.points[0], row.points[1]),
			gamePoints: row.gamePoints,
			share: rational(row.share[0], row.share[1]),
			games: row.games
		}))
	);

/** Recorded lots: each an order over some players; the latest that covers a whole group decides it. */
const arbitraryLots = fc.array(fc.array(fc.nat({ max: 39 }), { maxLength: 40 }), { maxLength: 4 });

function decider(lots: readonly (readonly number[])[], kind: 'lot' | 'playOff'): Decide {
	const orders = lots.map((lot) => [...new Set(lot)].map((i) => `P${i}`));
	return (group) => {
		for (const order of [...orders].reverse()) {
			if (group.every((id) => order.includes(id)))
				return { order: order.filter((id) => group.includes(id)), kind };
		}
		return null;
	};
}

describe('rankEntries', () => {
	it('ranks exactly as the pairwise ranking did: places, ties and every tiebreak (property)', () => {
		fc.assert(
			fc.property(
				arbitraryTallies,
				fc.constantFrom(...Object.keys(CRITERIA)),
				arbitraryLots,
				fc.constantFrom('lot' as const, 'playOff' as const),
				(tallies, format, lots, kind) => {
					const criteria = CRITERIA[format] as Criterion<Tally>[];
					const decide = decider(lots, kind);
					const ranking = rankEntries(tallies, criteria, decide);
					const oracle = quadraticRanking(tallies, criteria, decide);
					expect(plain(ranking)).toEqual(oracle);
					expect(oneByOne(ranking)).toEqual(oneByOneOf(oracle));
				}
			),
			{ numRuns: runs(300) }
		);
	});

	it('ranks 5,000 players level on everything in O(n log n) comparisons, and explains one on request', () => {
		const tallies: Tally[] = Array.from({ length: 5000 }, (_, i) => ({
			player: `P${i}`,
			points: rational(7, 2),
			gamePoints: 100,
			share: rational(1, 2),
			games: 4
		}));
		// Every comparison a criterion makes. Sorting and grouping take some n log n (5,000 × 13 ≈ 65,000
		// per criterion); working out every row's tiebreaks at once, as the ranking once did, takes
		// n × (n − 1), 25 million. How fast, in milliseconds, is the standings bench's.
		let comparisons = 0;
		const criteria = (CRITERIA.swiss as Criterion<Tally>[]).map((criterion) => ({
			...criterion,
			compare: (a: Tally, b: Tally) => (comparisons++, criterion.compare(a, b))
		}));
		const ranking = rankEntries(tallies, criteria, () => null);
		expect(ranking.placed.every((p) => p.rank === 1)).toBe(true);
		expect(ranking.ties).toEqual([tallies.map((t) => t.player)]);
		expect(comparisons).toBeLessThan(5000 * 13 * criteria.length * 2);
		expect(ranking.placed[0]?.tiebreaks).toHaveLength(4999);
	});
});

describe('byCriterion', () => {
	const tally = (player: string, points: number, gamePoints: number): Tally => ({
		player,
		points: rational(points),
		gamePoints,
		share: rational(1, 2),
		games: 2
	});

	it('names the criterion that settled a tie, with both values, this player’s first', () => {
		expect(byCriterion(byGamePoints, tally('A', 5, 90), tally('B', 5, 120))).toEqual({
			against: 'B',
			by: 'gamePoints',
			won: false,
			values: [90, 120]
		});
	});

	it('refuses the points: entries they tell apart are not level and have no tiebreak', () => {
		expect(() => byCriterion(byPoints, tally('A', 5, 90), tally('B', 3, 90))).toThrow(
			new Error('the points are no tiebreak')
		);
	});
});
