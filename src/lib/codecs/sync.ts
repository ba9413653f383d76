import { z } from 'zod/mini';
import './english';
import { LIMITS, TABLES_PER_ROUND } from '../domain/limits';
import { roundEntrySchema, roundStartedSchema, ruleOptionsSchema } from './round';

/** Zod guards for what the sync codes and files carry (after the binary decode), and its stored state. */

const id = z.string().check(z.minLength(1), z.maxLength(120));
const count = z.int().check(z.gte(1), z.lte(10_000));
/** Raw key bytes of a fixed length (see src/lib/protocol/keys.ts). */
const bytes = (length: number, what: string) =>
	z.custom<Uint8Array>((k) => k instanceof Uint8Array && k.length === length, `${what} has ${length} bytes`);
/** The director's master key. */
const key = bytes(32, 'a master key');
/** A table's key for one round. */
const tableKey = bytes(16, 'a table key');
/** The director's public signing key or a tablet's own key (P-256, uncompressed), and a private scalar. */
const publicKey = bytes(65, 'a public key');
/** A table key wrapped to the tablet that holds the table (src/lib/protocol/keys.ts). */
const wrappedKey = bytes(20, 'a wrapped table key');
const privateKey = bytes(32, 'a private key');

export const syncEventSchema = z.object({
	device: id,
	seq: z.int().check(z.gte(1), z.lte(2 ** 48)),
	at: z.int().check(z.gte(0)),
	type: z.string().check(z.minLength(1), z.maxLength(100)),
	body: z.unknown()
});

/** A round stream's events: started first, entries, at most one confirmation, last. */
export const roundBatchSchema = z
	.object({
		tournamentId: id,
		round: count,
		table: count,
		stream: id,
		events: z.readonly(z.array(syncEventSchema).check(z.minLength(1), z.maxLength(LIMITS.eventsPerRound)))
	})
	.check(
		z.superRefine((batch, ctx) => {
			for (const [index, event] of batch.events.entries()) {
				const schema =
					event.type === 'round.started'
						? roundStartedSchema
						: event.type === 'round.entry'
							? roundEntrySchema
							: event.type === 'round.confirmed'
								? z.strictObject({})
								: null;
				if (!schema) {
					ctx.addIssue({ code: 'custom', message: `event ${index}: unknown type ${event.type}` });
					continue;
				}
				if ((event.type === 'round.started') !== (index === 0)) {
					ctx.addIssue({
						code: 'custom',
						message: `event ${index}: the round must start with round.started`
					});
				}
				if (event.type === 'round.confirmed' && index !== batch.events.length - 1) {
					ctx.addIssue({ code: 'custom', message: `event ${index}: nothing may follow the confirmation` });
				}
				const parsed = schema.safeParse(event.body);
				if (!parsed.success)
					ctx.addIssue({ code: 'custom', message: `event ${index}: ${parsed.error.message}` });
			}
			const ids = new Set(batch.events.map((e) => `${e.device}:${e.seq}`));
			if (ids.size !== batch.events.length)
				ctx.addIssue({ code: 'custom', message: 'an event id occurs twice' });
		})
	);

/** The name a tablet chose for itself, shown at the desk beside its table ("Tablet 3 (blau)"). */
export const tabletNameSchema = z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.tabletName));

const seat = z.object({
	id,
	name: z.string().check(z.trim(), z.minLength(1), z.maxLength(LIMITS.nameLength))
});

export const assignmentSchema = z.object({
	kind: z.literal('assignment'),
	tournamentId: id,
	tournamentName: z.string().check(z.maxLength(120)),
	/** This table's key for this round: it signs the table's result and nothing else. */
	key: tableKey,
	round: count,
	table: count,
	players: z.array(seat).check(z.minLength(2), z.maxLength(6)),
	rules: ruleOptionsSchema,
	/** The director's log length when it handed the table out: the seating the result code refers to. */
	revision: z.optional(z.int().check(z.gte(0))),
	/** The director's public key, pinned by a tablet when it first joins the tournament. */
	director: publicKey,
	/**
	 * When the desk made this code, in minutes since the epoch (codes of version 3 have none): a tablet
	 * new to the tournament warns when a code is old (a round may be over by then).
	 */
	issuedAt: z.optional(z.int().check(z.gte(0), z.lte(2 ** 40)))
});

/**
 * A table reports a player who did not show up: the desk decides (nothing in the tournament changes by
 * itself). Signed with the table's key, like its result.
 */
export const absenceSchema = z.object({
	kind: z.literal('absence'),
	tournamentId: id,
	round: count,
	table: count,
	/** The missing player's id, as the table code seated it. */
	player: id,
	device: id,
	tablet: z.optional(tabletNameSchema),
	/** When the table reported it (milliseconds since the epoch, to the second). */
	at: z.int().check(z.gte(0))
});

