import type { Rational } from '../rational';
import type { PlayerId } from './events';

/** What separated a player from one with the same points. */
export const TIEBREAK_KINDS = ['gamePoints', 'share', 'setPoints', 'lot', 'playOff', 'tied'] as const;
export type TiebreakKind = (typeof TIEBREAK_KINDS)[number];

/**
 * Why a player stands above or below a rival with equal points, as data (lib/i18n words it): the
 * criterion that settled it with both values compared (this player's first), a lot or play-off, or
 * `tied` while nothing has (`won` null).
 */
export type Tiebreak = { readonly against: PlayerId } & (
	| {
			readonly by: 'gamePoints' | 'setPoints';
			readonly won: boolean;
			readonly values: readonly [number, number];
	  }
	| { readonly by: 'share'; readonly won: boolean; readonly values: readonly [Rational, Rational] }
	| { readonly by: 'lot' | 'playOff'; readonly won: boolean }
	| { readonly by: 'tied'; readonly won: null }
);

/** The criteria after the points, and what each compares. */
interface Compared {
	readonly gamePoints: number;
	readonly setPoints: number;
	readonly share: Rational;
}

/** One ranking criterion, best first; `compare` is positive when `a` ranks higher. */
export type Criterion<T> = { readonly compare: (a: T, b: T) => number } & (
	| { readonly by: 'points' }
	| { [K in keyof Compared]: { readonly by: K; readonly value: (entry: T) => Compared[K] } }[keyof Compared]
);

/**
 * A ranked entry: competition rank (shared while a tie is undecided) and its tiebreaks. The tiebreaks
 * name every rival with the same points, so k players level on points have k × (k − 1) of them: they are
 * worked out when first read, for one row at a time, and the ranking itself stays O(n log n).
 */
export interface Placed<T> {
	readonly entry: T;
	readonly rank: number;
	readonly tiebreaks: readonly Tiebreak[];
	/** How many rivals have the same points: the length of `tiebreaks`, without working them out. */
	readonly levelWith: number;
	/** The tiebreak against one rival, as in `tiebreaks`; null when the points differ. */
	tiebreakAgainst(rival: PlayerId): Tiebreak | null;
}

/** A recorded order for a tie group, or null while undecided. */
export type Decide = (group: readonly PlayerId[]) => { order: PlayerId[]; kind: 'lot' | 'playOff' } | null;

/** The ranking: entries best first, and the tie groups no criterion, lot or play-off has broken. */
export interface Ranking<T> {
	readonly placed: readonly Placed<T>[];
	readonly ties: readonly (readonly PlayerId[])[];
}

/** An entry in its final place: the tie group it belongs to and the block of entries level on points. */
interface Slot<T> {
	readonly entry: T;
	readonly rank: number;
	readonly group: number;
	readonly block: { readonly start: number; readonly end: number };
}

/**
 * Ranks entries by the criteria in turn (the first is the points), then by a recorded lot or play-off.
 * Ties nobody has decided share the rank (1, 1, 3) and are listed in `ties`. The input order only
 * orders players within an undecided tie, for display.
 */
