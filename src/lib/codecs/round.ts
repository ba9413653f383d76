import { z } from 'zod';
import { BONUSES, PRESETS, SCORINGS } from '../domain/rules';
import type { RoundEntry } from '../domain/roundLog';
import type { RoundAction, RoundSetup } from '../domain/round';

/** Zod guards for round data coming from storage, files and scanned codes. */

const digit = z.number().int().min(0).max(5);
export const tileSchema = z.tuple([digit, digit, digit]).readonly();

export const ruleOptionsSchema = z.object({
	preset: z.enum(PRESETS),
	scoring: z.enum(SCORINGS),
	tiles: z.union([z.literal(56), z.literal(76)])
});

export const roundSetupSchema: z.ZodType<RoundSetup> = z.object({
	rules: ruleOptionsSchema,
	players: z.array(z.string().min(1).max(60)).min(2).max(6),
	start: z.number().int().min(0).max(5),
	pool: z.number().int().min(0).max(76).optional()
});

const handSchema = z.object({
	sum: z.number().int().min(0).max(999),
	tiles: z.array(tileSchema).max(60).nullable()
});

export const roundActionSchema: z.ZodType<RoundAction> = z.discriminatedUnion('type', [
	z.object({ type: z.literal('draw') }),
	z.object({
		type: z.literal('lay'),
		value: z.number().int().min(0).max(15),
		tile: tileSchema.nullable(),
		bonus: z.enum(BONUSES).nullable(),
		out: z.boolean()
	}),
	z.object({ type: z.literal('pass') }),
	z.object({ type: z.literal('settle'), hands: z.array(handSchema.nullable()).min(2).max(6) })
]);

export const roundEntrySchema: z.ZodType<RoundEntry> = z.discriminatedUnion('type', [
	z.object({ type: z.literal('act'), action: roundActionSchema }),
	z.object({ type: z.literal('undo') }),
	z.object({
		type: z.literal('correct'),
		turn: z.union([z.number().int().min(0), z.literal('hands')]),
		actions: z.array(roundActionSchema).min(1).max(4),
		reason: z.string().max(500)
	}),
	z.object({
		type: z.literal('claim'),
		turn: z.number().int().min(0),
		text: z.string().max(500),
		consistent: z.boolean(),
		resolution: z.enum(['matched', 'accepted', 'corrected'])
	})
]);

/** Where a round belongs: a club game, a tournament table, or on its own. */
export const roundContextSchema = z.object({
	gameId: z.string().nullable(),
	tournamentId: z.string().nullable(),
	/** Tournament round number and table number, when assigned by the director. */
	round: z.number().int().min(1).nullable(),
	table: z.number().int().min(1).nullable(),
	/** The start draw (tournament rule): the values each player drew, redraws in order. */
	startDraw: z.array(z.array(z.number().int().min(0).max(15).nullable())).nullable()
});
export type RoundContext = z.infer<typeof roundContextSchema>;

export const roundStartedSchema = z.object({ setup: roundSetupSchema, context: roundContextSchema });
export type RoundStarted = z.infer<typeof roundStartedSchema>;
