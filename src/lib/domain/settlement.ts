import type { RoundProblem } from './problems';
import { fail, ok, type Result } from './result';
import { KIDS_ROUND_WIN, type RuleOptions } from './rules';
import { canonicalTile, formatTile, handSumRange, type Tile } from './tiles';

// The end of a round: the hands left, checked against the counts the table kept, and the points they give.

/** What is left in one hand at the end: a sum, or the tiles themselves. */
export interface Hand {
	readonly sum: number;
	readonly tiles: readonly Tile[] | null;
}

/** How a round ended: someone went out, early end on an empty pool (tournament), blocked (classic). */
export const ROUND_ENDS = ['out', 'early', 'blocked'] as const;
export type RoundEnd = (typeof ROUND_ENDS)[number];

/** What the end of a round needs to know of it (a RoundState has it all). */
export interface RoundAtEnd {
	readonly setup: { readonly players: readonly string[]; readonly rules: RuleOptions };
	/** Tiles in each hand, by seat. */
	readonly hands: readonly number[];
	/** Canonical keys of every tile named by its numbers so far. */
	readonly namedTiles: readonly string[];
	readonly end: RoundEnd | null;
	readonly firstOut: number | null;
}

/** A seat's player ("#3" when the setup names none). */
export function seatName(state: RoundAtEnd, seat: number): string {
	return state.setup.players[seat] ?? `#${seat + 1}`;
}

/** Checks the hands left at the end against the counts the table kept. */
export function checkHands(state: RoundAtEnd, hands: readonly (Hand | null)[]): Result<Hand[], RoundProblem> {
	const { rules } = state.setup;
	const n = state.setup.players.length;
	if (hands.length !== n) {
		return fail({ code: 'hands-count', players: n });
	}
	const result: Hand[] = [];
	const named = new Set(state.namedTiles);
	for (let seat = 0; seat < n; seat++) {
		const who = seatName(state, seat);
		const held = state.hands[seat] ?? 0;
		const hand = hands[seat] ?? null;
		if (!hand) {
			if (held > 0) {
				return fail({ code: 'hand-missing', player: who, held });
			}
			result.push({ sum: 0, tiles: [] });
			continue;
		}
		if (hand.tiles) {
			if (hand.tiles.length !== held) {
				return fail({ code: 'hand-size', player: who, held, given: hand.tiles.length });
			}
			for (const tile of hand.tiles) {
				const key = formatTile(canonicalTile(tile, rules.tiles));
				if (named.has(key)) {
					return fail({ code: 'tile-twice', tile: key, at: 'hands' });
				}
				named.add(key);
			}
		}
		const range = handSumRange(held, rules.tiles);
		if (!Number.isInteger(hand.sum) || hand.sum < range.min || hand.sum > range.max) {
			return fail({ code: 'hand-sum', player: who, held, sum: hand.sum, min: range.min, max: range.max });
		}
		result.push(hand);
	}
	return ok(result);
}

/** Points of the settlement per seat (RULES.md §2). */
export function settlementPoints(state: RoundAtEnd, hands: readonly Hand[]): number[] {
	const sums = hands.map((h) => h.sum);
	const total = sums.reduce((a, b) => a + b, 0);
	const kids = state.setup.rules.scoring === 'kids';
	const points = sums.map(() => 0);
	if (state.end === 'out' && state.firstOut !== null) {
		if (!kids) points[state.firstOut] = total - (sums[state.firstOut] ?? 0);
	} else if (state.end === 'early') {
		sums.forEach((sum, seat) => (points[seat] = -sum));
	} else if (state.end === 'blocked') {
		// 001 §9: the lowest hand wins the blocked round; docs/RULES.md D1: tied lowest hands all win it.
		const lowest = Math.min(...sums);
		const losers = sums.filter((s) => s !== lowest).reduce((a, b) => a + b, 0);
		sums.forEach((sum, seat) => {
			if (sum === lowest) points[seat] = kids ? KIDS_ROUND_WIN : losers - sum;
		});
	}
	return points;
}
