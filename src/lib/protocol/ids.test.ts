import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter, Malformed } from './bits';
import { readId, writeId } from './ids';

const written = (id: string) => {
	const w = new BitWriter();
	writeId(w, id);
	return w.finish();
};
const read = (bytes: Uint8Array) => readId(new BitReader(bytes));

describe('ids in the codes', () => {
	// PROTOCOL.md: a flag; packed, the prefix as a string, 5 bits of length and ⌈n · log2 36 / 8⌉ bytes of the
	// base-36 number; otherwise the id as a string (a varint length and UTF-8).
	it.each([
		['r-0a1b2c3d4e5f6g7h', 14],
		['k3x9a0b1c2d3', 10],
		['0', 3],
		['t-0000', 6],
		['abcdefgh-zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', 31],
		['Gast Müller', 14],
		['R-0A1B', 8],
		['abcdefghi-0a', 14],
		['r-', 4],
		['x'.repeat(32), 34]
	])('%s travels in %i bytes and reads back the same', (id, bytes) => {
		expect(written(id).length).toBe(bytes);
		expect(read(written(id))).toBe(id);
	});

	it('packs an app id’s base-36 characters, leading zeros too', () => {
		expect(read(written('p-007'))).toBe('p-007');
		// Flag, prefix "p" (a length and its letter), 5 bits of length, then ⌈3 · log2 36 / 8⌉ = 2 bytes.
		expect(written('p-007').length).toBe(5);
	});

	it.each([
		[
			'a prefix with a capital',
			(w: BitWriter) => w.flag(true).string('R').bits(1, 5).fixed(Uint8Array.of(1)),
			'bad id prefix'
		],
		['no characters', (w: BitWriter) => w.flag(true).string('r').bits(0, 5), 'empty id'],
		[
			'a number larger than its characters hold',
			(w: BitWriter) => w.flag(true).string('').bits(1, 5).fixed(Uint8Array.of(36)),
			'id out of range'
		]
	])('refuses %s', (_, write, message) => {
		const w = new BitWriter();
		write(w);
		expect(() => read(w.finish())).toThrow(new Malformed(message));
	});
});
