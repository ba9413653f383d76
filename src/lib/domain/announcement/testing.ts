import type { TurnParts } from './turn-parts';

/** Test builders: a turn that lays a tile after `draws` purchases, with any bonuses. */
export const lay = (draws: number, tile: number, bonuses: number[] = []): TurnParts => ({
	draws,
	tile,
	bonuses,
	pass: false,
	passPenalty: 0
});

/** Test builders: a pass after `draws` purchases (−10 unless the pool was empty). */
export const pass = (draws: number, passPenalty: 0 | -10 = -10): TurnParts => ({
	draws,
	tile: null,
	bonuses: [],
	pass: true,
	passPenalty
});
