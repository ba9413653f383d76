import type { StandingsPayload, TableAssignment } from '../codecs/sync';
import { nameForCodes } from '../domain/bounds';
import { toSafeIntegers, type Rational } from '../domain/rational';
import { MAX_REVISION, MAX_ROUND } from '../domain/limits';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { isComplete, standings, type TournamentState } from '../domain/tournament';
import { CODE_POINTS_MAX } from './payload';
import { refusal } from './problems';

/**
 * Points as a standings code carries them: numerator and denominator as whole numbers the code's reader
 * takes back, or a Problem instead of a code that would not read or would round.
 */
export function codePoints(points: Rational): Result<{ num: number; den: number }> {
	return toSafeIntegers(points, CODE_POINTS_MAX);
}

/**
 * The standings code's content, from the director's tournament state: every row, the last round whose
 * results are all in, and the next round's seating once it is drawn. `revision` is the length of the
 * director's tournament log, so a tablet can tell a newer code from an older one.
 */
export function standingsPayload(
	state: TournamentState,
	tournamentId: string,
	revision: number
): Result<StandingsPayload> {
	const rounds = state.rounds;
	const complete = rounds.filter((round) => isComplete(round));
	const last = rounds.at(-1);
	const open = last && !isComplete(last) ? last : null;
	const rows: StandingsPayload['rows'][number][] = [];
	for (const row of standings(state).rows) {
		const points = codePoints(row.points);
		if (!points.ok) return fail(points.error);
		rows.push({
			player: row.player,
			name: nameForCodes(row.name),
			rank: row.rank,
			points: points.value,
			gamePoints: row.gamePoints,
			withdrawn: row.withdrawn
		});
	}
	return ok({
		kind: 'standings',
		tournamentId,
		tournamentName: state.name,
		afterRound: complete.at(-1)?.number ?? 0,
		revision,
		rows,
		next:
			open && open.results.every((result) => result === undefined)
				? { round: open.number, tables: open.tables.map((table) => [...table]) }
				: null
	});
}

/**
 * What a tablet may believe of a director: a table code of a round, or standings after a round, that no
 * tournament has (more than its prelim rounds and final's), or of a revision longer than any log that can
 * be backed up, come from no director (`beyond-tournament`). Null: within the bounds.
 */
export function beyondTournament(payload: TableAssignment | StandingsPayload): Problem | null {
	const round =
		payload.kind === 'assignment' ? payload.round : Math.max(payload.afterRound, payload.next?.round ?? 0);
	const revision = payload.revision ?? 0;
	const far = round > MAX_ROUND;
	const late = revision > MAX_REVISION;
	return far || late ? refusal.beyondTournament(far ? round : null, late ? revision : null) : null;
}

/**
 * A tablet goes by the newest code of a tournament it holds: standings by the director's revision, table
 * codes by round. An incoming code is `newer` (or the first of its tournament), the `same`, or `older`.
 */
export function freshness<C extends { readonly tournamentId: string }>(
	held: C | null,
	incoming: C,
	order: (code: C) => number
): 'newer' | 'same' | 'older' {
	if (!held || held.tournamentId !== incoming.tournamentId) return 'newer';
	const before = order(held);
	const now = order(incoming);
	return now > before ? 'newer' : now === before ? 'same' : 'older';
}

/** The tablet keeps the newest standings of a tournament: the higher revision wins; equal ones are the same. */
export function newerStandings(held: StandingsPayload | null, incoming: StandingsPayload): boolean {
	return freshness(held, incoming, (standings) => standings.revision) === 'newer';
}

/** A table code of an earlier round than the newest table this tablet joined in that tournament. */
export function olderTable<T extends TableOfRound>(joined: readonly T[], incoming: TableOfRound): T | null {
	const newest = joined
		.filter((table) => table.tournamentId === incoming.tournamentId)
		.reduce<T | null>((a, b) => (a && a.round >= b.round ? a : b), null);
	return freshness<TableOfRound>(newest, incoming, (table) => table.round) === 'older' ? newest : null;
}

interface TableOfRound {
	readonly tournamentId: string;
	readonly round: number;
}
