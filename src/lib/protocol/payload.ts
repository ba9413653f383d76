import {
	absenceSchema,
	assignmentSchema,
	bundleSchema,
	roundBatchSchema,
	standingsSchema,
	tabletNameSchema,
	type AbsencePayload,
	type StandingsPayload,
	type TableAssignment,
	type TournamentBundle
} from '../codecs/sync';
import { parseJson } from '../codecs/json-walk';
import { Allowance, BeyondBounds } from '../domain/bounds';
import { LIMITS, TABLES_PER_ROUND } from '../domain/limits';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { PRESETS, SCORINGS } from '../domain/rules';
import { BitReader, BitWriter, FromOtherVersion, Malformed } from './bits';
import { FileBytes, type PayloadBytes } from './files';
import type { RoundBatch } from './sync-events';
import { MAC_BYTES, sign, verify } from './hmac';
import {
	PRIVATE_KEY_BYTES,
	PUBLIC_KEY_BYTES,
	COMPRESSED_KEY_BYTES,
	compressKey,
	expandKey,
	SIGNATURE_BYTES,
	TABLE_KEY_BYTES,
	WRAPPED_KEY_BYTES,
	signAsDirector,
	verifyDirector,
	type SigningKey
} from './keys';
import { readId, writeId } from './ids';
import { PAYLOAD_KINDS, type PayloadKind } from './kinds';
import { refusal } from './problems';
import { bytesAtMost } from './streams';
import {
	readPreset,
	readRoundBatch,
	UnknownSeating,
	writeRoundBatch,
	type SeatLookup,
	type Seating
} from './round-codec';

/**
 * The protocol version every payload starts with; a device refuses versions it does not know. Version 2:
 * the table code carries the director's log revision, and a result code may name its players by seat.
 * Version 3: per-table keys, and what the director sends is signed with its ECDSA key (the trust model in
 * docs/ARCHITECTURE.md). Version 4: a result code carries the name its tablet chose, a table code the time
 * the desk made it (`issuedAt`), and a table may report a missing player (`absence`). Version 5: a result
 * code carries its tablet's own public key, the standings code wraps the next round's table keys to those
 * keys (no longer to the round before's table key, which a photographed table code gave away), and the
 * director signs with the low s only.
 *
 * Still read: result codes of every version and reports of missing players of version 4 (kept at the desk,
 * tablets not yet updated: their tags are under the same table keys), and tournament files of versions 3
 * and 4 (backups). Table and standings codes of versions before 5 are refused as from another app version:
 * a tablet of this version joins only from this version's desk, whose standings it can take.
 */
export const PROTOCOL_VERSION = 5;
const READABLE_VERSIONS: readonly number[] = [1, 2, 3, 4, 5];
const readable = (version: number, kind: PayloadKind): boolean =>
	version === PROTOCOL_VERSION ||
	(READABLE_VERSIONS.includes(version) &&
		(kind === 'batch' || (kind === 'absence' && version === 4) || (kind === 'tournament' && version >= 3)));
/** Writable for the tests that such payloads are still read, or refused. */
type WritableVersion = 3 | 4 | 5;

export { PAYLOAD_KINDS, type PayloadKind };

export interface BatchPayload {
	readonly kind: 'batch';
	readonly batch: RoundBatch;
	/** The table's seating as handed out: the players then travel by seat (written, not read back). */
	readonly seating?: Seating;
	/** The name the tablet chose for itself (version 4; none in older codes). */
	readonly tablet?: string;
	/**
	 * The tablet's own public key (version 5; uncompressed, 65 bytes): the desk wraps the next round's key
	 * of the table to it. Under the table key's tag like the rest of the code.
	 */
	readonly deviceKey?: Uint8Array;
}

export type Payload = TableAssignment | BatchPayload | StandingsPayload | TournamentBundle | AbsencePayload;

/**
 * How a kind is signed: what a table says (its result, a missing player) with its table's key (a 96-bit
 * HMAC tag: a round stays on one code), everything the director sends with the director's ECDSA key
 * (tablets verify it but cannot sign).
 */
export const signedBy = (kind: PayloadKind): 'table' | 'director' =>
	kind === 'batch' || kind === 'absence' ? 'table' : 'director';
