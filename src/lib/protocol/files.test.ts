import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import { FILE_MAGIC, FILE_TEXT_MAX, fileName, fromFileText, toFileText } from './files';

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

	it('name files with safe characters only', () => {
		expect(fileName('Runde 1/Tisch 2')).toBe('wertungsblatt_Runde-1-Tisch-2.wbsync');
	});
});
