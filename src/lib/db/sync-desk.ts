import type { PendingBatch } from '../codecs/sync';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { TOURNAMENT } from '../domain/rules';
import type { TournamentState } from '../domain/tournament';
import { decodeBase45, encodeBase45 } from '../protocol/base45';
import { digest } from '../protocol/digest';
import { setupDifference } from '../protocol/handed-setup';
import {
	againstKept,
	checkHeader,
	otherTableHeld,
	planImport,
	replayBatch,
	tableScores,
	type ConflictReason,
	type TableRound
} from '../protocol/merge';
import { bytesToText } from '../protocol/keys';
import { decodePayload, keptBatch, type Decoded, type Payload } from '../protocol/payload';
import { refusal } from '../protocol/problems';
import { inLogOrder, type RoundBatch } from '../protocol/sync-events';
import { db } from './index';
import { verifyResult } from './sync-keys';
import {
	holdingOf,
	seatedTable,
	seatLookup,
	storeTakenEvents,
	summaryOf,
	tableHolders,
	type ImportOutcome
} from './sync-rows';
import {
	importTables,
	pendingAtTable,
	pendingExists,
	pendingRows,
	putHolding,
	putPending
} from './sync-state';
import { correctTableResult, reportTableResult } from './tournaments';

/**
 * The director's desk: result codes taken in (merged into the table's holding, reported as the table's
 * result, or kept for a decision), the batches waiting, and the director's decision on them.
 */

/** Takes a result code: verified under its table's key, then merged and reported in one transaction. */
export async function receiveBatch(
	decoded: Decoded,
	bytes: Uint8Array,
	now = Date.now()
): Promise<Result<ImportOutcome>> {
	const { batch, tablet, deviceKey } = decoded.payload as Extract<Payload, { kind: 'batch' }>;
	const verified = await verifyResult(decoded, batch);
	if (!verified.ok) return verified;
	const header = checkHeader(batch);
	if (header) return fail(header);
	const database = db();
	const code = encodeBase45(bytes);
	// One transaction: the events, the holding and the table's result (the desk's own transaction nests in it).
	// The callback must be an async function for Dexie to keep the transaction across awaits.
	const tables = importTables(database);
	return database.transaction('rw', tables, async () => {
		const taken = await takeBatch(batch, code, now, { tablet, deviceKey, ownership: true });
		return taken.ok ? ok(await settle(taken.value, code, now)) : taken;
	});
}

/**
 * A confirmed, finished round becomes the table's result through the desk's `reportTableResult`. If the
 * desk refuses it (a different result was typed in by hand), the batch waits for the director.
 */
export async function settle(taken: Taken, code: string, now: number): Promise<ImportOutcome> {
	if (!taken.report || taken.outcome.kind !== 'batch' || taken.outcome.conflict) return taken.outcome;
	const { batch, table, seating } = taken.report;
	const report = await reportRound(batch, table, seating, now);
	if (report.conflict) await keepPending(batch, code, report.conflict, now, { tablet: taken.tablet });
	return { ...taken.outcome, ...report };
}

/** What an import did inside its transaction, and the round to report once it committed. */
export interface Taken {
	readonly outcome: ImportOutcome;
	readonly report: { batch: RoundBatch; table: TableRound; seating: { id: string; name: string }[] } | null;
	/** The name the tablet chose, as its code carried it. */
	readonly tablet?: string;
}

/** What the desk knows of where a code comes from, beside the code. */
interface Arrival {
	/** The name the tablet chose (result codes of version 4). */
	readonly tablet?: string;
	/** For `other-table`: the table the device holds instead. */
	readonly holds?: { readonly round: number; readonly table: number };
}

/** A kept batch as the desk stores it: the code, why it waits, when it came, what became of it. */
export function pendingRow(
	batch: RoundBatch,
	code: string,
	kept: Pick<PendingBatch, 'reason' | 'receivedAt' | 'status'> & Arrival & { readonly slot?: string }
): PendingBatch {
	const { tablet, holds, slot, reason, receivedAt, status } = kept;
	return {
		tournamentId: batch.tournamentId,
		round: batch.round,
		table: batch.table,
		stream: batch.stream,
		device: batch.events[0]?.device ?? '',
		...(tablet === undefined ? {} : { tablet }),
		code,
		events: batch.events.length,
		reason,
		...(holds === undefined ? {} : { holds }),
		...(slot === undefined ? {} : { slot }),
		receivedAt,
		status
	};
}

