import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits';
import {
	BONUS_POINTS,
	DRAW_PENALTY,
	MAX_DRAWS,
	OUT_BONUS,
	PASS_PENALTY,
	TRIO_BONUS,
	ZERO_TRIO_EXTRA
} from './rules';
import { TILE_SETS, tileSet, tileValue } from './tiles';

/**
 * The most and the least one player can score in one Triominos round (RULES.md §2), from the tile set
 * and the rule constants: every tile laid with the highest bonus, or bought and held to the end.
 */
function roundRange(tiles: (typeof TILE_SETS)[number]) {
	const set = tileSet(tiles);
	const values = set.reduce((sum, tile) => sum + tileValue(tile), 0);
	const bonus = Math.max(...Object.values(BONUS_POINTS.standard));
	// Laid or credited from the other hands, each tile counts once; the classic opening adds its bonus.
	const most = values + bonus * set.length + OUT_BONUS + TRIO_BONUS + ZERO_TRIO_EXTRA;
	// Passes: after three purchases, at most a third of the tiles; on an empty pool, once per tile laid
	// and once more (everyone passing in a row ends the round). Then the whole set is left in hand.
	const passes = Math.floor(set.length / MAX_DRAWS) + set.length + 1;
	const least = DRAW_PENALTY * set.length + PASS_PENALTY * passes - values;
	return { most, least };
}

describe('LIMITS.gamePoints', () => {
	it.each([
		[56, 4405, -1450],
		[76, 5955, -1970]
	] as const)(
		'RULES.md §2: a round with the %i set scores at most %i and at least %i, inside the bound',
		(tiles, most, least) => {
			expect(roundRange(tiles)).toEqual({ most, least });
			expect(most).toBeLessThanOrEqual(LIMITS.gamePoints);
			expect(least).toBeGreaterThanOrEqual(-LIMITS.gamePoints);
		}
	);

	it('002: a Kingdomino kingdom of 24 land squares with 3 crowns each, plus both bonuses, is inside', () => {
		expect(24 * (24 * 3) + 10 + 5).toBeLessThanOrEqual(LIMITS.gamePoints);
	});

	it('sums over 20 prelim and 6 final rounds stay safe integers, far below what a code carries', () => {
		expect(LIMITS.gamePoints * 26).toBeLessThan(2 ** 31);
	});
});
