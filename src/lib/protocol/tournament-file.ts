import { z } from 'zod/mini';
import { readJson, type JsonRefusal } from '../codecs/json-walk';
import { Allowance } from '../domain/bounds';
import { LIMITS } from '../domain/limits';
import { tournamentEventSchema, type StoredTournamentEvent } from '../codecs/tournament';
import { fail, ok, type Problem, type Result } from '../domain/result';
import type { TournamentBundle } from '../codecs/sync';
import { FileBytes } from './files';
import type { SigningKey } from './keys';
import { decodePayload, verifyPayload } from './payload';
import { inLogOrder } from './sync-events';
import { formatRational, toNumber, type Rational } from '../domain/rational';
import {
	scoreTable,
	standings as computeStandings,
	sharePercent,
	type Tiebreak,
	type TournamentEvent,
	type TournamentState
} from '../domain/tournament';
import { statusOf } from '../domain/tournament/status';

/** A tournament's own log as a file holds it: its id, name and events in log order. */
export interface TournamentLog {
	readonly id: string;
	readonly name: string;
	readonly events: readonly StoredTournamentEvent[];
	/** Which of the desk's files it came from. */
	readonly source: 'export' | 'backup';
	/** A backup's signing key: the desk's own key of the tournament (an export carries none). */
	readonly key?: SigningKey;
}

/** The desk's "Alles (JSON)" export: the parts this reads (the rest is derived and recomputed). */
const exportSchema = z.object({
	tournament: z.object({ id: z.string().check(z.minLength(1), z.maxLength(200)), name: z.string() }),
	events: z.array(z.unknown()).check(z.minLength(1))
});

/** Members of the export the readers use: the rest (standings, rounds …) is derived, walked but never built. */
const EXPORT_MEMBERS: ReadonlySet<string> = new Set(['tournament', 'events']);
/** Members of a plain result file (`wertungsblatt standings`). */
const PLAIN_MEMBERS: ReadonlySet<string> = new Set(
	'format players rounds options final lots name date'.split(' ')
);

/**
 * A tournament's JSON file (the desk's "Alles (JSON)" export; with `plain`, a plain result file too), read
 * within the bounds as it comes in pieces: its log stops at the first event past `LIMITS.eventsPerFile`,
 * the whole at the first value past `LIMITS.jsonValues`, and only the members a reader uses are parsed.
 * An export names its tournament first: from there, only the export's own members are kept.
 */
export function readTournamentJson(
	pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
	options: { plain?: boolean } = {}
): Promise<Result<unknown, JsonRefusal>> {
	let desk = !options.plain;
	return readJson(pieces, {
		depth: LIMITS.bodyDepth + 2,
		bytes: LIMITS.bodyBytes,
		allowance: new Allowance(),
		log: 'events',
		keep: (key) => {
			if (key === 'tournament') desk = true;
			return EXPORT_MEMBERS.has(key) || (!desk && PLAIN_MEMBERS.has(key));
		}
	});
}

/** Whether parsed JSON looks like the desk's "Alles (JSON)" export (and not a plain result file). */
export function isDeskExport(value: unknown): boolean {
	return typeof value === 'object' && value !== null && 'events' in value && 'tournament' in value;
}

function damaged(index: number, detail: string): Problem {
	return { code: 'damaged-log', index, detail };
}

function eventsOf(bodies: readonly unknown[]): Result<StoredTournamentEvent[]> {
	const events: StoredTournamentEvent[] = [];
	for (const [index, body] of bodies.entries()) {
		const parsed = tournamentEventSchema.safeParse(body);
		if (!parsed.success) return fail(damaged(index, parsed.error.issues[0]?.message ?? ''));
		events.push(parsed.data);
	}
	return ok(events);
}

/** The log of a parsed "Alles (JSON)" export. */
export function logOfExport(value: unknown): Result<TournamentLog> {
	const parsed = exportSchema.safeParse(value);
	if (!parsed.success) {
		return fail({ code: 'not-an-export' });
	}
	const events = eventsOf(parsed.data.events);
	if (!events.ok) return events;
	const { id, name } = parsed.data.tournament;
	return ok({ id, name, events: events.value, source: 'export' });
}

