import type { AbsencePayload, AbsenceRow, JoinedTable } from '../codecs/sync';
import { fail, ok, type Result } from '../domain/result';
import { encodePayload, type Decoded } from '../protocol/payload';
import { refusal } from '../protocol/problems';
import { deviceId } from './events';
import { db } from './index';
import { runningAfter } from './sync-desk';
import { verifyResult } from './sync-keys';
import { seatedTable, type ImportOutcome } from './sync-rows';
import { absenceRow, absenceRows, putAbsence } from './sync-state';
import { tableSigning } from './sync-tablet';
import { loadTournament } from './tournaments';

/**
 * A table reports a player who did not show up ("X fehlt" on the tablet's round-start screen): the tablet
 * signs it with its table key, the desk keeps it for the director (the `absences` store),
 * who decides. Nothing in the tournament changes by the report itself.
 */

/** The tablet's signed report that `player` of a joined table is missing (with the tablet's name). */
export async function reportAbsence(
	table: JoinedTable,
	player: string,
	options: { tablet?: string; now?: number } = {}
): Promise<Result<Uint8Array>> {
	const { tournamentId, round } = table;
	if (!table.players.some((p) => p.id === player)) {
		return fail(refusal.unknownPlayer(round, table.table, player));
	}
	const signing = await tableSigning(tournamentId, round, table.table);
	if (!signing.ok) return signing;
	const payload: AbsencePayload = {
		kind: 'absence',
		tournamentId,
		round,
		table: table.table,
		player,
		device: await deviceId(),
		...(options.tablet ? { tablet: options.tablet } : {}),
		at: options.now ?? Date.now()
	};
	return ok(await encodePayload(payload, signing.value.key));
}

/**
 * The desk takes a table's report: its tag under the key of the round and table it names, then — in one
 * transaction — the round must exist and still run, the player must sit at that table. Each refusal names
 * round and table and writes nothing; the same report again changes nothing.
 */
export async function receiveAbsence(
	decoded: Decoded<AbsencePayload>,
	now = Date.now()
): Promise<Result<ImportOutcome>> {
	const report = decoded.payload;
	const verified = await verifyResult(decoded, report);
	if (!verified.ok) return verified;
	const database = db();
	return database.transaction('rw', [database.events, database.tournaments, database.absences], async () => {
		const seated = await seatedTable(report);
		if (!seated.ok) return seated;
		const { state, round, seating } = seated.value;
		if (round.locked) {
			return fail(refusal.lockedAbsence(report.round, report.table, runningAfter(state, report.round)));
		}
		if (!seating.some((p) => p.id === report.player)) {
			return fail(refusal.unknownPlayer(report.round, report.table, report.player));
		}
		const outcome = {
			kind: 'absence' as const,
			round: report.round,
			table: report.table,
			player: report.player
		};
		if (await absenceRow(report)) return ok({ ...outcome, added: false });
		const row: AbsenceRow = {
			tournamentId: report.tournamentId,
			round: report.round,
			table: report.table,
			player: report.player,
			device: report.device,
			...(report.tablet === undefined ? {} : { tablet: report.tablet }),
			at: report.at,
			receivedAt: now,
			status: 'open'
		};
		await putAbsence(row);
		return ok({ ...outcome, added: true });
	});
}

/** A table's report with the player's name as the desk knows it, for its card. */
export interface AbsenceView {
	readonly row: AbsenceRow;
	readonly name: string;
	/** The player is withdrawn already (from some round): the card offers no withdrawal. */
	readonly withdrawn: boolean;
}

/** The reports of missing players the desk keeps for a tournament, open and done. */
export async function absenceViews(tournamentId: string): Promise<AbsenceView[]> {
	const rows = await absenceRows(tournamentId);
	const loaded = await loadTournament(tournamentId);
	const players = loaded.ok ? loaded.value.state.players : null;
	return rows.map((row) => {
		const player = players?.get(row.player);
		return { row, name: player?.name ?? row.player, withdrawn: player?.withdrawnFrom != null };
	});
}

/** "Erledigt": the director dealt with a report; it stays, marked done. */
export async function absenceDone(row: AbsenceRow): Promise<Result<null>> {
	const database = db();
	return database.transaction('rw', database.absences, async () => {
		const stored = await absenceRow(row);
		if (!stored) return fail(refusal.noSuchTable(row.round, row.table));
		if (stored.status !== 'done') await putAbsence({ ...stored, status: 'done' });
		return ok(null);
	});
}