/** Keeps a batch for the director's decision (only a longer code of the same waiting stream replaces it). */
async function keepPending(
	batch: RoundBatch,
	code: string,
	reason: ConflictReason,
	now: number,
	arrival: Arrival = {}
): Promise<void> {
	const pending = pendingRow(batch, code, { ...arrival, reason, receivedAt: now, status: 'open' });
	// The kept batch of this stream this one continues or repeats (the stream's own row, or one waiting
	// beside it); another continuation (a forger's, or a tablet that took back) never displaces one.
	const rows = await pendingAtTable(batch.tournamentId, batch.round, batch.table);
	const relationTo = (row: { batch: PendingBatch | null }) => {
		const bytes = row.batch ? decodeBase45(row.batch.code) : null;
		const previous = bytes?.ok ? keptBatch(bytes.value) : null;
		return previous ? againstKept(previous, batch) : 'extends';
	};
	const own = rows.filter((row) => row.place === batch.stream || row.place.startsWith(`${batch.stream}~`));
	const related = own.find((row) => relationTo(row) !== 'diverges');
	const before = (related ?? own.find((row) => row.place === batch.stream))?.batch;
	// A decision already made stays; the same code again, or an older (shorter) one of the stream, changes nothing.
	if (before) {
		const { status, code: kept, events } = before;
		if (kept === code) return;
		const relation = related ? relationTo(related) : 'diverges';
		if (relation === 'diverges') {
			const slot = `${batch.stream}~${digest(batch.events).hash}`;
			if (!(await pendingExists(batch.tournamentId, batch.round, batch.table, slot)))
				await putPending({ ...pending, slot });
			return;
		}
		if (status !== 'open' || relation === 'same' || (events ?? 0) >= batch.events.length) return;
	}
	// A row beside the stream's own keeps its slot (and so its place).
	const slot = before?.slot;
	await putPending(slot === undefined ? pending : { ...pending, slot });
}

/**
 * Inside the import transaction: merge one verified batch into the director's holdings. `ownership`: a
 * code handed in now (not a tournament file, whose rounds the director held already) is held to the
 * tables its device holds: its first code for a table it should not hold waits (`other-table`). `held`:
 * a round the director held (a backup's), taken in a locked round too — it was held before the lock.
 * `deviceKey`: the tablet's own public key, as its code carried it; the holding keeps the one of the code
 * that made it, and new events under another key wait for the director (`other-device`: another device
 * that copied the device id).
 */
export async function takeBatch(
	batch: RoundBatch,
	code: string,
	now: number,
	options: { tablet?: string; deviceKey?: Uint8Array; ownership?: boolean; held?: boolean } = {}
): Promise<Result<Taken>> {
	const database = db();
	const seated = await seatedTable(batch);
	if (!seated.ok) return seated;
	const { round, seating } = seated.value;
	// A tournament table plays the rules and players the desk handed out (tableAssignments).
	const handed = { rules: TOURNAMENT, players: seating.map((p) => p.name) };
	const differs = setupDifference(batch, handed);
	if (differs) return fail(differs);
	const held = await holdingOf(batch.tournamentId, batch.round, batch.table);
	const plan = planImport(held, batch, { locked: round.locked && !options.held });
	if (!plan.ok) return plan;
	const base = { kind: 'batch' as const, round: batch.round, table: batch.table };
	const device = batch.events[0]?.device ?? '';
	const { tablet } = options;
	const deviceKey = options.deviceKey ? bytesToText(options.deviceKey) : undefined;
	// The first code for a table from a device that holds another one is not taken with one click.
	const holds =
		options.ownership && !held && plan.value.kind === 'add'
			? otherTableHeld(await tableHolders(batch.tournamentId), device, batch.round, batch.table)
			: null;
	// The held stream's tablet is the one whose key came with it: new events under another key are not its.
	const otherKey = plan.value.kind === 'add' && held?.deviceKey !== undefined && deviceKey !== held.deviceKey;
	const conflict =
		plan.value.kind === 'conflict'
			? plan.value.reason
			: holds
				? 'other-table'
				: otherKey
					? 'other-device'
					: null;
	if (conflict) {
		await keepPending(batch, code, conflict, now, { tablet, ...(holds ? { holds } : {}) });
		const outcome = {
			...base,
			result: 'conflict' as const,
			added: 0,
			conflict,
			reported: false,
			digest: digest(batch.events)
		};
		return ok({ outcome, report: null, tablet });
	}
	let merged = held?.events ?? [];
	let table: TableRound | null = null;
	// Where the round is stored here: its own stream id, or one of its own when another version holds that.
	let stream = held?.stream ?? batch.stream;
	if (plan.value.kind === 'add') {
		const stored = await storeTakenEvents(batch, plan.value.events);
		if (!stored.ok) return stored;
		stream = stored.value;
		// The holding keeps the first tablet's name; a later code of its stream keeps it too.
		if (!held) {
			await putHolding(batch.tournamentId, batch.round, batch.table, {
				stream,
				device,
				...(tablet === undefined ? {} : { tablet }),
				...(deviceKey === undefined ? {} : { deviceKey })
			});
		}
		merged = plan.value.merged;
		table = plan.value.round;
		const existing = await database.rounds.get(stream);
		await database.rounds.put(
			summaryOf(stream, table, batch.tournamentId, existing?.createdAt ?? merged[0]?.at ?? now, now)
		);
	} else {
		const replayed = replayBatch(merged);
		table = replayed.ok ? replayed.value : null;
	}
	const added = plan.value.kind === 'add' ? plan.value.events.length : 0;
	const reported = round.results[batch.table - 1] !== undefined;
	const outcome = {
		...base,
		result: added ? ('added' as const) : ('unchanged' as const),
		added,
		conflict: null,
		reported,
		digest: digest(merged)
	};
	const report = table ? { batch: { ...batch, stream, events: merged }, table, seating } : null;
	return ok({ outcome, report, tablet });
}

