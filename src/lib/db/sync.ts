import { nameForCodes, stateBeyondBounds } from '../domain/bounds';
import { storedTournamentEventSchema } from '../codecs/tournament';
import {
	heldTableSchema,
	joinedTableSchema,
	pendingBatchSchema,
	type JoinedTable,
	type KnownTournament,
	type PendingBatch,
	type StandingsPayload,
	type TableAssignment,
	type TournamentBundle
} from '../codecs/sync';
import { fail, ok, problem, type Problem, type Result } from '../domain/result';
import { TOURNAMENT } from '../domain/rules';
import { applyEvent, replay, type Round, type TournamentState } from '../domain/tournament';
import { encodeBase45, decodeBase45 } from '../protocol/base45';
import { digest, sameContent, type Digest } from '../protocol/digest';
import { eventId, inLogOrder, type RoundBatch, type SyncEvent } from '../protocol/sync-events';
import { keyFromText, keyToText, newTournamentKey } from '../protocol/hmac';
import {
	bytesFromText,
	bytesToText,
	newSigningKey,
	tableKey,
	wrapNextKey,
	type SigningKey
} from '../protocol/keys';
import { LIMITS } from '../domain/limits';
import {
	againstKept,
	checkHeader,
	planImport,
	replayBatch,
	tableScores,
	type ConflictReason,
	type TableHolding,
	type TableRound
} from '../protocol/merge';
import {
	batchTournament,
	decodePayload,
	encodePayload,
	keptBatch,
	tournamentOf,
	verifyPayload,
	type Decoded,
	type Payload,
	type PayloadKind
} from '../protocol/payload';
import { setupDifference } from '../protocol/handed-setup';
import { refusal } from '../protocol/problems';
import type { SeatLookup } from '../protocol/round-codec';
import { newerStandings, olderTable, standingsPayload } from '../protocol/standings';
import { streamEvents } from './events';
import { db } from './index';
import { loadRound } from './rounds';
import type { EventRow, RoundRow } from './schema';
import { knownTournament, storedHere, tournamentKeyRow } from './tournament-keys';
import { correctTableResult, loadTournament, reportTableResult, statusOf } from './tournaments';

/**
 * Sync storage: what this device knows of other devices' tournaments, tables and rounds, and the
 * imports — each one Dexie transaction, all or nothing. Codes and files are decoded, zod-checked and
 * their signatures verified before a transaction opens (WebCrypto may not run inside one).
 *
 * Meta rows (table `meta`, keys prefixed `sync.`):
 *   sync.tournament:<t>           the tournament key and this device's role (director or table)
 *   sync.joined:<t>:<r>:<k>       a table this tablet joined
 *   sync.standings:<t>            the newest standings this tablet received
 *   sync.held:<t>:<r>:<k>         the round stream the director took over for a table
 *   sync.pending:<t>:<r>:<k>:<s>  a batch waiting for the director's decision
 */

const K = {
	tournament: tournamentKeyRow,
	joined: (t: string, r: number, k: number) => `sync.joined:${t}:${r}:${k}`,
	standings: (t: string) => `sync.standings:${t}`,
	held: (t: string, r: number, k: number) => `sync.held:${t}:${r}:${k}`,
	pending: (t: string, r: number, k: number, s: string) => `sync.pending:${t}:${r}:${k}:${s}`
};

// ---------------------------------------------------------------- tournaments and keys

export { knownTournament };

/** What the director's device holds for a tournament: the master key, the signing key, the legacy rounds. */
export interface DirectorKeys {
	readonly master: Uint8Array;
	readonly signing: SigningKey;
	/** Rounds up to this one were handed out with the master key itself (tournaments of older versions). */
	readonly legacyThrough: number;
}

function directorKeysOf(known: KnownTournament | null): DirectorKeys | null {
	const master = known?.key ? keyFromText(known.key) : null;
	if (!known || known.role !== 'director' || !master || !known.signing || !known.director) return null;
	if (known.legacyThrough === undefined) return null;
	const signing = { privateKey: bytesFromText(known.signing), publicKey: bytesFromText(known.director) };
	return { master, signing, legacyThrough: known.legacyThrough };
}

/**
 * The director's keys for a tournament stored here, made on first use: the signing key (WebCrypto's key
 * generation may not run inside a transaction), and the master key of a tournament stored by a version
 * that made none. A tournament stored before per-table keys keeps its master key for the rounds already
 * handed out (`legacyThrough`); its next round uses table keys.
 */
