import { describe, expect, it } from 'vitest';
import {
	bytesFromText,
	bytesToText,
	COMPRESSED_KEY_BYTES,
	compressKey,
	directorSigner,
	directorVerifier,
	expandKey,
	highS,
	newDeviceKeyPair,
	newSigningKey,
	PUBLIC_KEY_BYTES,
	signAsDirector,
	unwrapForDevice,
	verifyDirector,
	wrapForDevices
} from './keys';
import { withOtherS } from './testing';

/** P-256's group order (FIPS 186-4, D.1.2.3): (r, s) and (r, N − s) both verify. */
const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
const P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;

const bytes32 = (n: bigint) =>
	Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * (31 - i))) & 0xffn));
const bigint = (b: Uint8Array) => b.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
const data = new TextEncoder().encode('Rangliste nach Runde 3');

describe('public keys compressed and expanded (SEC 1, 2.3.3–2.3.4)', () => {
	it('gives back every key, whichever parity its y has', async () => {
		const parities = new Set<number>();
		for (let i = 0; i < 12 && parities.size < 2; i++) {
			const { publicKey } = await newSigningKey();
			const compressed = compressKey(publicKey);
			expect(compressed.length).toBe(COMPRESSED_KEY_BYTES);
			expect(compressed[0]).toBe(2 + (publicKey[64]! & 1));
			expect(expandKey(compressed)).toEqual(publicKey);
			parities.add(compressed[0]!);
		}
		expect(parities).toEqual(new Set([2, 3]));
	});

	it.each([
		['of another length', () => compressKey(new Uint8Array(PUBLIC_KEY_BYTES)).subarray(0, 32)],
		['with an uncompressed prefix', () => Uint8Array.of(4, ...bytes32(5n))],
		['with no prefix', () => Uint8Array.of(1, ...bytes32(5n))],
		// x³ − 3x + b is no square modulo p for x = 1: no point has that x.
		['of an x no point has', () => Uint8Array.of(2, ...bytes32(1n))],
		['of an x past the field (x = p + 5 is the point of x = 5)', () => Uint8Array.of(2, ...bytes32(P + 5n))],
		// x = p is x = 0 of the field, which is a point: p itself is past it.
		['of x = p', () => Uint8Array.of(2, ...bytes32(P))]
	])('expands no key %s', (_, compressed) => {
		expect(expandKey(compressed())).toBeNull();
	});

	it('expands a point whose x is small as well as any', () => {
		// x = 5 lies on the curve (x³ − 3x + b is a square): both of its points.
		const even = expandKey(Uint8Array.of(2, ...bytes32(5n)));
		const odd = expandKey(Uint8Array.of(3, ...bytes32(5n)));
		if (!even || !odd) throw new Error('x = 5 is a point of P-256');
		expect([even[64]! & 1, odd[64]! & 1]).toEqual([0, 1]);
		expect(bigint(even.subarray(33)) + bigint(odd.subarray(33))).toBe(P);
	});
});

