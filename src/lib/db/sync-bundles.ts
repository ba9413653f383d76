import { storedTournamentEventSchema } from '../codecs/tournament';
import type { BundleDecision, KnownTournament, PendingBatch, TournamentBundle } from '../codecs/sync';
import { stateBeyondBounds } from '../domain/bounds';
import { LIMITS } from '../domain/limits';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { applyEvent, type TournamentState } from '../domain/tournament';
import { encodeBase45 } from '../protocol/base45';
import { sameContent } from '../protocol/digest';
import { keyToText } from '../protocol/hmac';
import { bytesToText, tableKey } from '../protocol/keys';
import { checkHeader, planImport, replayBatch, tableScores } from '../protocol/merge';
import { encodePayload, verifyPayload, type Decoded } from '../protocol/payload';
import { refusal } from '../protocol/problems';
import { eventId, inLogOrder, type RoundBatch, type SyncEvent } from '../protocol/sync-events';
import { streamEvents } from './events';
import { db } from './index';
import { pendingBatches, pendingRound, pendingRow, settle, takeBatch } from './sync-desk';
import { directorKeys, keyRefusal } from './sync-keys';
import { batchOfStream, holdingOf, seatingOf, toSync, type ImportOutcome } from './sync-rows';
import { holdingRows, importTables, pendingExists, putPending, putTournamentKey } from './sync-state';
import { knownTournament, storedHere } from './tournament-keys';
import { loadTournament, sameScores, statusOf } from './tournaments';

/**
 * Tournament files: the whole tournament (a backup, a move to another device) or one round's results,
 * written by the director's device and taken in by it — checked, then stored in one transaction.
 */

/**
 * The whole tournament as one signed payload (backup, moving to another device): its log, every table
 * round the director took over, and the batches kept for a decision. `round`: only that round's tables
 * (the log is left out).
 */
export async function exportTournament(tournamentId: string, round?: number): Promise<Result<Uint8Array>> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) return loaded;
	const keys = await directorKeys(tournamentId, loaded.value.state.name);
	const rows = await streamEvents(tournamentId);
	const rounds: RoundBatch[] = [];
	for (const held of await holdingRows(tournamentId)) {
		const batch = await batchOfStream(held.stream);
		if (batch.ok && (round === undefined || batch.value.round === round)) rounds.push(batch.value);
	}
	const pending: RoundBatch[] = [];
	const decisions: BundleDecision[] = [];
	for (const item of await pendingBatches(tournamentId)) {
		if (round !== undefined && item.round !== round) continue;
		const batch = await pendingRound(item);
		if (!batch.ok) continue;
		pending.push(batch.value);
		decisions.push(decisionOf(item));
	}
	const bundle: TournamentBundle = {
		kind: 'tournament',
		tournamentId,
		tournamentName: loaded.value.state.name,
		key: keys.master,
		signing: keys.signing.privateKey,
		director: keys.signing.publicKey,
		legacyThrough: keys.legacyThrough,
		events: round === undefined ? rows.map(toSync) : [],
		rounds,
		pending,
		decisions
	};
	return ok(await encodePayload(bundle, keys.signing));
}

/** A kept batch's decision as a file carries it. */
function decisionOf(item: PendingBatch): BundleDecision {
	const { status, reason, receivedAt, tablet, holds, slot } = item;
	return {
		status,
		reason,
		receivedAt,
		...(tablet === undefined ? {} : { tablet }),
		...(holds === undefined ? {} : { holds }),
		...(slot === undefined ? {} : { slot })
	};
}

/** The same events, ids and content (times aside: a code carries them only to the second). */
function sameEvents(a: readonly SyncEvent[], b: readonly SyncEvent[]): boolean {
	const [x, y] = [inLogOrder(a), inLogOrder(b)];
	return x.length === y.length && x.every((e, i) => eventId(e) === eventId(y[i]!) && sameContent(e, y[i]!));
}

/**
 * A tournament file is taken only if the director of its tournament signed it: under the public key this
 * device holds for the tournament (a director's device whose row an older version wrote makes its own
 * first), or, for a tournament new to this device, the key the file carries (a restore). Within bounds:
 * events per file, ids once. Resolves with the tournament's row as it was (null: new here).
 */
