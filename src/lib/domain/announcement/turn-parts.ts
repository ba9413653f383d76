import {
	BONUSES,
	BONUS_POINTS,
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

const FIGURE_NAMES: Record<number, { de: string; en: string }> = {
	10: { de: 'Trio-Eröffnung', en: 'opening trio' },
	25: { de: 'letzter Stein', en: 'going out' },
	40: { de: 'Brücke', en: 'bridge' },
	50: { de: 'Sechseck', en: 'hexagon' },
	60: { de: 'Doppelsechseck', en: 'double hexagon' },
	70: { de: 'Dreifachsechseck', en: 'triple hexagon' }
};

/** What a bonus is for, in the table's words: 50 → "Sechseck", 75 → "Sechseck + letzter Stein". */
export function bonusName(value: number, lang: 'de' | 'en'): string | null {
	const single = FIGURE_NAMES[value];
	if (single) return single[lang];
	const figure = FIGURE_NAMES[value - GOING_OUT_BONUS];
	const out = FIGURE_NAMES[GOING_OUT_BONUS];
	if (figure && out && value - GOING_OUT_BONUS >= 40) return `${figure[lang]} + ${out[lang]}`;
	return null;
}