export async function directorKeys(id: string, name: string): Promise<DirectorKeys> {
	const ready = directorKeysOf(await knownTournament(id));
	if (ready) return ready;
	const signing = await newSigningKey();
	const loaded = await loadTournament(id);
	const lastRound = loaded.ok ? (loaded.value.state.rounds.at(-1)?.number ?? 0) : 0;
	const database = db();
	return database.transaction('rw', database.meta, async () => {
		const known = await knownTournament(id);
		const held = directorKeysOf(known);
		if (held) return held;
		const row: KnownTournament = {
			id,
			name: known?.name ?? name,
			key: known?.key ?? keyToText(newTournamentKey()),
			role: 'director',
			director: bytesToText(signing.publicKey),
			signing: bytesToText(signing.privateKey),
			// A key row of an older version: its rounds so far were handed out with the master key. No row: no
			// table was ever handed out.
			legacyThrough: known?.legacyThrough ?? (known ? lastRound : 0)
		};
		await database.meta.put({ key: K.tournament(id), value: row });
		const keys = directorKeysOf(row);
		if (!keys) throw new Error('director keys just stored do not read back');
		return keys;
	});
}

/** A payload the director sends (table code, standings, tournament file), signed with its key. */
export async function encodeAsDirector(
	tournamentId: string,
	payload: TableAssignment | StandingsPayload | TournamentBundle
): Promise<Uint8Array> {
	const keys = await directorKeys(tournamentId, payload.tournamentName);
	return encodePayload(payload, keys.signing);
}

/**
 * Checks a result code on the director's device: its tag under the key of the table and round it names
 * (a table can sign only its own result); a round handed out with the master key (older versions) also
 * under that.
 */
async function verifyResult(decoded: Decoded, batch: RoundBatch): Promise<Result<Payload>> {
	const known = await knownTournament(batch.tournamentId);
	const master = known?.role === 'director' && known.key ? keyFromText(known.key) : null;
	if (!master) return fail(refusal.unknownTournament(batch.tournamentId));
	const key = await tableKey(master, batch.tournamentId, batch.round, batch.table);
	const verified = await verifyPayload(decoded, key);
	if (verified.ok) return verified;
	// Rows of older versions name no legacy rounds: every round so far was handed out with the master key.
	if (batch.round <= (known?.legacyThrough ?? Infinity)) {
		const legacy = await verifyPayload(decoded, master);
		if (legacy.ok) return legacy;
	}
	// Restored from an export with new keys: a round of then whose code fits none of this desk's table keys
	// was signed under a table code of before — the tablet needs the new one, not a forgery warning.
	const restored = known?.restored;
	if (
		restored &&
		batch.round <= restored.round &&
		!(await fitsAnyTable(decoded, master, batch, restored.round))
	) {
		return fail(refusal.keyBeforeRestore(batch.round, batch.table));
	}
	return fail(refusal.notThisTable(batch.round, batch.table));
}

/** True when a result code's tag fits one of this desk's table keys of the rounds up to `through`. */
async function fitsAnyTable(
	decoded: Decoded,
	master: Uint8Array,
	batch: RoundBatch,
	through: number
): Promise<boolean> {
	const loaded = await loadTournament(batch.tournamentId);
	if (!loaded.ok) return false;
	for (const round of loaded.value.state.rounds.filter((r) => r.number <= through)) {
		for (let table = 1; table <= round.tables.length; table++) {
			const key = await tableKey(master, batch.tournamentId, round.number, table);
			if ((await verifyPayload(decoded, key)).ok) return true;
		}
	}
	return false;
}

// ---------------------------------------------------------------- director: hand out

/** The players of a round's tables, in seat order, with names. */
function seatingOf(state: TournamentState, round: Round): { id: string; name: string }[][] {
	return round.tables.map((table) =>
		table.map((id) => ({ id, name: nameForCodes(state.players.get(id)?.name ?? id) }))
	);
}

/**
 * The seatings of a tournament stored here, as they stood at any revision of its log: a result code names
 * its players by the seats of the table code the director handed out then (undefined: not stored here).
 */
async function seatLookup(tournamentId: string): Promise<SeatLookup | undefined> {
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

/** One assignment per table of a round (default: the newest), for the director to hand out. */
export async function tableAssignments(
	tournamentId: string,
	roundNumber?: number
): Promise<Result<{ round: Round; assignments: TableAssignment[] }>> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) return loaded;
	const { state } = loaded.value;
	const round =
		roundNumber === undefined ? state.rounds.at(-1) : state.rounds.find((r) => r.number === roundNumber);
	if (!round) {
		return fail(
			problem('no-round-yet', 'Es ist noch keine Runde ausgelost.', 'No round has been drawn yet.')
		);
	}
	if (state.format !== 'triominos') {
		return fail(
			problem(
				'not-triominos',
				'Tische per Code gibt es nur für Triominos-Turniere (das Wertungsblatt am Tisch ist für Triominos).',
				'Tables by code exist only for Triominos tournaments (the table sheet is for Triominos).'
			)
		);
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
			director: keys.signing.publicKey
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
	const payload = standingsPayload(loaded.value.state, tournamentId, loaded.value.events.length);
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

// ---------------------------------------------------------------- receiving any code

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
	  };