export const standingsRowSchema = z.object({
	player: id,
	name: z.string().check(z.maxLength(LIMITS.nameLength)),
	rank: count,
	points: z.object({ num: z.int(), den: z.int().check(z.gte(1)) }),
	gamePoints: z.int(),
	withdrawn: z.boolean()
});

export const standingsSchema = z.object({
	kind: z.literal('standings'),
	tournamentId: id,
	tournamentName: z.string().check(z.maxLength(120)),
	/** The last round whose results are in (0: none yet). */
	afterRound: z.int().check(z.gte(0), z.lte(10_000)),
	/** How many events the director's tournament log held: a tablet keeps the highest it has seen. */
	revision: z.int().check(z.gte(0)),
	rows: z.array(standingsRowSchema).check(z.maxLength(LIMITS.players)),
	/** The next round's seating, when it has been drawn: players in seat order per table. */
	next: z.nullable(
		z
			.object({
				round: count,
				tables: z
					.array(z.array(id).check(z.minLength(1), z.maxLength(6)))
					.check(z.maxLength(TABLES_PER_ROUND)),
				/**
				 * Each table's key for that round, wrapped to the own key of the tablet that holds the same table
				 * now (null: no tablet holds it beyond doubt — it reads the table code), under one ephemeral key.
				 */
				wrapped: z.optional(
					z.object({
						ephemeral: publicKey,
						keys: z.array(z.nullable(wrappedKey)).check(z.maxLength(TABLES_PER_ROUND))
					})
				)
			})
			.check(
				z.refine((next) => !next.wrapped || next.wrapped.keys.length === next.tables.length, {
					message: 'one wrapped key (or none) per table'
				})
			)
	)
});

export const tournamentEventRowSchema = z.object({
	device: id,
	seq: z.int().check(z.gte(1)),
	at: z.int().check(z.gte(0)),
	type: z.string().check(z.minLength(1), z.maxLength(100)),
	body: z.unknown()
});

/**
 * Why a batch waits for the director: another tablet recorded the same table, the round is locked, the
 * names do not match the seating, the table's result was recorded otherwise (e.g. by hand), another
 * device continued the stream, the continuation takes back what was handed in before, or the device
 * holds another table (of this round, or of the round before while another device held this one).
 */
export const CONFLICT_REASONS = [
	'other-stream',
	'locked',
	'players',
	'result-differs',
	'other-device',
	'rewrites',
	'other-table'
] as const;

/** What became of a kept batch: still waiting, or decided. */
export const DECISION_STATUSES = ['open', 'taken', 'set-aside'] as const;

/**
 * What became of a kept batch at the desk that wrote a tournament file: decided (`taken`, `set-aside`) or
 * still `open`, why it waited, and what the desk knew of where it came from. A file written before these
 * were kept has none (`decisions` absent): its batches come back as the rows say (`restoreDecision`).
 */
const bundleDecisionSchema = z.object({
	status: z.enum(DECISION_STATUSES),
	reason: z.enum(CONFLICT_REASONS),
	receivedAt: z.number().check(z.gte(0)),
	tablet: z.optional(z.string().check(z.maxLength(LIMITS.tabletName))),
	holds: z.optional(z.object({ round: count, table: count })),
	slot: z.optional(z.string().check(z.maxLength(200)))
});
export type BundleDecision = z.infer<typeof bundleDecisionSchema>;

export const bundleSchema = z
	.object({
		kind: z.literal('tournament'),
		tournamentId: id,
		tournamentName: z.string().check(z.maxLength(120)),
		/** The director's keys: a backup is the director's device in a file (docs/ARCHITECTURE.md). */
		key,
		signing: privateKey,
		director: publicKey,
		/** Rounds up to this one were handed out with the master key itself (a tournament of an older version). */
		legacyThrough: z.int().check(z.gte(0), z.lte(10_000)),
		/** The tournament stream's events as stored. */
		events: z.array(tournamentEventRowSchema).check(z.maxLength(LIMITS.eventsPerFile)),
		/** Every table's round stream the director took over, and batches still waiting for a decision. */
		rounds: z.readonly(z.array(roundBatchSchema).check(z.maxLength(10_000))),
		pending: z.readonly(z.array(roundBatchSchema).check(z.maxLength(10_000))),
		/** The desk's decision on each batch of `pending`, in its order (files of older versions: none). */
		decisions: z.optional(z.readonly(z.array(bundleDecisionSchema).check(z.maxLength(10_000))))
	})
	.check(
		z.refine((bundle) => !bundle.decisions || bundle.decisions.length === bundle.pending.length, {
			message: 'one decision for each waiting batch'
		})
	);

export type TableAssignment = z.infer<typeof assignmentSchema>;
export type AbsencePayload = z.infer<typeof absenceSchema>;
export type StandingsPayload = z.infer<typeof standingsSchema>;
export type StandingsRowPayload = z.infer<typeof standingsRowSchema>;
export type TournamentBundle = z.infer<typeof bundleSchema>;

