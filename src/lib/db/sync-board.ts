import { ok, type Result } from '../domain/result';
import { digest, type Digest } from '../protocol/digest';
import { replayBatch } from '../protocol/merge';
import { pendingBatches } from './sync-desk';
import { holdingOf, seatingOf, tableHolders } from './sync-rows';
import { loadTournament } from './tournaments';

/** The director's collect board: per table of a round, what came in and what counts. */

/** One table on the collect board. */
export interface BoardTable {
	readonly table: number;
	readonly players: readonly string[];
	readonly state: 'missing' | 'running' | 'finished' | 'confirmed' | 'reported' | 'conflict';
	readonly digest: Digest | null;
	/** The tablet's running totals, for a table not recorded yet. */
	readonly totals: readonly number[] | null;
	readonly names: readonly string[] | null;
	readonly conflicts: number;
	/** The result that counts, by seat, as the standings use it (by hand or by tablet); null until recorded. */
	readonly recorded: readonly { readonly name: string; readonly points: number }[] | null;
	/** Codes for this table the director set aside: kept, not counted. */
	readonly setAside: number;
	/** The name the table's tablet chose (the one whose round the desk holds); null: none, or no tablet yet. */
	readonly tablet: string | null;
}

/** Which tables of a round are in, complete and verified, and which wait for a decision. */
export async function board(tournamentId: string, roundNumber: number): Promise<Result<BoardTable[]>> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) return loaded;
	const { state } = loaded.value;
	const round = state.rounds.find((r) => r.number === roundNumber);
	if (!round) return ok([]);
	const kept = (await pendingBatches(tournamentId)).filter((p) => p.round === roundNumber);
	const pending = kept.filter((p) => p.status === 'open');
	const holders = (await tableHolders(tournamentId)).filter((h) => h.round === roundNumber);
	const tables: BoardTable[] = [];
	for (const [i, seating] of seatingOf(state, round).entries()) {
		const number = i + 1;
		const held = await holdingOf(tournamentId, roundNumber, number);
		const replayed = held ? replayBatch(held.events) : null;
		const table = replayed?.ok ? replayed.value : null;
		const conflicts = pending.filter((p) => p.table === number).length;
		const result = round.results[i];
		const reported = result !== undefined;
		const phase = table?.round.state.phase;
		tables.push({
			table: number,
			players: seating.map((p) => p.name),
			state: conflicts
				? 'conflict'
				: reported
					? 'reported'
					: !table
						? 'missing'
						: table.confirmed
							? 'confirmed'
							: phase === 'over'
								? 'finished'
								: 'running',
			digest: held ? digest(held.events) : null,
			totals: table && !reported ? [...table.round.state.totals] : null,
			names: table && !reported ? [...table.setup.players] : null,
			conflicts,
			recorded: result
				? result.scores.map((score) => ({
						name: state.players.get(score.player)?.name ?? score.player,
						points: 'points' in score ? score.points : score.found - score.falseCalls
					}))
				: null,
			setAside: kept.filter((p) => p.table === number && p.status === 'set-aside').length,
			tablet: holders.find((h) => h.table === number)?.tablet ?? null
		});
	}
	return ok(tables);
}