describe('the director’s signature (ECDSA P-256, the low s)', () => {
	it('signs with the low s only, which verifies; the high s of it only for files of before version 5', async () => {
		const director = await newSigningKey();
		const sign = await directorSigner(director);
		for (let i = 0; i < 8; i++) {
			const signature = await sign(new Uint8Array([i]));
			expect(highS(signature)).toBe(false);
			expect(await verifyDirector(director.publicKey, new Uint8Array([i]), signature)).toBe(true);
			expect(highS(withOtherS(signature))).toBe(true);
			expect(await verifyDirector(director.publicKey, new Uint8Array([i]), withOtherS(signature))).toBe(
				false
			);
			expect(
				await verifyDirector(director.publicKey, new Uint8Array([i]), withOtherS(signature), { anyS: true })
			).toBe(true);
		}
		expect(await verifyDirector(director.publicKey, data, await signAsDirector(director, data))).toBe(true);
	});

	it('refuses a signature or key of another length, a key that is no point, other data', async () => {
		const director = await newSigningKey();
		const signature = await signAsDirector(director, data);
		expect(await verifyDirector(director.publicKey, data, signature.subarray(0, 63))).toBe(false);
		expect(await verifyDirector(director.publicKey.subarray(0, 64), data, signature)).toBe(false);
		expect(await verifyDirector(Uint8Array.of(4, ...new Uint8Array(64)), data, signature)).toBe(false);
		expect(await verifyDirector(director.publicKey, new Uint8Array(), signature)).toBe(false);
		expect(await verifyDirector((await newSigningKey()).publicKey, data, signature)).toBe(false);
	});

	it('takes an s of exactly ⌊N/2⌋ as the low one, one more as the high one', () => {
		const signature = new Uint8Array(64);
		signature.set(bytes32(N / 2n), 32);
		expect(highS(signature)).toBe(false);
		signature.set(bytes32(N / 2n + 1n), 32);
		expect(highS(signature)).toBe(true);
	});

	it('checks many signatures under one imported key, either s, and imports no key that is none', async () => {
		const director = await newSigningKey();
		const verify = await directorVerifier(director.publicKey);
		const signature = await signAsDirector(director, data);
		expect(await verify!(data, signature)).toBe(true);
		expect(await verify!(data, withOtherS(signature))).toBe(true);
		expect(await verify!(data, signature.subarray(0, 63))).toBe(false);
		expect(await verify!(new Uint8Array(), signature)).toBe(false);
		expect(await directorVerifier(director.publicKey.subarray(0, 64))).toBeNull();
		expect(await directorVerifier(Uint8Array.of(4, ...new Uint8Array(64)))).toBeNull();
	});
});

describe('next round’s table keys wrapped to the tablets (ECIES)', () => {
	const at = { tournamentId: 't-abcdefgh12345678', round: 2, table: 7 };
	const key = Uint8Array.from({ length: 16 }, (_, i) => i + 1);

	it('leaves out a table whose tablet key is no point; the tablet it was wrapped to unwraps it at its table only', async () => {
		const tablet = await newDeviceKeyPair();
		const { ephemeral, wrapped } = await wrapForDevices(at.tournamentId, at.round, [
			{ table: 7, key, device: tablet.publicKey },
			{ table: 8, key, device: Uint8Array.of(4, ...new Uint8Array(64)) }
		]);
		expect([...wrapped.keys()]).toEqual([7]);
		const mine = wrapped.get(7)!;
		expect(await unwrapForDevice(tablet, ephemeral, mine, at)).toEqual(key);
		expect(await unwrapForDevice(tablet, ephemeral, mine, { ...at, table: 8 })).toBeNull();
		expect(await unwrapForDevice(tablet, ephemeral, mine, { ...at, round: 3 })).toBeNull();
		expect(await unwrapForDevice(tablet, ephemeral, mine.subarray(0, 19), at)).toBeNull();
		expect(await unwrapForDevice(tablet, ephemeral, Uint8Array.of(...mine, 0), at)).toBeNull();
		// The tablet's own private key never leaves WebCrypto (PROTOCOL.md: not extractable).
		expect(tablet.privateKey.extractable).toBe(false);
		expect(await unwrapForDevice(tablet, Uint8Array.of(4, ...new Uint8Array(64)), mine, at)).toBeNull();
		// Each of the last four bytes is the check: one changed, the key is not this tablet's.
		for (let i = 16; i < 20; i++) {
			const changed = mine.slice();
			changed[i]! ^= 1;
			expect(await unwrapForDevice(tablet, ephemeral, changed, at)).toBeNull();
		}
	});
});

it('writes bytes as base64url text and reads them back', () => {
	const bytes = Uint8Array.from({ length: 64 }, (_, i) => 255 - i * 3);
	const text = bytesToText(bytes);
	expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
	expect(bytesFromText(text)).toEqual(bytes);
});
