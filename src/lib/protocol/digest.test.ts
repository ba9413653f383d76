import { describe, expect, it } from 'vitest';
import { canonicalJson, digest, eventContent, formatDigest, sameContent, sameJson } from './digest';
import type { SyncEvent } from './sync-events';

describe('JSON compared by content', () => {
	it('writes object keys sorted, leaves undefined members out, keeps arrays in order', () => {
		expect(canonicalJson({ b: 1, a: [3, { d: undefined, c: null }], ä: 'x' })).toBe(
			'{"a":[3,{"c":null}],"b":1,"ä":"x"}'
		);
		expect(canonicalJson(undefined)).toBe('null');
		// Many keys in any order come out sorted (code-unit order).
		const keys = 'zyxwvutsrqponmlkjihgfedcbaZYXWVU'.split('');
		const reversed = Object.fromEntries(keys.map((k, i) => [k, i]));
		const sorted = [...keys].sort();
		expect(canonicalJson(reversed)).toBe(`{${sorted.map((k) => `"${k}":${keys.indexOf(k)}`).join(',')}}`);
		expect(canonicalJson([undefined])).toBe('[null]');
		expect(canonicalJson('a"b')).toBe('"a\\"b"');
	});

	it.each([
		[{ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 }, true],
		[{ a: 1, b: undefined }, { a: 1 }, true],
		[{ a: 1 }, { a: 1, b: undefined }, true],
		[{ a: 1 }, { a: 1, b: null }, false],
		[{ a: 1 }, { b: 1 }, false],
		[{ a: undefined, b: 1 }, { b: 1, c: 2 }, false],
		[[1, 2], [2, 1], false],
		[[1], [1, 1], false],
		[[], {}, false],
		[{ 0: 1 }, [1], false],
		[null, {}, false],
		[{}, null, false],
		[1, '1', false],
		[{ a: { b: [{ c: 1 }] } }, { a: { b: [{ c: 1 }] } }, true],
		[{ a: { b: [{ c: 1 }] } }, { a: { b: [{ c: 2 }] } }, false],
		['a', 'a', true],
		[1, {}, false],
		['', [], false],
		[[1, 2], [1, 3], false],
		[[1], [1, undefined], false]
	])('%j and %j are the same: %s', (a, b, same) => {
		expect(sameJson(a, b)).toBe(same);
		expect(sameJson(b, a)).toBe(same);
	});

	it('takes an event’s type and body as its content, not its time or id', () => {
		const a = { type: 'round.entry', body: { type: 'undo' } };
		expect(sameContent(a, { type: 'round.entry', body: { type: 'undo' } })).toBe(true);
		expect(sameContent(a, { type: 'round.other', body: { type: 'undo' } })).toBe(false);
		expect(sameContent(a, { type: 'round.entry', body: { type: 'act' } })).toBe(false);
		expect(eventContent(a)).toBe('["round.entry",{"type":"undo"}]');
	});
});

describe('a table’s digest', () => {
	const event = (device: string, seq: number, body: unknown, at = 1000 * seq): SyncEvent => ({
		device,
		seq,
		at,
		type: 'round.entry',
		body
	});
	const log = [event('b', 3, 1), event('a', 7, 2), event('a', 2, 3), event('b', 1, 4)];

	it('counts the events, names the highest sequence, and fingerprints ids and content in any order', () => {
		const d = digest(log);
		expect([d.count, d.lastSeq]).toEqual([4, 7]);
		expect(d.hash).toMatch(/^[0-9a-f]{8}$/);
		expect(digest([...log].reverse())).toEqual(d);
		expect(digest([log[2]!, log[0]!, log[3]!, log[1]!])).toEqual(d);
		// Another time is the same content; another body, another id is not.
		expect(digest(log.map((e) => ({ ...e, at: e.at + 1 })))).toEqual(d);
		expect(digest(log.map((e, i) => (i === 1 ? { ...e, body: 9 } : e))).hash).not.toBe(d.hash);
		expect(digest(log.map((e, i) => (i === 1 ? { ...e, seq: 6 } : e))).hash).not.toBe(d.hash);
		expect(digest([])).toEqual({ count: 0, lastSeq: 0, hash: '00000000' });
		// Two devices' events of the same sequence number, in either order.
		const twins = [event('a', 1, 'x'), event('b', 1, 'y'), event('c', 1, 'z')];
		expect(digest([...twins].reverse())).toEqual(digest(twins));
		expect(digest([twins[1]!, twins[0]!, twins[2]!])).toEqual(digest(twins));
	});

	it('fingerprints the same text on every device and version: ids by device, then sequence', () => {
		// The tablet and the board show it side by side. The text: "<device>:<seq>=<canonical [type, body]>"
		// per event, in that order, joined by line feeds; its CRC-32 (checked with Python's zlib.crc32).
		const e = (device: string, seq: number, body: unknown) => ({
			device,
			seq,
			at: 0,
			type: 'round.entry',
			body
		});
		const log = [
			e('k3x9', 1, { type: 'undo' }),
			e('a0b1', 2, { type: 'undo' }),
			e('a0b1', 1, { type: 'act', action: { type: 'draw' } })
		];
		expect(digest(log)).toEqual({ count: 3, lastSeq: 2, hash: '06a25913' });
	});

	it('is written as „12 · #180 · 1a2b3c4d“', () => {
		expect(formatDigest({ count: 12, lastSeq: 180, hash: '1a2b3c4d' })).toBe('12 · #180 · 1a2b3c4d');
	});
});
