import { z } from 'zod/mini';
import './english';
import { LIMITS } from '../domain/limits';
import { FORMATS, STAGES } from '../domain/tournament';
import { tournamentEventSchema } from './tournament';

/**
 * Zod guards for what a published tournament is on a CouchDB server: one document per event of the
 * tournament's log (never changed once written) and one head document per tournament (the order of the
 * log and a standings snapshot for readers; replaced on every publish). Everything read back from a
 * server is checked against these: the server is not ours.
 */

const text = (max: number) => z.string().check(z.maxLength(max));
const name = text(LIMITS.nameLength);
const count = z.int().check(z.gte(0), z.lte(100_000));

export const EVENT_DOC = 'wertungsblatt.event';
export const HEAD_DOC = 'wertungsblatt.tournament';

/** Document ids: the tournament's and each event's own ids, so publishing again adds nothing twice. */
export const headId = (tournament: string) => `tournament:${tournament}`;
export const eventDocId = (tournament: string, event: string) => `event:${tournament}:${event}`;

export const publishedEventSchema = z.object({
	_id: text(500),
	_rev: z.optional(text(200)),
	type: z.literal(EVENT_DOC),
	/** The name of the server user who published it (null on a server without users). */
	owner: z.nullable(text(200)),
	tournament: text(200),
	event: tournamentEventSchema
});
export type PublishedEvent = z.infer<typeof publishedEventSchema>;

const snapshotSchema = z.object({
	/** Every round so far: its tables (players in seat order) and which of them have reported. */
	rounds: z.array(
		z.object({
			round: count,
			stage: z.enum(STAGES),
			locked: z.boolean(),
			tables: z.array(z.object({ players: z.array(name).check(z.maxLength(8)), reported: z.boolean() }))
		})
	),
	standings: z
		.array(
			z.object({
				rank: count,
				player: name,
				points: z.number(),
				/** The points as people read them ("3⅓"). */
				pointsText: text(20),
				gamePoints: z.int(),
				final: z.optional(z.object({ rank: count, points: z.number(), gamePoints: z.int() }))
			})
		)
		.check(z.maxLength(LIMITS.players)),
	finalists: z.array(name),
	/** Triominos: how many qualify, and who as far as decided (RULES.md §6). */
	qualifiers: z.optional(z.object({ count, players: z.array(name) }))
});
export type Snapshot = z.infer<typeof snapshotSchema>;

export const publishedHeadSchema = z.object({
	_id: text(500),
	_rev: z.optional(text(200)),
	type: z.literal(HEAD_DOC),
	schema: z.literal(1),
	owner: z.nullable(text(200)),
	tournament: z.object({ id: text(200), name: text(120), date: text(40), format: z.enum(FORMATS) }),
	players: z.array(name).check(z.maxLength(LIMITS.players)),
	/** The log's event ids in order: a reader replays exactly these. */
	events: z.array(text(200)).check(z.maxLength(LIMITS.eventsPerFile)),
	publishedAt: text(40),
	snapshot: snapshotSchema
});
export type PublishedHead = z.infer<typeof publishedHeadSchema>;
