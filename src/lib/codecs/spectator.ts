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
 *
 * Compact, as every phone of the crowd reads it in full at each publish and the server reads and hashes it
 * at every question: each name once (`players`, in the order of the standings), every other mention of a
 * player is his number in that list; standings, tables and results are columns, so no key repeats per row
 * (60 players and 5 rounds: 6.5 kB, the first version's rows of objects with names took 15.6 kB).
 * `readSpectator` turns it into the rows the pages show (`Spectator`).
 */

export const SPECTATOR_DOC = 'wertungsblatt.live';

/** The document's version: 2 is the compact one (version 1 repeated names and keys in every row). */
export const SPECTATOR_SCHEMA = 2;

/** The spectators' document of a published tournament's key (`owner:id`), beside its head `tournament:<key>`. */
export const spectatorId = (key: string) => `live:${key}`;

/**
 * Characters of the document's JSON at most (validate function and readers): the bound of the head's, as
 * it holds what a tournament file within the app's bounds comes to (every round's tables with their
 * results, and the standings).
 */
export const SPECTATOR_CHARS = LIMITS.bodyBytes;

const text = (max: number) => z.string().check(z.maxLength(max));
const name = text(LIMITS.nameLength);
const count = z.int().check(z.gte(0), z.lte(100_000));
/** A player: his number in the document's `players`. */
const player = z.int().check(z.gte(0), z.lte(LIMITS.players - 1));
/** Tournament points as the desk writes them ("2,5", "3⅓"): each reader writes them in his language. */
const points = text(20);
const gamePoints = z.int().check(z.gte(-100_000_000), z.lte(100_000_000));
const column = <T extends z.ZodMiniType>(item: T) => z.array(item).check(z.maxLength(LIMITS.players));
/** Per table of a round, each seat's value in seat order. */
const perTable = <T extends z.ZodMiniType>(item: T) =>
	z.array(z.array(item).check(z.maxLength(8))).check(z.maxLength(TABLES_PER_ROUND));

/**
 * One round: its tables' players in seat order; per table each seat's place, points and game points (SET
 * points in SET) once it has reported (an empty list while it plays), and the seats whose player left.
 */
const roundSchema = z.object({
	stage: z.enum(STAGES),
	tables: perTable(player),
	places: perTable(count),
	points: perTable(points),
	gamePoints: perTable(gamePoints),
	left: z.optional(perTable(count))
});

/** A tie across the last place of a cut that a lot (play-off in SET) still decides: `places` among `players`. */
const pendingSchema = z.object({ players: column(player), places: count });

/** The overall standings, one entry per player in `players`' order. */
const standingsSchema = z.object({
	rank: column(count),
	/** Prelim tournament points (victory points in swiss). */
	points: column(points),
	gamePoints: column(gamePoints),
	/** Swiss: the sum of percentage shares, in percent. */
	share: z.optional(column(z.number())),
	/** The players who withdrew. */
	withdrawn: column(player),
	/** Once the final has begun, its players: each one's rank, points and game points in the final. */
	final: z.object({
		players: column(player),
		rank: column(count),
		points: column(points),
		gamePoints: column(gamePoints)
	})
});

export const spectatorSchema = z.object({
	_id: text(500),
	_rev: z.optional(text(200)),
	type: z.literal(SPECTATOR_DOC),
	schema: z.literal(SPECTATOR_SCHEMA),
	/** The name of the server user who published it: the second part of the id. */
	owner: idPart,
	tournament: z.object({ id: idPart, name: text(120), date: text(40), format: z.enum(FORMATS) }),
	/** When the director published this state (ISO time): what „Stand“ says. */
	publishedAt: text(40),
	/** Where the tournament stands; everything before 'finished' is provisional. */
	status: z.enum(TOURNAMENT_STATUSES),
	/** How many prelim rounds are planned. */
	prelimRounds: count,
	/** Every player's name once, in the order of the standings. */
	players: column(name),
	standings: standingsSchema,
	rounds: z.array(roundSchema).check(z.maxLength(40)),
	final: z.object({
		/** How many play the final (0: the format has none). */
		size: count,
		/** Certain to play it (all of them once the cut is decided). */
		finalists: column(player),
		/** Every final round has reported. */
		complete: z.boolean(),
		pending: z.optional(pendingSchema)
	}),
	/** Triominos: how many qualify for the German championship, who is certain, and a lot still open. */
	qualifiers: z.optional(z.object({ count, players: column(player), pending: z.optional(pendingSchema) })),
	/** The director's public key, as the head carries it. */
	key: publicKey,
	/** The director's signature over everything above but the id, revision and owner. */
	signature
});
/** The document as stored. */
export type SpectatorDocument = z.infer<typeof spectatorSchema>;

/** A tie at a cut, by name, as the pages say it. */
export interface Pending {
	readonly players: readonly string[];
	readonly places: number;
}

/** One table as the pages show it: its players and, once it reported, each seat's outcome (columns by seat). */
export interface SpectatorTable {
	readonly players: readonly string[];
	readonly result?: {
		readonly places: readonly number[];
		readonly points: readonly string[];
		readonly gamePoints: readonly number[];
		readonly left?: readonly number[];
	};
}

export interface SpectatorRound {
	/** The round's number in the tournament (the final's rounds go on counting). */
	readonly round: number;
	readonly stage: (typeof STAGES)[number];
	/** Its number within its stage: the final's second round is 2. */
	readonly ofStage: number;
	readonly tables: readonly SpectatorTable[];
}

export interface SpectatorStanding {
	readonly rank: number;
	readonly player: string;
	readonly points: string;
	readonly gamePoints: number;
	readonly share?: number;
	readonly withdrawn: boolean;
	/** A finalist once the final has begun: his rank, points and game points in the final. */
	readonly final?: { readonly rank: number; readonly points: string; readonly gamePoints: number };
}

/** The spectators' document as the live pages read it: rows by name. */
export interface Spectator {
	readonly tournament: SpectatorDocument['tournament'];
	readonly publishedAt: string;
	readonly status: SpectatorDocument['status'];
	readonly prelimRounds: number;
	readonly rounds: readonly SpectatorRound[];
	readonly standings: readonly SpectatorStanding[];
	readonly final: {
		readonly size: number;
		readonly finalists: readonly string[];
		readonly complete: boolean;
		readonly pending?: Pending;
	};
	readonly qualifiers?: {
		readonly count: number;
		readonly players: readonly string[];
		readonly pending?: Pending;
	};
}

/** A number that names no player, or columns of different lengths: the document does not read. */
class Misfit extends Error {}

/**
 * The document as the pages read it, or null when its numbers name players it does not list or its
 * columns do not line up (the schema checks each value, not how they fit together).
 */
export function readSpectator(doc: SpectatorDocument): Spectator | null {
	const { players, standings } = doc;
	const nameOf = (index: number): string => {
		const found = players[index];
		if (found === undefined) throw new Misfit();
		return found;
	};
	const names = (indexes: readonly number[]) => indexes.map(nameOf);
	const lined = (length: number, ...columns: (readonly unknown[] | undefined)[]) => {
		if (columns.some((c) => c !== undefined && c.length !== length)) throw new Misfit();
	};
	const pending = (p: { players: number[]; places: number } | undefined) =>
		p ? { pending: { players: names(p.players), places: p.places } } : {};
	try {
		lined(players.length, standings.rank, standings.points, standings.gamePoints, standings.share);
		const { final } = standings;
		lined(final.players.length, final.rank, final.points, final.gamePoints);
		const finals = new Map(
			final.players.map((p, i) => [
				p,
				{ rank: final.rank[i]!, points: final.points[i]!, gamePoints: final.gamePoints[i]! }
			])
		);
		const withdrawn = new Set(standings.withdrawn);
		const ofStage = { prelim: 0, final: 0 };
		const rounds = doc.rounds.map((round, r): SpectatorRound => {
			lined(round.tables.length, round.places, round.points, round.gamePoints, round.left);
			return {
				round: r + 1,
				stage: round.stage,
				ofStage: ++ofStage[round.stage],
				tables: round.tables.map((seats, t): SpectatorTable => {
					const places = round.places[t]!;
					if (!places.length) return { players: names(seats) };
					const left = round.left?.[t] ?? [];
					lined(seats.length, places, round.points[t], round.gamePoints[t]);
					return {
						players: names(seats),
						result: {
							places,
							points: round.points[t]!,
							gamePoints: round.gamePoints[t]!,
							...(left.length ? { left } : {})
						}
					};
				})
			};
		});
		return {
			tournament: doc.tournament,
			publishedAt: doc.publishedAt,
			status: doc.status,
			prelimRounds: doc.prelimRounds,
			rounds,
			standings: players.map((player, i) => {
				const inFinal = finals.get(i);
				const share = standings.share?.[i];
				return {
					rank: standings.rank[i]!,
					player,
					points: standings.points[i]!,
					gamePoints: standings.gamePoints[i]!,
					...(share === undefined ? {} : { share }),
					withdrawn: withdrawn.has(i),
					...(inFinal ? { final: inFinal } : {})
				};
			}),
			final: {
				size: doc.final.size,
				finalists: names(doc.final.finalists),
				complete: doc.final.complete,
				...pending(doc.final.pending)
			},
			...(doc.qualifiers
				? {
						qualifiers: {
							count: doc.qualifiers.count,
							players: names(doc.qualifiers.players),
							...pending(doc.qualifiers.pending)
						}
					}
				: {})
		};
	} catch (error) {
		if (error instanceof Misfit) return null;
		throw error;
	}
}
