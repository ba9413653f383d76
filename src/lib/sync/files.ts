import { decodeBase45, encodeBase45 } from './base45';
import { crc32 } from './crc32';
import { fail, ok, type Result } from '../domain/result';
import { refusal } from './problems';

/**
 * A payload as a file: a first line naming the format, then the payload with its CRC-32 in Base45,
 * 76 characters a line. The same bytes as the codes, so the same checks and signature apply.
 */
export const FILE_MAGIC = 'WERTUNGSBLATT-SYNC 1';
export const FILE_EXTENSION = '.wbsync';

export function toFileText(payload: Uint8Array): string {
	const data = new Uint8Array(payload.length + 4);
	data.set(payload);
	new DataView(data.buffer).setUint32(payload.length, crc32(payload));
	const text = encodeBase45(data);
	const lines = text.match(/.{1,76}/g) ?? [];
	return `${FILE_MAGIC}\n${lines.join('\n')}\n`;
}

/** A file's text back to the payload bytes; Base45 lines may have lost trailing spaces, so lengths are checked. */
export function fromFileText(text: string): Result<Uint8Array> {
	const lines = text.replace(/\r/g, '').split('\n');
	if (lines[0]?.trim() !== FILE_MAGIC) {
		return fail(
			refusal.unreadable('keine Wertungsblatt-Austauschdatei', 'not a Wertungsblatt exchange file')
		);
	}
	const body = lines.slice(1).join('').replace(/\n/g, '');
	const bytes = decodeBase45(body.replace(/\s+$/, (tail) => (tail.length % 3 === 0 ? tail : tail)));
	if (!bytes.ok) return bytes;
	const data = bytes.value;
	if (data.length < 5) return fail(refusal.unreadable('zu kurz', 'too short'));
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