const trailerBytes = (kind: PayloadKind): number =>
	signedBy(kind) === 'table' ? MAC_BYTES : SIGNATURE_BYTES;

/** A decoded payload and the bytes its signature covers. */
export interface Decoded<P extends Payload = Payload> {
	readonly payload: P;
	readonly signed: { readonly data: Uint8Array; readonly mac: Uint8Array };
}

/** The tournament a payload belongs to. */
export const tournamentOf = (payload: Payload): string =>
	payload.kind === 'batch' ? payload.batch.tournamentId : payload.tournamentId;

function writeRules(w: BitWriter, rules: TableAssignment['rules']): void {
	w.bits(PRESETS.indexOf(rules.preset), 2)
		.bits(SCORINGS.indexOf(rules.scoring), 2)
		.flag(rules.tiles === 76);
}

function readRules(r: BitReader): TableAssignment['rules'] {
	return { ...readPreset(r), tiles: r.flag() ? 76 : 56 };
}

/**
 * The largest numerator (either sign) and denominator of a standings row's points that a standings code
 * carries: the reader takes varints up to 2^40, and a zigzagged numerator needs twice its size. One bound
 * for both parts; tournament points stay far below it (their denominators divide 12).
 */
export const CODE_POINTS_MAX = 2 ** 39;

const zigzag = (n: number) => (n < 0 ? -2 * n - 1 : 2 * n);
const unzigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);

