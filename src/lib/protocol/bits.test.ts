import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BitReader, BitWriter, Malformed } from './bits';
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
