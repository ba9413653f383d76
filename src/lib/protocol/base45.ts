import { fail, ok, type Problem, type Result } from '../domain/result';
import type { BadBase45 } from './problems';

/** The 45 characters of QR alphanumeric mode, in Base45 order (RFC 9285 §4). */
export const BASE45_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:';

const VALUE = new Map([...BASE45_ALPHABET].map((c, i) => [c, i]));

/** Bytes as Base45 text (RFC 9285): two bytes become three characters, a last odd byte two. */
export function encodeBase45(bytes: Uint8Array): string {
	let out = '';
	for (let i = 0; i < bytes.length; i += 2) {
		if (i + 1 < bytes.length) {
			let n = (bytes[i] as number) * 256 + (bytes[i + 1] as number);
			const c = n % 45;
			n = (n - c) / 45;
			const d = n % 45;
			const e = (n - d) / 45;
			out += BASE45_ALPHABET[c]! + BASE45_ALPHABET[d]! + BASE45_ALPHABET[e]!;
		} else {
			const n = bytes[i] as number;
			out += BASE45_ALPHABET[n % 45]! + BASE45_ALPHABET[Math.floor(n / 45)]!;
		}
	}
	return out;
}

const bad = (why: BadBase45) => fail<Problem>({ code: 'bad-base45', why });

/** Base45 text back to bytes; refuses foreign characters, a dangling character and values over 65535. */
export function decodeBase45(text: string): Result<Uint8Array> {
	if (text.length % 3 === 1) return bad('length');
	const out = new Uint8Array(Math.floor(text.length / 3) * 2 + (text.length % 3 === 2 ? 1 : 0));
	let o = 0;
	for (let i = 0; i < text.length; i += 3) {
		const group = text.slice(i, i + 3);
		const values = [...group].map((c) => VALUE.get(c));
		if (values.some((v) => v === undefined)) {
			return bad('character');
		}
		const [c, d, e] = values as number[];
		if (group.length === 3) {
			const n = c! + d! * 45 + e! * 2025;
			if (n > 0xffff) return bad('group');
			out[o++] = n >> 8;
			out[o++] = n & 0xff;
		} else {
			const n = c! + d! * 45;
			if (n > 0xff) return bad('last-group');
			out[o++] = n;
		}
	}
	return ok(out);
}
