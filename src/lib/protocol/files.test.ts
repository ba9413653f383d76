import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import {
	FileBytes,
	FILE_MAGIC,
	FILE_TEXT_MAX,
	fileName,
	fileTextBeyond,
	fromFileText,
	toFileText,
	wholeOf
} from './files';

/** Bytes whose file has at least one line (not the last) ending in a space. */
function withTrailingSpace(): { bytes: Uint8Array; text: string } {
	for (let seed = 1; ; seed++) {
		const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 131 + seed * 17) % 256);
		const text = toFileText(bytes);
		if (
			text
				.split('\n')
				.slice(1, -2)
				.some((line) => line.endsWith(' '))
		)
			return { bytes, text };
	}
}

const stripLineEnds = (text: string) =>
	text
		.split('\n')
		.map((line) => line.replace(/ +$/, ''))
		.join('\n');

describe('exchange files', () => {
	it('round-trip any payload', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 1, maxLength: 2000 }), (bytes) => {
				const back = fromFileText(toFileText(bytes));
				expect(back.ok && [...back.value]).toEqual([...bytes]);
			})
		);
	});

	it('read back a file whose editor dropped the spaces at the ends of lines', () => {
		const { bytes, text } = withTrailingSpace();
		const stripped = stripLineEnds(text);
		expect(stripped).not.toBe(text);
		const back = fromFileText(stripped);
		expect(back.ok && [...back.value]).toEqual([...bytes]);
	});

	it('read back a file saved with Windows line ends and blank lines at the end', () => {
		const bytes = Uint8Array.from({ length: 500 }, (_, i) => i % 256);
		const back = fromFileText(`${toFileText(bytes).replaceAll('\n', '\r\n')}\r\n\r\n`);
		expect(back.ok && [...back.value]).toEqual([...bytes]);
	});

	it('never end the last line in a space, so nothing there can be lost', () => {
		fc.assert(
			fc.property(fc.uint8Array({ minLength: 1, maxLength: 400 }), (bytes) => {
				const lines = toFileText(bytes).trimEnd().split('\n');
				expect(lines.at(-1)?.endsWith(' ')).toBe(false);
			})
		);
	});

	it('refuse a file that is not an exchange file, or whose text was damaged', () => {
		expect(fromFileText('Hallo')).toMatchObject({ ok: false, error: { code: 'unreadable' } });
		const text = toFileText(Uint8Array.of(1, 2, 3, 4, 5, 6));
		const damaged = text.replace(/\n(.)/, (_, c: string) => `\n${c === 'A' ? 'B' : 'A'}`);
		expect(fromFileText(damaged)).toMatchObject({ ok: false, error: { code: 'checksum' } });
		expect(text.startsWith(`${FILE_MAGIC}\n`)).toBe(true);
	});

	it('say that a file of another format version comes from another app version', () => {
		const text = toFileText(Uint8Array.of(1, 2, 3, 4, 5, 6)).replace(FILE_MAGIC, 'WERTUNGSBLATT-SYNC 2');
		const read = fromFileText(text);
		expect(read).toEqual({
			ok: false,
			error: { code: 'version', what: 'file', from: { kind: 'format', value: '2' } }
		});
	});

	it('refuse a text longer than any file within the bytes bound before a character of it is decoded (issue 24)', () => {
		// Not even Base45: refused for its length, not for what it holds.
		const text = `${FILE_MAGIC}\n${'~'.repeat(FILE_TEXT_MAX)}`;
		expect(fromFileText(text)).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'bytes', limit: LIMITS.bodyBytes }
		});
		// The longest file within the bound is not refused for its length.
		const largest = toFileText(new Uint8Array(LIMITS.bodyBytes));
		expect(largest.replace(/\n/g, '\r\n').length).toBeLessThanOrEqual(FILE_TEXT_MAX);
	});

	it('name files with safe characters only, a run of others as one dash', () => {
		expect(fileName('Runde 1/Tisch 2')).toBe('wertungsblatt_Runde-1-Tisch-2.wbsync');
		expect(fileName('Frühjahr 2027 – Runde 3')).toBe('wertungsblatt_Frühjahr-2027-Runde-3.wbsync');
	});
});

/** A file's text with its body (after the first line) as given. */
const withBody = (body: string) => `${FILE_MAGIC}\n${body}\n`;

