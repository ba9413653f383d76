import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase45, encodeBase45 } from './base45';

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
		['GGW', 'a group over 65535 (RFC 9285 §4.4 example)'],
		['ZZZZ', 'a dangling character'],
		['abc', 'lower case'],
		['A#B', 'a foreign character'],
		['::', 'a last byte over 255']
	])('refuses %s: %s', (input) => {
		const result = decodeBase45(input);
		expect(result.ok).toBe(false);
	});
});
