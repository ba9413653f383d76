import { nameForCodes } from '../domain/bounds';
import type { JoinedTable, StandingsPayload } from '../codecs/sync';
import { fail, ok, type Result } from '../domain/result';
import { replay, type Round, type TournamentState } from '../domain/tournament';
import { digest, sameContent, type Digest } from '../protocol/digest';
import type { ConflictReason, DeviceHolding, TableHolding, TableRound } from '../protocol/merge';
import type { SeatLookup } from '../protocol/round-codec';
import { eventId, ROUND_EVENT_TYPES, type RoundBatch, type SyncEvent } from '../protocol/sync-events';
import { refusal } from '../protocol/problems';
import { streamEvents } from './events';
import { db } from './index';
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

/** A tournament's state, one of its rounds and that round's seating of one table, as stored here. */
export interface SeatedTable {
	readonly state: TournamentState;
	readonly round: Round;
	readonly seating: { id: string; name: string }[];
}

/** A table of a round of a tournament stored here, or the refusal naming them (`unknown-table`). */
export async function seatedTable(
	at: Pick<RoundBatch, 'tournamentId' | 'round' | 'table'>
): Promise<Result<SeatedTable>> {
	const loaded = await loadTournament(at.tournamentId);
	if (!loaded.ok) return loaded;
	const { state } = loaded.value;
	const round = state.rounds.find((r) => r.number === at.round);
	const seating = round ? seatingOf(state, round)[at.table - 1] : undefined;
	return round && seating ? ok({ state, round, seating }) : fail(refusal.noSuchTable(at.round, at.table));
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

/**
 * Inside an import's transaction: stores the events of a table's round stream taken in at the desk, those
 * not stored yet, each under `<stream>/<device>:<seq>`, and resolves with the stream they are stored in. A
 * device id is no identity — anyone who saw a code can write it, and the sequence numbers its device uses
 * next —, so two streams that claim the same ids are two streams, and no stream taken in can take the id
 * of an event this device writes itself. A stream that claims the id of one stored here with other content
 * (another version of it, kept beside it for the director) is stored as a stream of its own,
 * `<stream>~<digest>`: the director can take either. Refused, writing nothing, when the stream id is
 * stored here as something else than this table's round (another table's, a tournament's log, a round of
 * this device's own).
 */
export async function storeTakenEvents(
	at: Pick<RoundBatch, 'tournamentId' | 'round' | 'table' | 'stream'>,
	events: readonly SyncEvent[]
): Promise<Result<string>> {
	const version = digest(events).hash;
	for (const stream of [at.stream, `${at.stream}~${version}`, `${at.stream}~${version}~2`]) {
		const stored = await streamEvents(stream);
		const [first] = stored;
		if (first && !startsTable(first, at)) return fail(refusal.streamElsewhere(at.round, at.table));
		const held = new Map(stored.map((row) => [eventId(row), row]));
		const fits = events.every((event) => {
			const same = held.get(eventId(event));
			return !same || sameContent(same, event);
		});
		if (!fits) continue;
		const rows: EventRow[] = events
			.filter((event) => !held.has(eventId(event)))
			.map(({ device, seq, at: time, type, body }) => ({
				id: `${stream}/${device}:${seq}`,
				device,
				seq,
				stream,
				kind: 'round',
				at: time,
				type,
				body
			}));
		await db().events.bulkAdd(rows);
		return ok(stream);
	}
	return fail(refusal.inconsistent(at.stream));
}

/** True when a stored event starts this table's round (its stream is that table's). */
function startsTable(event: EventRow, at: Pick<RoundBatch, 'tournamentId' | 'round' | 'table'>): boolean {
	const context = (event.body as { context?: Partial<Record<'tournamentId' | 'round' | 'table', unknown>> })
		?.context;
	return (
		event.type === ROUND_EVENT_TYPES.started &&
		context?.tournamentId === at.tournamentId &&
		context.round === at.round &&
		context.table === at.table
	);
}