const KIND_NAMES: Record<PayloadKind, { de: string; en: string }> = {
	assignment: { de: 'ein Tisch-Code', en: 'a table code' },
	batch: { de: 'ein Ergebnis-Code', en: 'a result code' },
	standings: { de: 'ein Ranglisten-Code', en: 'a standings code' },
	tournament: { de: 'eine Turnierdatei', en: 'a tournament file' }
};

/** What a screen tells the import beside the bytes. */
export interface ReceiveOptions {
	/** The tournament the screen shows (the director's exchange): a code of another one is refused. */
	readonly tournamentId?: string;
	/** The tablet's players confirmed a table code signed by another key of the director: it is pinned now. */
	readonly repin?: boolean;
	/** The file was made here from an "Alles (JSON)" export, at this time: the tournament has new keys. */
	readonly restoredFromExport?: number;
}

/**
 * Takes in a payload read from codes or a file: decoded, zod-checked, its signature verified, then
 * written in one transaction. `accept` limits what this screen takes (a tablet: tables and standings;
 * the director: results and tournaments); `tournamentId`, the tournament a screen shows (the director's
 * exchange): a code of another one is refused. A refusal writes nothing and says why.
 */
export async function receive(
	bytes: Uint8Array,
	accept: readonly PayloadKind[],
	options: ReceiveOptions = {}
): Promise<Result<ImportOutcome>> {
	const named = batchTournament(bytes);
	const decoded = await decodePayload(bytes, { seats: named ? await seatLookup(named) : undefined });
	if (!decoded.ok) return decoded;
	const { payload } = decoded.value;
	if (!accept.includes(payload.kind)) {
		const name = KIND_NAMES[payload.kind];
		return fail(refusal.wrongKind(name.de, name.en));
	}
	const belongsTo = tournamentOf(payload);
	if (options.tournamentId !== undefined && belongsTo !== options.tournamentId) {
		return fail(refusal.otherTournament(belongsTo));
	}
	switch (payload.kind) {
		case 'assignment': {
			// Signed by the key it carries; `joinTable` holds that key to the one pinned for the tournament.
			const verified = await verifyPayload(decoded.value, payload.director);
			return verified.ok ? joinTable(payload, Date.now(), { repin: options.repin === true }) : verified;
		}
		case 'standings':
			return receiveStandings(decoded.value as Decoded<StandingsPayload>);
		case 'batch':
			return receiveBatch(decoded.value, bytes);
		case 'tournament':
			return receiveBundle(
				decoded.value as Decoded<TournamentBundle>,
				Date.now(),
				options.restoredFromExport
			);
	}
}

// ---------------------------------------------------------------- tablet

/**
 * Joins a table: pins the director's public key when the tournament is new to this tablet and keeps the
 * assignment with its table key. A known tournament keeps its key: a table code signed by another one is
 * taken only when the tablet's players confirmed it (`repin`; e.g. the desk was restored with new keys),
 * and then its key replaces the pinned one — never on a director's own device. A table of an earlier
 * round than the newest joined in that tournament is refused; the same round again (a tablet moved to
 * another table, or rejoining with a new key) is taken. The caller has checked the assignment's signature.
 */
export async function joinTable(
	assignment: TableAssignment,
	now = Date.now(),
	options: { repin?: boolean } = {}
): Promise<Result<ImportOutcome>> {
	const database = db();
	return database.transaction('rw', [database.meta, database.events], async () => {
		const known = await knownTournament(assignment.tournamentId);
		const director = bytesToText(assignment.director);
		const otherKey = known?.director !== undefined && known.director !== director;
		if (otherKey && known.role === 'director') return fail(refusal.keyMismatch());
		if (otherKey && options.repin !== true) return fail(refusal.newDirectorKey());
		// A director's own tournament takes no key from a code; one stored here without a key (an older
		// version) gets its own on first use.
		if (known?.role === 'director' && known.director === undefined) return fail(refusal.keyMismatch());
		if (!known && (await storedHere(assignment.tournamentId))) return fail(refusal.keyMismatch());
		// A table of an earlier round than the one this tablet is in (like an older standings code).
		const earlier = olderTable(await joinedTables(), assignment);
		if (earlier) return fail(refusal.olderTable(assignment.round, earlier.round));
		// A round whose results this tablet already holds in the director's standings is over: no one
		// should score it (a fresh tablet cannot know; the desk then keeps its code for an override).
		const standings = await heldStandings(assignment.tournamentId);
		if (standings && standings.afterRound >= assignment.round)
			return fail(refusal.pastTable(assignment.round, standings.afterRound));
		// A tablet joined by an older version holds the master key and no public key: it pins one now; a
		// confirmed new key replaces the one pinned.
		if (!known || known.director === undefined || otherKey) {
			const row: KnownTournament = {
				...known,
				id: assignment.tournamentId,
				name: known?.name ?? assignment.tournamentName,
				role: 'table',
				director
			};
			await database.meta.put({ key: K.tournament(assignment.tournamentId), value: row });
		}
		const table: JoinedTable = {
			tournamentId: assignment.tournamentId,
			tournamentName: assignment.tournamentName,
			round: assignment.round,
			table: assignment.table,
			players: assignment.players.map((p) => ({ id: p.id, name: p.name })),
			rules: { ...assignment.rules },
			...(assignment.revision === undefined ? {} : { revision: assignment.revision }),
			key: bytesToText(assignment.key),
			joinedAt: now
		};
		await database.meta.put({ key: K.joined(table.tournamentId, table.round, table.table), value: table });
		return ok({ kind: 'joined' as const, table });
	});
}

