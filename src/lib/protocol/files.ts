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

/**
 * A file's text back to the payload bytes. A space is a Base45 character, and editors and mail often drop
 * spaces at the end of a line: every line but the last was written exactly 76 characters long, so a
 * shorter one is filled up with spaces again. (The last line never ends in a space: the last character of
 * a Base45 group is its most significant, and a space there is out of range.)
 */
export function fromFileText(text: string): Result<Uint8Array> {
	const beyond = fileTextBeyond(text.length);
	if (beyond) return fail(beyond);
	const lines = text.replace(/\r/g, '').split('\n');
	const first = lines[0]?.trim() ?? '';
	const other = /^WERTUNGSBLATT-SYNC (\S+)$/.exec(first);
	if (other && first !== FILE_MAGIC) {
		return fail(refusal.otherVersion('file', { kind: 'format', value: other[1] ?? '' }));
	}
	if (first !== FILE_MAGIC) {
		return fail(refusal.unreadable({ why: 'not-a-file' }));
	}
	const body = lines.slice(1);
	while (body.length && body.at(-1)?.trim() === '') body.pop();
	const joined = body.map((line, i) => (i < body.length - 1 ? line.padEnd(LINE, ' ') : line)).join('');
	const bytes = decodeBase45(joined);
	if (!bytes.ok) return bytes;
	const data = bytes.value;
	if (data.length < 5) return fail(refusal.unreadable({ why: 'too-short' }));
	const payload = data.slice(0, data.length - 4);
	if (crc32(payload) !== new DataView(data.buffer, data.byteOffset).getUint32(data.length - 4)) {
		return fail(refusal.checksum());
	}
	return ok(payload);
}

/** A file name for a payload: `wertungsblatt_<what>.wbsync`, only safe characters. */
export function fileName(what: string): string {
	return `wertungsblatt_${what.replace(/[^\p{L}\p{N}_-]+/gu, '-')}${FILE_EXTENSION}`;
}
