import { sign } from './hmac';

/**
 * The keys of the trust model (docs/ARCHITECTURE.md, "Who holds which key"): a table key per tournament,
 * round and table, derived from the director's master key, and the director's ECDSA P-256 signing key,
 * whose public half the tablets pin. ECDSA P-256 runs in every engine's WebCrypto (Ed25519 does not yet).
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

/**
 * The next round's key of a table, wrapped for the tablet that holds this round's key of the same table:
 * XOR with HMAC(this round's key, "next" ‖ round). Wrapping and unwrapping are the same operation.
 */
export async function wrapNextKey(
	heldKey: Uint8Array,
	nextRound: number,
	key: Uint8Array
): Promise<Uint8Array> {
	const pad = await sign(heldKey, label('next', nextRound), 32);
	return key.map((byte, i) => byte ^ (pad[i] as number));
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

/** The director's signature over `data`. */
export async function signAsDirector(key: SigningKey, data: Uint8Array): Promise<Uint8Array> {
	const imported = await crypto.subtle.importKey('jwk', jwkOf(key), ECDSA, false, ['sign']);
	return new Uint8Array(await crypto.subtle.sign(SHA256, imported, copy(data)));
}

/** True when `signature` is the director's over `data` under `publicKey` (false for a malformed key). */
export async function verifyDirector(
	publicKey: Uint8Array,
	data: Uint8Array,
	signature: Uint8Array
): Promise<boolean> {
	if (publicKey.length !== PUBLIC_KEY_BYTES || signature.length !== SIGNATURE_BYTES) return false;
	try {
		const imported = await crypto.subtle.importKey('raw', copy(publicKey), ECDSA, false, ['verify']);
		return await crypto.subtle.verify(SHA256, imported, copy(signature), copy(data));
	} catch {
		return false;
	}
}

/**
 * The director's key imported once, for signing many things in a row (each published event): one import
 * instead of one per signature.
 */
export async function directorSigner(key: SigningKey): Promise<(data: Uint8Array) => Promise<Uint8Array>> {
	const imported = await crypto.subtle.importKey('jwk', jwkOf(key), ECDSA, false, ['sign']);
	return async (data) => new Uint8Array(await crypto.subtle.sign(SHA256, imported, copy(data)));
}

/**
 * A public key imported once, for checking many signatures in a row (a published tournament's events);
 * null for a key that is no point of the curve.
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

export { base64url as bytesToText, fromBase64url as bytesFromText };
