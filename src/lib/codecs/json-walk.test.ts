import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Allowance } from '../domain/bounds';
import { JsonWalk, parseJson, utf8Pieces, type JsonWalkOptions } from './json-walk';

const options = (more: Partial<JsonWalkOptions> = {}): JsonWalkOptions => ({
	depth: 64,
	bytes: 1_000_000,
	allowance: new Allowance({ events: 1000, values: 100_000 }),
	...more
});

/** The text's UTF-8 bytes in pieces of `size`: the walk must not care where a piece ends. */
function pieces(text: string, size: number): Uint8Array[] {
	const bytes = new TextEncoder().encode(text);
	const out: Uint8Array[] = [];
	for (let at = 0; at < bytes.length; at += size) out.push(bytes.subarray(at, at + size));
	return out;
}

describe('parseJson', () => {
	it('reads what JSON.parse reads, whatever the pieces (property)', () => {
		fc.assert(
			fc.property(fc.jsonValue(), fc.integer({ min: 1, max: 9 }), fc.boolean(), (value, size, pretty) => {
				const text = JSON.stringify(value, null, pretty ? 2 : undefined);
				expect(parseJson(pieces(text, size), options())).toEqual({ ok: true, value: JSON.parse(text) });
			}),
			{ numRuns: 300 }
		);
	});

	it.each([
		['{"format": ', 1, 12, 'the text breaks off: one after its end'],
		['{\n  "format": "set",\n  "players": ["A"] "rounds": []\n}', 3, 20, 'a comma is missing'],
		['[1,]', 1, 4, 'a comma before the end'],
		['{"a":1,}', 1, 8, 'a comma before the end of an object'],
		['[01]', 1, 3, 'a leading zero'],
		['[1.]', 1, 4, 'a point without digits'],
		['[-]', 1, 3, 'a minus alone'],
		['[1e]', 1, 4, 'an exponent without digits'],
		['nul', 1, 4, 'a literal broken off'],
		['[tru]', 1, 5, 'a literal misspelt'],
		['{"a" 1}', 1, 6, 'no colon'],
		['{a:1}', 1, 2, 'a key without quotes'],
		['["a\tb"]', 1, 4, 'a tab inside a string'],
		['["\\x"]', 1, 4, 'an escape JSON does not have'],
		['["\\u12G4"]', 1, 7, 'a \\u escape that is not hex'],
		['[1] 2', 1, 5, 'a second value'],
		['', 1, 1, 'nothing'],
		['\n\n  ]', 3, 3, 'a bracket that opens nothing'],
		['["ä", x]', 1, 7, 'after a character of two bytes']
	])('says where %j stops being JSON: line %i, column %i (%s)', (text, line, column) => {
		expect(() => JSON.parse(text)).toThrow();
		expect(parseJson(pieces(text, 3), options())).toEqual({
			ok: false,
			error: { why: 'syntax', at: { line, column } }
		});
	});

	it('keeps only the members of the top object it is asked to, and walks the rest', () => {
		const text = JSON.stringify({ tournament: { id: 't-1' }, standings: [[1], { a: 'x' }], events: [1, 2] });
		const keep = (key: string) => key !== 'standings';
		for (const size of [1, 2, 5, 1000]) {
			expect(parseJson(pieces(text, size), options({ keep }))).toEqual({
				ok: true,
				value: { tournament: { id: 't-1' }, events: [1, 2] }
			});
		}
		expect(parseJson(pieces('{"a":-1.5e3,"b":2}', 1), options({ keep: (k) => k === 'a' }))).toEqual({
			ok: true,
			value: { a: -1500 }
		});
	});

	it('counts only what it keeps against the values (what it walks past builds nothing)', () => {
		const text = JSON.stringify({ standings: Array.from({ length: 50 }, () => [1, 2, 3]), events: [1] });
		const allowance = new Allowance({ events: 10, values: 10 });
		const kept = parseJson(pieces(text, 7), options({ allowance, keep: (k) => k === 'events' }));
		expect(kept).toEqual({ ok: true, value: { events: [1] } });
		const all = parseJson(pieces(text, 7), options({ allowance: new Allowance({ events: 10, values: 10 }) }));
		expect(all).toMatchObject({ ok: false, error: { why: 'beyond', beyond: { what: 'values', limit: 10 } } });
	});
});

describe('a walk stops at the first element past a bound', () => {
	/** A walk over `text` and then `tail`: what it says, and how many bytes it took in before it said so. */
	function walk(text: string, tail: string, more: Partial<JsonWalkOptions>) {
		const walker = new JsonWalk(options(more));
		let fed = 0;
		try {
			for (const piece of pieces(text + tail, 1)) {
				walker.feed(piece);
				fed++;
			}
			walker.end();
			return { fed, refused: null };
		} catch (error) {
			return { fed, refused: error as Error };
		}
	}

	it('the events of a log: at the first one past the bound, not at the garbage after it', () => {
		const log = `{"events": [${Array.from({ length: 11 }, (_, i) => `{"n":${i}}`).join(',')}`;
		const allowance = new Allowance({ events: 10, values: 1000 });
		const { fed, refused } = walk(log, ', this is no JSON at all', { allowance, log: 'events' });
		expect(refused).toMatchObject({ what: 'events', limit: 10 });
		// Refused at the eleventh event's first byte.
		expect(fed).toBe(log.lastIndexOf('{'));
	});

	it('a log that is the whole text (a tournament file’s): its elements are the events', () => {
		const allowance = new Allowance({ events: 2, values: 1000 });
		expect(walk('[[1],[2],[', 'garbage', { allowance, log: 'top' }).refused).toMatchObject({
			what: 'events'
		});
	});

	it('the depth: at the first bracket past it', () => {
		const { fed, refused } = walk('[[[[', '}}}garbage', { depth: 3 });
		expect(refused).toMatchObject({ what: 'depth', limit: 3 });
		expect(fed).toBe(3);
	});

	it('the bytes kept: at the first one past the bound, white space between tokens not counted', () => {
		expect(walk('[ 1 , 2 ]', '', { bytes: 5 }).refused).toBeNull();
		const { refused, fed } = walk('["abcdefgh', 'garbage', { bytes: 5 });
		expect(refused).toMatchObject({ what: 'bytes', limit: 5 });
		expect(fed).toBeLessThan(10);
	});

	it('the values: at the first one past the bound', () => {
		const allowance = new Allowance({ events: 10, values: 3 });
		const { refused, fed } = walk('[1,2,3', ',4,5 garbage', { allowance });
		expect(refused).toMatchObject({ what: 'values', limit: 3 });
		// The list is a value too: its third element is the fourth.
		expect(fed).toBe('[1,2,'.length);
	});
});

describe('utf8Pieces', () => {
	it('gives the text’s UTF-8, a surrogate pair never split', () => {
		const text = `${'a'.repeat((1 << 20) - 1)}😀${'ü'.repeat(10)}`;
		const joined = Buffer.concat([...utf8Pieces(text)]).toString('utf8');
		expect(joined).toBe(text);
	});
});
