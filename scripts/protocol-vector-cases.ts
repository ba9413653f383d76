/**
 * The payloads of the test vectors (scripts/protocol-vectors.ts): fixed keys, fixed rounds, and the hostile
 * variants a receiver must refuse.
 */
import { createECDH } from 'node:crypto';
import { BitWriter } from '../src/lib/protocol/bits';
import { sign } from '../src/lib/protocol/hmac';
import { writeId } from '../src/lib/protocol/ids';
import { tableKey, unwrapForDevice, wrapForDevices, type SigningKey } from '../src/lib/protocol/keys';
import { encodePayload, type Payload } from '../src/lib/protocol/payload';
import type { Seating } from '../src/lib/protocol/round-codec';
import { batchOf, roundEvents, TOURNAMENT_ID } from '../src/lib/protocol/testing';
import { fromHex, importDevicePair, toHex } from '../src/lib/protocol/vectors-testing';
import { TOURNAMENT } from '../src/lib/domain/rules';
import type { SyncEvent } from '../src/lib/protocol/sync-events';

/** The director's master key of every vector: bytes 0x00 … 0x1f. */
export const MASTER = Uint8Array.from({ length: 32 }, (_, i) => i);

/** A P-256 key pair from a fixed private scalar. */
function pairOf(privateHex: string): SigningKey {
	const ecdh = createECDH('prime256v1');
	ecdh.setPrivateKey(Buffer.from(privateHex, 'hex'));
	return { privateKey: fromHex(privateHex), publicKey: new Uint8Array(ecdh.getPublicKey()) };
}

/** The director's signing key: the P-256 key of RFC 6979 A.2.5. */
export const directorKey = (): SigningKey =>
	pairOf('c9afa9d845ba75166b5c215767b1d6934e50c3be4f9e5b0e9f2dbc6c7a4e4be5');

/** A tablet's own ECDH key: the private scalar n (small, fixed; a vector, not a secret). */
export const devicePair = (n: number): SigningKey => pairOf(n.toString(16).padStart(64, '0'));

export interface PayloadVector {
	readonly file: string;
	readonly about: string;
	readonly name: string;
	/** What the bytes were written from, when encoding them again must give them (the data part, for ECDSA). */
	readonly encode?: {
		readonly payload: Payload;
		readonly key: Uint8Array | SigningKey;
		readonly version: 3 | 4 | 5;
	};
	readonly seats?: Seating;
	/** The key the receiver verifies with: the table key, or the director's public key. */
	readonly verifyKey: Uint8Array;
	/** Signed by the director (ECDSA is randomized: a kept signature is reused while it verifies). */
	readonly randomized: boolean;
	/** The bytes carry the high s of a kept signature. */
	readonly highS?: boolean;
	/** A check of the receiver after the signature (`beyondTournament` for table and standings codes). */
	readonly receiverCheck?: 'beyond-tournament';
	readonly bytes: () => Promise<Uint8Array>;
}

const PLAYERS = ['Anna', 'Ben', 'Cara'];

/** Bytes with another version byte (or kind byte) and a fresh HMAC tag under `key`. */
async function retagged(bytes: Uint8Array, key: Uint8Array, at: 0 | 1, value: number): Promise<Uint8Array> {
	const data = bytes.slice(0, -12);
	data[at] = value;
	return concat(data, await sign(key, data));
}

/** The data of a table-signed payload changed by `change`, tagged again. */
async function rewritten(bytes: Uint8Array, key: Uint8Array, change: (data: Uint8Array) => Uint8Array) {
	const data = change(bytes.slice(0, -12));
	return concat(data, await sign(key, data));
}

function concat(...parts: Uint8Array[]): Uint8Array {
	const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
	let at = 0;
	for (const part of parts) {
		out.set(part, at);
		at += part.length;
	}
	return out;
}

/**
 * The standings vector's wrapped key: the one a vector file holds while it still unwraps to the key (ECIES
 * takes a fresh ephemeral key each time), else a new one.
 */
async function keptWrap(
	kept: Payload | null,
	key: Uint8Array,
	device: SigningKey
): Promise<{ ephemeral: Uint8Array; wrapped: Map<number, Uint8Array> }> {
	const wrapped = kept?.kind === 'standings' ? kept.next?.wrapped : undefined;
	const first = wrapped?.keys[0];
	if (wrapped && first) {
		const own = await importDevicePair(device);
		const at = { tournamentId: TOURNAMENT_ID, round: 2, table: 1 };
		const back = await unwrapForDevice(own, wrapped.ephemeral, first, at);
		if (back && toHex(back) === toHex(key))
			return { ephemeral: wrapped.ephemeral, wrapped: new Map([[1, first]]) };
	}
	return wrapForDevices(TOURNAMENT_ID, 2, [{ table: 1, key, device: device.publicKey }]);
}