/** A confirmed, finished round becomes the table's result (through the director's storage). */
async function reportRound(
	batch: RoundBatch,
	table: TableRound,
	seating: readonly { id: string; name: string }[],
	now: number
): Promise<{ reported: boolean; conflict: ConflictReason | null }> {
	if (!table.confirmed || table.round.state.phase !== 'over') return { reported: false, conflict: null };
	const scores = tableScores(table, seating);
	if (!scores) return { reported: false, conflict: 'players' };
	const source = { kind: 'tablet' as const, roundId: batch.stream, device: batch.events[0]?.device ?? '' };
	const reported = await reportTableResult(batch.tournamentId, batch.round, batch.table, scores, source, now);
	// Refused by the desk (e.g. a result typed in by hand differs): the director decides.
	return reported.ok ? { reported: true, conflict: null } : { reported: false, conflict: 'result-differs' };
}

/** Batches waiting for the director (and those already decided), for a tournament. */
export function pendingBatches(tournamentId: string): Promise<PendingBatch[]> {
	return pendingRows(tournamentId);
}

/** A kept batch back from its code: the round, and the tablet's own key the code carried (version 5). */
export async function pendingRound(pending: PendingBatch): Promise<Result<RoundBatch>> {
	const payload = await pendingPayload(pending);
	return payload.ok ? ok(payload.value.batch) : payload;
}

/** What a result code carries: the round, the tablet's name and its own key. */
export type ResultPayload = Extract<Payload, { kind: 'batch' }>;

/**
 * A kept code read back from storage once: its row, and its payload decoded and its signature verified
 * (or why it does not read back). The director's card shows it and the decision takes it as it is: the
 * code is not decoded again between the two.
 */
export interface KeptCode {
	readonly pending: PendingBatch;
	readonly payload: Result<ResultPayload>;
}

/** Reads a kept code back from its row (`pendingPayload`). */
export async function readKept(pending: PendingBatch): Promise<KeptCode> {
	return { pending, payload: await pendingPayload(pending) };
}

/**
 * A kept batch's payload back from its code: its signature verified again under the key this device holds
 * for the tournament, and the batch must be the one the row names (tournament, round, table, stream).
 */
async function pendingPayload(pending: PendingBatch): Promise<Result<ResultPayload>> {
	const bytes = decodeBase45(pending.code);
	if (!bytes.ok) return bytes;
	const decoded = await decodePayload(bytes.value, { seats: await seatLookup(pending.tournamentId) });
	if (!decoded.ok) return decoded;
	const { payload } = decoded.value;
	if (payload.kind !== 'batch') {
		return fail(refusal.wrongKind(payload.kind));
	}
	const verified = await verifyResult(decoded.value, payload.batch);
	if (!verified.ok) return verified;
	const { batch } = payload;
	if (
		batch.tournamentId !== pending.tournamentId ||
		batch.round !== pending.round ||
		batch.table !== pending.table ||
		batch.stream !== pending.stream
	) {
		return fail(refusal.mismatch({ what: 'stored' }));
	}
	const header = checkHeader(batch);
	return header ? fail(header) : ok(payload);
}

