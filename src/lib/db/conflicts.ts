import { isSetScore } from '../domain/tournament';
import { replayBatch } from '../protocol/merge';
import { inLogOrder } from '../protocol/sync-events';
import { pendingBatches, readKept, runningAfter, type KeptCode } from './sync-desk';
import { loadTournament } from './tournaments';

/** A player's points at a table, by name, in seat order. */
export interface ShownScore {
	readonly name: string;
	readonly points: number;
}

/**
 * One code waiting for (or decided by) the director, as the conflict card shows it: the result recorded
 * for the table beside the one the code brings, so the director compares before choosing. The code as it
 * was read back (`KeptCode`) is what the decision takes.
 */
export interface ConflictView extends KeptCode {
	/** What counts now (by hand or by tablet); null while the table has no result. */
	readonly recorded: readonly ShownScore[] | null;
	/** The code's round: its totals by seat; null when the kept code cannot be read back. */
	readonly incoming: readonly ShownScore[] | null;
	/** The round is locked: taken only as a director override with a reason. `running`: the round after it. */
	readonly locked: { readonly running: number | null } | null;
}

/** The kept codes of a tournament with the recorded and the incoming result of their tables. */
export async function conflictViews(tournamentId: string): Promise<ConflictView[]> {
	const loaded = await loadTournament(tournamentId);
	const state = loaded.ok ? loaded.value.state : null;
	const name = (id: string) => state?.players.get(id)?.name ?? id;
	const views: ConflictView[] = [];
	for (const pending of await pendingBatches(tournamentId)) {
		const round = state?.rounds.find((r) => r.number === pending.round);
		const result = round?.results[pending.table - 1];
		const recorded = result
			? result.scores.map((score) => ({
					name: name(score.player),
					points: isSetScore(score) ? score.found - score.falseCalls : score.points
				}))
			: null;
		const { payload } = await readKept(pending);
		const replayed = payload.ok ? replayBatch(inLogOrder(payload.value.batch.events)) : null;
		const incoming = replayed?.ok
			? replayed.value.setup.players.map((player, seat) => ({
					name: player,
					points: replayed.value.round.state.totals[seat] ?? 0
				}))
			: null;
		const locked = round?.locked ? { running: state ? runningAfter(state, round.number) : null } : null;
		views.push({ pending, payload, recorded, incoming, locked });
	}
	return views;
}
