import { bytesToText, type DeviceKeyPair } from './keys';

/**
 * The test vectors' JSON (docs/protocol-vectors/, docs/PROTOCOL.md "Test vectors"): bytes are written as
 * strings `hex:…` wherever they occur, so a vector reads as plain JSON in any language. Shared by the
 * script that writes the vectors (scripts/protocol-vectors.ts) and the test that reads them.
 */

const HEX = 'hex:';

export const toHex = (bytes: Uint8Array): string =>
	Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export function fromHex(hex: string): Uint8Array {
	if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/.test(hex)) throw new RangeError(`not hex: ${hex}`);
	return Uint8Array.from({ length: hex.length / 2 }, (_, i) => parseInt(hex.slice(2 * i, 2 * i + 2), 16));
}

/** A value as vector JSON: bytes as `hex:…`, members that are undefined left out. */
export function toVectorJson(value: unknown): unknown {
	if (value instanceof Uint8Array) return HEX + toHex(value);
	if (Array.isArray(value)) return value.map(toVectorJson);
	if (value && typeof value === 'object') {
		return Object.fromEntries(
			Object.entries(value)
				.filter(([, v]) => v !== undefined)
				.map(([k, v]) => [k, toVectorJson(v)])
		);
	}
	return value;
}

/** Vector JSON back to values: every `hex:…` string becomes bytes. */
export function fromVectorJson(value: unknown): unknown {
	if (typeof value === 'string' && value.startsWith(HEX)) return fromHex(value.slice(HEX.length));
	if (Array.isArray(value)) return value.map(fromVectorJson);
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromVectorJson(v)]));
	}
	return value;
}

/** A refusal as a vector states it: the problem's code and those of its fields the vector names. */
export type ExpectedRefusal = { readonly code: string } & Record<string, unknown>;

/** One file of vectors: a format, what its vectors hold, and the vectors. */
export interface VectorFile<V> {
	readonly format: string;
	readonly about: string;
	readonly vectors: readonly V[];
}

export const VECTORS_DIR = 'docs/protocol-vectors';

/** A tablet's fixed ECDH key pair of a vector, imported as the app holds its own (private key not extractable). */
export async function importDevicePair(pair: {
	readonly privateKey: Uint8Array;
	readonly publicKey: Uint8Array;
}): Promise<DeviceKeyPair> {
	const part = (bytes: Uint8Array) => bytesToText(bytes);
	const privateKey = await crypto.subtle.importKey(
		'jwk',
		{
			kty: 'EC',
			crv: 'P-256',
			x: part(pair.publicKey.subarray(1, 33)),
			y: part(pair.publicKey.subarray(33, 65)),
			d: part(pair.privateKey)
		},
		{ name: 'ECDH', namedCurve: 'P-256' },
		false,
		['deriveBits']
	);
	return { privateKey, publicKey: pair.publicKey };
}
