import { decodeBase45, encodeBase45 } from './base45';
import { crc32 } from './crc32';
import { LIMITS } from '../domain/limits';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { refusal } from './problems';

/**
 * A payload as a file: a first line naming the format, then the payload with its CRC-32 in Base45,
 * 76 characters a line. The same bytes as the codes, so the same checks and signature apply.
 */
export const FILE_MAGIC = 'WERTUNGSBLATT-SYNC 1';
export const FILE_EXTENSION = '.wbsync';
/** Characters per line: every line but the last is exactly this long. */
const LINE = 76;

/**
 * The longest text a file of `LIMITS.bodyBytes` is written as (with CR LF line ends, as an editor on
 * Windows may save it): a longer text is refused before a character of it is decoded.
 */
export const FILE_TEXT_MAX =
	FILE_MAGIC.length + 2 + Math.ceil((Math.ceil((LIMITS.bodyBytes + 4) / 2) * 3) / LINE) * (LINE + 2) + 1024;

export function toFileText(payload: Uint8Array): string {
	const data = new Uint8Array(payload.length + 4);
	data.set(payload);
	new DataView(data.buffer).setUint32(payload.length, crc32(payload));
	const text = encodeBase45(data);
	const lines = text.match(new RegExp(`.{1,${LINE}}`, 'g')) ?? [];
	return `${FILE_MAGIC}\n${lines.join('\n')}\n`;
}

/** A file's text of `length` characters (or bytes: Base45 is ASCII) longer than any within the bound. */
export function fileTextBeyond(length: number): Problem | null {
	return length > FILE_TEXT_MAX ? refusal.tooLarge('bytes', LIMITS.bodyBytes) : null;
}

/** Base45 characters decoded at a time as a file is read: 16 KB of payload. */
const CHUNK_CHARS = 3 * 8192;

/**
 * A file's payload, decoded from its text only as far as it is read (`decodePayload` asks as it goes): a
 * file refused at its first element past a bound is refused before the rest of its text is decoded. Its
 * length is known before a byte is decoded (from its lines' lengths); its CRC-32 is checked once it has
 * been read to the end (`whole`).
 *
 * A space is a Base45 character, and editors and mail often drop spaces at the end of a line: every line
 * but the last was written exactly 76 characters long, so a shorter one is filled up with spaces again.
 * (The last line never ends in a space: the last character of a Base45 group is its most significant,
 * and a space there is out of range.)
 */
export class FileBytes {
	/** The payload and its CRC-32 (4 bytes): full length from the start, decoded as far as `ready`. */
	readonly data: Uint8Array;
	/** Bytes of the payload, without its CRC-32. */
	readonly length: number;
	/** Why the text could not be decoded as far as it was asked (a character outside Base45 …). */
	problem: Problem | null = null;
	/** Bytes of `data` decoded so far. */
	ready = 0;
	readonly #text: string;
	/** Where each line of the body starts and ends in the text (its line end not included). */
	readonly #starts: number[];
	readonly #ends: number[];
	/** The next character to decode: its line, and where in that line (past its end: a filled-up space). */
	#line = 0;
	#column = 0;
	#whole: Result<Uint8Array> | null = null;

	private constructor(text: string, starts: number[], ends: number[], chars: number) {
		this.#text = text;
		this.#starts = starts;
		this.#ends = ends;
		this.data = new Uint8Array(Math.floor(chars / 3) * 2 + (chars % 3 === 2 ? 1 : 0));
		this.length = this.data.length - 4;
	}

