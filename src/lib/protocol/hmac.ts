/**
 * Signing with the tournament key: HMAC-SHA-256 through WebCrypto (browsers and node ≥ 20), the tag
 * cut to 96 bits (as TLS and HOTP do) to keep a round on one QR code.
 */
export const KEY_BYTES = 32;
export const MAC_BYTES = 12;

/** A fresh random 256-bit tournament key. */
export function newTournamentKey(): Uint8Array {
	return crypto.getRandomValues(new Uint8Array(KEY_BYTES));
}

const copy = (bytes: Uint8Array): Uint8Array<ArrayBuffer> => new Uint8Array(bytes);

/** The HMAC-SHA-256 of `data` under `key`, cut to `length` bytes (a code's tag: 96 bits). */
export async function sign(key: Uint8Array, data: Uint8Array, length = MAC_BYTES): Promise<Uint8Array> {
	const cryptoKey = await crypto.subtle.importKey(
		'raw',
		copy(key),
		{ name: 'HMAC', hash: 'SHA-256' },
		false,
		['sign']
	);
	return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, copy(data))).slice(0, length);
}

/** True when `mac` is the tag of `data` under `key` (compared in constant time). */
export async function verify(key: Uint8Array, data: Uint8Array, mac: Uint8Array): Promise<boolean> {
	const expected = await sign(key, data);
	if (mac.length !== expected.length) return false;
	let diff = 0;
	for (let i = 0; i < mac.length; i++) diff |= (mac[i] as number) ^ (expected[i] as number);
	return diff === 0;
}

/** SHA-256 of some bytes, as lowercase hex. */
export async function sha256Hex(data: Uint8Array): Promise<string> {
	const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', copy(data)));
	return Array.from(hash, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Key bytes as text for storage (base64url) and back. */
export function keyToText(key: Uint8Array): string {
	return btoa(String.fromCharCode(...key))
		.replaceAll('+', '-')
		.replaceAll('/', '_')
		.replace(/=+$/, '');
}

export function keyFromText(text: string): Uint8Array | null {
	try {
		const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
		const key = Uint8Array.from(binary, (c) => c.charCodeAt(0));
		return key.length === KEY_BYTES ? key : null;
	} catch {
		return null;
	}
}
