import { z } from 'zod/mini';
import './english';
import { LIMITS } from '../domain/limits';
import { FORMATS, STAGES } from '../domain/tournament';
import { tournamentEventSchema } from './tournament';

/**
 * Zod guards for what a published tournament is on a CouchDB server: one document per event of the
 * tournament's log (never changed once written) and one head document per tournament (the order of the
 * log and a standings snapshot for readers; replaced on every publish). Everything read back from a
 * server is checked against these: the server is not ours. The season's validate function checks every
 * write against the same schemas (`publish/season-design.ts` turns them into its rules).
 */

const text = (max: number) => z.string().check(z.maxLength(max));
const name = text(LIMITS.nameLength);
const count = z.int().check(z.gte(0), z.lte(100_000));

export const EVENT_DOC = 'wertungsblatt.event';
export const HEAD_DOC = 'wertungsblatt.tournament';

/** The head's schema version: 2 names the owner in every id and carries the director's signatures. */
export const HEAD_SCHEMA = 2;

/**
 * One part of a document id: the owner's server name, a tournament's id. The id's separator `:` is not in
 * it, so `tournament:<owner>:<tournament>` reads one way only (an event id, last in its document id, may
 * hold `:`).
 */
export const idPart = z.string().check(z.minLength(1), z.maxLength(200), z.regex(/^[^:]+$/));

/** Whether a text can be one part of a document id (an owner's name, a tournament id). */
export const isIdPart = (value: string): boolean => idPart.safeParse(value).success;

/**
 * A published tournament's key: its owner's server name and its own id (`lea:t-3k9…`). Every document of
 * it carries the key in its id, and the season's validate function lets only that owner write such ids: no
 * director can take, block or extend another's tournament, whatever ids he guesses. The live link names
 * the key (`/live?db=…&t=lea:t-3k9…`).
 */
export const publishedKey = (owner: string, tournament: string) => `${owner}:${tournament}`;
export const headId = (key: string) => `tournament:${key}`;
export const eventDocId = (key: string, event: string) => `event:${key}:${event}`;

/** Bytes of a P-256 signature and public key as base64url text (64 and 65 bytes). */
export const signature = z.string().check(z.length(86), z.regex(/^[A-Za-z0-9_-]+$/));
export const publicKey = z.string().check(z.length(87), z.regex(/^[A-Za-z0-9_-]+$/));

/**
 * Characters of one document's JSON at most, checked by the validate function and by every reader: a head
 * holds a tournament's ids, names and standings — at the bounds of a tournament file (`LIMITS.eventsPerFile`
 * event ids, `LIMITS.players` names) well under 4 million characters, and half of Apache CouchDB's own
 * default document limit (8 MB); one event, a round of `LIMITS.players` seated by name and moved by hand
 * (about 0.3 MB), with room.
 */
export const DOCUMENT_CHARS = { head: 4_000_000, event: 1_000_000 } as const;

export const publishedEventSchema = z.object({
	_id: text(500),
	_rev: z.optional(text(200)),
	type: z.literal(EVENT_DOC),
	/** The name of the server user who published it: the second part of the id. */
	owner: idPart,
	tournament: idPart,
	event: tournamentEventSchema,
	/** The director's signature over the tournament id and the event (`publish/signing.ts`). */
	signature
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
	schema: z.literal(HEAD_SCHEMA),
	owner: idPart,
	tournament: z.object({ id: idPart, name: text(120), date: text(40), format: z.enum(FORMATS) }),
	players: z.array(name).check(z.maxLength(LIMITS.players)),
	/** The log's event ids in order: a reader replays exactly these. */
	events: z
		.array(z.string().check(z.minLength(1), z.maxLength(200)))
		.check(z.maxLength(LIMITS.eventsPerFile)),
	publishedAt: text(40),
	snapshot: snapshotSchema,
	/** The director's public key (the tournament's signing key on the desk, or the command line's key). */
	key: publicKey,
	/** The director's signature over everything above but the id, revision and owner. */
	signature
});
export type PublishedHead = z.infer<typeof publishedHeadSchema>;

/** A head as far as the season's reader needs to recognise one of an older version (to name it). */
export const headVersionSchema = z.object({ type: z.literal(HEAD_DOC), schema: z.number() });