/**
 * Joins the next round at the same table as the held standings code seats it: its table key comes wrapped
 * in that code for the tablet that holds this table's key of the round before. A tablet that skipped a
 * round, or was joined by an older version, reads the new table code instead.
 */
export async function joinNextTable(
	current: JoinedTable,
	next: { round: number; table: number; players: readonly { id: string; name: string }[]; revision: number }
): Promise<Result<ImportOutcome>> {
	const standings = await heldStandings(current.tournamentId);
	const known = await knownTournament(current.tournamentId);
	const wrapped = standings?.next?.round === next.round ? standings.next.keys?.[next.table - 1] : undefined;
	if (!wrapped || !current.key || known?.director === undefined || current.round !== next.round - 1) {
		return fail(
			problem(
				'scan-table-code',
				`Für Runde ${next.round} bitte den Tisch-Code der Turnierleitung einlesen.`,
				`For round ${next.round}, please read the director’s table code.`
			)
		);
	}
	return joinTable({
		kind: 'assignment',
		tournamentId: current.tournamentId,
		tournamentName: current.tournamentName,
		key: await wrapNextKey(bytesFromText(current.key), next.round, wrapped),
		round: next.round,
		table: next.table,
		players: next.players.map((p) => ({ id: p.id, name: p.name })),
		rules: current.rules,
		revision: next.revision,
		director: bytesFromText(known.director)
	});
}

/** The tables this tablet joined, newest first. */
export async function joinedTables(): Promise<JoinedTable[]> {
	const rows = await db().meta.where('key').startsWith('sync.joined:').toArray();
	return rows
		.flatMap((row) => {
			const parsed = joinedTableSchema.safeParse(row.value);
			return parsed.success ? [parsed.data] : [];
		})
		.sort((a, b) => b.joinedAt - a.joinedAt);
}

/** The round started on this tablet for a joined table (the newest, if the table began twice). */
export async function roundOfTable(table: JoinedTable): Promise<RoundRow | null> {
	const rows = await db().rounds.where('tournamentId').equals(table.tournamentId).toArray();
	const matches: RoundRow[] = [];
	for (const row of rows) {
		const stored = await loadRound(row.id);
		if (
			stored.ok &&
			stored.value.context.round === table.round &&
			stored.value.context.table === table.table
		) {
			matches.push(row);
		}
	}
	return matches.sort((a, b) => b.createdAt - a.createdAt)[0] ?? null;
}

const toSync = (row: EventRow): SyncEvent => ({
	device: row.device,
	seq: row.seq,
	at: row.at,
	type: row.type,
	body: row.body
});

/** A round stream as a batch, as its own start names it (tournament, round, table). */
async function batchOfStream(stream: string): Promise<Result<RoundBatch>> {
	const stored = await loadRound(stream);
	if (!stored.ok) return stored;
	const { tournamentId, round, table } = stored.value.context;
	if (tournamentId === null || round === null || table === null) {
		return fail(
			problem(
				'not-a-tournament-round',
				'Diese Runde gehört zu keinem Turniertisch.',
				'This round does not belong to a tournament table.'
			)
		);
	}
	const events = (await streamEvents(stream)).map(toSync);
	return ok({ tournamentId, round, table, stream, events });
}

