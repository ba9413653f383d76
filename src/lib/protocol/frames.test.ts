import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import { BitWriter } from './bits';
import { readCode, Reassembly, toCodes } from './frames';
import { BASE45_ALPHABET, encodeBase45 } from './base45';
import { crc32 } from './crc32';
import { ALPHANUMERIC_M, bytesFor, qrVersion } from './qr';
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

/** A code's text from its bytes before the CRC (marker and all), with a CRC that checks out. */
function codeOf(body: Uint8Array): string {
	const out = new Uint8Array(body.length + 4);
	out.set(body);
	new DataView(out.buffer).setUint32(body.length, crc32(body));
	return encodeBase45(out);
}

/** One frame as a code: set id, index, count and chunk as given. */
const frameCode = (set: number, index: number, total: number, chunk: Uint8Array) =>
	codeOf(new BitWriter().bits(0xb2, 8).bits(set, 32).varint(index).varint(total).fixed(chunk).finish());

const frameOf = (text: string) => {
	const code = readCode(text);
	if (!code.ok || code.value.kind !== 'frame') throw new Error(`no frame: ${JSON.stringify(code)}`);
	return code.value;
};

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
		const code = frameOf(frameCode(12345, 0, frames, new Uint8Array(100)));
		expect(new Reassembly().add(code)).toEqual({
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
		const withMarker = (marker: number) => codeOf(Uint8Array.of(marker, 1, 2, 3));
		const newer = readCode(withMarker(0xb3));
		expect(newer).toMatchObject({
			ok: false,
			error: { code: 'version', what: 'code', from: { kind: 'marker', value: '0xB3' } }
		});
		expect(readCode(withMarker(0x41))).toEqual({
			ok: false,
			error: { code: 'unreadable', why: 'not-a-code' }
		});
	});
});

describe('cutting a payload into frames (PROTOCOL.md, codes and files)', () => {
	// count = ⌈len / room⌉, room = bytesFor(10) − 15: the header's 11 bytes at most plus the CRC's 4.
	const room = bytesFor(10) - 15;
	it.each([2 * room, 2 * room + 1, 3 * room, 7 * room + 5])(
		'cuts %i bytes into as few frames of version 10 as hold them',
		(length) => {
			const codes = toCodes(Uint8Array.from({ length }, (_, i) => i % 251));
			expect(codes).toHaveLength(Math.ceil(length / room));
			for (const code of codes) expect(qrVersion(code.length)).toBeLessThanOrEqual(10);
		}
	);

	it('puts a payload on one code while it and its 5 bytes fit version 10', () => {
		expect(toCodes(new Uint8Array(bytesFor(10) - 5))).toHaveLength(1);
		expect(toCodes(new Uint8Array(bytesFor(10) - 4))).toHaveLength(2);
	});
});

describe('reading a code’s text, in PROTOCOL.md’s order', () => {
	// Codes made in the tests (thunks), so a mutation test knows which tests write them.
	const code = () => toCodes(Uint8Array.of(1, 2, 3))[0]!;
	it.each([
		['nothing', () => '', { code: 'unreadable', why: 'empty' }],
		['only line breaks and tabs', () => '\r\n\t\n', { code: 'unreadable', why: 'empty' }],
		[
			'a line break inside the code',
			() => `${code().slice(0, 4)}\n${code().slice(4)}`,
			{ code: 'bad-base45' }
		],
		['4 bytes', () => encodeBase45(Uint8Array.of(0xb1, 0, 0, 0)), { code: 'unreadable', why: 'too-short' }],
		['a frame whose index is its count', () => frameCode(7, 3, 3, Uint8Array.of(1)), { why: 'frame' }],
		[
			'a frame with no count',
			() => codeOf(new BitWriter().bits(0xb2, 8).bits(7, 32).varint(0).finish()),
			{ why: 'frame' }
		]
	])('refuses %s', (_, text, refusal) => {
		expect(readCode(text())).toMatchObject({ ok: false, error: refusal });
	});

	it('reads an empty payload of 5 bytes, and takes any run of line breaks and tabs off both ends', () => {
		expect(readCode(codeOf(Uint8Array.of(0xb1)))).toEqual({
			ok: true,
			value: { kind: 'single', payload: new Uint8Array() }
		});
		expect(readCode(`\r\n\r\n\t${code()}\t\r\n\n`)).toEqual(readCode(code()));
		expect(readCode(code())).toMatchObject({ ok: true, value: { kind: 'single' } });
	});
});

describe('joining frames', () => {
	it('counts the frames in, and knows no missing frames of a set it has not seen', () => {
		const reassembly = new Reassembly();
		expect(reassembly.add(frameOf(frameCode(7, 1, 3, Uint8Array.of(1))))).toEqual({
			ok: true,
			value: { progress: { have: 1, total: 3 } }
		});
		expect(reassembly.missing(7)).toEqual([0, 2]);
		expect(reassembly.missing(8)).toEqual([]);
	});

	it('refuses a frame of a set it reads that counts other frames, and a joined set that is not its id', () => {
		const reassembly = new Reassembly();
		reassembly.add(frameOf(frameCode(7, 0, 2, Uint8Array.of(1))));
		expect(reassembly.add(frameOf(frameCode(7, 1, 3, Uint8Array.of(2))))).toEqual({
			ok: false,
			error: { code: 'unreadable', why: 'frame-count' }
		});
		expect(reassembly.add(frameOf(frameCode(7, 1, 2, Uint8Array.of(2))))).toEqual({
			ok: false,
			error: { code: 'checksum' }
		});
		// The set that does check out: its id is the CRC-32 of the joined chunks.
		const set = crc32(Uint8Array.of(1, 2));
		reassembly.add(frameOf(frameCode(set, 0, 2, Uint8Array.of(1))));
		expect(reassembly.add(frameOf(frameCode(set, 1, 2, Uint8Array.of(2))))).toEqual({
			ok: true,
			value: { done: Uint8Array.of(1, 2) }
		});
	});

	it('takes a set of frames that add up to the bytes bound exactly (issue 24)', () => {
		const frames = LIMITS.bodyBytes / 100 + 1;
		expect(new Reassembly().add(frameOf(frameCode(7, 0, frames, new Uint8Array(100))))).toEqual({
			ok: true,
			value: { progress: { have: 1, total: frames } }
		});
	});
});