describe('reading a file, in PROTOCOL.md’s order (codes and files: a file)', () => {
	// Files made in the tests (thunks), so a mutation test knows which tests write them.
	const six = () => toFileText(Uint8Array.of(1, 2, 3, 4, 5, 6));
	const body = () => six().split('\n')[1]!;
	it.each([
		['another first line', () => 'Hallo\nABC', { code: 'unreadable', why: 'not-a-file' }],
		['the format’s name after other text', () => `x ${six()}`, { code: 'unreadable', why: 'not-a-file' }],
		[
			'the format’s name with more behind it',
			() => six().replace(FILE_MAGIC, `${FILE_MAGIC} neu`),
			{ code: 'unreadable', why: 'not-a-file' }
		],
		[
			'format 12',
			() => six().replace(FILE_MAGIC, 'WERTUNGSBLATT-SYNC 12'),
			{ code: 'version', what: 'file', from: { kind: 'format', value: '12' } }
		],
		['the first line alone', () => FILE_MAGIC, { code: 'unreadable', why: 'too-short' }],
		[
			'Base45 one character past whole groups',
			() => withBody(`${body()}A`),
			{ code: 'bad-base45', why: 'length' }
		],
		['4 bytes', () => withBody(body().slice(0, 6)), { code: 'unreadable', why: 'too-short' }],
		[
			'a character that is no Base45',
			() => withBody(`${body().slice(0, 3)}~${body().slice(4)}`),
			{ code: 'bad-base45' }
		]
	])('refuses %s', (_, text, refusal) => {
		expect(fromFileText(text())).toEqual({ ok: false, error: expect.objectContaining(refusal) });
	});

	it('reads the format’s line with spaces around it, no line end after the last line, blank lines with spaces at the end', () => {
		const bytes = Uint8Array.from({ length: 500 }, (_, i) => (i * 7) % 256);
		const text = toFileText(bytes);
		for (const variant of [
			` ${FILE_MAGIC}\t${text.slice(FILE_MAGIC.length)}`,
			text.slice(0, -1),
			`${text}  \n\t\n \n`
		]) {
			const back = fromFileText(variant);
			expect(back.ok && [...back.value]).toEqual([...bytes]);
		}
	});

	it('starts with the format’s line as PROTOCOL.md writes it', () => {
		expect(toFileText(Uint8Array.of(1)).split('\n')[0]).toBe('WERTUNGSBLATT-SYNC 1');
	});

	it('checks the Base45’s length before a character of it is decoded', () => {
		expect(FileBytes.of(withBody(`${body()}A`))).toEqual({
			ok: false,
			error: { code: 'bad-base45', why: 'length' }
		});
	});

	it('bounds a file’s text at the longest file of the bytes bound with CR LF line ends, and 1 KB to spare', () => {
		// PROTOCOL.md: 20 + 2 + ⌈⌈(16,000,000 + 4) / 2⌉ · 3 / 76⌉ · 78 + 1,024.
		expect(FILE_TEXT_MAX).toBe(24_632_666);
		expect(fileTextBeyond(FILE_TEXT_MAX)).toBeNull();
		expect(fileTextBeyond(FILE_TEXT_MAX + 1)).toEqual({
			code: 'too-large',
			what: 'bytes',
			limit: LIMITS.bodyBytes
		});
	});

	it('refuses a text longer than the longest file within the bound with CR LF line ends and 1 KB to spare', () => {
		const largest = toFileText(new Uint8Array(LIMITS.bodyBytes)).replace(/\n/g, '\r\n').length;
		expect(FILE_TEXT_MAX - largest).toBeGreaterThanOrEqual(1024);
		expect(FILE_TEXT_MAX - largest).toBeLessThan(1024 + 78);
	});
});

describe('a large file, decoded only as far as it is read (FileBytes)', () => {
	// 40,000 bytes: three chunks of 16 KB (24,576 characters; a chunk's end falls inside a line).
	const bytes = Uint8Array.from({ length: 40_000 }, (_, i) => (i * 131 + 7) % 256);
	const text = () => toFileText(bytes);
	const open = (text: string) => {
		const file = FileBytes.of(text);
		if (!file.ok) throw new Error(JSON.stringify(file.error));
		return file.value;
	};

	it('knows its length before a byte is decoded, and decodes a chunk at a time as asked', () => {
		const file = open(text());
		expect([file.length, file.ready]).toEqual([40_000, 0]);
		expect(file.through(10)).toBe(16_384);
		expect(file.through(16_384)).toBe(16_384);
		expect([...file.data.subarray(0, 16_384)]).toEqual([...bytes.subarray(0, 16_384)]);
		expect(file.through(16_385)).toBe(32_768);
		expect([...file.data.subarray(0, 32_768)]).toEqual([...bytes.subarray(0, 32_768)]);
		const whole = file.whole();
		expect(whole.ok && [...whole.value]).toEqual([...bytes]);
		// Checked once: the same answer again, and a payload of its own bytes, not a view with the CRC behind it.
		expect(file.whole()).toBe(whole);
		expect(whole.ok && whole.value.buffer.byteLength).toBe(40_000);
	});

	it('gives all of a payload: a code’s bytes as they are, a file’s decoded and checked', () => {
		const code = Uint8Array.of(5, 1, 2);
		expect(wholeOf(code)).toEqual({ ok: true, value: code });
		const whole = wholeOf(open(text()));
		expect(whole.ok && [...whole.value]).toEqual([...bytes]);
	});

	it('reads a damaged file up to its first group that is no Base45, and says why there', () => {
		// Character 30,000 of the Base45 (line 394, column 56), group 10,000: the bytes of the 9,999 before it still read.
		const at = FILE_MAGIC.length + 1 + 30_000 + Math.floor(30_000 / 76);
		const damaged = `${text().slice(0, at)}~${text().slice(at + 1)}`;
		const file = open(damaged);
		expect(file.through(10)).toBe(16_384);
		expect(file.problem).toBeNull();
		expect(file.through(40_000)).toBe(20_000);
		expect(file.problem).toMatchObject({ code: 'bad-base45' });
		expect([...file.data.subarray(0, 20_000)]).toEqual([...bytes.subarray(0, 20_000)]);
		expect(file.whole()).toEqual({ ok: false, error: file.problem });
	});
});