/** The signed result code of a tablet's round: bytes, and the digest to compare with the director's board. */
export async function handIn(
	stream: string
): Promise<Result<{ batch: RoundBatch; bytes: Uint8Array; digest: Digest }>> {
	const batch = await batchOfStream(stream);
	if (!batch.ok) return batch;
	const { tournamentId, round, table } = batch.value;
	const joined = joinedTableSchema.safeParse(
		(await db().meta.get(K.joined(tournamentId, round, table)))?.value
	);
	// The table's own key; a table joined by an older version signs with the master key it was handed.
	const known = await knownTournament(tournamentId);
	const legacy = known?.key ? keyFromText(known.key) : null;
	const key = joined.success && joined.data.key ? bytesFromText(joined.data.key) : legacy;
	if (!key) return fail(refusal.unknownTournament(tournamentId));
	// The director knows the seating it handed out: the players travel by seat (a shorter code).
	const seating =
		joined.success && joined.data.revision !== undefined
			? { revision: joined.data.revision, names: joined.data.players.map((p) => p.name) }
			: undefined;
	const bytes = await encodePayload({ kind: 'batch', batch: batch.value, seating }, key);
	return ok({ batch: batch.value, bytes, digest: digest(batch.value.events) });
}

async function receiveStandings(
	decoded: Decoded<StandingsPayload>,
	now = Date.now()
): Promise<Result<ImportOutcome>> {
	const { payload } = decoded;
	const known = await knownTournament(payload.tournamentId);
	if (!known) return fail(refusal.unknownTournament(payload.tournamentId));
	if (known.director === undefined) return fail(refusal.notPinned());
	const verified = await verifyPayload(decoded, bytesFromText(known.director));
	if (!verified.ok) return verified;
	const database = db();
	return database.transaction('rw', database.meta, async () => {
		const held = await heldStandings(payload.tournamentId);
		const newer = newerStandings(held, payload);
		if (newer)
			await database.meta.put({
				key: K.standings(payload.tournamentId),
				value: { payload, receivedAt: now }
			});
		return ok({ kind: 'standings' as const, standings: newer || !held ? payload : held, newer });
	});
}

/** The newest standings this tablet received for a tournament. */
export async function heldStandings(tournamentId: string): Promise<StandingsPayload | null> {
	const row = await db().meta.get(K.standings(tournamentId));
	const value = (row?.value as { payload?: StandingsPayload } | undefined)?.payload;
	return value ?? null;
}

// ---------------------------------------------------------------- director: collect

async function holdingOf(tournamentId: string, round: number, table: number): Promise<TableHolding | null> {
	const row = await db().meta.get(K.held(tournamentId, round, table));
	const parsed = heldTableSchema.safeParse(row?.value);
	if (!parsed.success) return null;
	const events = (await streamEvents(parsed.data.stream)).map(toSync);
	return { stream: parsed.data.stream, events, device: parsed.data.device };
}

