import { publishedKey } from '../codecs/published';
import { SPECTATOR_DOC, spectatorId, spectatorSchema, type Spectator } from '../codecs/spectator';
import { formatRational, rational } from '../domain/rational';
import {
	finalCut,
	finalRanking,
	finalSize,
	scoreTable,
	standings,
	statusOf,
	type TournamentState
} from '../domain/tournament';
import { sameJson } from '../protocol/digest';
import type { Signer } from './signing';
import type { Publishable } from './snapshot';

/** The spectators' document without revision and signature: what the live pages show of this state. */
export type SpectatorDoc = Omit<Spectator, '_rev' | 'signature'>;

/** Every round's tables: the players in seat order and, once reported, each seat's outcome. */
function roundsOf(state: TournamentState, name: (id: string) => string): Spectator['rounds'] {
	const ofStage = { prelim: 0, final: 0 };
	return state.rounds.map((round) => ({
		round: round.number,
		stage: round.stage,
		ofStage: ++ofStage[round.stage],
		locked: round.locked,
		tables: round.tables.map((players, index) => {
			const result = round.results[index];
			if (!result) return { players: players.map(name) };
			const outcomes = new Map(scoreTable(state.format, result.scores).map((o) => [o.player, o]));
			const seats = players.map((player) => outcomes.get(player));
			const left = seats.flatMap((outcome, seat) => (outcome?.left ? [seat] : []));
			return {
				players: players.map(name),
				result: {
					places: seats.map((outcome) => outcome?.place ?? 0),
					points: seats.map((outcome) => formatRational(outcome?.points ?? rational(0))),
					gamePoints: seats.map((outcome) => outcome?.gamePoints ?? 0),
					...(left.length ? { left } : {})
				}
			};
		})
	}));
}

/**
 * The spectators' document of a tournament as `owner` published it at `publishedAt` (ISO time), to be
 * signed with `key` (the director's public key, as the head names it).
 */
export function spectatorOf(
	tournament: Publishable,
	owner: string,
	key: string,
	publishedAt: string
): SpectatorDoc {
	const { state } = tournament;
	const table = standings(state);
	const name = (id: string) => state.players.get(id)?.name ?? id;
	const final = finalRanking(state);
	// Before the final opens, a tie across its last place waits for a lot (SET: a play-off).
	const cut = final ? null : finalCut(state);
	const pending = table.qualifiers?.pending;
	return {
		_id: spectatorId(publishedKey(owner, tournament.id)),
		type: SPECTATOR_DOC,
		schema: 1,
		owner,
		tournament: { id: tournament.id, name: state.name, date: state.date, format: state.format },
		publishedAt,
		status: statusOf(state),
		prelimRounds: state.options.rounds,
		rounds: roundsOf(state, name),
		standings: table.rows.map((row) => ({
			rank: row.rank,
			player: row.name,
			points: formatRational(row.points),
			gamePoints: row.gamePoints,
			...(row.sharePercent === undefined ? {} : { share: row.sharePercent }),
			withdrawn: row.withdrawn,
			...(row.final
				? {
						final: {
							rank: row.final.rank,
							points: formatRational(row.final.points),
							gamePoints: row.final.gamePoints
						}
					}
				: {})
		})),
		final: {
			size: finalSize(state),
			finalists: table.finalists.map(name),
			complete: final?.complete ?? false,
			...(cut?.undecided.length ? { pending: { players: cut.undecided.map(name), places: cut.places } } : {})
		},
		...(table.qualifiers
			? {
					qualifiers: {
						count: table.qualifiers.count,
						players: table.qualifiers.players.map(name),
						...(pending ? { pending: { players: pending.players.map(name), places: pending.places } } : {})
					}
				}
			: {}),
		key
	};
}

/**
 * The spectators' document to write, signed and with the stored one's revision, or null when the stored
 * one (`stored`, as the server holds it, null: none) says the same. One that does not read (an older
 * schema) is replaced.
 */
export async function spectatorUpdate(
	stored: unknown,
	doc: SpectatorDoc,
	signer: Signer
): Promise<Spectator | null> {
	const was = stored === null ? null : spectatorSchema.safeParse(stored);
	// The signature is drawn anew at each signing: the same content under the same key is the same.
	if (was?.success && sameJson({ ...was.data, _rev: undefined, signature: undefined }, doc)) return null;
	const rev = (stored as { _rev?: unknown } | null)?._rev;
	return {
		...doc,
		signature: await signer.spectator(doc),
		...(typeof rev === 'string' ? { _rev: rev } : {})
	};
}
