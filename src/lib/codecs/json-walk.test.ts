import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Allowance } from '../domain/bounds';
import { JsonWalk, parseJson, readJson, utf8Pieces, type JsonWalkOptions } from './json-walk';
import { runs } from '../domain/testing/runs';

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
			{ numRuns: runs(300) }
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
		['["ä", x]', 1, 7, 'after a character of two bytes'],
		['[+1]', 1, 2, 'a plus before a number'],
		['[.5]', 1, 2, 'a point before any digit'],
		['[-01]', 1, 4, 'a leading zero after a minus'],
		['[1e+]', 1, 5, 'an exponent sign without digits'],
		['[1.5.2]', 1, 5, 'a second point'],
		['[1e+5e3]', 1, 6, 'a second exponent after a signed one'],
		['[1e5e3]', 1, 5, 'a second exponent'],
		['[1],', 1, 4, 'a comma after the whole text'],
		['[1,\r\n2 3]', 2, 3, 'a line counted at its newline, not its carriage return'],
		['{"a":1 "b":2}', 1, 8, 'a member after a member without a comma'],
		['{"a":1]', 1, 7, 'an object closed as an array'],
		['[1}', 1, 3, 'an array closed as an object'],
		['["a"', 1, 5, 'an array that never closes'],
		['{"a"', 1, 5, 'a key without its value'],
		['"abc', 1, 5, 'a string that never ends'],
		['["\\u12"]', 1, 7, 'a \\u escape with two digits'],
		['[truex]', 1, 6, 'a literal with more after it'],
		['[nulL]', 1, 5, 'a literal in the wrong case'],
		['[fals]', 1, 6, 'false broken off']
	])('says where %j stops being JSON: line %i, column %i (%s)', (text, line, column) => {
		expect(() => JSON.parse(text)).toThrow();
		for (const size of [1, 3]) {
			expect(parseJson(pieces(text, size), options())).toEqual({
				ok: false,
				error: { why: 'syntax', at: { line, column } }
			});
		}
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

describe('what the walk reads as JSON.parse does', () => {
	it.each([
		['[-0, 0.5e-3, 1E+2, 7e5, 12.25]', 'numbers with a sign, a fraction and an exponent'],
		['12', 'a number that is the whole text, ended by nothing'],
		['-7.5E-1', 'a whole text that ends in an exponent'],
		['{"a":\r\n\t[true,false,null]}\r\n', 'carriage returns and tabs between tokens'],
		['["\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e4\\uD83D\\uDE00"]', 'every escape JSON has'],
		['["\\u0f9a\\u0A9F"]', 'a \\u escape with the hex digits at the ends of each range: 0 9 a f A F']
	])('%j (%s)', (text) => {
		for (const size of [1, 2, 1000]) {
			expect(parseJson(pieces(text, size), options())).toEqual({ ok: true, value: JSON.parse(text) });
		}
	});

	it('counts a column in characters, not bytes, across the pieces of one line', () => {
		const text = `["${'ä'.repeat(10)}", x]`;
		for (const size of [1, 2, 5]) {
			expect(parseJson(pieces(text, size), options())).toEqual({
				ok: false,
				error: { why: 'syntax', at: { line: 1, column: 16 } }
			});
		}
	});
});

describe('the members of the top object it keeps', () => {
	it('reads a key as JSON.parse does, escapes and all, before it asks whether to keep it', () => {
		const text = '{"ev\\u0065nts":[1],"t\\"x":2,"other":3}';
		const seen: string[] = [];
		const keep = (key: string) => (seen.push(key), key !== 'other');
		expect(parseJson(pieces(text, 2), options({ keep }))).toEqual({
			ok: true,
			value: { events: [1], 't"x': 2 }
		});
		expect(seen).toEqual(['events', 't"x', 'other']);
	});

	it('never keeps a key longer than 64 bytes (it does not collect it)', () => {
		const [short, long] = ['k'.repeat(64), 'k'.repeat(65)];
		const keep = (key: string) => key.startsWith('k');
		const text = JSON.stringify({ [short]: 1, [long]: 2, kx: 3 });
		expect(parseJson(pieces(text, 7), options({ keep }))).toEqual({ ok: true, value: { [short]: 1, kx: 3 } });
	});

	it('never keeps a key longer than 64 bytes, even when every key is asked for', () => {
		const text = JSON.stringify({ a: 1, ['k'.repeat(65)]: 2, b: 3 });
		expect(parseJson(pieces(text, 5), options({ keep: () => true }))).toEqual({
			ok: true,
			value: { a: 1, b: 3 }
		});
	});

	it('keeps a member of every kind, a comma between each and none after the last', () => {
		const value = { a: 'x', b: -2.5e1, c: true, d: null, e: [], f: {}, g: [{ h: 'i' }] };
		const keep = (key: string) => key !== 'skip';
		const text = JSON.stringify({ skip: 0, ...value, skip2: 1 }).replace('"skip2"', '"skip"');
		for (const size of [1, 3, 1000]) {
			expect(parseJson(pieces(text, size), options({ keep }))).toEqual({ ok: true, value });
		}
		expect(parseJson(pieces('{"skip":1}', 1), options({ keep }))).toEqual({ ok: true, value: {} });
	});

	it('counts only the bytes it keeps against the bound', () => {
		const text = JSON.stringify({ s: 'x'.repeat(100), t: [1, 2, 3, 4, 5], a: 1 });
		const keep = (key: string) => key === 'a';
		expect(parseJson(pieces(text, 4), options({ bytes: 10, keep }))).toEqual({ ok: true, value: { a: 1 } });
		// `"a":1` is 5 bytes: a bound of 4 refuses it.
		expect(parseJson(pieces(text, 4), options({ bytes: 4, keep }))).toMatchObject({
			ok: false,
			error: { why: 'beyond', beyond: { what: 'bytes', limit: 4 } }
		});
		expect(parseJson(pieces(text, 4), options({ bytes: 5, keep }))).toEqual({ ok: true, value: { a: 1 } });
		// A number at the very end of what is kept: the byte after it is not part of it.
		for (const [text, bytes] of [
			['12', 2],
			['[1.5e3]', 7],
			['{"a":[-1]}', 10]
		] as const) {
			expect(parseJson(pieces(text, 1), options({ bytes }))).toEqual({ ok: true, value: JSON.parse(text) });
			expect(parseJson(pieces(text, 1), options({ bytes: bytes - 1 }))).toMatchObject({
				ok: false,
				error: { why: 'beyond', beyond: { what: 'bytes', limit: bytes - 1 } }
			});
		}
	});
});

describe('the events of a log', () => {
	const events = (text: string, limit: number, log: JsonWalkOptions['log']) =>
		parseJson(pieces(text, 3), options({ allowance: new Allowance({ events: limit, values: 1000 }), log }));

	it.each<[string, string, number, JsonWalkOptions['log'], boolean]>([
		[
			'the top object’s `events`: each element one event',
			'{"events":[[1,2,3],{"a":[4]}]}',
			2,
			'events',
			true
		],
		['one element more than allowed', '{"events":[[1],[2],[3]]}', 2, 'events', false],
		['an `events` deeper down is no log', '{"x":{"events":[1,2,3]}}', 2, 'events', true],
		['another member is no log', '{"rounds":[1,2,3]}', 2, 'events', true],
		['the top array’s elements with log: top', '[[1],[2]]', 2, 'top', true],
		['one too many in the top array', '[[1],[2],[3]]', 2, 'top', false],
		['an array inside the top array is not the log', '[[1,2,3,4,5]]', 1, 'top', true],
		['no log asked for: nothing counted', '[1,2,3]', 0, undefined, true],
		['no log asked for: a member `events` counts nothing', '{"events":[1,2,3]}', 0, undefined, true],
		[
			'an empty array inside an event ends no log',
			'{"events":[{"a":[]},{"a":[]},{"a":[]}]}',
			2,
			'events',
			false
		],
		['a member after an empty log is no log', '{"events":[],"rounds":[1,2,3]}', 2, 'events', true],
		['a member after the log is no log', '{"events":[1],"rounds":[1,2,3]}', 2, 'events', true]
	])('%s', (_, text, limit, log, read) => {
		expect(events(text, limit, log)).toEqual(
			read
				? { ok: true, value: JSON.parse(text) }
				: { ok: false, error: { why: 'beyond', beyond: expect.objectContaining({ what: 'events', limit }) } }
		);
	});
});

describe('readJson (a file read piece by piece)', () => {
	async function* slowly(text: string) {
		for (const piece of pieces(text, 3)) yield piece;
	}

	it('reads what parseJson reads', async () => {
		const text = JSON.stringify({ events: [{ n: 1 }], name: 'ä😀' });
		await expect(readJson(slowly(text), options())).resolves.toEqual({ ok: true, value: JSON.parse(text) });
	});

	it('says why it refuses, past a bound or not JSON, and lets any other failure through', async () => {
		await expect(readJson(slowly('[1,2,3]'), options({ depth: 0 }))).resolves.toMatchObject({
			ok: false,
			error: { why: 'beyond', beyond: { what: 'depth', limit: 0 } }
		});
		await expect(readJson(slowly('[1,2'), options())).resolves.toEqual({
			ok: false,
			error: { why: 'syntax', at: { line: 1, column: 5 } }
		});
		await expect(readJson(slowly('[1 2]'), options())).resolves.toEqual({
			ok: false,
			error: { why: 'syntax', at: { line: 1, column: 4 } }
		});
		async function* broken() {
			yield new TextEncoder().encode('[1,');
			throw new Error('the disk is gone');
		}
		await expect(readJson(broken(), options())).rejects.toThrow('the disk is gone');
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

	it('the bytes kept: a value that ends on the bound fits, its next byte is refused, whatever kind of value', () => {
		for (const [text, bytes] of [
			['"abc"', 5],
			['["a\\\\"]', 7],
			['"\\u00e4"', 8],
			['[true]', 6]
		] as const) {
			expect(JSON.parse(text)).toBeDefined();
			expect(walk(text, '', { bytes }).refused).toBeNull();
			expect(walk(text, '', { bytes: bytes - 1 }).refused).toMatchObject({ what: 'bytes', limit: bytes - 1 });
		}
		// Inside a string: at the first character past the bound, not at the last one that fits.
		expect(walk('"abcde', 'fgh', { bytes: 5 })).toMatchObject({
			fed: 5,
			refused: { what: 'bytes', limit: 5 }
		});
	});

	it('the bytes kept: a number or a literal at its first byte past the bound, whatever that byte', () => {
		// `[1` fills a bound of 2: the number's next byte, of any kind it may have, is the first past it.
		for (const next of ['0', '9', '.5', 'e5', 'E5']) {
			expect(walk(`[1${next}`, ']', { bytes: 2 }), next).toMatchObject({
				fed: 2,
				refused: { what: 'bytes', limit: 2 }
			});
		}
		// An exponent's sign, a literal's letter.
		for (const text of ['[1e+5', '[1e-5', '[true']) {
			expect(walk(text, ']', { bytes: 3 }), text).toMatchObject({
				fed: 3,
				refused: { what: 'bytes', limit: 3 }
			});
		}
		// A byte that cannot go on with a number is no part of it: not JSON, past the bound or not.
		expect(walk('[-x', ']', { bytes: 2 }).refused).toMatchObject({ at: { line: 1, column: 3 } });
	});

	it('a text that breaks off inside a string on the bound is not JSON, not past the bound', () => {
		expect(walk('"abc', '', { bytes: 4 }).refused).toMatchObject({ at: { line: 1, column: 5 } });
	});

	it('a byte that is not JSON: its line and column, also in the message', () => {
		expect(walk('[1,\n  ]', '', {}).refused).toMatchObject({
			at: { line: 2, column: 3 },
			message: 'not JSON at line 2, column 3'
		});
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

	it('a megabyte of characters a piece, one more where it would split a surrogate pair', () => {
		const sizes = (text: string) => [...utf8Pieces(text)].map((piece) => piece.length);
		const mega = 1 << 20;
		// 😀 (two UTF-16 units, four bytes) across the first megabyte's end goes whole into the first piece.
		expect(sizes(`${'a'.repeat(mega - 1)}😀${'ü'.repeat(10)}`)).toEqual([mega - 1 + 4, 20]);
		// A pair away from a piece's end moves no end.
		expect(sizes(`😀${'a'.repeat(2 * mega)}`)).toEqual([4 + mega - 2, mega, 2]);
	});
});