function summaryOf(
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

async function receiveBatch(
	decoded: Decoded,
	bytes: Uint8Array,
	now = Date.now()
): Promise<Result<ImportOutcome>> {
	const { batch } = decoded.payload as Extract<Payload, { kind: 'batch' }>;
	const verified = await verifyResult(decoded, batch);
	if (!verified.ok) return verified;
	const header = checkHeader(batch);
	if (header) return fail(header);
	const database = db();
	const code = encodeBase45(bytes);
	// One transaction: the events, the holding and the table's result (the desk's own transaction nests in it).
	// The callback must be an async function for Dexie to keep the transaction across awaits.
	return database.transaction(
		'rw',
		[database.events, database.meta, database.tournaments, database.rounds],
		async () => {
			const taken = await takeBatch(batch, code, now);
			return taken.ok ? ok(await settle(taken.value, code, now)) : taken;
		}
	);
}

/**
 * A confirmed, finished round becomes the table's result through the desk's `reportTableResult`. If the
 * desk refuses it (a different result was typed in by hand), the batch waits for the director.
 */
async function settle(taken: Taken, code: string, now: number): Promise<ImportOutcome> {
	if (!taken.report || taken.outcome.kind !== 'batch' || taken.outcome.conflict) return taken.outcome;
	const { batch, table, seating } = taken.report;
	const report = await reportRound(batch, table, seating, now);
	if (report.conflict) await keepPending(batch, code, report.conflict, now);
	return { ...taken.outcome, ...report };
}

/** What an import did inside its transaction, and the round to report once it committed. */
interface Taken {
	readonly outcome: ImportOutcome;
	readonly report: { batch: RoundBatch; table: TableRound; seating: { id: string; name: string }[] } | null;
}

/** Keeps a batch for the director's decision (only a longer code of the same waiting stream replaces it). */
async function keepPending(
	batch: RoundBatch,
	code: string,
	reason: ConflictReason,
	now: number
): Promise<void> {
	const database = db();
	const pending: PendingBatch = {
		tournamentId: batch.tournamentId,
		round: batch.round,
		table: batch.table,
		stream: batch.stream,
		device: batch.events[0]?.device ?? '',
		code,
		events: batch.events.length,
		reason,
		receivedAt: now,
		status: 'open'
	};
	const main = K.pending(batch.tournamentId, batch.round, batch.table, batch.stream);
	// The kept batch of this stream this one continues or repeats (the stream's own row, or one waiting
	// beside it); another continuation (a forger's, or a tablet that took back) never displaces one.
	const rows = await database.meta.where('key').startsWith(main).toArray();
	const relationTo = (row: { value: unknown }) => {
		const parsed = pendingBatchSchema.safeParse(row.value);
		const bytes = parsed.success ? decodeBase45(parsed.data.code) : null;
		const previous = bytes?.ok ? keptBatch(bytes.value) : null;
		return previous ? againstKept(previous, batch) : 'extends';
	};
	const own = rows.filter((row) => row.key === main || row.key.startsWith(`${main}~`));
	const related = own.find((row) => relationTo(row) !== 'diverges');
	const key = related?.key ?? main;
	const before = pendingBatchSchema.safeParse((related ?? own.find((row) => row.key === main))?.value);
	// A decision already made stays; the same code again, or an older (shorter) one of the stream, changes nothing.
	if (before.success) {
		const { status, code: kept, events } = before.data;
		if (kept === code) return;
		const relation = related ? relationTo(related) : 'diverges';
		if (relation === 'diverges') {
			const slot = `${batch.stream}~${digest(batch.events).hash}`;
			const beside = K.pending(batch.tournamentId, batch.round, batch.table, slot);
			if (!(await database.meta.get(beside)))
				await database.meta.put({ key: beside, value: { ...pending, slot } });
			return;
		}
		if (status !== 'open' || relation === 'same' || (events ?? 0) >= batch.events.length) return;
	}
	// A row beside the stream's own keeps its slot.
	const slot = before.success ? before.data.slot : undefined;
	await database.meta.put({ key, value: slot === undefined ? pending : { ...pending, slot } });
}

/** Inside the import transaction: merge one verified batch into the director's holdings. */
async function takeBatch(batch: RoundBatch, code: string, now: number): Promise<Result<Taken>> {
	const database = db();
	const loaded = await loadTournament(batch.tournamentId);
	if (!loaded.ok) return loaded;
	const { state } = loaded.value;
	const round = state.rounds.find((r) => r.number === batch.round);
	const seating = round ? seatingOf(state, round)[batch.table - 1] : undefined;
	if (!round || !seating) return fail(refusal.noSuchTable(batch.round, batch.table));
	// A tournament table plays the rules and players the desk handed out (tableAssignments).
	const handed = { rules: TOURNAMENT, players: seating.map((p) => p.name) };
	const differs = setupDifference(batch, handed);
	if (differs) return fail(differs);
	const held = await holdingOf(batch.tournamentId, batch.round, batch.table);
	const plan = planImport(held, batch, { locked: round.locked });
	if (!plan.ok) return plan;
	const base = { kind: 'batch' as const, round: batch.round, table: batch.table };
	const device = batch.events[0]?.device ?? '';
	if (plan.value.kind === 'conflict') {
		await keepPending(batch, code, plan.value.reason, now);
		const outcome = {
			...base,
			result: 'conflict' as const,
			added: 0,
			conflict: plan.value.reason,
			reported: false,
			digest: digest(batch.events)
		};
		return ok({ outcome, report: null });
	}
	let merged = held?.events ?? [];
	let table: TableRound | null = null;
	if (plan.value.kind === 'add') {
		const rows: EventRow[] = plan.value.events.map((e) => ({
			...e,
			id: eventId(e),
			stream: batch.stream,
			kind: 'round'
		}));
		// An id already stored in another stream (another table's round, the log): altered or forged.
		const clash = await database.events
			.where('id')
			.anyOf(rows.map((row) => row.id))
			.first();
		if (clash) return fail(refusal.inconsistent(clash.id));
		await database.events.bulkAdd(rows);
		await database.meta.put({
			key: K.held(batch.tournamentId, batch.round, batch.table),
			value: { stream: batch.stream, device }
		});
		merged = plan.value.merged;
		table = plan.value.round;
		const existing = await database.rounds.get(batch.stream);
		await database.rounds.put(
			summaryOf(batch.stream, table, batch.tournamentId, existing?.createdAt ?? merged[0]?.at ?? now, now)
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
	return ok({ outcome, report: table ? { batch: { ...batch, events: merged }, table, seating } : null });
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

// ---------------------------------------------------------------- director: conflicts

/** Batches waiting for the director (and those already decided), for a tournament. */
export async function pendingBatches(tournamentId: string): Promise<PendingBatch[]> {
	const rows = await db().meta.where('key').startsWith(`sync.pending:${tournamentId}:`).toArray();
	return rows.flatMap((row) => {
		const parsed = pendingBatchSchema.safeParse(row.value);
		return parsed.success ? [parsed.data] : [];
	});
}

/**
 * A kept batch back from its code: its signature verified again under the key this device holds for the
 * tournament, and the batch must be the one the row names (tournament, round, table, stream).
 */
export async function pendingRound(pending: PendingBatch): Promise<Result<RoundBatch>> {
	const bytes = decodeBase45(pending.code);
	if (!bytes.ok) return bytes;
	const decoded = await decodePayload(bytes.value, { seats: await seatLookup(pending.tournamentId) });
	if (!decoded.ok) return decoded;
	const { payload } = decoded.value;
	if (payload.kind !== 'batch') {
		return fail(refusal.wrongKind(KIND_NAMES[payload.kind].de, KIND_NAMES[payload.kind].en));
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
		return fail(
			refusal.mismatch(
				'der gespeicherte Code gehört zu einem anderen Tisch oder Turnier',
				'the stored code belongs to another table or tournament'
			)
		);
	}
	const header = checkHeader(batch);
	return header ? fail(header) : ok(batch);
}

/**
 * The director decides a conflict. `take`: this batch's round becomes the table's (the other stream
 * stays stored; a result already recorded is corrected with the reason). A locked round is taken only as
 * a director override (`override: true`) with a reason, as a hand correction of it is, and recorded as
 * such; without them it is refused and nothing changes. `set-aside`: the batch stays kept but no longer
 * asks for a decision. All or nothing: the result, the round's events, the holding and the decision are
 * written in one transaction.
 */
export async function decidePending(
	pending: PendingBatch,
	decision: 'take' | 'set-aside',
	reason: string,
	options: { override?: boolean; now?: number } = {}
): Promise<Result<null>> {
	const now = options.now ?? Date.now();
	const key = K.pending(pending.tournamentId, pending.round, pending.table, pending.slot ?? pending.stream);
	const database = db();
	if (decision === 'set-aside') {
		await database.meta.put({ key, value: { ...pending, status: 'set-aside' } });
		return ok(null);
	}
	// Decoding and WebCrypto before the transaction opens.
	const batch = await pendingRound(pending);
	if (!batch.ok) return batch;
	const replayed = replayBatch(inLogOrder(batch.value.events));
	if (!replayed.ok) return replayed;
	const tables = [database.events, database.meta, database.tournaments, database.rounds];
	return database.transaction('rw', tables, async () => {
		const loaded = await loadTournament(pending.tournamentId);
		if (!loaded.ok) return loaded;
		const { state } = loaded.value;
		const round = state.rounds.find((r) => r.number === pending.round);
		const seating = round ? seatingOf(state, round)[pending.table - 1] : undefined;
		if (!round || !seating) return fail(refusal.noSuchTable(pending.round, pending.table));
		if (round.locked && (options.override !== true || !reason.trim())) {
			return fail(refusal.lockedTake(pending.round, pending.table, runningAfter(state, pending.round)));
		}
		const scores = tableScores(replayed.value, seating);
		if (!scores) {
			return fail(
				problem(
					'cannot-take',
					'Diese Runde ist nicht abgeschlossen und bestätigt, oder die Namen passen nicht zur Auslosung – bitte das Ergebnis am Schreibtisch eintragen.',
					'This round is not finished and confirmed, or the names do not match the seating – please enter the result at the desk.'
				)
			);
		}
		// The desk records the result (its transaction nests in this one; a refusal writes nothing) …
		const source = { kind: 'tablet' as const, roundId: batch.value.stream, device: pending.device };
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
		if (!recorded.ok) return recorded;
		// … and the chosen round becomes the table's.
		const existing = new Set(
			(await database.events.where('stream').equals(batch.value.stream).toArray()).map((r) => r.id)
		);
		const rows: EventRow[] = batch.value.events
			.filter((e) => !existing.has(eventId(e)))
			.map((e) => ({ ...e, id: eventId(e), stream: batch.value.stream, kind: 'round' }));
		await database.events.bulkAdd(rows);
		await database.rounds.put(
			summaryOf(
				batch.value.stream,
				replayed.value,
				pending.tournamentId,
				batch.value.events[0]?.at ?? now,
				now
			)
		);
		await database.meta.put({
			key: K.held(pending.tournamentId, pending.round, pending.table),
			value: { stream: batch.value.stream, device: pending.device }
		});
		await database.meta.put({ key, value: { ...pending, status: 'taken' } });
		return ok(null);
	});
}

/** The round that started after a round (the newest), which locked it; null when none has. */
export function runningAfter(state: TournamentState, round: number): number | null {
	const later = state.rounds.filter((r) => r.number > round).map((r) => r.number);
	return later.length ? Math.max(...later) : null;
}

/** Aborts an import's transaction (nothing written) and carries the reason out. */
class DecisionRefused extends Error {
	constructor(readonly problem: Problem) {
		super(problem.en);
	}
}

// ---------------------------------------------------------------- director: the board

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
			setAside: kept.filter((p) => p.table === number && p.status === 'set-aside').length
		});
	}
	return ok(tables);
}