/** Whether a file's text is one of the desk's backup files (`.wbsync`). */
export const isBackupText = (text: string): boolean => text.startsWith('WERTUNGSBLATT-SYNC');

/**
 * The log of a backup file (`.wbsync`, a signed tournament bundle). The key travels in the bundle, so the
 * signature proves the file is whole, not who wrote it. A round-only backup holds no tournament log.
 */
export async function logOfBackup(text: string): Promise<Result<TournamentLog>> {
	// Decoded as far as it is read: a file past a bound is refused there.
	const file = FileBytes.of(text);
	if (!file.ok) return file;
	const decoded = await decodePayload(file.value);
	if (!decoded.ok) return decoded;
	if (decoded.value.payload.kind !== 'tournament') {
		return fail({ code: 'not-a-backup' });
	}
	const bundle = decoded.value.payload as TournamentBundle;
	const verified = await verifyPayload(decoded.value, bundle.director);
	if (!verified.ok) return verified;
	if (!bundle.events.length) {
		return fail({ code: 'round-only' });
	}
	const events = eventsOf(inLogOrder(bundle.events).map((row) => row.body));
	if (!events.ok) return events;
	return ok({
		id: bundle.tournamentId,
		name: bundle.tournamentName,
		events: events.value,
		source: 'backup',
		key: { privateKey: bundle.signing, publicKey: bundle.director }
	});
}

const exact = (r: Rational) => ({ value: toNumber(r), exact: formatRational(r, 'en') });

/**
 * A tiebreak as data: the rival's id, what settled it, whether this player won it, and for a criterion
 * both values compared (this player's first; shares in percent, as the standings' `share`). The words
 * are the reader's. Older exports carry the German and English sentence here instead; that does no
 * harm, since a file is read back only for its tournament and events (`logOfExport`).
 */
function tiebreakJson(tiebreak: Tiebreak) {
	const { against, by, won } = tiebreak;
	if (tiebreak.by === 'share') return { against, by, won, values: tiebreak.values.map(sharePercent) };
	return 'values' in tiebreak ? { against, by, won, values: tiebreak.values } : { against, by, won };
}

/** Everything about the tournament as JSON: settings, standings, every round's results and the event log. */
export function tournamentJson(id: string, state: TournamentState, events: readonly TournamentEvent[]) {
	const table = computeStandings(state);
	const name = (player: string) => state.players.get(player)?.name ?? player;
	return {
		tournament: {
			id,
			name: state.name,
			date: state.date,
			format: state.format,
			status: statusOf(state),
			options: state.options
		},
		standings: table.rows.map((row) => ({
			rank: row.rank,
			player: row.name,
			id: row.player,
			points: exact(row.points),
			gamePoints: row.gamePoints,
			...(row.sharePercent === undefined ? {} : { share: row.sharePercent }),
			...(row.final
				? {
						final: { rank: row.final.rank, points: exact(row.final.points), gamePoints: row.final.gamePoints }
					}
				: {}),
			withdrawn: row.withdrawn,
			tiebreaks: row.tiebreaks.map(tiebreakJson)
		})),
		finalists: table.finalists.map(name),
		...(table.qualifiers
			? { qualifiers: { count: table.qualifiers.count, players: table.qualifiers.players.map(name) } }
			: {}),
		undecided: table.undecided.map((tie) => ({
			stage: tie.stage,
			by: tie.by,
			players: tie.players.map(name)
		})),
		rounds: state.rounds.map((round) => ({
			round: round.number,
			stage: round.stage,
			seed: round.seed,
			locked: round.locked,
			tables: round.tables.map((players, index) => {
				const result = round.results[index];
				const outcomes = result ? scoreTable(state.format, result.scores) : [];
				return {
					table: index + 1,
					players: players.map((player, seat) => {
						const score = result?.scores.find((s) => s.player === player);
						const outcome = outcomes.find((o) => o.player === player);
						return {
							seat: seat + 1,
							player: name(player),
							...(score ? { score: { ...score, player: undefined } } : {}),
							...(outcome
								? { place: outcome.place, points: exact(outcome.points), gamePoints: outcome.gamePoints }
								: {})
						};
					}),
					corrections:
						result?.corrections.map((c) => ({ at: c.at, reason: c.reason, override: c.override })) ?? []
				};
			})
		})),
		events
	};
}
