import type { StandingsPayload, TableAssignment } from '../codecs/sync';
import { fail, ok, type Result } from '../domain/result';
import { TOURNAMENT } from '../domain/rules';
import type { Round } from '../domain/tournament';
import { bytesFromText, tableKey, wrapForDevices, type WrapFor } from '../protocol/keys';
import { standingsPayload } from '../protocol/standings';
import { directorKeys } from './sync-keys';
import { seatingOf } from './sync-rows';
import { heldTables, pendingRows } from './sync-state';
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
 * wrapped, each to the own key of the tablet the desk holds as that table's in the round before
 * (`holdersOf`); a table no tablet holds beyond doubt gets none, and its tablet reads the table code.
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
	const holders = await holdersOf(tournamentId, round - 1);
	const wrapFor: WrapFor[] = [];
	for (const [i] of tables.entries()) {
		const device = holders.get(i + 1);
		if (device)
			wrapFor.push({ table: i + 1, key: await tableKey(master, tournamentId, round, i + 1), device });
	}
	if (!wrapFor.length) return ok(payload);
	const { ephemeral, wrapped } = await wrapForDevices(tournamentId, round, wrapFor);
	const keys = tables.map((_, i) => wrapped.get(i + 1) ?? null);
	return ok({ ...payload, next: { ...payload.next, wrapped: { ephemeral, keys } } });
}

/**
 * The tablets the desk holds beyond doubt as the tables' of a round, by table: the own key of the tablet
 * whose code made the holding, when no other code for that table waits for the director (two tablets
 * claim it: neither gets the next key until the director has decided).
 */
async function holdersOf(tournamentId: string, round: number): Promise<Map<number, Uint8Array>> {
	const contested = new Set(
		(await pendingRows(tournamentId))
			.filter((p) => p.round === round && p.status === 'open')
			.map((p) => p.table)
	);
	const holders = new Map<number, Uint8Array>();
	for (const held of await heldTables(tournamentId)) {
		if (held.round !== round || held.deviceKey === undefined || contested.has(held.table)) continue;
		holders.set(held.table, bytesFromText(held.deviceKey));
	}
	return holders;
}
