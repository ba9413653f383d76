import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter, FromOtherVersion, Malformed } from './bits';
import { readId, writeId } from './ids';

describe('bit stream', () => {
	it('round-trips fields, varints and strings', () => {
		fc.assert(
			fc.property(
				fc.array(
					fc.oneof(
						fc.record({ k: fc.constant('bits' as const), w: fc.integer({ min: 1, max: 32 }), v: fc.nat() }),
						fc.record({ k: fc.constant('varint' as const), v: fc.maxSafeNat() }),
						fc.record({
							k: fc.constant('string' as const),
							s: fc.string({ unit: 'grapheme', maxLength: 40 })
						})
					),
					{ maxLength: 30 }
				),
				(fields) => {
					const w = new BitWriter();
					const values = fields.map((f) => {
						if (f.k === 'bits') {
							const v = f.v % 2 ** f.w;
							w.bits(v, f.w);
							return v;
						}
						if (f.k === 'varint') return (w.varint(f.v), f.v);
						return (w.string(f.s), f.s);
					});
					const r = new BitReader(w.finish());
					const back = fields.map((f) =>
						f.k === 'bits' ? r.bits(f.w) : f.k === 'varint' ? r.varint() : r.string(1000)
					);
					expect(back).toEqual(values);
					expect(r.atEnd()).toBe(true);
				}
			)
		);
	});

	it('throws Malformed (never reads past the end)', () => {
		const r = new BitReader(Uint8Array.of(0xff, 0xff));
		expect(() => r.varint()).toThrow(Malformed);
		expect(() => new BitReader(Uint8Array.of(5, 1)).string()).toThrow(Malformed);
		expect(() => new BitReader(Uint8Array.of(1, 0xff)).string()).toThrow(Malformed);
	});

	it.each(['k3x9a0b1c2d3', 'r-0a1b2c3d4e5f6g7h', 't-000000000000000a', 'P01', 'Spieler Ä', 'a', 'x-0'])(
		'round-trips id %s',
		(id) => {
			const w = new BitWriter();
			writeId(w, id);
			expect(readId(new BitReader(w.finish()))).toBe(id);
		}
	);

	it('packs app ids small', () => {
		const w = new BitWriter();
		writeId(w, 'k3x9a0b1c2d3');
		expect(w.finish().length).toBeLessThanOrEqual(10);
	});
});

/** The bytes of a bit stream as written by `write`. */
const written = (write: (w: BitWriter) => unknown) => {
	const w = new BitWriter();
	write(w);
	return [...w.finish()];
};

/** What reading `bytes` with `read` gives: the value, or the refusal's detail (`Malformed`'s message). */
const reading = (bytes: number[], read: (r: BitReader) => unknown) => {
	try {
		return { value: read(new BitReader(Uint8Array.from(bytes))) };
	} catch (cause) {
		if (cause instanceof Malformed) return { refused: cause.message };
		throw cause;
	}
};

