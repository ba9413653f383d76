import { BitReader, BitWriter, Malformed } from './bits';
import { decodeBase45, encodeBase45 } from './base45';
import { crc32 } from './crc32';
import { LIMITS } from '../domain/limits';
import { fail, ok, type Result } from '../domain/result';
import { refusal } from './problems';
import { bytesFor, FRAME_VERSION, MAX_SINGLE_VERSION } from './qr';

/**
 * The text layer: a payload becomes one code, or an animated sequence of frames that a scanner may read
 * in any order. Every code is Base45 (QR alphanumeric mode) of
 *   single: B1 · payload · CRC-32
 *   frame:  B2 · set id (CRC-32 of the whole payload) · index · count · chunk · CRC-32
 * so each code checks itself, and the set id checks the reassembled payload. The markers 0xB0–0xBF are
 * reserved for this app: a newer version uses another one of them, never a byte outside that range.
 */
const SINGLE = 0xb1;
const PART = 0xb2;
/** Markers 0xB0–0xBF are this app's: one this version does not know comes from another app version. */
const isOurs = (marker: number) => (marker & 0xf0) === 0xb0;
const CRC_BYTES = 4;

function withCrc(w: BitWriter): Uint8Array {
	const body = w.finish();
	const out = new Uint8Array(body.length + CRC_BYTES);
	out.set(body);
	new DataView(out.buffer).setUint32(body.length, crc32(body));
	return out;
}

/** The payload as codes: one when it fits a version-`maxSingle` code, otherwise frames of version `frameVersion`. */
export function toCodes(
	payload: Uint8Array,
	options: { maxSingle?: number; frameVersion?: number } = {}
): string[] {
	const { maxSingle = MAX_SINGLE_VERSION, frameVersion = FRAME_VERSION } = options;
	if (payload.length + 1 + CRC_BYTES <= bytesFor(maxSingle)) {
		return [encodeBase45(withCrc(new BitWriter().bits(SINGLE, 8).fixed(payload)))];
	}
	const set = crc32(payload);
	// Header: magic 1, set 4, index and count as varints (≤ 3 bytes each below 2^21), CRC 4.
	const room = bytesFor(frameVersion) - 1 - 4 - 3 - 3 - CRC_BYTES;
	const total = Math.ceil(payload.length / room);
	// Even frames: every code of the sequence is about the same size.
	const size = Math.ceil(payload.length / total);
	return Array.from({ length: total }, (_, index) => {
		const w = new BitWriter().bits(PART, 8).bits(set, 32).varint(index).varint(total);
		w.fixed(payload.subarray(index * size, (index + 1) * size));
		return encodeBase45(withCrc(w));
	});
}

/** One code as read: a whole payload, or one frame of a set. */
export type Code =
	| { readonly kind: 'single'; readonly payload: Uint8Array }
	| {
			readonly kind: 'frame';
			readonly set: number;
			readonly index: number;
			readonly total: number;
			readonly chunk: Uint8Array;
	  };

/** Reads one code's text (line breaks around it and case are ignored, for pasted and typed codes; a space is a Base45 character). */
export function readCode(text: string): Result<Code> {
	const cleaned = text.replace(/^[\r\n\t]+|[\r\n\t]+$/g, '').toUpperCase();
	if (cleaned === '') return fail(refusal.unreadable({ why: 'empty' }));
	const bytes = decodeBase45(cleaned);
	if (!bytes.ok) return bytes;
	const data = bytes.value;
	if (data.length < 1 + CRC_BYTES) return fail(refusal.unreadable({ why: 'too-short' }));
	const body = data.subarray(0, data.length - CRC_BYTES);
	const stated = new DataView(data.buffer, data.byteOffset).getUint32(data.length - CRC_BYTES);
	if (crc32(body) !== stated) return fail(refusal.checksum());
	if (body[0] === SINGLE) return ok({ kind: 'single', payload: body.slice(1) });
	const marker = body[0] as number;
	if (marker !== PART && isOurs(marker)) {
		const hex = `0x${marker.toString(16).toUpperCase()}`;
		return fail(refusal.otherVersion('code', { kind: 'marker', value: hex }));
	}
	if (marker !== PART) return fail(refusal.unreadable({ why: 'not-a-code' }));
	try {
		const r = new BitReader(body.subarray(1));
		const set = r.bits(32);
		const index = r.varint(1_000_000);
		const total = r.int(1, 1_000_000);
		if (index >= total) throw new Malformed('index beyond count');
		return ok({ kind: 'frame', set, index, total, chunk: r.fixed(r.bitsLeft / 8) });
	} catch {
		return fail(refusal.unreadable({ why: 'frame' }));
	}
}

/** Progress of a sequence being read: frames seen of the total. */
export interface Progress {
	readonly have: number;
	readonly total: number;
}

/**
 * Collects frames of one or more sets in any order; duplicates change nothing. `add` answers the
 * whole payload once every frame of its set is in and the set id checks out.
 */
export class Reassembly {
	readonly #sets = new Map<number, { total: number; chunks: Map<number, Uint8Array> }>();

	add(code: Code): Result<{ done: Uint8Array } | { progress: Progress }> {
		if (code.kind === 'single') return ok({ done: code.payload });
		let entry = this.#sets.get(code.set);
		// Frames are even: a set whose frames add up past the bound is refused at its first frame.
		if ((code.total - 1) * code.chunk.length > LIMITS.bodyBytes) {
			return fail(refusal.tooLarge('bytes', LIMITS.bodyBytes));
		}
		if (!entry) {
			entry = { total: code.total, chunks: new Map() };
			this.#sets.set(code.set, entry);
		}
		if (entry.total !== code.total) return fail(refusal.unreadable({ why: 'frame-count' }));
		entry.chunks.set(code.index, code.chunk);
		if (entry.chunks.size < entry.total)
			return ok({ progress: { have: entry.chunks.size, total: entry.total } });
		const parts = Array.from({ length: entry.total }, (_, i) => entry.chunks.get(i) as Uint8Array);
		const size = parts.reduce((a, p) => a + p.length, 0);
		const payload = new Uint8Array(size);
		let at = 0;
		for (const part of parts) {
			payload.set(part, at);
			at += part.length;
		}
		this.#sets.delete(code.set);
		if (crc32(payload) !== code.set) return fail(refusal.checksum());
		return ok({ done: payload });
	}

	/** Frames still missing of the set being read, by index. */
	missing(set: number): number[] {
		const entry = this.#sets.get(set);
		if (!entry) return [];
		return Array.from({ length: entry.total }, (_, i) => i).filter((i) => !entry.chunks.has(i));
	}
}
