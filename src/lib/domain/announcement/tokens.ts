import type { AnnouncementProblem } from '../problems';
import { fail, ok, type Result } from '../result';
import { LARGEST_NUMBER } from './numbers-de';

/** The token that stands for any punctuation between words: it separates steps and splits no number. */
export const BREAK = ',';

/** How many tokens a number took and what it is worth. */
export interface NumberRead {
	readonly value: number;
	readonly length: number;
}

/**
 * Splits typed or spoken text into tokens: words, digit groups with their sign ("-3", "−3", "–3"), a sign
 * written before a number word ("-drei": the sign alone, read like "minus"), "=" and "+", and BREAK for every
 * run of other punctuation. Hyphens inside words ("fifty-eight") split the word without a BREAK.
 */
export function tokenize(text: string): string[] {
	const tokens: string[] = [];
	const joined = text.normalize('NFC').replace(/(?<=[\p{L}\p{M}])[-‐‑](?=[\p{L}\p{M}])/gu, ' ');
	for (const match of joined.matchAll(
		/((?<![\p{L}\p{M}\p{N}])[-−–—]\d+|\d+)|([\p{L}\p{M}]+)|([=+]|(?<![\p{L}\p{M}\p{N}])[-−–—](?=[\p{L}\p{M}]))|\S/gu
	)) {
		const token = match[1] ?? match[2] ?? match[3];
		if (token !== undefined) tokens.push(token);
		else if (tokens.at(-1) !== BREAK) tokens.push(BREAK);
	}
	return tokens;
}

/** A word's spelling for look-ups: lower case, "ß" → "ss", umlauts and "ae"/"oe"/"ue" → plain vowel. */
export function wordKey(word: string): string {
	return word
		.normalize('NFC')
		.toLowerCase()
		.replace(/ß/g, 'ss')
		.replace(/ä|ae/g, 'a')
		.replace(/ö|oe/g, 'o')
		.replace(/ü|ue/g, 'u')
		.replace(/\p{M}/gu, '');
}

/** True for a token made of letters only — the kind that may join its neighbour into one number. */
export function isWord(token: string | undefined): token is string {
	return token !== undefined && /^[\p{L}\p{M}]+$/u.test(token);
}

const MINUS_WORDS = new Set(['minus', 'negativ', 'negative']);

/** True for "minus" (and "negativ"), the spoken sign, and for a sign typed before a number word ("-drei"). */
export function isMinusWord(token: string | undefined): boolean {
	return token !== undefined && (MINUS_WORDS.has(wordKey(token)) || /^[-−–—]$/u.test(token));
}

/** Reads a digit token with an optional sign ("7", "-3", "−3", "–3"); null for anything else. */
export function readDigits(token: string): number | null {
	const match = /^([-−–—]?)(\d+)$/u.exec(token);
	if (!match) return null;
	const magnitude = Number(match[2]);
	return match[1] ? 0 - magnitude : magnitude;
}

/** Reads the words of one language: an unsigned number at `start`, or null. */
export type WordReader = (tokens: readonly string[], start: number) => NumberRead | null;

/**
 * Reads one number at `start`: digits, a spoken sign ("minus", also across punctuation) and then
 * the words the language's reader understands. Numbers beyond ±999 are refused.
 */
export function readNumber(
	tokens: readonly string[],
	start: number,
	readWords: WordReader
): Result<NumberRead, AnnouncementProblem> {
	const token = tokens[start];
	if (token === undefined) {
		return fail({ code: 'number-missing', after: null });
	}
	const digits = readDigits(token);
	if (digits !== null) return inRange(digits, 1, token);
	if (isMinusWord(token)) {
		let next = start + 1;
		while (tokens[next] === BREAK) next++;
		const word = tokens[next];
		if (word === undefined) {
			return fail({ code: 'number-missing', after: token });
		}
		if (/^\d+$/.test(word)) return inRange(0 - Number(word), next - start + 1, `${token} ${word}`);
		const read = readWords(tokens, next);
		if (read) return ok({ value: 0 - read.value, length: next - start + read.length });
		return fail(notANumber(word));
	}
	const read = readWords(tokens, start);
	return read ? ok(read) : fail(notANumber(token));
}

function inRange(value: number, length: number, said: string): Result<NumberRead, AnnouncementProblem> {
	if (Math.abs(value) <= LARGEST_NUMBER) return ok({ value, length });
	return fail({ code: 'number-out-of-range', said, max: LARGEST_NUMBER });
}

function notANumber(word: string): AnnouncementProblem {
	return { code: 'number-unreadable', word };
}