async function deflate(data: Uint8Array): Promise<Uint8Array> {
	const stream = new Blob([new Uint8Array(data)]).stream().pipeThrough(new CompressionStream('deflate-raw'));
	return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Compressed bytes go in this many at a time: each inflates to at most about a megabyte (1 : 1032). */
const INFLATE_PIECE = 1024;

/**
 * Inflates `data`, and stops at the first byte past `limit` (`BeyondBounds`): the compressed bytes go in a
 * piece at a time, as the inflated ones are read, so a small body that would inflate to gigabytes is
 * refused after `limit` of them.
 */
async function inflate(data: Uint8Array, limit: number): Promise<Uint8Array> {
	let at = 0;
	const compressed = new ReadableStream<BufferSource>({
		pull(controller) {
			if (at >= data.length) return controller.close();
			controller.enqueue(data.slice(at, (at += INFLATE_PIECE)));
		}
	});
	const out = await bytesAtMost(compressed.pipeThrough(new DecompressionStream('deflate-raw')), limit);
	if (!out) throw new BeyondBounds('bytes', limit);
	return out;
}

/** An optional short text: a flag, then the text. */
function writeOptional(w: BitWriter, text: string | undefined): void {
	if (text === undefined) w.flag(false);
	else w.flag(true).string(text);
}

/** An optional public key: a flag, then the key compressed. */
function writeOptionalKey(w: BitWriter, key: Uint8Array | undefined): void {
	if (key === undefined) w.flag(false);
	else w.flag(true).fixed(compressKey(key));
}

/** A compressed public key, expanded; malformed when it is no point of the curve. */
function readKey(r: BitReader): Uint8Array {
	const key = expandKey(r.fixed(COMPRESSED_KEY_BYTES));
	if (!key) throw new Malformed('not a public key');
	return key;
}

async function writeBody(w: BitWriter, payload: Payload, version: number): Promise<void> {
	switch (payload.kind) {
		case 'assignment':
			writeId(w, payload.tournamentId);
			w.string(payload.tournamentName).fixed(payload.key).varint(payload.round).varint(payload.table);
			writeRules(w, payload.rules);
			w.bits(payload.players.length, 3);
			for (const player of payload.players) {
				writeId(w, player.id);
				w.string(player.name);
			}
			if (payload.revision === undefined) w.flag(false);
			else w.flag(true).varint(payload.revision);
			w.fixed(compressKey(payload.director));
			if (version < 4) return;
			if (payload.issuedAt === undefined) w.flag(false);
			else w.flag(true).varint(payload.issuedAt);
			return;
		case 'batch':
			writeRoundBatch(w, payload.batch, payload.seating);
			if (version >= 4) writeOptional(w, payload.tablet);
			if (version >= 5) writeOptionalKey(w, payload.deviceKey);
			return;
		case 'absence':
			writeId(w, payload.tournamentId);
			w.varint(payload.round).varint(payload.table);
			writeId(w, payload.player);
			writeId(w, payload.device);
			writeOptional(w, payload.tablet);
			w.varint(Math.floor(payload.at / 1000));
			return;
		case 'standings': {
			writeId(w, payload.tournamentId);
			w.string(payload.tournamentName)
				.varint(payload.afterRound)
				.varint(payload.revision)
				.varint(payload.rows.length);
			for (const row of payload.rows) {
				writeId(w, row.player);
				w.string(row.name).varint(row.rank);
				w.varint(zigzag(row.points.num)).varint(row.points.den).varint(zigzag(row.gamePoints));
				w.flag(row.withdrawn);
			}
			if (!payload.next) {
				w.flag(false);
				return;
			}
			w.flag(true).varint(payload.next.round).varint(payload.next.tables.length);
			const index = new Map(payload.rows.map((row, i) => [row.player, i]));
			for (const table of payload.next.tables) {
				w.bits(table.length, 3);
				for (const player of table) {
					const at = index.get(player);
					if (at === undefined) throw new RangeError(`player ${player} is seated but not in the standings`);
					w.varint(at);
				}
			}
			const wrapped = payload.next.wrapped;
			w.flag(wrapped !== undefined);
			if (!wrapped) return;
			w.fixed(compressKey(wrapped.ephemeral));
			for (const [i] of payload.next.tables.entries()) {
				const key = wrapped.keys[i] ?? null;
				w.flag(key !== null);
				if (key) w.fixed(key);
			}
			return;
		}
		case 'tournament': {
			writeTournamentHead(w, payload, await compressedLog(payload.events));
			for (const list of [payload.rounds, payload.pending]) {
				w.varint(list.length);
				for (const batch of list) {
					const inner = new BitWriter();
					writeRoundBatch(inner, batch);
					w.bytes(inner.finish());
				}
			}
			// The desk's decision on each waiting batch, last: a file without them (older) simply ends here.
			if (payload.decisions)
				w.bytes(await deflate(new TextEncoder().encode(JSON.stringify(payload.decisions))));
		}
	}
}

/** A tournament file's log as it travels: its JSON, compressed. */
export async function compressedLog(events: TournamentBundle['events']): Promise<Uint8Array> {
	return deflate(new TextEncoder().encode(JSON.stringify(events)));
}

/**
 * A tournament file's head: everything before its lists of rounds, with its log compressed (the hostile
 * files of the bounds' tests and bench write their own log or lists).
 */
export function writeTournamentHead(w: BitWriter, payload: TournamentBundle, log: Uint8Array): void {
	writeId(w, payload.tournamentId);
	w.string(payload.tournamentName).fixed(payload.key).fixed(payload.signing).fixed(payload.director);
	w.varint(payload.legacyThrough);
	w.bytes(log);
}

/**
 * A tournament file's compressed event list (or its decisions), inflated within the bound; a broken
 * stream is malformed.
 */
async function inflateEvents(data: Uint8Array): Promise<Uint8Array> {
	try {
		return await inflate(data, LIMITS.bodyBytes);
	} catch (cause) {
		if (cause instanceof BeyondBounds) throw cause;
		throw new Malformed('bad event list');
	}
}

/**
 * A tournament file's event list: JSON walked within the bounds before it is parsed — its events taken
 * from the file's allowance, its values too, no deeper than the bound (the list and its rows add two
 * levels to each event body's).
 */
function parseEvents(data: Uint8Array, allowance: Allowance): unknown {
	const parsed = parseJson([data], {
		depth: LIMITS.bodyDepth + 2,
		bytes: LIMITS.bodyBytes,
		allowance,
		log: 'top'
	});
	if (parsed.ok) return parsed.value;
	if (parsed.error.why === 'syntax') throw new Malformed('bad event list');
	const { beyond } = parsed.error;
	throw beyond.what === 'depth' ? new BeyondBounds('depth', LIMITS.bodyDepth) : beyond;
}

async function readBody(
	r: BitReader,
	kind: PayloadKind,
	seats: SeatLookup | undefined,
	version: number
): Promise<unknown> {
	const optional = (max: number) => (r.flag() ? r.string(max) : undefined);
	switch (kind) {
		case 'assignment': {
			const tournamentId = readId(r);
			const tournamentName = r.string(120);
			const key = r.fixed(TABLE_KEY_BYTES);
			const round = r.int(1, 10_000);
			const table = r.int(1, 10_000);
			const rules = readRules(r);
			const players = Array.from({ length: r.bits(3) }, () => ({
				id: readId(r),
				name: r.string(LIMITS.nameLength)
			}));
			const revision = r.flag() ? r.varint(2 ** 40) : undefined;
			const director = readKey(r);
			const issuedAt = version >= 4 && r.flag() ? r.varint(2 ** 40) : undefined;
			const assignment = { kind, tournamentId, tournamentName, key, round, table, rules, players, director };
			return {
				...assignment,
				...(revision === undefined ? {} : { revision }),
				...(issuedAt === undefined ? {} : { issuedAt })
			};
		}
		case 'batch': {
			const batch = readRoundBatch(r, seats);
			const tablet = version >= 4 ? optional(LIMITS.tabletName) : undefined;
			const deviceKey = version >= 5 && r.flag() ? readKey(r) : undefined;
			return {
				kind,
				batch,
				...(tablet === undefined ? {} : { tablet }),
				...(deviceKey === undefined ? {} : { deviceKey })
			};
		}
		case 'absence': {
			const tournamentId = readId(r);
			const round = r.int(1, 10_000);
			const table = r.int(1, 10_000);
			const player = readId(r);
			const device = readId(r);
			const tablet = optional(LIMITS.tabletName);
			const at = r.varint(2 ** 40) * 1000;
			const absence = { kind, tournamentId, round, table, player, device, at };
			return tablet === undefined ? absence : { ...absence, tablet };
		}
		case 'standings': {
			const tournamentId = readId(r);
			const tournamentName = r.string(120);
			const afterRound = r.varint(10_000);
			const revision = r.varint(2 ** 40);
			const rows = Array.from({ length: r.varint(LIMITS.players) }, () => ({
				player: readId(r),
				name: r.string(LIMITS.nameLength),
				rank: r.varint(10_000),
				points: { num: unzigzag(r.varint(2 * CODE_POINTS_MAX)), den: r.varint(2 * CODE_POINTS_MAX) },
				gamePoints: unzigzag(r.varint(2 ** 40)),
				withdrawn: r.flag()
			}));
			if (!r.flag()) return { kind, tournamentId, tournamentName, afterRound, revision, rows, next: null };
			const round = r.int(1, 10_000);
			const tables = Array.from({ length: r.varint(TABLES_PER_ROUND) }, () =>
				Array.from({ length: r.bits(3) }, () => rows[r.varint(rows.length)]?.player ?? '')
			);
			const next = r.flag()
				? {
						round,
						tables,
						wrapped: {
							ephemeral: readKey(r),
							keys: tables.map(() => (r.flag() ? r.fixed(WRAPPED_KEY_BYTES) : null))
						}
					}
				: { round, tables };
			return { kind, tournamentId, tournamentName, afterRound, revision, rows, next };
		}
		case 'tournament': {
			const tournamentId = readId(r);
			const tournamentName = r.string(120);
			const key = r.fixed(32);
			const signing = r.fixed(PRIVATE_KEY_BYTES);
			const director = r.fixed(PUBLIC_KEY_BYTES);
			const legacyThrough = r.varint(10_000);
			// One allowance for the whole file: its log's events, then every round's, each counted before
			// it is read, so the reader stops at the first one past the bound.
			const allowance = new Allowance();
			const events = parseEvents(await inflateEvents(r.bytes(LIMITS.bodyBytes)), allowance);
			const lists = [0, 1].map(() =>
				Array.from({ length: r.varint(10_000) }, () =>
					readRoundBatch(new BitReader(r.bytes(LIMITS.bodyBytes)), undefined, allowance)
				)
			);
			const bundle = { kind, tournamentId, tournamentName, key, signing, director, legacyThrough, events };
			// The decisions (one a waiting batch at most) within a bound of their own, walked as the log is.
			const decisions = r.atEnd()
				? undefined
				: parseEvents(await inflateEvents(r.bytes(LIMITS.bodyBytes)), new Allowance());
			return {
				...bundle,
				rounds: lists[0],
				pending: lists[1],
				...(decisions === undefined ? {} : { decisions })
			};
		}
	}
}

/**
 * A payload as bytes: version, kind, body, and the signature of whoever signs it — a table key (bytes)
 * makes an HMAC tag, the director's signing key an ECDSA signature. The receiver decides what it accepts
 * (`verifyPayload`); this writes whatever it is given, as any device could. `version`: 3 or 4 writes a
 * payload as a device of that version did (without what later versions added), for the tests that such
 * payloads are still read or refused.
 */
export async function encodePayload(
	payload: Payload,
	key: Uint8Array | SigningKey,
	options: { version?: WritableVersion } = {}
): Promise<Uint8Array> {
	const version = options.version ?? PROTOCOL_VERSION;
	if (!readable(version, payload.kind)) throw new RangeError(`no ${payload.kind} in version ${version}`);
	const w = new BitWriter().bits(version, 8).bits(PAYLOAD_KINDS.indexOf(payload.kind), 8);
	await writeBody(w, payload, version);
	const data = w.finish();
	const mac = key instanceof Uint8Array ? await sign(key, data) : await signAsDirector(key, data);
	const out = new Uint8Array(data.length + mac.length);
	out.set(data);
	out.set(mac, data.length);
	return out;
}

const SCHEMAS = {
	absence: absenceSchema,
	assignment: assignmentSchema,
	standings: standingsSchema,
	tournament: bundleSchema
} as const;

/** What a receiver tells the decoder beside the bytes. */
export interface DecodeOptions {
	/** The director's seatings, for a result code that names its players by seat. */
	readonly seats?: SeatLookup;
	/**
	 * The seatings of the tournament a result code's header names, asked once that name is read (a
	 * receiver's storage): the code is decoded in one pass, not read for its tournament first.
	 */
	readonly seatsFor?: (tournamentId: string) => Promise<SeatLookup | undefined>;
	/**
	 * The kinds this receiver takes: another kind is refused by its header (`wrong-kind`), before anything
	 * only the right device has is needed (a result code's seats, a table code's key).
	 */
	readonly accept?: readonly PayloadKind[];
}

/**
 * Bytes back to a payload, checked by zod; the signature is not checked here (that needs the key:
 * `verifyPayload`). Decoded once, at the door: a receiver passes the decoded value on (`Decoded`).
 * A file (`FileBytes`) is decoded from its text only as far as it is read: one past a bound is refused
 * there, before the rest of its text is decoded; refused for anything else, its whole text is checked
 * first (a damaged file is refused as damaged, not for what the damage made of it).
 * Never throws: everything malformed is a refusal with a reason.
 */
export async function decodePayload(
	input: PayloadBytes,
	options: DecodeOptions = {}
): Promise<Result<Decoded>> {
	const file = input instanceof FileBytes ? input : null;
	const length = input.length;
	if (length < 2) return fail(refusal.unreadable({ why: 'too-short' }));
	const bytes = file ? file.data.subarray(0, length) : (input as Uint8Array);
	if (file && file.through(2) < 2) return fail(file.problem ?? refusal.unreadable({ why: 'too-short' }));
	const version = bytes[0] as number;
	const kind = PAYLOAD_KINDS[bytes[1] as number];
	// A kind this receiver does not take is named by the header alone, before anything else is checked.
	if (kind && readable(version, kind) && options.accept && !options.accept.includes(kind)) {
		return fail(refusal.wrongKind(kind));
	}
	if (length > LIMITS.bodyBytes) return fail(refusal.tooLarge('bytes', LIMITS.bodyBytes));
	/** Why it is refused: for a file, its whole text's damage first. */
	const refuse = (problem: Problem): Result<Decoded> => {
		const whole = file?.whole();
		return whole && !whole.ok ? whole : fail(problem);
	};
	if (!READABLE_VERSIONS.includes(version)) return refuse(refusal.version(version));
	if (!kind) return refuse(refusal.unreadable({ why: 'kind' }));
	if (!readable(version, kind)) return refuse(refusal.version(version));
	const trailer = trailerBytes(kind);
	if (length < 2 + trailer) return refuse(refusal.unreadable({ why: 'too-short' }));
	const data = bytes.subarray(0, length - trailer);
	const more = file ? (end: number) => file.through(2 + end) - 2 : undefined;
	const r = new BitReader(data.subarray(2), more);
	let raw: unknown;
	try {
		// A result code names its tournament first: its seatings are asked for once that is read.
		const seats =
			kind === 'batch' && options.seatsFor
				? await options.seatsFor(readId(new BitReader(data.subarray(2), more)))
				: options.seats;
		raw = await readBody(r, kind, seats, version);
		if (!r.atEnd()) return refuse(refusal.unreadable({ why: 'trailing' }));
	} catch (cause) {
		if (cause instanceof BeyondBounds) return fail(cause.problem);
		if (cause instanceof FromOtherVersion) return refuse(refusal.otherVersion('code', cause.from));
		if (cause instanceof UnknownSeating) {
			return refuse(refusal.unknownSeating(cause.round, cause.table, cause.revision));
		}
		if (cause instanceof Malformed || cause instanceof RangeError || cause instanceof TypeError) {
			return refuse(refusal.unreadable({ why: 'malformed', detail: cause.message }));
		}
		throw cause;
	}
	// Read to its end: a file's checksum before its shape.
	const whole = file?.whole();
	if (whole && !whole.ok) return whole;
	const checked = validate(kind, raw);
	if (!checked.ok) return checked;
	return ok({ payload: checked.value, signed: { data, mac: bytes.slice(length - trailer) } });
}

function validate(kind: PayloadKind, raw: unknown): Result<Payload> {
	if (kind === 'batch') {
		const { batch, tablet, deviceKey } = raw as BatchPayload;
		const parsed = roundBatchSchema.safeParse(batch);
		if (!parsed.success) return fail(invalid(parsed.error.issues));
		const device = deviceKey === undefined ? {} : { deviceKey };
		if (tablet === undefined) return ok({ kind, batch: parsed.data, ...device });
		const name = tabletNameSchema.safeParse(tablet);
		if (!name.success) return fail(invalid(name.error.issues.map((i) => ({ ...i, path: ['tablet'] }))));
		return ok({ kind, batch: parsed.data, tablet: name.data, ...device });
	}
	const parsed = SCHEMAS[kind].safeParse(raw);
	return parsed.success ? ok(parsed.data) : fail(invalid(parsed.error.issues));
}

function invalid(issues: readonly { message: string; path: readonly PropertyKey[] }[]): Problem {
	const first = issues[0];
	// Where the first problem is, then what it is; one about the whole body has no path to name.
	const path = first?.path.map(String).join('.');
	const where = first ? (path ? `${path}: ${first.message}` : first.message) : '';
	return refusal.invalid({ why: 'shape', detail: where });
}

/**
 * A kept result code's round, read back without its tag (checked when it was kept) and synchronously (so
 * inside a transaction): players named by seat read as placeholders. Null when it does not read.
 */
export function keptBatch(bytes: Uint8Array): RoundBatch | null {
	if (!readable(bytes[0] as number, 'batch') || PAYLOAD_KINDS[bytes[1] as number] !== 'batch') return null;
	const placeholders = Array.from({ length: 8 }, (_, i) => `seat ${i + 1}`);
	try {
		return readRoundBatch(new BitReader(bytes.subarray(2, bytes.length - MAC_BYTES)), () => placeholders);
	} catch {
		return null;
	}
}

/**
 * Checks a payload's signature: a result's tag under its table's key, anything else under the director's
 * public key (the one a tablet pinned, the one the director's device holds) — with the low s from
 * version 5 on (a file of before may carry either).
 */
export async function verifyPayload(decoded: Decoded, key: Uint8Array): Promise<Result<Payload>> {
	const { data, mac } = decoded.signed;
	const anyS = (data[0] as number) < 5;
	const valid =
		signedBy(decoded.payload.kind) === 'table'
			? await verify(key, data, mac)
			: await verifyDirector(key, data, mac, { anyS });
	return valid ? ok(decoded.payload) : fail(refusal.forged());
}
