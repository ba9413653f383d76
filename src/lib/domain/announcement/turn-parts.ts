import {
	BONUSES,
	BONUS_POINTS,
	type Bonus,
	DRAW_PENALTY,
	OUT_BONUS,
	PASS_PENALTY,
	TRIO_BONUS,
	ZERO_TRIO_EXTRA
} from '../rules';
import type { TurnParts } from '../round';
/** What happened in one turn, as far as its announcement is concerned (defined with the round). */
export type { TurnParts } from '../round';

export { DRAW_PENALTY, MAX_DRAWS, PASS_PENALTY } from '../rules';

/** Highest value of a tile: 5 + 5 + 5. */
export const MAX_TILE = 15;
/** Bonus for laying the last tile (tournament and classic). */
export const GOING_OUT_BONUS = OUT_BONUS;
/** Figure bonuses: bridge, hexagon, double hexagon, triple hexagon (RULES.md §2). */
export const FIGURE_BONUSES: readonly number[] = BONUSES.map((b) => BONUS_POINTS.standard[b]);
/** Classic opening with a trio: +10; opening with 0-0-0: +40 (RULES.md §2, 001). */
export const OPENING_BONUSES = [TRIO_BONUS, TRIO_BONUS + ZERO_TRIO_EXTRA] as const;

/** Every single bonus a player may announce: the figures, going out, the classic openings, and figure + going out said as one sum. */
export const BONUS_VALUES: readonly number[] = [
	...new Set([
		...OPENING_BONUSES,
		GOING_OUT_BONUS,
		...FIGURE_BONUSES,
		...FIGURE_BONUSES.map((figure) => figure + GOING_OUT_BONUS)
	])
].sort((a, b) => a - b);

/** True for a number that can be announced as one bonus. */
export function isBonusValue(value: number): boolean {
	return BONUS_VALUES.includes(value);
}

/** The points of a turn: −5 per purchase, the tile, the bonuses and the pass penalty. */
export function turnScore(parts: TurnParts): number {
	const bonus = parts.bonuses.reduce((sum, b) => sum + b, 0);
	return DRAW_PENALTY * parts.draws + (parts.tile ?? 0) + bonus + parts.passPenalty;
}

/** The total a pass announces after `draws` purchases on an empty pool or after the third purchase. */
export function passTotal(draws: number): number {
	return DRAW_PENALTY * draws + PASS_PENALTY;
}

/** What a bonus is for: a figure (RULES.md §2), going out, or the classic opening trio (001 §3). */
export type BonusPart = Bonus | 'out' | 'trio';

const figureOf = (value: number): Bonus | undefined =>
	BONUSES.find((bonus) => BONUS_POINTS.standard[bonus] === value);

/**
 * What an announced bonus is for: 50 → hexagon, 75 → hexagon + going out (said as one sum), 10 → the
 * opening trio; null for a number that is no single bonus. 40 is the bridge (the 0-0-0 opening's 40 too:
 * which one it was, only the tile tells).
 */
export function bonusParts(value: number): readonly BonusPart[] | null {
	if (value === TRIO_BONUS) return ['trio'];
	if (value === GOING_OUT_BONUS) return ['out'];
	const figure = figureOf(value);
	if (figure) return [figure];
	const withOut = figureOf(value - GOING_OUT_BONUS);
	return withOut ? [withOut, 'out'] : null;
}