async function checkBundle(decoded: Decoded<TournamentBundle>): Promise<Result<KnownTournament | null>> {
	const bundle = decoded.payload;
	let known = await knownTournament(bundle.tournamentId);
	if (known?.role === 'director' && known.director === undefined) {
		await directorKeys(bundle.tournamentId, bundle.tournamentName);
		known = await knownTournament(bundle.tournamentId);
	}
	// The director's key pinned here (one stored without a key gets its own on first use, never a file's),
	// and the same master key.
	const refused = await keyRefusal(known, bundle.tournamentId, bundle.director);
	if (refused) return fail(refused);
	if (known?.key !== undefined && known.key !== keyToText(bundle.key)) return fail(refusal.keyMismatch());
	if (!known && bundle.events.length === 0) return fail(refusal.unknownTournament(bundle.tournamentId));
	const verified = await verifyPayload(decoded, bundle.director);
	if (!verified.ok) return verified;
	const batches = [...bundle.rounds, ...bundle.pending];
	const count = bundle.events.length + batches.reduce((sum, batch) => sum + batch.events.length, 0);
	if (count > LIMITS.eventsPerFile) return fail(refusal.tooLarge('events', LIMITS.eventsPerFile));
	const ids = new Set<string>();
	for (const event of bundle.events) {
		const id = eventId(event);
		if (ids.has(id)) return fail(refusal.duplicateId(id));
		ids.add(id);
	}
	for (const row of bundle.events) {
		const parsed = storedTournamentEventSchema.safeParse(row.body);
		if (!parsed.success || parsed.data.type !== row.type) {
			const message = parsed.success ? row.type : (parsed.error.issues[0]?.message ?? '');
			return fail(refusal.invalid({ why: 'shape', detail: message }));
		}
	}
	// Every round in the file belongs to the file's tournament: the file's signature vouches for nothing else.
	for (const batch of batches) {
		if (batch.tournamentId !== bundle.tournamentId) return fail(refusal.foreignRound(batch.tournamentId));
		const header = checkHeader(batch);
		if (header) return fail(header);
	}
	return ok(known);
}

/**
 * Takes a tournament file: checked (`checkBundle`), then in one transaction its log merged, the director's
 * keys taken when this device had none, and every round and waiting batch in it taken as its result code
 * would be. A refusal anywhere writes nothing.
 */
export async function receiveBundle(
	decoded: Decoded<TournamentBundle>,
	now = Date.now(),
	restoredFromExport?: number
): Promise<Result<ImportOutcome>> {
	const bundle = decoded.payload;
	const checked = await checkBundle(decoded);
	if (!checked.ok) return checked;
	const known = checked.value;
	const codes = await codesOfRounds(bundle, known);
	const database = db();
	return database
		.transaction('rw', importTables(database), async () => {
			await keysUnchanged(bundle, known);
			const added = await mergeLog(bundle, now);
			await takeDirectorKeys(bundle, known, restoredFromExport);
			const tables = await takeRounds(bundle, codes, now);
			return ok({ kind: 'tournament' as const, tournamentId: bundle.tournamentId, events: added, tables });
		})
		.catch((cause: unknown) => {
			if (cause instanceof DecisionRefused) return fail(cause.problem);
			throw cause;
		});
}

/**
 * The code each round of a file is kept under should it wait for a decision, made before the transaction
 * (WebCrypto may not run inside one): the code already kept for the same round (so importing a file again
 * changes nothing), else one signed now.
 */
async function codesOfRounds(
	bundle: TournamentBundle,
	known: KnownTournament | null
): Promise<Map<RoundBatch, string>> {
	const kept = known ? await pendingBatches(bundle.tournamentId) : [];
	const codes = new Map<RoundBatch, string>();
	for (const batch of [...bundle.rounds, ...bundle.pending]) {
		const same = kept.find(
			(p) => p.stream === batch.stream && p.round === batch.round && p.table === batch.table
		);
		const back = same ? await pendingRound(same) : null;
		const keep = same && back?.ok && sameEvents(back.value.events, batch.events);
		const key = await tableKey(bundle.key, batch.tournamentId, batch.round, batch.table);
		codes.set(batch, keep ? same.code : encodeBase45(await encodePayload({ kind: 'batch', batch }, key)));
	}
	return codes;
}

