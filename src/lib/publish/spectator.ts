import { publishedKey } from '../codecs/published';
import {
	SPECTATOR_DOC,
	SPECTATOR_SCHEMA,
	spectatorId,
	spectatorSchema,
	type SpectatorDocument
} from '../codecs/spectator';
import { formatRational, rational } from '../domain/rational';
import {
	finalCut,
	finalRanking,
	finalSize,
	scoreTable,
	standings,
	statusOf,
	type SeatOutcome,
	type TournamentState
} from '../domain/tournament';
import { sameJson } from '../protocol/digest';
import type { Signer } from './signing';
import type { Publishable } from './snapshot';

/** The spectators' document without revision and signature: what the live pages show of this state. */
export type SpectatorDoc = Omit<SpectatorDocument, '_rev' | 'signature'>;

/** Every round's tables (players by their number in the document) and, per table once reported, its outcome. */
function roundsOf(state: TournamentState, number: (id: string) => number): SpectatorDoc['rounds'] {
	return state.rounds.map((round) => {
		const outcomes = round.tables.map((players, index) => {
			const result = round.results[index];
			if (!result) return null;
			const byPlayer = new Map(scoreTable(state.format, result.scores).map((o) => [o.player, o]));
			return players.map((player) => byPlayer.get(player));
		});
		const column = <T>(value: (outcome: SeatOutcome | undefined, seat: number) => T[]) =>
			outcomes.map((seats) => seats?.flatMap(value) ?? []);
		const left = column((outcome, seat) => (outcome?.left ? [seat] : []));
		return {
			stage: round.stage,
			tables: round.tables.map((players) => players.map(number)),
			places: column((outcome) => [outcome?.place ?? 0]),
			points: column((outcome) => [formatRational(outcome?.points ?? rational(0))]),
			gamePoints: column((outcome) => [outcome?.gamePoints ?? 0]),
			...(left.some((seats) => seats.length) ? { left } : {})
		};
	});
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
	// Every player once, in the order of the standings; elsewhere his number in this list.
	const numbers = new Map(table.rows.map((row, i) => [row.player, i]));
	const number = (id: string) => numbers.get(id) ?? -1;
	const final = finalRanking(state);
	const finalists = table.rows.flatMap((row, i) => (row.final ? [{ i, final: row.final }] : []));
	// Before the final opens, a tie across its last place waits for a lot (SET: a play-off).
	const cut = final ? null : finalCut(state);
	const pending = table.qualifiers?.pending;
	const shares = table.rows.map((row) => row.sharePercent);
	return {
		_id: spectatorId(publishedKey(owner, tournament.id)),
		type: SPECTATOR_DOC,
		schema: SPECTATOR_SCHEMA,
		owner,
		tournament: { id: tournament.id, name: state.name, date: state.date, format: state.format },
		publishedAt,
		status: statusOf(state),
		prelimRounds: state.options.rounds,
		players: table.rows.map((row) => row.name),
		standings: {
			rank: table.rows.map((row) => row.rank),
			points: table.rows.map((row) => formatRational(row.points)),
			gamePoints: table.rows.map((row) => row.gamePoints),
			...(shares.every((share) => share !== undefined) ? { share: shares } : {}),
			withdrawn: table.rows.flatMap((row, i) => (row.withdrawn ? [i] : [])),
			final: {
				players: finalists.map(({ i }) => i),
				rank: finalists.map(({ final }) => final.rank),
				points: finalists.map(({ final }) => formatRational(final.points)),
				gamePoints: finalists.map(({ final }) => final.gamePoints)
			}
		},
		rounds: roundsOf(state, number),
		final: {
			size: finalSize(state),
			finalists: table.finalists.map(number),
			complete: final?.complete ?? false,
			...(cut?.undecided.length
				? { pending: { players: cut.undecided.map(number), places: cut.places } }
				: {})
		},
		...(table.qualifiers
			? {
					qualifiers: {
						count: table.qualifiers.count,
						players: table.qualifiers.players.map(number),
						...(pending ? { pending: { players: pending.players.map(number), places: pending.places } } : {})
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
): Promise<SpectatorDocument | null> {
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
