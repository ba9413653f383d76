import { describe, expect, it } from 'vitest';
import {
	KEY_BYTES,
	keyFromText,
	keyToText,
	MAC_BYTES,
	newTournamentKey,
	sha256Hex,
	sign,
	verify
} from './hmac';

const key = Uint8Array.from({ length: KEY_BYTES }, (_, i) => i * 7);
const data = new TextEncoder().encode('Runde 2, Tisch 3');

describe('the table key’s tag (HMAC-SHA-256, 96 bits)', () => {
	it('cuts the tag to 12 bytes, or to the length asked', async () => {
		const full = await sign(key, data, 32);
		expect(await sign(key, data)).toEqual(full.slice(0, MAC_BYTES));
		expect(MAC_BYTES).toBe(12);
		// RFC 4231, test case 2: key "Jefe", "what do ya want for nothing?".
		const jefe = await sign(
			new TextEncoder().encode('Jefe'),
			new TextEncoder().encode('what do ya want for nothing?'),
			32
		);
		expect(Buffer.from(jefe).toString('hex')).toBe(
			'5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843'
		);
	});

	it('takes its own tag only: another byte anywhere, a tag cut or longer, another key', async () => {
		const mac = await sign(key, data);
		expect(await verify(key, data, mac)).toBe(true);
		for (let i = 0; i < MAC_BYTES; i++) {
			const other = mac.slice();
			other[i]! ^= 1;
			expect(await verify(key, data, other)).toBe(false);
		}
		expect(await verify(key, data, mac.slice(0, 11))).toBe(false);
		expect(await verify(key, data, await sign(key, data, 13))).toBe(false);
		expect(await verify(newTournamentKey(), data, mac)).toBe(false);
	});

	it('makes fresh random keys of 32 bytes', () => {
		const [a, b] = [newTournamentKey(), newTournamentKey()];
		expect([a.length, b.length]).toEqual([32, 32]);
		expect(a).not.toEqual(b);
	});
});

describe('keys as text (base64url, no padding)', () => {
	it('writes a key as base64url and reads it back', () => {
		const text = keyToText(Uint8Array.from({ length: KEY_BYTES }, (_, i) => 250 + (i % 6)));
		expect(text).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(text).toContain('-');
		expect(text).toContain('_');
		expect(keyFromText(text)).toEqual(Uint8Array.from({ length: KEY_BYTES }, (_, i) => 250 + (i % 6)));
	});

	it('reads no key from text that is none, or of another length', () => {
		expect(keyFromText('***')).toBeNull();
		// No padding whatever the length.
		for (const length of [30, 31, 32]) expect(keyToText(new Uint8Array(length))).not.toContain('=');
		expect(keyFromText(keyToText(new Uint8Array(31)))).toBeNull();
		expect(keyFromText(keyToText(new Uint8Array(33)))).toBeNull();
	});
});

it('writes SHA-256 as lower-case hex (FIPS 180-2: "abc")', async () => {
	expect(await sha256Hex(new TextEncoder().encode('abc'))).toBe(
		'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'
	);
	expect(await sha256Hex(Uint8Array.of(0))).toMatch(/^6e340b9c/);
});
