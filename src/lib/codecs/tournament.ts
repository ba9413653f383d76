import { z } from 'zod/mini';
import './english';
import { LIMITS, TABLES_PER_ROUND } from '../domain/limits';
import {
	EVENT_TYPES,
	FORMATS,
	STAGES,
	type TournamentEvent,
	type TournamentOptions
} from '../domain/tournament';
import { TOURNAMENT_STATUSES } from '../domain/tournament/status';

/**
 * Zod guards for a tournament's event log as it comes back from storage (rows written by an older
 * version, a log handed over from another device). Shape only: the rules are checked by replaying.
 */

const text = (max: number) => z.string().check(z.maxLength(max));
const count = z.int();

const base = { id: z.string().check(z.minLength(1), z.maxLength(200)), at: text(40) };

const optionsSchema = z.partial(
	z.object({
		rounds: count.check(z.gte(1), z.lte(LIMITS.prelimRounds)),
		finalSize: z.nullable(count.check(z.gte(3), z.lte(8))),
		finalRounds: count.check(z.gte(1), z.lte(LIMITS.finalRounds)),
		avoidRepeats: z.boolean(),
		maxPlayers: z.nullable(count.check(z.gte(3), z.lte(500)))
	})
) satisfies z.ZodMiniType<Partial<TournamentOptions>>;

/** Where a reported result came from: typed in at the desk, or handed over by a table's tablet. */
export const resultSourceSchema = z.object({
	kind: z.enum(['hand', 'tablet']),
	/** The tablet's round stream, when it came from one. */
	roundId: z.optional(z.string().check(z.maxLength(200))),
	/** The tablet's device id, when known. */
	device: z.optional(z.string().check(z.maxLength(200)))
});
export type ResultSource = z.infer<typeof resultSourceSchema>;

/** How the SET prelims are seated: the official plan of 004 §3 where it is valid, or the generated one. */
export const SET_PLANS = ['official', 'generated'] as const;
export type SetPlanChoice = (typeof SET_PLANS)[number];

/**
 * One event of a tournament stream. Beyond the engine's fields the desk keeps two of its own, which the
 * engine ignores: the SET plan chosen at creation, and where a table's result came from.
 */
function eventSchema(bounds: { readonly nameLength: number; readonly gamePoints: number }) {
	const player = z.string().check(z.minLength(1), z.maxLength(bounds.nameLength));
	const points = count.check(z.gte(-bounds.gamePoints), z.lte(bounds.gamePoints));
	const tally = count.check(z.gte(0), z.lte(bounds.gamePoints));
	const gameScore = z.object({ player, points, left: z.optional(z.boolean()) });
	const setScore = z.object({
		player,
		found: tally,
		falseCalls: tally,
		left: z.optional(z.boolean())
	});
	const scores = z.array(z.union([setScore, gameScore])).check(z.minLength(1), z.maxLength(8));
	const seating = z.array(player).check(z.minLength(1), z.maxLength(8));

	return z.discriminatedUnion('type', [
		z.object({
			type: z.literal('tournament-created'),
			...base,
			format: z.enum(FORMATS),
			name: text(120),
			date: text(40),
			options: z.optional(optionsSchema),
			setPlan: z.optional(z.enum(SET_PLANS))
		}),
		z.object({ type: z.literal('player-registered'), ...base, player, name: text(bounds.nameLength) }),
		z.object({ type: z.literal('player-renamed'), ...base, player, name: text(bounds.nameLength) }),
		z.object({ type: z.literal('player-withdrawn'), ...base, player, fromRound: count }),
		z.object({
			type: z.literal('round-opened'),
			...base,
			round: count,
			seed: text(200),
			tables: z.array(seating).check(z.maxLength(TABLES_PER_ROUND)),
			moves: z.optional(z.array(z.object({ player, toTable: count })).check(z.maxLength(LIMITS.players))),
			sizesConfirmed: z.optional(z.boolean())
		}),
		z.object({
			type: z.literal('table-reported'),
			...base,
			round: count,
			table: count,
			scores,
			source: z.optional(resultSourceSchema)
		}),
		z.object({ type: z.literal('round-locked'), ...base, round: count }),
		z.object({
			type: z.literal('result-corrected'),
			...base,
			round: count,
			table: count,
			scores,
			reason: text(500),
			override: z.optional(z.boolean()),
			source: z.optional(resultSourceSchema)
		}),
		z.object({
			type: z.literal('lot-drawn'),
			...base,
			stage: z.enum(STAGES),
			seed: text(200),
			players: z.array(player).check(z.maxLength(LIMITS.players))
		}),
		z.object({
			type: z.literal('play-off-recorded'),
			...base,
			stage: z.enum(STAGES),
			players: z.array(player).check(z.maxLength(LIMITS.players))
		}),
		z.object({ type: z.literal('final-opened'), ...base, seed: text(200), players: seating }),
		z.object({
			type: z.literal('final-reported'),
			...base,
			round: count,
			scores,
			source: z.optional(resultSourceSchema)
		})
	]) satisfies z.ZodMiniType<TournamentEvent>;
}

/** An event as it comes in (a file, a backup, the desk): within `LIMITS`. */
export const tournamentEventSchema = eventSchema(LIMITS);

/**
 * An event as stored by this device. Versions before `LIMITS` took names of 80 characters and any whole
 * game points; such tournaments still open (and the desk tells the director which names are too long
 * to travel in a code).
 */
export const storedTournamentEventSchema = eventSchema({
	nameLength: 80,
	gamePoints: Number.MAX_SAFE_INTEGER
});

/** A stored tournament event: the engine's event plus the desk's extras. */
export type StoredTournamentEvent = z.infer<typeof tournamentEventSchema>;

// Every engine event type has a schema (a compile-time check).
EVENT_TYPES satisfies readonly StoredTournamentEvent['type'][];

/** A tournament's summary row as read back. */
export const tournamentRowSchema = z.object({
	id: z.string().check(z.minLength(1)),
	createdAt: z.number(),
	updatedAt: z.number(),
	name: z.string(),
	format: z.enum(FORMATS),
	date: z.string(),
	status: z.enum(TOURNAMENT_STATUSES)
});
export type TournamentSummary = z.infer<typeof tournamentRowSchema>;