/** `kept`: the standings payload the vector file held, whose wrapped key is kept while it unwraps. */
export async function payloadVectors(kept: Payload | null): Promise<PayloadVector[]> {
	const director = directorKey();
	const device = devicePair(2);
	const key11 = await tableKey(MASTER, TOURNAMENT_ID, 1, 1);
	// A few turns, then one entry of every other tag (a claim past the compact form's bound travels as JSON).
	const events = roundEvents({
		players: PLAYERS,
		choices: [0],
		confirmed: true,
		extra: [
			{ type: 'act', action: { type: 'pass' } },
			{ type: 'undo' },
			{
				type: 'correct',
				turn: 2,
				actions: [{ type: 'lay', value: 12, tile: [4, 4, 4], bonus: 'bridge', out: true }],
				reason: 'Brücke'
			},
			{ type: 'claim', turn: 3, text: 'Ben: 40', consistent: false, resolution: 'accepted' },
			{
				type: 'act',
				action: { type: 'settle', hands: [null, { sum: 12, tiles: null }, { sum: 5, tiles: [[0, 1, 4]] }] }
			},
			{ type: 'claim', turn: 200_000, text: '', consistent: true, resolution: 'matched' }
		]
	});
	const batch = batchOf(events);
	const seating: Seating = { revision: 12, names: PLAYERS };
	const batchPayload = (extra: object = {}): Payload => ({ kind: 'batch', batch, ...extra });
	const v5 = batchPayload({ tablet: 'Tablet Blau', deviceKey: device.publicKey });
	const about = {
		batch:
			"Result codes (kind 1, signed by the table key's HMAC tag): version 5 as written, versions 1–4 as still read, hostile ones.",
		assignment:
			'Table codes (kind 0, signed by the director): version 5; version 4 refused; forged and out-of-bounds ones.',
		absence: "A table's report of a missing player (kind 4, table key): versions 5 and 4.",
		standings: 'Standings codes (kind 2, director): with the next round and its keys wrapped to the tablets.',
		tournament: 'Tournament files (kind 3, director): the body of a .wbsync backup; versions 3–5.'
	};
	const bySeat = { ...v5, seating } as Payload;
	const batchEncoded = (version: 3 | 4 | 5, payload = v5) => encodePayload(payload, key11, { version });
	const batchCase = (
		name: string,
		bytes: () => Promise<Uint8Array>,
		more: Partial<PayloadVector> = {}
	): PayloadVector => ({
		file: 'payload-batch.json',
		about: about.batch,
		name,
		verifyKey: key11,
		randomized: false,
		bytes,
		...more
	});
	const v3 = batchPayload();
	const v4 = batchPayload({ tablet: 'Tablet Blau' });
	const batches: PayloadVector[] = [
		batchCase('version 5', () => batchEncoded(5), { encode: { payload: v5, key: key11, version: 5 } }),
		batchCase('version 5, players by seat', () => batchEncoded(5, bySeat), {
			encode: { payload: bySeat, key: key11, version: 5 },
			seats: seating
		}),
		batchCase('version 4', () => batchEncoded(4, v4)),
		batchCase('version 3', () => batchEncoded(3, v3)),
		batchCase('version 2 (as version 3, another version byte)', async () =>
			retagged(await batchEncoded(3, v3), key11, 0, 2)
		),
		batchCase('version 1', async () => retagged(await batchEncoded(3, v3), key11, 0, 1)),
		batchCase('refused: a flipped bit in the tag', async () => {
			const bytes = await batchEncoded(5);
			bytes[bytes.length - 1] = (bytes[bytes.length - 1] as number) ^ 1;
			return bytes;
		}),
		batchCase('refused: signed by another table key', async () =>
			encodePayload(v5, await tableKey(MASTER, TOURNAMENT_ID, 1, 2))
		),
		batchCase('refused: version 6', async () => retagged(await batchEncoded(5), key11, 0, 6)),
		batchCase('refused: kind 5', async () => retagged(await batchEncoded(5), key11, 1, 5)),
		batchCase('refused: a byte after the body', async () =>
			rewritten(await batchEncoded(5), key11, (data) => concat(data, new Uint8Array([0])))
		),
		batchCase('refused: the body cut short', async () =>
			rewritten(await batchEncoded(5), key11, (data) => data.slice(0, 20))
		),
		batchCase('refused: players by seat, seating unknown here', () => batchEncoded(5, bySeat)),
		batchCase('refused: two bytes', async () => new Uint8Array([5, 1]))
	];

	const issuedAt = 29_333_333;
	const assignment: Payload = {
		kind: 'assignment',
		tournamentId: TOURNAMENT_ID,
		tournamentName: 'Stadtmeisterschaft',
		key: key11,
		round: 1,
		table: 1,
		rules: TOURNAMENT,
		players: PLAYERS.map((name, i) => ({ id: `p-${i + 1}a`, name })),
		revision: 12,
		director: director.publicKey,
		issuedAt
	};
	const directorCase = (
		kind: 'assignment' | 'standings' | 'tournament',
		name: string,
		payload: Payload,
		more: Partial<PayloadVector> & { version?: 3 | 4 | 5 } = {}
	): PayloadVector => {
		const version = more.version ?? 5;
		return {
			file: `payload-${kind}.json`,
			about: about[kind],
			name,
			encode: { payload, key: director, version },
			verifyKey: director.publicKey,
			randomized: true,
			bytes: () => encodePayload(payload, director, { version }),
			...more
		};
	};
	const other = devicePair(5);
	const assignments: PayloadVector[] = [
		directorCase('assignment', 'version 5', assignment),
		directorCase('assignment', 'refused: the high s', assignment, { highS: true }),
		directorCase('assignment', 'refused: signed by another director key', assignment, {
			verifyKey: other.publicKey
		}),
		directorCase(
			'assignment',
			'refused: a round beyond any tournament',
			{ ...assignment, round: 60 },
			{
				receiverCheck: 'beyond-tournament'
			}
		),
		{
			...directorCase('assignment', 'refused: a rule preset of a newer version (index 2)', assignment),
			encode: undefined,
			bytes: async () => {
				const bytes = await encodePayload(assignment, director);
				// The preset's two bits follow tournament, name, key, round and table.
				const before = new BitWriter();
				writeId(before, assignment.tournamentId);
				before.string(assignment.tournamentName).fixed(assignment.key).varint(1).varint(1);
				const at = 16 + before.length;
				bytes[at >> 3] = (bytes[at >> 3] as number) | (0x80 >> (at & 7));
				return bytes;
			}
		},
		{
			...directorCase('assignment', 'refused: version 4', assignment),
			encode: undefined,
			bytes: async () => {
				const bytes = await encodePayload(assignment, director);
				bytes[0] = 4;
				return bytes;
			}
		}
	];

	const absence: Payload = {
		kind: 'absence',
		tournamentId: TOURNAMENT_ID,
		round: 1,
		table: 1,
		player: 'p-3a',
		device: 'k3x9a0b1c2d3',
		tablet: 'Tablet Blau',
		at: 1_760_000_123_000
	};
	const absenceCase = (name: string, version: 4 | 5, bytes?: () => Promise<Uint8Array>): PayloadVector => ({
		file: 'payload-absence.json',
		about: about.absence,
		name,
		...(bytes ? {} : { encode: { payload: absence, key: key11, version } }),
		verifyKey: key11,
		randomized: false,
		bytes: bytes ?? (() => encodePayload(absence, key11, { version }))
	});
	const absences = [
		absenceCase('version 5', 5),
		absenceCase('version 4', 4),
		absenceCase('refused: version 3', 5, async () =>
			retagged(await encodePayload(absence, key11, { version: 4 }), key11, 0, 3)
		)
	];

	const key21 = await tableKey(MASTER, TOURNAMENT_ID, 2, 1);
	const wrap = await keptWrap(kept, key21, device);
	const rows = PLAYERS.map((name, i) => ({
		player: `p-${i + 1}a`,
		name,
		rank: i + 1,
		points: { num: [7, 3, -1][i] as number, den: [2, 1, 3][i] as number },
		gamePoints: [212, 150, -20][i] as number,
		withdrawn: i === 2
	}));
	const standings: Payload = {
		kind: 'standings',
		tournamentId: TOURNAMENT_ID,
		tournamentName: 'Stadtmeisterschaft',
		afterRound: 1,
		revision: 40,
		rows,
		next: {
			round: 2,
			tables: [['p-1a', 'p-2a'], ['p-3a']],
			wrapped: { ephemeral: wrap.ephemeral, keys: [wrap.wrapped.get(1) ?? null, null] }
		}
	};
	const standingsList: PayloadVector[] = [
		directorCase('standings', 'version 5, keys wrapped', standings),
		directorCase('standings', 'version 5, no round drawn', { ...standings, next: null }),
		directorCase('standings', 'refused: the high s', standings, { highS: true }),
		directorCase(
			'standings',
			'refused: a revision beyond any log',
			{ ...standings, revision: 10_000_000 },
			{
				receiverCheck: 'beyond-tournament'
			}
		)
	];

	const tournamentEvents: SyncEvent[] = [
		{
			device: 'k3x9a0b1c2d3',
			seq: 1,
			at: 1_760_000_000_000,
			type: 'tournament.created',
			body: { name: 'Stadtmeisterschaft' }
		}
	];
	const deep = (depth: number): unknown => (depth === 0 ? 1 : [deep(depth - 1)]);
	const started = batchOf(events.filter((e) => e.type !== 'round.entry'));
	const bundle = (tournamentLog: readonly unknown[]): Payload => ({
		kind: 'tournament',
		tournamentId: TOURNAMENT_ID,
		tournamentName: 'Stadtmeisterschaft',
		key: MASTER,
		signing: director.privateKey,
		director: director.publicKey,
		legacyThrough: 0,
		events: tournamentLog as never,
		rounds: [started],
		pending: []
	});
	const tournaments: PayloadVector[] = [
		directorCase('tournament', 'version 5', bundle(tournamentEvents)),
		directorCase('tournament', 'version 4', bundle(tournamentEvents), { version: 4, encode: undefined }),
		directorCase('tournament', 'version 3', bundle(tournamentEvents), { version: 3, encode: undefined }),
		directorCase(
			'tournament',
			'refused: an event nested deeper than the bound',
			bundle([{ ...tournamentEvents[0], body: deep(20) }])
		)
	];
	return [...batches, ...assignments, ...absences, ...standingsList, ...tournaments];
}
