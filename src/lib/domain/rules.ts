import type { TileSetSize } from './tiles';

/** The two rule presets (RULES.md §2): `tournament` follows 000, `classic` follows 001. */
export const PRESETS = ['tournament', 'classic'] as const;
export type Preset = (typeof PRESETS)[number];

/** Normal points, or the kids' scoring of 001 §Tip (classic only). */
export const SCORINGS = ['standard', 'kids'] as const;
export type Scoring = (typeof SCORINGS)[number];

/** The figure bonuses for the tile just laid; only the single highest applies (000 §Sonderpunkte). */
export const BONUSES = ['bridge', 'hexagon', 'double-hexagon', 'triple-hexagon'] as const;
export type Bonus = (typeof BONUSES)[number];

/** How one round is played and scored. */
export interface RuleOptions {
	readonly preset: Preset;
	readonly scoring: Scoring;
	readonly tiles: TileSetSize;
}

export const TOURNAMENT: RuleOptions = { preset: 'tournament', scoring: 'standard', tiles: 56 };
export const CLASSIC: RuleOptions = { preset: 'classic', scoring: 'standard', tiles: 56 };
export const KIDS: RuleOptions = { preset: 'classic', scoring: 'kids', tiles: 56 };

export const MIN_PLAYERS = 2;
export const MAX_PLAYERS = 6;
/** Tiles bought at most per turn (000 §Spielsteine kaufen). */
export const MAX_DRAWS = 3;
export const DRAW_PENALTY = -5;
/** The penalty for not laying after the third purchase or on an empty pool. */
export const PASS_PENALTY = -10;
/** For going out first. */
export const OUT_BONUS = 25;
/** The classic opening trio (001 §3): value + 10; 0-0-0 earns 30 more. */
export const TRIO_BONUS = 10;
export const ZERO_TRIO_EXTRA = 30;
/** Kids' scoring: points for winning a round (001 §Tip). */
export const KIDS_ROUND_WIN = 5;
/** The classic game runs until someone reaches this (001 §10). */
export const CLASSIC_TARGET = 400;

/** Bonus points per figure, standard and kids' scoring. */
export const BONUS_POINTS: Record<Scoring, Record<Bonus, number>> = {
	standard: { bridge: 40, hexagon: 50, 'double-hexagon': 60, 'triple-hexagon': 70 },
	kids: { bridge: 1, hexagon: 1, 'double-hexagon': 2, 'triple-hexagon': 3 }
};

/** Tiles dealt to each player (001 §2, RULES.md §1): 2 → 9, 3–4 → 7, 5–6 → 6. */
export function handSize(players: number): number {
	if (players <= 2) return 9;
	if (players <= 4) return 7;
	return 6;
}

/** Tiles left in the pool after dealing. */
export function initialPool(players: number, tiles: TileSetSize): number {
	return tiles - players * handSize(players);
}
