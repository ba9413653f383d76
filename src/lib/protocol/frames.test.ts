import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import { BitWriter } from './bits';
import { readCode, Reassembly, toCodes } from './frames';
import { BASE45_ALPHABET, encodeBase45 } from './base45';
import { crc32 } from './crc32';
import { ALPHANUMERIC_M, qrVersion } from './qr';
import { runs } from '../domain/testing/runs';

function reassemble(codes: readonly string[]): Uint8Array | null {
	const reassembly = new Reassembly();
	let done: Uint8Array | null = null;
	for (const text of codes) {
		const code = readCode(text);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		const step = reassembly.add(code.value);
		if (!step.ok) throw new Error(JSON.stringify(step.error));
		if ('done' in step.value) done = step.value.done;
	}
	return done;
}

describe('codes and frames', () => {
	it('puts a small payload on one code of at most version 10', () => {
		const payload = Uint8Array.from({ length: 202 }, (_, i) => i);
		const codes = toCodes(payload);
		expect(codes).toHaveLength(1);
		expect(qrVersion(codes[0]!.length)).toBe(10);
		expect([...codes[0]!].every((c) => BASE45_ALPHABET.includes(c))).toBe(true);
		expect([...(reassemble(codes) ?? [])]).toEqual([...payload]);
	});

	it('splits a large payload into frames that reassemble in any order, duplicates ignored', () => {
		fc.assert(
			fc.property(
				fc.uint8Array({ minLength: 203, maxLength: 3000 }),
				fc.array(fc.nat(), { maxLength: 40 }),
				(payload, noise) => {
					const codes = toCodes(payload);
					expect(codes.length).toBeGreaterThan(1);
					for (const code of codes) expect(code.length).toBeLessThanOrEqual(ALPHANUMERIC_M[9]);
					// shuffled, with duplicates of random frames in between
					const order = [...codes, ...noise.map((n) => codes[n % codes.length]!)];
					for (let i = order.length - 1; i > 0; i--) {
						const j = (noise[i % Math.max(noise.length, 1)] ?? i) % (i + 1);
						[order[i], order[j]] = [order[j]!, order[i]!];
					}
					// done as soon as the last missing frame arrives; later duplicates start nothing new
					const reassembly = new Reassembly();
					let done: Uint8Array | null = null;
					for (const text of order) {
						const step = reassembly.add((readCode(text) as { ok: true; value: never }).value);
						if (step.ok && 'done' in step.value && !done) done = step.value.done;
					}
					expect([...(done ?? [])]).toEqual([...payload]);
				}
			),
			{ numRuns: runs(100) }
		);
	});

	it('refuses a sequence whose frames add up past the bytes bound, at its first frame (issue 24)', () => {
		const frames = Math.ceil(LIMITS.bodyBytes / 100) + 2;
		const frame = new BitWriter().bits(0xb2, 8).bits(12345, 32).varint(0).varint(frames);
		const body = frame.fixed(new Uint8Array(100)).finish();
		const withCrc = new Uint8Array(body.length + 4);
		withCrc.set(body);
		new DataView(withCrc.buffer).setUint32(body.length, crc32(body));
		const code = readCode(encodeBase45(withCrc));
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		expect(new Reassembly().add(code.value)).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'bytes', limit: LIMITS.bodyBytes }
		});
	});

	it('tells which frames are missing', () => {
		const codes = toCodes(new Uint8Array(1000).fill(7));
		const reassembly = new Reassembly();
		const first = readCode(codes[2]!);
		if (!first.ok || first.value.kind !== 'frame') throw new Error('frame expected');
		reassembly.add(first.value);
		expect(reassembly.missing(first.value.set)).toEqual([0, 1, ...codes.map((_, i) => i).slice(3)]);
	});

	it('refuses a code with one character changed (checksum)', () => {
		const [code] = toCodes(new TextEncoder().encode('Runde 1, Tisch 2'));
		for (let i = 0; i < code!.length; i++) {
			const other = code![i] === 'A' ? 'B' : 'A';
			expect(readCode(code!.slice(0, i) + other + code!.slice(i + 1)).ok).toBe(false);
		}
	});

	it('accepts a typed code in lower case with line breaks around it', () => {
		const [code] = toCodes(Uint8Array.of(1, 2, 3));
		expect(readCode(`\n${code!.toLowerCase()}\r\n`).ok).toBe(true);
	});

	it('says a code with another marker of ours comes from another app version, a foreign one is no code of ours', () => {
		const withMarker = (marker: number) => {
			const body = Uint8Array.of(marker, 1, 2, 3);
			const out = new Uint8Array(body.length + 4);
			out.set(body);
			new DataView(out.buffer).setUint32(body.length, crc32(body));
			return encodeBase45(out);
		};
		const newer = readCode(withMarker(0xb3));
		expect(newer).toMatchObject({
			ok: false,
			error: { code: 'version', what: 'code', from: { kind: 'marker' } }
		});
		expect(readCode(withMarker(0x41))).toEqual({
			ok: false,
			error: { code: 'unreadable', why: 'not-a-code' }
		});
	});
});
