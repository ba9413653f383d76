import type { StandingsPayload } from '../codecs/sync';
import { isComplete, standings, type TournamentState } from '../domain/tournament';

/**
 * The standings code's content, from the director's tournament state: every row, the last round whose
 * results are all in, and the next round's seating once it is drawn. `revision` is the length of the
 * director's tournament log, so a tablet can tell a newer code from an older one.
 */
export function standingsPayload(
	state: TournamentState,
	tournamentId: string,
	revision: number
): StandingsPayload {
	const rounds = state.rounds;
	const complete = rounds.filter((round) => isComplete(round));
	const last = rounds.at(-1);
	const open = last && !isComplete(last) ? last : null;
	const current = standings(state);
	return {
		kind: 'standings',
		tournamentId,
		tournamentName: state.name,
		afterRound: complete.at(-1)?.number ?? 0,
		revision,
		rows: current.rows.map((row) => ({
			player: row.player,
			name: row.name,
			rank: row.rank,
			points: { num: row.points.num, den: row.points.den },
			gamePoints: row.gamePoints,
			withdrawn: row.withdrawn
		})),
		next:
			open && open.results.every((result) => result === undefined)
				? { round: open.number, tables: open.tables.map((table) => [...table]) }
				: null
	};
}

/** The tablet keeps the newest standings of a tournament: the higher revision wins; equal ones are the same. */
export function newerStandings(held: StandingsPayload | null, incoming: StandingsPayload): boolean {
	return !held || held.tournamentId !== incoming.tournamentId || incoming.revision > held.revision;
}