/** Inside the transaction: the keys as checked before it, so nobody gave this tournament a key or a log meanwhile. */
async function keysUnchanged(bundle: TournamentBundle, known: KnownTournament | null): Promise<void> {
	const held = await knownTournament(bundle.tournamentId);
	const same = held?.key === known?.key && held?.director === known?.director;
	if (!same || (!known && (await storedHere(bundle.tournamentId)))) {
		throw new DecisionRefused(refusal.keyMismatch());
	}
}

/** Inside the transaction: the union of the tournament log; the merged log must replay. */
async function mergeLog(bundle: TournamentBundle, at: number): Promise<number> {
	const existing = (await streamEvents(bundle.tournamentId)).map(toSync);
	const byId = new Map(existing.map((e) => [eventId(e), e]));
	const fresh: SyncEvent[] = [];
	for (const event of bundle.events) {
		const held = byId.get(eventId(event));
		if (!held) fresh.push(event);
		else if (!sameContent(held, event)) throw new DecisionRefused(refusal.inconsistent(eventId(event)));
	}
	if (!fresh.length) return 0;
	// An event's id (device:seq) is one row whatever its stream: a file whose new event has the id of one this
	// device stores in another stream (its own tournament, a table round) was made to collide, and is refused
	// rather than thrown at the store.
	const elsewhere = await db().events.bulkGet(fresh.map(eventId));
	const taken = fresh.find((_, i) => elsewhere[i] !== undefined);
	if (taken) throw new DecisionRefused(refusal.inconsistent(eventId(taken)));
	const merged = inLogOrder([...existing, ...fresh]);
	let state: TournamentState | null = null;
	for (const event of merged) {
		const next = applyEvent(state, storedTournamentEventSchema.parse(event.body));
		if (!next.ok)
			throw new DecisionRefused(refusal.invalid({ why: 'rule', problem: next.error, entry: null }));
		state = next.value;
	}
	if (!state) return 0;
	// What the file leaves keeps to LIMITS; a name stored long before the limit and renamed since is fine.
	const beyond = stateBeyondBounds(state);
	if (beyond) throw new DecisionRefused(refusal.invalid({ why: 'rule', problem: beyond, entry: null }));
	// The log is ordered across devices by their clocks (streamEvents): history from another device must
	// not sort after what this device writes next, whatever that device's clock said.
	await db().events.bulkAdd(
		fresh.map((e) => ({
			...e,
			at: Math.min(e.at, at),
			id: eventId(e),
			stream: bundle.tournamentId,
			kind: 'tournament' as const
		}))
	);
	// Capped as its events are: a file from a clock running ahead does not date the tournament in the future.
	const createdAt = Math.min(merged[0]?.at ?? at, at);
	await db().tournaments.put({
		id: bundle.tournamentId,
		createdAt,
		updatedAt: at,
		name: state.name,
		format: state.format,
		date: state.date,
		status: statusOf(state)
	});
	return fresh.length;
}

/**
 * The file is the director's (its signature checked under the pinned key): this device may direct. A file
 * made here from a JSON export (`restoredFromExport`, its time) brings new keys: the tournament remembers
 * it, with its newest round then, whose tablets and those before hold table keys of the old ones.
 */
async function takeDirectorKeys(
	bundle: TournamentBundle,
	known: KnownTournament | null,
	restoredFromExport: number | undefined
): Promise<void> {
	if (known?.signing !== undefined) return;
	const loaded =
		!known && restoredFromExport !== undefined ? await loadTournament(bundle.tournamentId) : null;
	const restored =
		loaded && restoredFromExport !== undefined
			? { at: restoredFromExport, round: loaded.ok ? (loaded.value.state.rounds.at(-1)?.number ?? 0) : 0 }
			: undefined;
	const row: KnownTournament = {
		id: bundle.tournamentId,
		name: known?.name ?? bundle.tournamentName,
		key: keyToText(bundle.key),
		role: 'director',
		director: bytesToText(bundle.director),
		signing: bytesToText(bundle.signing),
		legacyThrough: bundle.legacyThrough,
		...(restored ? { restored } : {})
	};
	await putTournamentKey(row);
}