// docs/PROTOCOL.md, "Bit stream": bits most significant first into bytes filled from their top bit, the last
// byte padded with zero bits; `varint` LEB128 (7 bits a group, low group first, bit 7 set when another
// follows), at most 9 groups; every varint has a maximum; `string` is `bytes` of UTF-8. A reader refuses with
// a detail: `truncated`, `out of range`, `varint too long`, `not UTF-8`.
describe('bit stream, as docs/PROTOCOL.md writes it', () => {
	it.each<[string, (w: BitWriter) => unknown, number[]]>([
		[
			'u(3) 5 then u(5) 1: one byte, first field in the top bits',
			(w) => w.bits(5, 3).bits(1, 5),
			[0b10100001]
		],
		['u(1) 1: padded with zero bits', (w) => w.flag(true), [0b10000000]],
		['u(8) after u(1): across a byte boundary', (w) => w.flag(false).bits(0xff, 8), [0x7f, 0x80]],
		['u(32) the largest', (w) => w.bits(2 ** 32 - 1, 32), [0xff, 0xff, 0xff, 0xff]],
		['varint 0', (w) => w.varint(0), [0x00]],
		['varint 127: one group', (w) => w.varint(127), [0x7f]],
		['varint 128: low group first, continuation bit', (w) => w.varint(128), [0x80, 0x01]],
		['varint 300', (w) => w.varint(300), [0xac, 0x02]],
		[
			'varint 2^53 − 1: 8 groups',
			(w) => w.varint(Number.MAX_SAFE_INTEGER),
			[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x0f]
		],
		['bytes: varint length, then the bytes', (w) => w.bytes(Uint8Array.of(7, 9)), [2, 7, 9]],
		['fixed: the bytes, no length', (w) => w.fixed(Uint8Array.of(7, 9)), [7, 9]],
		['string: UTF-8 bytes with their length', (w) => w.string('Ä'), [2, 0xc3, 0x84]]
	])('writes %s', (_, write, bytes) => {
		expect(written(write)).toEqual(bytes);
	});

	it.each<[string, (w: BitWriter) => unknown]>([
		['u(3) 8: does not fit', (w) => w.bits(8, 3)],
		['u(32) 2^32: does not fit', (w) => w.bits(2 ** 32, 32)],
		['u(8) −1', (w) => w.bits(-1, 8)],
		['u(8) 1.5', (w) => w.bits(1.5, 8)],
		['varint −1', (w) => w.varint(-1)],
		['varint 1.5', (w) => w.varint(1.5)],
		['varint 2^53: not a safe integer', (w) => w.varint(2 ** 53)]
	])('refuses to write %s', (_, write) => {
		expect(() => written(write)).toThrow(RangeError);
	});

	it('appends another writer’s bits as they were written, and counts bits, not bytes', () => {
		const other = new BitWriter().bits(0b101, 3).bits(0xabc, 12);
		expect(other.length).toBe(15);
		const joined = new BitWriter().flag(true).append(other);
		expect(joined.length).toBe(16);
		expect([...joined.finish()]).toEqual(written((w) => w.flag(true).bits(0b101, 3).bits(0xabc, 12)));
		expect(new BitWriter().bits(0, 8).length).toBe(8);
		expect(new BitWriter().length).toBe(0);
	});

	it.each<[string, number[], (r: BitReader) => unknown, { value: unknown } | { refused: string }]>([
		['u(3) then u(5)', [0b10100001], (r) => [r.bits(3), r.bits(5)], { value: [5, 1] }],
		['u(8) across a byte boundary', [0x7f, 0x80], (r) => [r.flag(), r.bits(8)], { value: [false, 0xff] }],
		['u(9) from one byte', [0xff], (r) => r.bits(9), { refused: 'truncated' }],
		['u(8) after the last byte', [0x01], (r) => [r.bits(8), r.bits(8)], { refused: 'truncated' }],
		['varint 300 (≤ 300)', [0xac, 0x02], (r) => r.varint(300), { value: 300 }],
		['varint 301 (≤ 300)', [0xad, 0x02], (r) => r.varint(300), { refused: 'out of range' }],
		[
			'varint 0 in 9 groups, the most a reader takes',
			[...Array(8).fill(0x80), 0x00],
			(r) => r.varint(),
			{ value: 0 }
		],
		[
			'varint in 10 groups',
			[...Array(9).fill(0x80), 0x00],
			(r) => r.varint(),
			{ refused: 'varint too long' }
		],
		['varint whose next group is missing', [0x80], (r) => r.varint(), { refused: 'truncated' }],
		['int 3 in [3, 5]', [3], (r) => r.int(3, 5), { value: 3 }],
		['int 2 in [3, 5]', [2], (r) => r.int(3, 5), { refused: 'out of range' }],
		['int 6 in [3, 5]', [6], (r) => r.int(3, 5), { refused: 'out of range' }],
		['fixed(2) of two bytes', [7, 9], (r) => [...r.fixed(2)], { value: [7, 9] }],
		['fixed(3) of two bytes', [7, 9], (r) => r.fixed(3), { refused: 'truncated' }],
		['bytes(2) of length 2', [2, 7, 9], (r) => [...r.bytes(2)], { value: [7, 9] }],
		['bytes(1) of length 2', [2, 7, 9], (r) => r.bytes(1), { refused: 'out of range' }],
		[
			'string(2) of two 4-byte characters (a limit in characters, 4 bytes each)',
			[8, ...new TextEncoder().encode('😀😀')],
			(r) => r.string(2),
			{ value: '😀😀' }
		],
		[
			'string(2) of 9 bytes',
			[9, ...new TextEncoder().encode('😀😀a')],
			(r) => r.string(2),
			{ refused: 'out of range' }
		],
		['string cut short', [3, 0x41], (r) => r.string(), { refused: 'truncated' }],
		['string of invalid UTF-8', [1, 0xff], (r) => r.string(), { refused: 'not UTF-8' }]
	])('reads %s', (_, bytes, read, expected) => {
		expect(reading(bytes, read)).toEqual(expected);
	});

	it.each<[string, number[], number, boolean]>([
		['nothing left', [0xa0], 3, true],
		['zero padding bits left', [0xa0], 3, true],
		['a padding bit set', [0xa1], 3, false],
		['a whole zero byte left', [0xa0, 0x00], 8, false],
		['two zero bytes left', [0x00, 0x00, 0x00], 8, false]
	])('after the body, %s (%j, %i bits read): at the end %s', (_, bytes, read, end) => {
		const r = new BitReader(Uint8Array.from(bytes));
		r.bits(read);
		expect(r.atEnd()).toBe(end);
	});

	it('reads bytes made readable only as they are asked for (a file decoded as far as it is read), and ends where they end', () => {
		const source = [0xab, 0xcd, 0xef];
		// The stream has its full length from the start; `more(end)` fills in bytes up to `end` and says how many are.
		const data = new Uint8Array(4);
		const asked: number[] = [];
		const r = new BitReader(data, (end) => {
			asked.push(end);
			const ready = Math.min(end, source.length);
			data.set(source.slice(0, ready));
			return ready;
		});
		expect([r.bits(4), r.bits(8)]).toEqual([0xa, 0xbc]);
		expect(asked).toEqual([1, 2]);
		// Within the bytes already ready: nothing more is asked.
		expect(r.bits(4)).toBe(0xd);
		expect(asked).toEqual([1, 2]);
		expect(r.bits(8)).toBe(0xef);
		// The fourth byte never comes: the stream ends there, though the buffer is longer.
		expect(() => r.bits(8)).toThrow(new Malformed('truncated'));
		expect(asked).toEqual([1, 2, 3, 4]);
	});

	it('ends at the end of its own bytes even where more of the file is ready (a body, its signature after it)', () => {
		const file = Uint8Array.of(0x12, 0x34, 0xff, 0xff);
		// The body is the first two bytes; decoding the file's text readies the signature's bytes with them.
		const r = new BitReader(file.subarray(0, 2), (end) => Math.min(end + 2, file.length));
		expect(r.bits(16)).toBe(0x1234);
		expect(() => r.bits(8)).toThrow(new Malformed('truncated'));
	});
});

describe('what a writer or reader says it cannot do (a refusal’s detail)', () => {
	it('names the value that does not fit, the varint that is none, the other version’s field', () => {
		expect(() => new BitWriter().bits(300, 8)).toThrow(new RangeError('300 does not fit in 8 bits'));
		expect(() => new BitWriter().varint(-1)).toThrow(new RangeError('not a varint: -1'));
		expect(new FromOtherVersion({ kind: 'preset', value: '3' }).message).toBe('preset 3');
	});
});
