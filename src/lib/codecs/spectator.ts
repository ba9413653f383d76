import { z } from 'zod/mini';
import './english';
import { LIMITS, TABLES_PER_ROUND } from '../domain/limits';
import { FORMATS, STAGES, TOURNAMENT_STATUSES } from '../domain/tournament';
import { idPart, publicKey, signature } from './published';

/**
 * The spectators' document of a published tournament: everything the live pages show (standings with the
 * final's own points, every round's tables with each seat's result, the cuts a lot still decides) in one
 * small document, written beside the head at each publish. A phone reads only this document, by a
 * conditional GET every few seconds (docs/ARCHITECTURE.md, "A live page for a crowd"), so a publish of
 * another tournament never wakes it and an unchanged one costs a 304. Names and points are as people
 * read them; the season's qualifiers are never taken from here but replayed from the events. Like the
 * head it is bound to its owner by its id (the season's validate function checks it against this schema)
 * and signed with the director's key (`publish/signing.ts`), which every live page checks.
 */

export const SPECTATOR_DOC = 'wertungsblatt.live';

/** The spectators' document of a published tournament's key (`owner:id`), beside its head `tournament:<key>`. */
export const spectatorId = (key: string) => `live:${key}`;

/**
 * Characters of the document's JSON at most (validate function and readers): the bound of the head's, as
 * it holds what a tournament file within the app's bounds comes to (every round's tables by name with
 * their results, and the standings).
 */
export const SPECTATOR_CHARS = LIMITS.bodyBytes;

const text = (max: number) => z.string().check(z.maxLength(max));
const name = text(LIMITS.nameLength);
const count = z.int().check(z.gte(0), z.lte(100_000));
/** Tournament points as the desk writes them ("2,5", "3⅓"): each reader writes them in his language. */
const points = text(20);
const gamePoints = z.int().check(z.gte(-100_000_000), z.lte(100_000_000));
const names = z.array(name).check(z.maxLength(LIMITS.players));

/**
 * One table of a round: its players in seat order and, once it has reported, each seat's place, points
 * and game points (SET points in SET) in the same order; `left`: the seats whose player left the game.
 * Columns rather than an object per seat: the document is read in full by every phone at each publish.
 */
const tableSchema = z
	.object({
		players: z.array(name).check(z.maxLength(8)),
		result: z.optional(
			z.object({
				places: z.array(count),
				points: z.array(points),
				gamePoints: z.array(gamePoints),
				left: z.optional(z.array(count))
			})
		)
	})
	.check(
		z.refine(
			({ players, result }) =>
				!result ||
				(result.places.length === players.length &&
					result.points.length === players.length &&
					result.gamePoints.length === players.length),
			'a result for every seat'
		)
	);

const roundSchema = z.object({
	/** The round's number in the tournament (the final's rounds go on counting). */
	round: count,
	stage: z.enum(STAGES),
	/** Its number within its stage: the final's second round is 2. */
	ofStage: count,
	locked: z.boolean(),
	tables: z.array(tableSchema).check(z.maxLength(TABLES_PER_ROUND))
});

/** A tie across the last place of a cut that a lot (play-off in SET) still decides: `places` among `players`. */
const pendingSchema = z.object({ players: names, places: count });

const standingSchema = z.object({
	rank: count,
	player: name,
	/** Prelim tournament points (victory points in swiss). */
	points,
	gamePoints,
	/** Swiss: the sum of percentage shares, in percent. */
	share: z.optional(z.number()),
	withdrawn: z.boolean(),
	/** A finalist once the final has begun: his rank, points and game points in the final. */
	final: z.optional(z.object({ rank: count, points, gamePoints }))
});

export const spectatorSchema = z.object({
	_id: text(500),
	_rev: z.optional(text(200)),
	type: z.literal(SPECTATOR_DOC),
	schema: z.literal(1),
	/** The name of the server user who published it: the second part of the id. */
	owner: idPart,
	tournament: z.object({ id: idPart, name: text(120), date: text(40), format: z.enum(FORMATS) }),
	/** When the director published this state (ISO time): what „Stand“ says. */
	publishedAt: text(40),
	/** Where the tournament stands; everything before 'finished' is provisional. */
	status: z.enum(TOURNAMENT_STATUSES),
	/** How many prelim rounds are planned. */
	prelimRounds: count,
	rounds: z.array(roundSchema).check(z.maxLength(40)),
	/** Overall: after a complete final the finalists by the final, everyone else by the prelims. */
	standings: z.array(standingSchema).check(z.maxLength(LIMITS.players)),
	final: z.object({
		/** How many play the final (0: the format has none). */
		size: count,
		/** Certain to play it (all of them once the cut is decided). */
		finalists: names,
		/** Every final round has reported. */
		complete: z.boolean(),
		pending: z.optional(pendingSchema)
	}),
	/** Triominos: how many qualify for the German championship, who is certain, and a lot still open. */
	qualifiers: z.optional(z.object({ count, players: names, pending: z.optional(pendingSchema) })),
	/** The director's public key, as the head carries it. */
	key: publicKey,
	/** The director's signature over everything above but the id, revision and owner. */
	signature
});
export type Spectator = z.infer<typeof spectatorSchema>;
export type SpectatorRound = Spectator['rounds'][number];
export type SpectatorTable = SpectatorRound['tables'][number];
export type SpectatorStanding = Spectator['standings'][number];
export type Pending = z.infer<typeof pendingSchema>;