// ---------------------------------------------------------------- files: whole tournament, a round's results

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
	const held = await db().meta.where('key').startsWith(`sync.held:${tournamentId}:`).toArray();
	const rounds: RoundBatch[] = [];
	for (const row of held) {
		const parsed = heldTableSchema.safeParse(row.value);
		if (!parsed.success) continue;
		const batch = await batchOfStream(parsed.data.stream);
		if (batch.ok && (round === undefined || batch.value.round === round)) rounds.push(batch.value);
	}
	const pending: RoundBatch[] = [];
	for (const item of await pendingBatches(tournamentId)) {
		if (round !== undefined && item.round !== round) continue;
		const batch = await pendingRound(item);
		if (batch.ok) pending.push(batch.value);
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
		pending
	};
	return ok(await encodePayload(bundle, keys.signing));
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
	if (known?.director !== undefined && known.director !== bytesToText(bundle.director)) {
		return fail(refusal.keyMismatch());
	}
	if (known?.key !== undefined && known.key !== keyToText(bundle.key)) return fail(refusal.keyMismatch());
	// A tournament stored here without a key (an older version) gets its own on first use, never a file's.
	if (!known && (await storedHere(bundle.tournamentId))) return fail(refusal.keyMismatch());
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
			return fail(refusal.invalid(message, message));
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

