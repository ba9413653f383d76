import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase45, encodeBase45 } from './base45';
import type { BadBase45 } from './problems';

const text = (s: string) => new TextEncoder().encode(s);

describe('Base45 (RFC 9285)', () => {
	it.each([
		['AB', 'BB8'], // RFC 9285 §4.3
		['Hello!!', '%69 VD92EX0'],
		['base-45', 'UJCLQE7W581'],
		['ietf!', 'QED8WEX0']
	])('%s ↔ %s', (plain, encoded) => {
		expect(encodeBase45(text(plain))).toBe(encoded);
		expect(decodeBase45(encoded)).toEqual({ ok: true, value: text(plain) });
	});

	it('round-trips any bytes', () => {
		fc.assert(
			fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
				const back = decodeBase45(encodeBase45(bytes));
				expect(back.ok && [...back.value]).toEqual([...bytes]);
			})
		);
	});

	it.each([
		['FGW', [0xff, 0xff], 'the largest group, 65535'],
		['U5', [0xff], 'the largest last byte, 255']
	])('reads %s as %j: %s', (input, bytes) => {
		expect(decodeBase45(input)).toEqual({ ok: true, value: new Uint8Array(bytes) });
	});

	it.each<[string, BadBase45, string]>([
		['GGW', 'group', 'a group over 65535: 65536 (RFC 9285 §4.4 example)'],
		['ZZZZ', 'length', 'a dangling character'],
		['abc', 'character', 'lower case'],
		['A#B', 'character', 'a foreign character'],
		['#AB', 'character', 'a foreign character first in a group'],
		['AB#', 'character', 'a foreign character last in a group'],
		['#A', 'character', 'a foreign character first in the last pair'],
		['A#', 'character', 'a foreign character last in the last pair'],
		['ÄBC', 'character', 'a letter outside ASCII'],
		['\u0080BC', 'character', 'the first character code past ASCII'],
		['V5', 'last-group', 'a last byte over 255: 256'],
		['::', 'last-group', 'a last byte over 255: 2024']
	])('refuses %s (%s): %s', (input, why) => {
		expect(decodeBase45(input)).toEqual({ ok: false, error: { code: 'bad-base45', why } });
	});
});