export function rankEntries<T extends { readonly player: PlayerId }>(
	entries: readonly T[],
	criteria: readonly Criterion<T>[],
	decide: Decide
): Ranking<T> {
	const compareAll = (a: T, b: T) => {
		for (const criterion of criteria) {
			const c = criterion.compare(a, b);
			if (c !== 0) return c;
		}
		return 0;
	};
	// A stable sort: within a full tie the input order stands.
	const sorted = [...entries].sort((a, b) => compareAll(b, a));
	const ordered: T[] = [];
	const ranks: number[] = [];
	const groups: number[] = [];
	const verdicts: ReturnType<Decide>[] = [];
	const ties: PlayerId[][] = [];
	for (let start = 0; start < sorted.length;) {
		let end = start + 1;
		while (end < sorted.length && compareAll(sorted[start] as T, sorted[end] as T) === 0) end++;
		let group = sorted.slice(start, end);
		const verdict = group.length > 1 ? decide(group.map((e) => e.player)) : null;
		if (verdict) {
			const byPlayer = new Map(group.map((e) => [e.player, e]));
			group = verdict.order.map((id) => byPlayer.get(id) as T);
		} else if (group.length > 1) ties.push(group.map((e) => e.player));
		group.forEach((entry, i) => {
			ordered.push(entry);
			ranks.push(start + 1 + (verdict ? i : 0));
			groups.push(verdicts.length);
		});
		verdicts.push(verdict);
		start = end;
	}

	// Points come first, so the entries level on points stand next to each other: one block each.
	const [points, ...rest] = criteria;
	const blocks: Slot<T>['block'][] = [];
	for (let start = 0; start < ordered.length;) {
		let end = start + 1;
		while (end < ordered.length && (!points || points.compare(ordered[start] as T, ordered[end] as T) === 0))
			end++;
		const block = { start, end };
		for (let i = start; i < end; i++) blocks.push(block);
		start = end;
	}
	const slots: Slot<T>[] = ordered.map((entry, i) => ({
		entry,
		rank: ranks[i] as number,
		group: groups[i] as number,
		block: blocks[i] as Slot<T>['block']
	}));

	/** What separated the entry in place i from the one in place j, both with the same points. */
	const tiebreakOf = (i: number, j: number): Tiebreak => {
		const { entry, group } = slots[i] as Slot<T>;
		const other = slots[j] as Slot<T>;
		const rival = other.entry;
		const criterion = rest.find((c) => c.compare(entry, rival) !== 0);
		if (criterion) return byCriterion(criterion, entry, rival);
		const verdict = other.group === group ? verdicts[group] : null;
		return byDecision(rival.player, verdict?.kind ?? null, verdict ? i < j : null);
	};
	/** Against each rival with the same points, in ranking order. */
	const tiebreaksOf = (i: number): Tiebreak[] => {
		const { block } = slots[i] as Slot<T>;
		const tiebreaks: Tiebreak[] = [];
		for (let j = block.start; j < block.end; j++) if (j !== i) tiebreaks.push(tiebreakOf(i, j));
		return tiebreaks;
	};
	let places: Map<PlayerId, number> | undefined;
	const placeOf = (player: PlayerId) =>
		(places ??= new Map(slots.map((slot, i) => [slot.entry.player, i]))).get(player);

	const placed = slots.map(({ entry, rank, block }, i): Placed<T> => {
		let tiebreaks: readonly Tiebreak[] | undefined;
		const against = (rival: PlayerId) => {
			const j = placeOf(rival);
			return j === undefined || j === i || j < block.start || j >= block.end ? null : tiebreakOf(i, j);
		};
		const row = {
			entry,
			rank,
			get tiebreaks() {
				return (tiebreaks ??= tiebreaksOf(i));
			},
			levelWith: block.end - block.start - 1
		};
		// Not enumerable: a ranking compares and prints as its data.
		return Object.defineProperty(row, 'tiebreakAgainst', { value: against }) as Placed<T>;
	});
	return { placed, ties };
}

/** The tiebreak a criterion settled between two entries it tells apart. */
export function byCriterion<T extends { readonly player: PlayerId }>(
	criterion: Criterion<T>,
	entry: T,
	rival: T
): Tiebreak {
	const against = rival.player;
	const won = criterion.compare(entry, rival) > 0;
	switch (criterion.by) {
		// The points come first: entries they tell apart are not level, and have no tiebreak.
		case 'points':
			throw new Error('the points are no tiebreak');
		case 'share':
			return { against, by: 'share', won, values: [criterion.value(entry), criterion.value(rival)] };
		default:
			return { against, by: criterion.by, won, values: [criterion.value(entry), criterion.value(rival)] };
	}
}

/** The tiebreak a lot or play-off settled, or that nothing has yet (`kind` and `won` null). */
export function byDecision(against: PlayerId, kind: 'lot' | 'playOff' | null, won: boolean | null): Tiebreak {
	return kind === null || won === null ? { against, by: 'tied', won: null } : { against, by: kind, won };
}