async function receiveBundle(
	decoded: Decoded<TournamentBundle>,
	now = Date.now(),
	restoredFromExport?: number
): Promise<Result<ImportOutcome>> {
	const bundle = decoded.payload;
	const checked = await checkBundle(decoded);
	if (!checked.ok) return checked;
	const known = checked.value;
	// Codes for batches that may end up waiting, before the transaction: the code already kept for the same
	// round (so importing a file again changes nothing), else signed now.
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
	const database = db();
	const imported = await database
		.transaction('rw', [database.events, database.meta, database.tournaments, database.rounds], async () => {
			// The keys as checked above: nobody gave this tournament a key or a log meanwhile.
			const held = await knownTournament(bundle.tournamentId);
			const same = held?.key === known?.key && held?.director === known?.director;
			if (!same || (!known && (await storedHere(bundle.tournamentId)))) {
				throw new DecisionRefused(refusal.keyMismatch());
			}
			const added = await mergeLog(bundle, now);
			// The file is the director's (its signature checked under the pinned key): this device may direct.
			if (known?.signing === undefined) {
				// Made here from a JSON export: the keys are new, the tablets of its rounds hold the old ones.
				const loaded =
					!known && restoredFromExport !== undefined ? await loadTournament(bundle.tournamentId) : null;
				const round = loaded?.ok ? (loaded.value.state.rounds.at(-1)?.number ?? 0) : 0;
				const row: KnownTournament = {
					id: bundle.tournamentId,
					name: known?.name ?? bundle.tournamentName,
					key: keyToText(bundle.key),
					role: 'director',
					director: bytesToText(bundle.director),
					signing: bytesToText(bundle.signing),
					legacyThrough: bundle.legacyThrough,
					...(loaded && restoredFromExport !== undefined
						? { restored: { at: restoredFromExport, round } }
						: {})
				};
				await database.meta.put({ key: K.tournament(bundle.tournamentId), value: row });
			}
			let tables = 0;
			for (const batch of [...bundle.rounds, ...bundle.pending]) {
				const code = codes.get(batch) ?? '';
				const taken = await takeBatch(batch, code, now);
				// A superseded copy is fine in a backup (the newer one is held); anything else aborts it all.
				if (!taken.ok && taken.error.code !== 'superseded') throw new DecisionRefused(taken.error);
				if (!taken.ok) continue;
				await settle(taken.value, code, now);
				if (taken.value.outcome.kind === 'batch' && taken.value.outcome.result === 'added') tables++;
			}
			return ok({ kind: 'tournament' as const, tournamentId: bundle.tournamentId, events: added, tables });
		})
		.catch((cause: unknown) => {
			if (cause instanceof DecisionRefused) return fail(cause.problem);
			throw cause;
		});
	return imported;

	/** Union of the tournament log; the merged log must replay. */
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
		const merged = inLogOrder([...existing, ...fresh]);
		let state: TournamentState | null = null;
		for (const event of merged) {
			const next = applyEvent(state, storedTournamentEventSchema.parse(event.body));
			if (!next.ok) throw new DecisionRefused(refusal.invalid(next.error.de, next.error.en));
			state = next.value;
		}
		if (!state) return 0;
		// What the file leaves keeps to LIMITS; a name stored long before the limit and renamed since is fine.
		const beyond = stateBeyondBounds(state);
		if (beyond) throw new DecisionRefused(refusal.invalid(beyond.de, beyond.en));
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
		const createdAt = merged[0]?.at ?? at;
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
}
