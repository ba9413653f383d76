import type { OtherVersion } from './problems';

/**
 * A bit stream for the compact codes: fixed-width fields, LEB128-style varints and UTF-8 strings.
 * The reader never throws at callers of the codecs: it raises `Truncated`, which the decoders turn
 * into a refusal.
 */

/** Raised by the reader when the input ends early or a field is out of range. */
export class Malformed extends Error {}

/** Raised by a decoder that meets a value a newer app version writes (e.g. a rule preset it does not know). */
export class FromOtherVersion extends Malformed {
	constructor(readonly from: OtherVersion) {
		super(`${from.kind} ${from.value}`);
	}
}

export class BitWriter {
	#bytes: number[] = [];
	#bit = 0;

	/** Bits written so far. */
	get length(): number {
		return this.#bytes.length * 8 - (this.#bit === 0 ? 0 : 8 - this.#bit);
	}

	/** Appends everything another writer wrote. */
	append(other: BitWriter): this {
		const bytes = other.finish();
		const full = Math.floor(other.length / 8);
		for (let i = 0; i < full; i++) this.bits(bytes[i] as number, 8);
		const rest = other.length % 8;
		if (rest) this.bits((bytes[full] as number) >> (8 - rest), rest);
		return this;
	}

	/** Writes `width` bits of `value` (0 ≤ value < 2^width, width ≤ 32), most significant first. */
	bits(value: number, width: number): this {
		if (!Number.isInteger(value) || value < 0 || value >= 2 ** width) {
			throw new RangeError(`${value} does not fit in ${width} bits`);
		}
		if (width === 8 && this.#bit === 0) {
			this.#bytes.push(value);
			return this;
		}
		for (let i = width - 1; i >= 0; i--) {
			if (this.#bit === 0) this.#bytes.push(0);
			const bit = Math.floor(value / 2 ** i) % 2;
			const last = this.#bytes.length - 1;
			this.#bytes[last] = (this.#bytes[last] as number) | (bit << (7 - this.#bit));
			this.#bit = (this.#bit + 1) % 8;
		}
		return this;
	}

	flag(value: boolean): this {
		return this.bits(value ? 1 : 0, 1);
	}

	/** A non-negative safe integer in groups of 7 bits, low group first, each with a continuation bit. */
	varint(value: number): this {
		if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a varint: ${value}`);
		let rest = value;
		do {
			const group = rest % 128;
			rest = Math.floor(rest / 128);
			this.bits(rest > 0 ? group + 128 : group, 8);
		} while (rest > 0);
		return this;
	}

	bytes(data: Uint8Array): this {
		this.varint(data.length);
		for (const byte of data) this.bits(byte, 8);
		return this;
	}

	/** Raw bytes of a known length (no length prefix). */
	fixed(data: Uint8Array): this {
		for (const byte of data) this.bits(byte, 8);
		return this;
	}

	string(text: string): this {
		return this.bytes(new TextEncoder().encode(text));
	}

	finish(): Uint8Array {
		return Uint8Array.from(this.#bytes);
	}
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads a bit stream. `more(end)`, when given, makes the bytes up to `end` readable and says how many
 * are (`data` then has its full length from the start, its bytes filled in as they are asked for: a
 * file's text decoded as far as it is read, `FileBytes`); fewer than asked ends the stream there.
 */
export class BitReader {
	readonly #data: Uint8Array;
	#pos = 0;
	#ready: number;
	readonly #more: ((end: number) => number) | null;

	constructor(data: Uint8Array, more?: (end: number) => number) {
		this.#data = data;
		this.#more = more ?? null;
		this.#ready = more ? 0 : data.length;
	}

	get bitsLeft(): number {
		return this.#data.length * 8 - this.#pos;
	}

	bits(width: number): number {
		if (this.bitsLeft < width) throw new Malformed('truncated');
		const end = (this.#pos + width + 7) >> 3;
		if (end > this.#ready) {
			this.#ready = this.#more ? this.#more(end) : this.#ready;
			if (end > this.#ready) throw new Malformed('truncated');
		}
		if (width === 8 && (this.#pos & 7) === 0) {
			const byte = this.#data[this.#pos >> 3] as number;
			this.#pos += 8;
			return byte;
		}
		let value = 0;
		for (let i = 0; i < width; i++) {
			const byte = this.#data[this.#pos >> 3] as number;
			value = value * 2 + ((byte >> (7 - (this.#pos & 7))) & 1);
			this.#pos++;
		}
		return value;
	}

	flag(): boolean {
		return this.bits(1) === 1;
	}

	varint(max = Number.MAX_SAFE_INTEGER): number {
		let value = 0;
		let scale = 1;
		for (;;) {
			const group = this.bits(8);
			value += (group & 127) * scale;
			if (value > max) throw new Malformed('out of range');
			if (group < 128) return value;
			scale *= 128;
			if (scale > 2 ** 56) throw new Malformed('varint too long');
		}
	}

	/** A whole number in [min, max]. */
	int(min: number, max: number): number {
		const value = this.varint(max);
		if (value < min) throw new Malformed('out of range');
		return value;
	}

	fixed(length: number): Uint8Array {
		if (this.bitsLeft < length * 8) throw new Malformed('truncated');
		const out = new Uint8Array(length);
		for (let i = 0; i < length; i++) out[i] = this.bits(8);
		return out;
	}

	bytes(max: number): Uint8Array {
		return this.fixed(this.varint(max));
	}

	string(max = 500): string {
		try {
			return utf8.decode(this.bytes(max * 4));
		} catch (cause) {
			if (cause instanceof Malformed) throw cause;
			throw new Malformed('not UTF-8');
		}
	}

	/** True when only zero padding bits of the last byte remain. */
	atEnd(): boolean {
		if (this.bitsLeft >= 8) return false;
		const rest = this.bitsLeft;
		return rest === 0 || this.bits(rest) === 0;
	}
}
