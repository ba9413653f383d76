import { z } from 'zod/mini';
import { LIMITS } from '../domain/limits';
import { BONUSES, PRESETS, SCORINGS } from '../domain/rules';
import type { RoundEntry } from '../domain/roundLog';
import type { RoundAction, RoundSetup } from '../domain/round';

/** Zod guards for round data coming from storage, files and scanned codes. */

const digit = z.int().check(z.gte(0), z.lte(5));
export const tileSchema = z.readonly(z.tuple([digit, digit, digit]));

export const ruleOptionsSchema = z.object({
	preset: z.enum(PRESETS),
	scoring: z.enum(SCORINGS),
	tiles: z.union([z.literal(56), z.literal(76)])
});

export const roundSetupSchema: z.ZodMiniType<RoundSetup> = z.object({
	rules: ruleOptionsSchema,
	players: z
		.array(z.string().check(z.minLength(1), z.maxLength(LIMITS.nameLength)))
		.check(z.minLength(2), z.maxLength(6)),
	start: z.int().check(z.gte(0), z.lte(5)),
	pool: z.optional(z.int().check(z.gte(0), z.lte(76)))
});

const handSchema = z.object({
	sum: z.int().check(z.gte(0), z.lte(999)),
	tiles: z.nullable(z.array(tileSchema).check(z.maxLength(60)))
});

export const roundActionSchema: z.ZodMiniType<RoundAction> = z.discriminatedUnion('type', [
	z.object({ type: z.literal('draw') }),
	z.object({
		type: z.literal('lay'),
		value: z.int().check(z.gte(0), z.lte(15)),
		tile: z.nullable(tileSchema),
		bonus: z.nullable(z.enum(BONUSES)),
		out: z.boolean()
	}),
	z.object({ type: z.literal('pass') }),
	z.object({
		type: z.literal('settle'),
		hands: z.array(z.nullable(handSchema)).check(z.minLength(2), z.maxLength(6))
	})
]);

export const roundEntrySchema: z.ZodMiniType<RoundEntry> = z.discriminatedUnion('type', [
	z.object({ type: z.literal('act'), action: roundActionSchema }),
	z.object({ type: z.literal('undo') }),
	z.object({
		type: z.literal('correct'),
		turn: z.union([z.int().check(z.gte(0)), z.literal('hands')]),
		actions: z.array(roundActionSchema).check(z.minLength(1), z.maxLength(4)),
		reason: z.string().check(z.maxLength(500))
	}),
	z.object({
		type: z.literal('claim'),
		turn: z.int().check(z.gte(0)),
		text: z.string().check(z.maxLength(500)),
		consistent: z.boolean(),
		resolution: z.enum(['matched', 'accepted', 'corrected'])
	})
]);

/** Where a round belongs: a club game, a tournament table, or on its own. */
export const roundContextSchema = z.object({
	gameId: z.nullable(z.string()),
	tournamentId: z.nullable(z.string()),
	/** Tournament round number and table number, when assigned by the director. */
	round: z.nullable(z.int().check(z.gte(1))),
	table: z.nullable(z.int().check(z.gte(1))),
	/** The start draw (tournament rule): the values each player drew, redraws in order. */
	startDraw: z.nullable(z.array(z.array(z.nullable(z.int().check(z.gte(0), z.lte(15))))))
});
export type RoundContext = z.infer<typeof roundContextSchema>;

export const roundStartedSchema = z.object({ setup: roundSetupSchema, context: roundContextSchema });
export type RoundStarted = z.infer<typeof roundStartedSchema>;
