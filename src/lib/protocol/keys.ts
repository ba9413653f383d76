import { sign } from './hmac';

/**
 * The keys of the trust model (docs/ARCHITECTURE.md, "Trust model"): a table key per tournament, round and
 * table, derived from the director's master key; the director's ECDSA P-256 signing key, whose public half
 * the tablets pin; and each tablet's own ECDH P-256 key, to which the director wraps the next round's key
 * of the table it holds. P-256 runs in every engine's WebCrypto (Ed25519 and X25519 do not yet).
 */

/** Bytes of a table key: 128 bits are plenty for an HMAC key and keep the table code short. */
export const TABLE_KEY_BYTES = 16;
/** An ECDSA P-256 signature (r ‖ s, as WebCrypto writes it). */
export const SIGNATURE_BYTES = 64;
/** An uncompressed P-256 public key (0x04 ‖ x ‖ y). */
export const PUBLIC_KEY_BYTES = 65;
/** The private scalar of a P-256 key. */
export const PRIVATE_KEY_BYTES = 32;
/** A compressed P-256 public key (0x02/0x03 ‖ x), as the codes carry it: 32 bytes less on every table code. */
export const COMPRESSED_KEY_BYTES = 33;

// P-256 (FIPS 186-4, D.1.2.3): y² = x³ − 3x + b over the prime p. WebCrypto imports only uncompressed
// points everywhere, so the codes' compressed key is expanded here.
const P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;
/** The order of P-256's group: an ECDSA signature's s lies in [1, N − 1]. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;

function power(base: bigint, exponent: bigint): bigint {
	let result = 1n;
	let b = base % P;
	for (let e = exponent; e > 0n; e >>= 1n) {
		if (e & 1n) result = (result * b) % P;
		b = (b * b) % P;
	}
	return result;
}

const toBigInt = (bytes: Uint8Array): bigint => bytes.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);

function fromBigInt(n: bigint): Uint8Array {
	const out = new Uint8Array(32);
	for (let i = 31, rest = n; i >= 0; i--, rest >>= 8n) out[i] = Number(rest & 0xffn);
	return out;
}

/** An uncompressed public key, compressed: its x and the parity of its y. */
export function compressKey(publicKey: Uint8Array): Uint8Array {
	const out = new Uint8Array(COMPRESSED_KEY_BYTES);
	out[0] = 2 + ((publicKey[64] ?? 0) & 1);
	out.set(publicKey.subarray(1, 33), 1);
	return out;
}

/** A compressed public key expanded again; null when it is no point of the curve. */
export function expandKey(compressed: Uint8Array): Uint8Array | null {
	const prefix = compressed[0];
	if (compressed.length !== COMPRESSED_KEY_BYTES || (prefix !== 2 && prefix !== 3)) return null;
	const x = toBigInt(compressed.subarray(1));
	if (x >= P) return null;
	const rhs = (((x * x * x - 3n * x + B) % P) + P) % P;
	let y = power(rhs, (P + 1n) / 4n);
	if ((y * y) % P !== rhs) return null;
	if (Number(y & 1n) !== prefix - 2) y = P - y;
	const out = new Uint8Array(PUBLIC_KEY_BYTES);
	out[0] = 4;
	out.set(compressed.subarray(1), 1);
	out.set(fromBigInt(y), 33);
	return out;
}

const text = new TextEncoder();
const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** The label a derivation signs: its purpose and its parts, each ended by a zero byte (ids hold none). */
const label = (...parts: (string | number)[]): Uint8Array =>
	text.encode(parts.map((part) => `${part}\0`).join(''));

/**
 * The key of one table in one round: HMAC-SHA-256(master, "table" ‖ tournament ‖ round ‖ table), cut to
 * 128 bits. It signs only that table's result of that round; the master key stays on the director's device.
 */
export async function tableKey(
	master: Uint8Array,
	tournamentId: string,
	round: number,
	table: number
): Promise<Uint8Array> {
	const full = await sign(master, label('table', tournamentId, round, table), 32);
	return full.slice(0, TABLE_KEY_BYTES);
}

/** The director's signing key: the private scalar and the public point, both raw. */
export interface SigningKey {
	readonly privateKey: Uint8Array;
	readonly publicKey: Uint8Array;
}

const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SHA256 = { name: 'ECDSA', hash: 'SHA-256' } as const;

const base64url = (bytes: Uint8Array): string =>
	btoa(String.fromCharCode(...bytes))
		.replaceAll('+', '-')
		.replaceAll('/', '_')
		.replace(/=+$/, '');