/** A table this tablet joined: the assignment as scanned (the key is kept with the tournament). */
export const joinedTableSchema = z.object({
	tournamentId: id,
	tournamentName: z.string().check(z.maxLength(120)),
	round: count,
	table: count,
	players: z.array(seat).check(z.minLength(2), z.maxLength(6)),
	rules: ruleOptionsSchema,
	/** The director's log revision of this seating (codes of older versions have none). */
	revision: z.optional(z.int().check(z.gte(0))),
	/** This table's key for the round, base64url (tables joined by older versions sign with the master key). */
	key: z.optional(z.string().check(z.length(22))),
	/** When the desk made the code, minutes since the epoch (codes of version 3 have none). */
	issuedAt: z.optional(z.int().check(z.gte(0))),
	/**
	 * The director's public key the table came under (base64url; tables joined before version 5 name none):
	 * a tablet compares rounds only with the tables of the key it has pinned.
	 */
	director: z.optional(z.string().check(z.length(87))),
	joinedAt: z.number()
});
export type JoinedTable = z.infer<typeof joinedTableSchema>;

/**
 * A tournament this device takes part in, as director or as a table (keys as base64url). The director
 * holds the master key, its signing key and, for a tournament stored before per-table keys, the last
 * round handed out with the master key itself. A tablet holds the director's public key it pinned (and,
 * joined by an older version, the master key it was handed then).
 */
export const knownTournamentSchema = z.object({
	id,
	name: z.string().check(z.maxLength(120)),
	key: z.optional(z.string().check(z.length(43))),
	role: z.enum(['director', 'table']),
	director: z.optional(z.string().check(z.length(87))),
	signing: z.optional(z.string().check(z.length(43))),
	/** Absent in rows of older versions: then every round so far was handed out with the master key. */
	legacyThrough: z.optional(z.int().check(z.gte(0))),
	/**
	 * Restored on this device from an "Alles (JSON)" export, which carries no keys, so the tournament got
	 * new ones: when, and its newest round then (tablets of it and earlier rounds hold keys of before).
	 */
	restored: z.optional(z.object({ at: z.number(), round: z.int().check(z.gte(0)) })),
	/**
	 * A tablet whose players confirmed another key of the director: what it believed before (the key, its
	 * standings, the tables joined), so that "Wechsel rückgängig machen" brings it back; and when.
	 */
	previous: z.optional(
		z.object({
			director: z.string().check(z.length(87)),
			at: z.number(),
			standings: z.nullable(standingsSchema),
			joined: z.array(joinedTableSchema)
		})
	)
});
export type KnownTournament = z.infer<typeof knownTournamentSchema>;

/**
 * The director's holding for one table: the round stream taken over, its device, the tablet's name and
 * the tablet's own public key as the code that made the holding carried it (base64url; none from codes of
 * before version 5 or from files), to which the next round's key of the table is wrapped.
 */
export const heldTableSchema = z.object({
	stream: id,
	device: id,
	tablet: z.optional(tabletNameSchema),
	deviceKey: z.optional(z.string().check(z.length(87)))
});
export type HeldTable = z.infer<typeof heldTableSchema>;

/** The newest standings a tablet received for a tournament, and when. */
export const receivedStandingsSchema = z.object({ payload: standingsSchema, receivedAt: z.number() });

/** A batch kept for the director to decide on: the code as received, why it waits, what became of it. */
export const pendingBatchSchema = z.object({
	tournamentId: id,
	round: count,
	table: count,
	stream: id,
	device: id,
	/** The name the tablet chose for itself (codes of version 3 carry none). */
	tablet: z.optional(tabletNameSchema),
	/** The signed payload, Base45. */
	code: z.string().check(z.minLength(1)),
	/** How many events the code holds (rows of older versions have none): a longer code of the stream replaces it. */
	events: z.optional(z.int().check(z.gte(1))),
	reason: z.enum(CONFLICT_REASONS),
	/** For `other-table`: the table the device holds instead (of this round or the one before). */
	holds: z.optional(z.object({ round: count, table: count })),
	/** Another continuation of a stream already kept waits beside it, under this slot (absent: the stream). */
	slot: z.optional(z.string().check(z.maxLength(200))),
	receivedAt: z.number(),
	status: z.enum(DECISION_STATUSES)
});
export type PendingBatch = z.infer<typeof pendingBatchSchema>;

/** A table's report of a missing player, kept at the desk until the director has dealt with it. */
export const absenceRowSchema = z.object({
	tournamentId: id,
	round: count,
	table: count,
	player: id,
	device: id,
	tablet: z.optional(tabletNameSchema),
	at: z.int().check(z.gte(0)),
	receivedAt: z.number(),
	status: z.enum(['open', 'done'])
});
export type AbsenceRow = z.infer<typeof absenceRowSchema>;
