import { nameForCodes } from '../domain/bounds';
import type { JoinedTable, StandingsPayload } from '../codecs/sync';
import { fail, ok, type Result } from '../domain/result';
import { replay, type Round, type TournamentState } from '../domain/tournament';
import type { Digest } from '../protocol/digest';
import type { ConflictReason, DeviceHolding, TableHolding, TableRound } from '../protocol/merge';
import type { SeatLookup } from '../protocol/round-codec';
import type { RoundBatch, SyncEvent } from '../protocol/sync-events';
import { streamEvents } from './events';
import { loadRound } from './rounds';
import type { EventRow, RoundRow } from './schema';
import { heldTables, holdingRow } from './sync-state';
import { loadTournament } from './tournaments';

/**
 * What the sync storage modules (`sync*.ts` here) share: the seatings a tournament handed out, the round
 * a table handed in, the holdings, and what an import did. Their stored state has stores of its own
 * (`sync-records.ts` lists them), read and written through `sync-state.ts` only.
 */

/** What an import did. */
export type ImportOutcome =
	| { readonly kind: 'joined'; readonly table: JoinedTable }
	| { readonly kind: 'standings'; readonly standings: StandingsPayload; readonly newer: boolean }
	| {
			readonly kind: 'batch';
			readonly round: number;
			readonly table: number;
			/** added: new events taken over; unchanged: the same code again (not an error); conflict: waits. */
			readonly result: 'added' | 'unchanged' | 'conflict';
			readonly added: number;
			readonly conflict: ConflictReason | null;
			readonly reported: boolean;
			readonly digest: Digest;
	  }
	| {
			readonly kind: 'tournament';
			readonly tournamentId: string;
			readonly events: number;
			readonly tables: number;
	  }
	| {
			readonly kind: 'absence';
			readonly round: number;
			readonly table: number;
			readonly player: string;
			/** False: the same report was kept already (nothing changed). */
			readonly added: boolean;
	  };

/** The players of a round's tables, in seat order, with names. */
export function seatingOf(state: TournamentState, round: Round): { id: string; name: string }[][] {
	return round.tables.map((table) =>
		table.map((id) => ({ id, name: nameForCodes(state.players.get(id)?.name ?? id) }))
	);
}

/**
 * The seatings of a tournament stored here, as they stood at any revision of its log: a result code names
 * its players by the seats of the table code the director handed out then (undefined: not stored here).
 */
export async function seatLookup(tournamentId: string): Promise<SeatLookup | undefined> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) return undefined;
	const { events } = loaded.value;
	const states = new Map<number, TournamentState | null>();
	return (table, revision) => {
		if (table.tournamentId !== tournamentId || revision < 1 || revision > events.length) return null;
		let state = states.get(revision);
		if (state === undefined) {
			const replayed = replay(events.slice(0, revision));
			state = replayed.ok ? replayed.value : null;
			states.set(revision, state);
		}
		const round = state?.rounds.find((r) => r.number === table.round);
		return state && round ? (seatingOf(state, round)[table.table - 1]?.map((p) => p.name) ?? null) : null;
	};
}

/** A stored event row as it travels in a code or file. */
export const toSync = (row: EventRow): SyncEvent => ({
	device: row.device,
	seq: row.seq,
	at: row.at,
	type: row.type,
	body: row.body
});

/** A round stream as a batch, as its own start names it (tournament, round, table). */
export async function batchOfStream(stream: string): Promise<Result<RoundBatch>> {
	const stored = await loadRound(stream);
	if (!stored.ok) return stored;
	const { tournamentId, round, table } = stored.value.context;
	if (tournamentId === null || round === null || table === null) {
		return fail({ code: 'not-a-tournament-round' });
	}
	const events = (await streamEvents(stream)).map(toSync);
	return ok({ tournamentId, round, table, stream, events });
}

/**
 * The round stream the director took over for a table, with its events and the tablet's own public key
 * (base64url) when its code carried one (null: none yet).
 */
export async function holdingOf(
	tournamentId: string,
	round: number,
	table: number
): Promise<(TableHolding & { readonly deviceKey?: string }) | null> {
	const held = await holdingRow(tournamentId, round, table);
	if (!held) return null;
	const events = (await streamEvents(held.stream)).map(toSync);
	const key = held.deviceKey === undefined ? {} : { deviceKey: held.deviceKey };
	return { stream: held.stream, events, device: held.device, ...key };
}

/** Which device holds which table of a tournament, with the name its tablet chose. */
export async function tableHolders(
	tournamentId: string
): Promise<(DeviceHolding & { readonly tablet: string | null })[]> {
	return (await heldTables(tournamentId)).map(({ round, table, device, tablet }) => ({
		round,
		table,
		device,
		tablet: tablet ?? null
	}));
}

/** A table's round as the `rounds` summary row lists it. */
export function summaryOf(
	stream: string,
	table: TableRound,
	tournamentId: string,
	createdAt: number,
	now: number
): RoundRow {
	const { state } = table.round;
	return {
		id: stream,
		createdAt,
		updatedAt: now,
		players: [...table.setup.players],
		preset: table.setup.rules.preset,
		status: table.confirmed
			? 'confirmed'
			: state.phase === 'over'
				? 'finished'
				: state.phase === 'settle'
					? 'settle'
					: 'running',
		totals: [...state.totals],
		gameId: null,
		tournamentId
	};
}