function fromBase64url(value: string): Uint8Array {
	const binary = atob(value.replaceAll('-', '+').replaceAll('_', '/'));
	return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** A fresh signing key for a tournament (made on the director's device, on first use). */
export async function newSigningKey(): Promise<SigningKey> {
	const pair = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']);
	const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
	const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
	return { privateKey: fromBase64url(jwk.d ?? ''), publicKey };
}

function jwkOf(key: SigningKey): JsonWebKey {
	return {
		kty: 'EC',
		crv: 'P-256',
		x: base64url(key.publicKey.subarray(1, 33)),
		y: base64url(key.publicKey.subarray(33, 65)),
		d: base64url(key.privateKey),
		ext: true
	};
}

/**
 * The director's signature over `data`, with the low s: (r, s) and (r, N − s) both verify, so one of them is
 * chosen (s ≤ N/2) and the other is refused (`verifyDirector`): a signed payload has exactly one form.
 */
export async function signAsDirector(key: SigningKey, data: Uint8Array): Promise<Uint8Array> {
	return (await directorSigner(key))(data);
}

/** True when a signature's s is the high one of its pair (N/2 < s): the form no signer of ours makes. */
export const highS = (signature: Uint8Array): boolean => toBigInt(signature.subarray(32, 64)) > N / 2n;

/**
 * True when `signature` is the director's over `data` under `publicKey` (false for a malformed key). A
 * signature with the high s is refused unless `anyS` (files made before protocol version 5, when the
 * signer kept whichever s WebCrypto gave).
 */
export async function verifyDirector(
	publicKey: Uint8Array,
	data: Uint8Array,
	signature: Uint8Array,
	options: { anyS?: boolean } = {}
): Promise<boolean> {
	if (publicKey.length !== PUBLIC_KEY_BYTES || signature.length !== SIGNATURE_BYTES) return false;
	if (!options.anyS && highS(signature)) return false;
	try {
		const imported = await crypto.subtle.importKey('raw', copy(publicKey), ECDSA, false, ['verify']);
		return await crypto.subtle.verify(SHA256, imported, copy(signature), copy(data));
	} catch {
		return false;
	}
}

/**
 * The director's key imported once, for signing many things in a row (each published event): one import
 * instead of one per signature. Each signature with the low s, as {@link signAsDirector}'s.
 */
export async function directorSigner(key: SigningKey): Promise<(data: Uint8Array) => Promise<Uint8Array>> {
	const imported = await crypto.subtle.importKey('jwk', jwkOf(key), ECDSA, false, ['sign']);
	return async (data) => {
		const signature = new Uint8Array(await crypto.subtle.sign(SHA256, imported, copy(data)));
		const s = toBigInt(signature.subarray(32));
		if (s > N / 2n) signature.set(fromBigInt(N - s), 32);
		return signature;
	};
}

/**
 * A public key imported once, for checking many signatures in a row (a published tournament's events);
 * null for a key that is no point of the curve. Either s is accepted, unlike {@link verifyDirector}'s codes:
 * heads and events published before the signer chose the low s carry either, and must stay readable and
 * publishable over. A second form gains nobody anything here: the server binds each document to its owner
 * (validate.js), and readers tell copies apart by what they hold, never by their signatures' bytes.
 */
export async function directorVerifier(
	publicKey: Uint8Array
): Promise<((data: Uint8Array, signature: Uint8Array) => Promise<boolean>) | null> {
	if (publicKey.length !== PUBLIC_KEY_BYTES) return null;
	let imported: CryptoKey;
	try {
		imported = await crypto.subtle.importKey('raw', copy(publicKey), ECDSA, false, ['verify']);
	} catch {
		return null;
	}
	return async (data, signature) =>
		signature.length === SIGNATURE_BYTES &&
		(await crypto.subtle.verify(SHA256, imported, copy(signature), copy(data)));
}

// ---------------------------------------------------------------- a tablet's own key, and keys wrapped to it

const ECDH = { name: 'ECDH', namedCurve: 'P-256' } as const;
/** Bytes of a wrapped table key: the key, then a check the holder recomputes (is this one for me?). */
export const WRAPPED_KEY_BYTES = TABLE_KEY_BYTES + 4;

/** A tablet's key pair for the keys wrapped to it: the private key never leaves WebCrypto. */
export interface DeviceKeyPair {
	readonly privateKey: CryptoKey;
	/** Uncompressed (65 bytes): it travels compressed in the tablet's result codes. */
	readonly publicKey: Uint8Array;
}

/** A fresh ECDH key pair; the private key is not extractable (a tablet's own, made on its first join). */
export async function newDeviceKeyPair(): Promise<DeviceKeyPair> {
	const pair = await crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
	const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
	return { privateKey: pair.privateKey, publicKey };
}

/** A table the director wraps the next round's key for: the key, and the holding tablet's public key. */
export interface WrapFor {
	readonly table: number;
	readonly key: Uint8Array;
	readonly device: Uint8Array;
}

/**
 * The pad that wraps (and unwraps) one table's key: HKDF-SHA-256 of the ECDH secret between the standings
 * code's ephemeral key and the tablet's key, bound to both public keys, the tournament, round and table
 * (ECIES). The standings code is signed by the director, so the ephemeral key and the wrapped bytes cannot
 * be changed on the way; the key XOR the pad's first 16 bytes needs no further integrity, and the last 4
 * bytes tell the holder that the key is its own.
 */
async function wrappingPad(
	secret: ArrayBuffer,
	ephemeral: Uint8Array,
	device: Uint8Array,
	tournamentId: string,
	round: number,
	table: number
): Promise<Uint8Array> {
	const ikm = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveBits']);
	const salt = new Uint8Array(ephemeral.length + device.length);
	salt.set(ephemeral);
	salt.set(device, ephemeral.length);
	const info = label('next', tournamentId, round, table);
	const bits = await crypto.subtle.deriveBits(
		{ name: 'HKDF', hash: 'SHA-256', salt, info: copy(info) },
		ikm,
		WRAPPED_KEY_BYTES * 8
	);
	return new Uint8Array(bits);
}

/** The ECDH secret of a private key and another party's raw public key; null when that is no key. */
async function sharedSecret(own: CryptoKey, other: Uint8Array): Promise<ArrayBuffer | null> {
	try {
		const key = await crypto.subtle.importKey('raw', copy(other), ECDH, false, []);
		return await crypto.subtle.deriveBits({ name: 'ECDH', public: key }, own, 256);
	} catch {
		return null;
	}
}

/**
 * The next round's keys of a tournament's tables, each wrapped to the tablet that holds the table, under
 * one ephemeral key (its public half travels with them).
 */
export async function wrapForDevices(
	tournamentId: string,
	round: number,
	tables: readonly WrapFor[]
): Promise<{ ephemeral: Uint8Array; wrapped: Map<number, Uint8Array> }> {
	const pair = await crypto.subtle.generateKey(ECDH, false, ['deriveBits']);
	const ephemeral = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
	const wrapped = new Map<number, Uint8Array>();
	for (const { table, key, device } of tables) {
		const secret = await sharedSecret(pair.privateKey, device);
		if (!secret) continue; // not a key of the curve: that table reads its table code
		const pad = await wrappingPad(secret, ephemeral, device, tournamentId, round, table);
		const out = new Uint8Array(WRAPPED_KEY_BYTES);
		out.set(key.map((byte, i) => byte ^ (pad[i] as number)));
		out.set(pad.subarray(TABLE_KEY_BYTES), TABLE_KEY_BYTES);
		wrapped.set(table, out);
	}
	return { ephemeral, wrapped };
}

/**
 * A table key wrapped to this tablet, unwrapped with its own key: null when it was wrapped to another
 * tablet (the check does not fit) or does not read.
 */
export async function unwrapForDevice(
	own: DeviceKeyPair,
	ephemeral: Uint8Array,
	wrapped: Uint8Array,
	at: { tournamentId: string; round: number; table: number }
): Promise<Uint8Array | null> {
	const secret = wrapped.length === WRAPPED_KEY_BYTES ? await sharedSecret(own.privateKey, ephemeral) : null;
	if (!secret) return null;
	const pad = await wrappingPad(secret, ephemeral, own.publicKey, at.tournamentId, at.round, at.table);
	let diff = 0;
	for (let i = TABLE_KEY_BYTES; i < WRAPPED_KEY_BYTES; i++)
		diff |= (pad[i] as number) ^ (wrapped[i] as number);
	if (diff !== 0) return null;
	return wrapped.subarray(0, TABLE_KEY_BYTES).map((byte, i) => byte ^ (pad[i] as number));
}

export { base64url as bytesToText, fromBase64url as bytesFromText };