/**
 * Inside the transaction: every round and waiting batch of the file; resolves with the tables added.
 *
 * A file with its log (a backup, a move to another device) brings the desk as it was: the rounds the
 * director held are held again — in a locked round too, since they were held before it locked — and the
 * log says what counts, so nothing is reported from them; each waiting batch comes back as a kept batch
 * with its decision (taken, set aside, open), never merged or taken by the import. A round file (no log)
 * reports its rounds as their result codes would.
 */
async function takeRounds(
	bundle: TournamentBundle,
	codes: Map<RoundBatch, string>,
	now: number
): Promise<number> {
	const whole = bundle.events.length > 0;
	let tables = 0;
	for (const batch of whole ? bundle.rounds : [...bundle.rounds, ...bundle.pending]) {
		const code = codes.get(batch) ?? '';
		const taken = await takeBatch(batch, code, now, { held: whole });
		// A superseded copy is fine in a backup (the newer one is held); anything else aborts it all.
		if (!taken.ok && taken.error.code !== 'superseded') throw new DecisionRefused(taken.error);
		if (!taken.ok) continue;
		if (!whole) await settle(taken.value, code, now);
		if (taken.value.outcome.kind === 'batch' && taken.value.outcome.result === 'added') tables++;
	}
	if (!whole) return tables;
	for (const [index, batch] of bundle.pending.entries()) {
		await restoreDecision(batch, codes.get(batch) ?? '', bundle.decisions?.[index], now);
	}
	return tables;
}

/**
 * Inside the transaction: a waiting batch of a file kept again as the desk that wrote it left it. A batch
 * this desk keeps already stays as decided here. A file of an older version carries no decisions: a batch
 * whose round the file's desk took (its stream is held, with all its events, and the table's result came
 * from it) was taken; any other waits, for the reason its table gives now.
 */
async function restoreDecision(
	batch: RoundBatch,
	code: string,
	decision: BundleDecision | undefined,
	now: number
): Promise<void> {
	const place = decision?.slot ?? batch.stream;
	if (await pendingExists(batch.tournamentId, batch.round, batch.table, place)) return;
	const { status, reason } = decision ?? (await inferDecision(batch));
	const pending = pendingRow(batch, code, {
		...decision,
		reason,
		status,
		receivedAt: decision?.receivedAt ?? now
	});
	await putPending(pending);
}

/** What a kept batch of an older file was, as far as the restored rows tell. */
async function inferDecision(batch: RoundBatch): Promise<Pick<BundleDecision, 'status' | 'reason'>> {
	const held = await holdingOf(batch.tournamentId, batch.round, batch.table);
	const loaded = await loadTournament(batch.tournamentId);
	const state = loaded.ok ? loaded.value.state : null;
	const round = state?.rounds.find((r) => r.number === batch.round);
	const result = round?.results[batch.table - 1];
	const seating = state && round ? seatingOf(state, round)[batch.table - 1] : undefined;
	const ids = new Set(held?.events.map(eventId));
	const inHolding = held?.stream === batch.stream && batch.events.every((event) => ids.has(eventId(event)));
	const replayed = held && inHolding ? replayBatch(held.events) : null;
	const scores = replayed?.ok && seating ? tableScores(replayed.value, seating) : null;
	// Why it waited before it was taken is not in the file: most often a second tablet at the table.
	if (scores && result && sameScores(result.scores, scores))
		return { status: 'taken', reason: 'other-stream' };
	const plan = planImport(held, batch, { locked: round?.locked ?? false });
	const reason = plan.ok && plan.value.kind === 'conflict' ? plan.value.reason : 'other-stream';
	return { status: 'open', reason };
}

/** Aborts an import's transaction (nothing written) and carries the reason out. */
class DecisionRefused extends Error {
	constructor(readonly problem: Problem) {
		super(problem.code);
	}
}
