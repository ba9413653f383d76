import {
	EVENT_DOC,
	HEAD_DOC,
	HEAD_SCHEMA,
	eventDocId,
	headId,
	publishedKey,
	type PublishedEvent,
	type PublishedHead,
	type Snapshot
} from '../codecs/published';
import { formatRational, toNumber } from '../domain/rational';
import { standings, type TournamentEvent, type TournamentState } from '../domain/tournament';

/** A tournament as the desk or a file has it: its id, its log and the state the log replays to. */
export interface Publishable {
	readonly id: string;
	readonly events: readonly TournamentEvent[];
	readonly state: TournamentState;
}

/** What a reader needs at a glance: rounds and who has reported, standings, finalists, qualifiers. */
export function snapshotOf(state: TournamentState): Snapshot {
	const table = standings(state);
	const name = (id: string) => state.players.get(id)?.name ?? id;
	return {
		rounds: state.rounds.map((round) => ({
			round: round.number,
			stage: round.stage,
			locked: round.locked,
			tables: round.tables.map((players, index) => ({
				players: players.map(name),
				reported: round.results[index] !== undefined
			}))
		})),
		standings: table.rows.map((row) => ({
			rank: row.rank,
			player: row.name,
			points: toNumber(row.points),
			pointsText: formatRational(row.points),
			gamePoints: row.gamePoints,
			...(row.final
				? {
						final: {
							rank: row.final.rank,
							points: toNumber(row.final.points),
							gamePoints: row.final.gamePoints
						}
					}
				: {})
		})),
		finalists: table.finalists.map(name),
		...(table.qualifiers
			? { qualifiers: { count: table.qualifiers.count, players: table.qualifiers.players.map(name) } }
			: {})
	};
}

/** The head document of a tournament, unsigned (without `_rev`, the time it is written and the signature). */
export function headOf(
	tournament: Publishable,
	owner: string,
	key: string
): Omit<PublishedHead, 'publishedAt' | 'signature'> {
	const { state } = tournament;
	return {
		_id: headId(publishedKey(owner, tournament.id)),
		type: HEAD_DOC,
		schema: HEAD_SCHEMA,
		owner,
		tournament: { id: tournament.id, name: state.name, date: state.date, format: state.format },
		players: [...state.players.values()].map((player) => player.name),
		events: tournament.events.map((event) => event.id),
		snapshot: snapshotOf(state),
		key
	};
}

/** One event's document, unsigned. */
export function eventDocOf(
	tournament: string,
	event: TournamentEvent,
	owner: string
): Omit<PublishedEvent, 'event' | 'signature'> & { readonly event: TournamentEvent } {
	return {
		_id: eventDocId(publishedKey(owner, tournament), event.id),
		type: EVENT_DOC,
		owner,
		tournament,
		event
	};
}