	/**
	 * A file's text, checked for its size, its first line and the length of its Base45 before a
	 * character of it is decoded.
	 */
	static of(text: string): Result<FileBytes> {
		const beyond = fileTextBeyond(text.length);
		if (beyond) return fail(beyond);
		const clean = text.replace(/\r/g, '');
		const firstEnd = clean.indexOf('\n');
		const first = (firstEnd < 0 ? clean : clean.slice(0, firstEnd)).trim();
		const other = /^WERTUNGSBLATT-SYNC (\S+)$/.exec(first);
		if (other && first !== FILE_MAGIC) {
			return fail(refusal.otherVersion('file', { kind: 'format', value: other[1] ?? '' }));
		}
		if (first !== FILE_MAGIC) return fail(refusal.unreadable({ why: 'not-a-file' }));
		const starts: number[] = [];
		const ends: number[] = [];
		// `at` is 0 where no line follows: the first line had no end, or the last line had none.
		for (let at = firstEnd + 1; at > 0;) {
			const next = clean.indexOf('\n', at);
			starts.push(at);
			ends.push(next < 0 ? clean.length : next);
			at = next + 1;
		}
		while (starts.length && clean.slice(starts.at(-1), ends.at(-1)).trim() === '') {
			starts.pop();
			ends.pop();
		}
		let chars = 0;
		for (let i = 0; i < starts.length; i++) {
			const length = (ends[i] as number) - (starts[i] as number);
			chars += i < starts.length - 1 ? Math.max(length, LINE) : length;
		}
		if (chars % 3 === 1) return fail({ code: 'bad-base45', why: 'length' });
		const file = new FileBytes(clean, starts, ends, chars);
		if (file.data.length < 5) return fail(refusal.unreadable({ why: 'too-short' }));
		return ok(file);
	}

	/**
	 * Decodes the text until the first `end` bytes are ready (a chunk at a time); the bytes ready after. Where
	 * the text is no Base45, it stops there and says why (`problem`).
	 */
	through(end: number): number {
		while (this.ready < Math.min(end, this.data.length) && !this.problem) {
			let chunk = '';
			while (chunk.length < CHUNK_CHARS && this.#line < this.#starts.length) {
				const start = this.#starts[this.#line] as number;
				const length = (this.#ends[this.#line] as number) - start;
				const last = this.#line === this.#starts.length - 1;
				const width = last ? length : Math.max(length, LINE);
				const take = Math.min(width - this.#column, CHUNK_CHARS - chunk.length);
				const from = start + this.#column;
				const text = this.#text.slice(from, Math.min(from + take, start + length));
				chunk += text.padEnd(take, ' ');
				this.#column += take;
				if (this.#column === width) {
					this.#line++;
					this.#column = 0;
				}
			}
			// A chunk is whole groups of three (CHUNK_CHARS), but the last: its last group may be of two.
			if (chunk === '') break;
			const bytes = decodeBase45(chunk);
			if (!bytes.ok) {
				// What comes before the first group that is no Base45 still reads (the rest may never be asked for).
				this.#upTo(chunk, bytes.error);
				break;
			}
			this.data.set(bytes.value, this.ready);
			this.ready += bytes.value.length;
		}
		return this.ready;
	}

	/** Decodes `chunk` a group at a time up to its first group that is no Base45; that one's problem is kept. */
	#upTo(chunk: string, problem: Problem): void {
		for (let at = 0; at < chunk.length; at += 3) {
			const group = decodeBase45(chunk.slice(at, at + 3));
			if (!group.ok) break;
			this.data.set(group.value, this.ready);
			this.ready += group.value.length;
		}
		this.problem = problem;
	}

	/** The whole payload: the rest of the text decoded and the CRC-32 checked (once). */
	whole(): Result<Uint8Array> {
		if (this.#whole) return this.#whole;
		this.through(this.data.length);
		if (this.problem) return fail(this.problem);
		const payload = this.data.subarray(0, this.length);
		const crc = new DataView(this.data.buffer).getUint32(this.length);
		this.#whole = crc32(payload) === crc ? ok(payload.slice()) : fail(refusal.checksum());
		return this.#whole;
	}
}

/** A payload as a screen hands it on: a code's bytes, or a file's (decoded as it is read). */
export type PayloadBytes = Uint8Array | FileBytes;

/** All of a payload: a code's bytes as they are, a file's decoded to its end and checked (`whole`). */
export function wholeOf(bytes: PayloadBytes): Result<Uint8Array> {
	return bytes instanceof FileBytes ? bytes.whole() : ok(bytes);
}

/** A file's text back to the payload bytes, all of it (`FileBytes` decodes only as far as it is read). */
export function fromFileText(text: string): Result<Uint8Array> {
	const file = FileBytes.of(text);
	return file.ok ? file.value.whole() : file;
}

/** A file name for a payload: `wertungsblatt_<what>.wbsync`, only safe characters. */
export function fileName(what: string): string {
	return `wertungsblatt_${what.replace(/[^\p{L}\p{N}_-]+/gu, '-')}${FILE_EXTENSION}`;
}
