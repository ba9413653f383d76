import fc from 'fast-check';
import { FIGURE_BONUSES, GOING_OUT_BONUS, type TurnParts } from './turn-parts';

/** Trio tiles other than 0-0-0 open a classic game with +10; 0-0-0 opens with +40 (RULES.md §2). */
const TRIO_VALUES = [3, 6, 9, 12, 15] as const;

const figure = fc.constantFrom(...FIGURE_BONUSES);

/** A turn with a tile laid: 0–3 purchases, any tile, no bonus / a figure / going out / both. */
const lay: fc.Arbitrary<TurnParts> = fc.record({
	draws: fc.integer({ min: 0, max: 3 }),
	tile: fc.integer({ min: 0, max: 15 }),
	bonuses: fc.oneof(
		fc.constant([]),
		figure.map((f) => [f]),
		fc.constant([GOING_OUT_BONUS]),
		figure.map((f) => [f, GOING_OUT_BONUS])
	),
	pass: fc.constant(false),
	passPenalty: fc.constant(0 as const)
});

/** A classic opening: a trio with +10, or 0-0-0 with +40; nothing bought before. */
const opening: fc.Arbitrary<TurnParts> = fc.oneof(
	fc
		.constantFrom(...TRIO_VALUES)
		.map((tile) => ({ draws: 0, tile, bonuses: [10], pass: false, passPenalty: 0 as const })),
	fc.constant({ draws: 0, tile: 0, bonuses: [40], pass: false, passPenalty: 0 as const })
);

/** A pass with −10: after three purchases, or on an empty pool after 0–2. */
const penaltyPass: fc.Arbitrary<TurnParts> = fc
	.integer({ min: 0, max: 3 })
	.map((draws) => ({ draws, tile: null, bonuses: [], pass: true, passPenalty: -10 as const }));

/** A pass in the tournament final lap: nothing bought, no penalty. */
const finalLapPass: fc.Arbitrary<TurnParts> = fc.constant({
	draws: 0,
	tile: null,
	bonuses: [],
	pass: true,
	passPenalty: 0 as const
});

/** Any finished turn the rules allow, for property tests. */
export const turnParts: fc.Arbitrary<TurnParts> = fc.oneof(
	{ arbitrary: lay, weight: 6 },
	{ arbitrary: opening, weight: 1 },
	{ arbitrary: penaltyPass, weight: 2 },
	{ arbitrary: finalLapPass, weight: 1 }
);