/**
 * The director decides a conflict. `take`: this batch's round becomes the table's (the other stream
 * stays stored; a result already recorded is corrected with the reason). A locked round is taken only as
 * a director override (`override: true`) with a reason, as a hand correction of it is, and recorded as
 * such; without them it is refused and nothing changes. `set-aside`: the batch stays kept but no longer
 * asks for a decision. All or nothing: the result, the round's events, the holding and the decision are
 * written in one transaction. A kept code the card read back already (`readKept`) is taken as it was
 * read; a row alone is read back here.
 */
export async function decidePending(
	kept: PendingBatch | KeptCode,
	decision: 'take' | 'set-aside',
	reason: string,
	options: { override?: boolean; now?: number } = {}
): Promise<Result<null>> {
	const now = options.now ?? Date.now();
	const database = db();
	const pending = 'payload' in kept ? kept.pending : kept;
	if (decision === 'set-aside') {
		await putPending({ ...pending, status: 'set-aside' });
		return ok(null);
	}
	// Decoding and WebCrypto before the transaction opens, once.
	const payload = 'payload' in kept ? kept.payload : await pendingPayload(pending);
	if (!payload.ok) return payload;
	const batch = payload.value.batch;
	const deviceKey = payload.value.deviceKey ? bytesToText(payload.value.deviceKey) : undefined;
	const replayed = replayBatch(inLogOrder(batch.events));
	if (!replayed.ok) return replayed;
	const tables = importTables(database);
	try {
		// (The callback must be an async function for Dexie to keep the transaction across awaits.)
		return await database.transaction('rw', tables, async () =>
			takePending(pending, batch, replayed.value, { reason, now, deviceKey, override: options.override })
		);
	} catch (cause) {
		// Nothing was written (the transaction aborted): the director reads why, the page goes on.
		if (cause instanceof TakeRefused) return fail(cause.problem);
		return fail({ code: 'storage', detail: cause instanceof Error ? cause.message : String(cause) });
	}
}

/** A refusal from inside a take's transaction: thrown to abort it, so that nothing is written. */
class TakeRefused extends Error {
	constructor(readonly problem: Problem) {
		super(problem.code);
	}
}

/** Inside the take's transaction: the result recorded, the round's events stored, the holding, the decision. */
async function takePending(
	pending: PendingBatch,
	batch: RoundBatch,
	replayed: TableRound,
	options: { reason: string; now: number; deviceKey?: string; override?: boolean }
): Promise<Result<null>> {
	const { reason, now, deviceKey } = options;
	const database = db();
	const seated = await seatedTable(pending);
	if (!seated.ok) return seated;
	const { state, round, seating } = seated.value;
	if (round.locked && (options.override !== true || !reason.trim())) {
		return fail(refusal.lockedTake(pending.round, pending.table, runningAfter(state, pending.round)));
	}
	// A tablet that holds another table is given this one only with the director's reason.
	if (pending.reason === 'other-table' && !reason.trim()) {
		const holds = pending.holds ?? { round: pending.round, table: pending.table };
		return fail(refusal.otherTableTake(pending.round, pending.table, holds));
	}
	const scores = tableScores(replayed, seating);
	if (!scores) {
		return fail({ code: 'cannot-take' });
	}
	// The chosen round becomes the table's: its events stored (under a stream of its own when another
	// version of its stream is stored here) …
	const stored = await storeTakenEvents(batch, batch.events);
	if (!stored.ok) return stored;
	const stream = stored.value;
	// … and the desk records the result (its transaction nests in this one; a refusal aborts it all).
	const source = { kind: 'tablet' as const, roundId: stream, device: pending.device };
	const previous = round.results[pending.table - 1];
	const recorded = previous
		? await correctTableResult(
				pending.tournamentId,
				pending.round,
				pending.table,
				scores,
				reason,
				{ override: round.locked, source },
				now
			)
		: await reportTableResult(pending.tournamentId, pending.round, pending.table, scores, source, now);
	if (!recorded.ok) throw new TakeRefused(recorded.error);
	await database.rounds.put(
		summaryOf(stream, replayed, pending.tournamentId, batch.events[0]?.at ?? now, now)
	);
	await putHolding(pending.tournamentId, pending.round, pending.table, {
		stream,
		device: pending.device,
		...(pending.tablet === undefined ? {} : { tablet: pending.tablet }),
		...(deviceKey === undefined ? {} : { deviceKey })
	});
	await putPending({ ...pending, status: 'taken' });
	return ok(null);
}

/** The round that started after a round (the newest), which locked it; null when none has. */
export function runningAfter(state: TournamentState, round: number): number | null {
	const later = state.rounds.filter((r) => r.number > round).map((r) => r.number);
	return later.length ? Math.max(...later) : null;
}
