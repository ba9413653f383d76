import type { StandingsPayload, TableAssignment } from '../codecs/sync';
import { fail, ok, type Result } from '../domain/result';
import { TOURNAMENT } from '../domain/rules';
import type { Round } from '../domain/tournament';
import { tableKey, wrapNextKey } from '../protocol/keys';
import { standingsPayload } from '../protocol/standings';
import { directorKeys } from './sync-keys';
import { seatingOf } from './sync-rows';
import { loadTournament } from './tournaments';

/** What the director hands out: a table code per table of a round, and the standings code. */

/**
 * One assignment per table of a round (default: the newest), for the director to hand out, stamped with
 * the minute it is made (`now`): the desk makes them each time it shows the codes, so a tablet can tell an
 * old code from a fresh one.
 */
export async function tableAssignments(
	tournamentId: string,
	roundNumber?: number,
	now = Date.now()
): Promise<Result<{ round: Round; assignments: TableAssignment[] }>> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) return loaded;
	const { state } = loaded.value;
	const round =
		roundNumber === undefined ? state.rounds.at(-1) : state.rounds.find((r) => r.number === roundNumber);
	if (!round) {
		return fail({ code: 'no-round-yet' });
	}
	if (state.format !== 'triominos') {
		return fail({ code: 'not-triominos' });
	}
	const keys = await directorKeys(tournamentId, state.name);
	const assignments = await Promise.all(
		seatingOf(state, round).map(async (players, i): Promise<TableAssignment> => ({
			kind: 'assignment',
			tournamentId,
			tournamentName: state.name,
			key: await tableKey(keys.master, tournamentId, round.number, i + 1),
			round: round.number,
			table: i + 1,
			players,
			rules: TOURNAMENT,
			revision: loaded.value.events.length,
			director: keys.signing.publicKey,
			issuedAt: Math.floor(now / 60_000)
		}))
	);
	return ok({ round, assignments });
}

/**
 * The standings code's content as the director's log stands now. The next round's table keys travel
 * wrapped: each for the tablet that holds the same table's key of the round before.
 */
export async function currentStandings(tournamentId: string): Promise<Result<StandingsPayload>> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) return loaded;
	const made = standingsPayload(loaded.value.state, tournamentId, loaded.value.events.length);
	if (!made.ok) return made;
	const payload = made.value;
	if (!payload.next || loaded.value.state.format !== 'triominos') return ok(payload);
	const { master } = await directorKeys(tournamentId, payload.tournamentName);
	const { round, tables } = payload.next;
	const keys = await Promise.all(
		tables.map(async (_, i) =>
			wrapNextKey(
				await tableKey(master, tournamentId, round - 1, i + 1),
				round,
				await tableKey(master, tournamentId, round, i + 1)
			)
		)
	);
	return ok({ ...payload, next: { ...payload.next, keys } });
}
