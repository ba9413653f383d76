import type { AnnouncementProblem } from '../problems';
import type { Result } from '../result';
import { ONES, TENS } from './numbers-de';
import { isWord, readNumber, wordKey, type NumberRead } from './tokens';

// Reading German number words (what the checker needs); saying them is numbers-de.ts.

/** Spellings for look-up, in wordKey form: the words above plus what people also say or type. */
const keyed = (entries: Iterable<readonly [string, number]>) =>
	new Map([...entries].map(([word, value]) => [wordKey(word), value] as const));

/** 1–19 said on their own or after "hundert". */
const SMALL = keyed([
	...ONES.slice(1).map((word, i) => [word, i + 1] as const),
	['ein', 1],
	['eine', 1],
	['zwo', 2],
	['sechszehn', 16],
	['siebenzehn', 17]
]);
/** 1–9 as the first part of "…undzwanzig" and "…hundert". */
const UNITS = keyed([['ein', 1], ...ONES.slice(2, 10).map((word, i) => [word, i + 2] as const), ['zwo', 2]]);
const TEN_WORDS = keyed([
	...TENS.slice(2).map((word, i) => [word, (i + 2) * 10] as const),
	['siebenzig', 70]
]);

/** The value of one German number word (already in wordKey form), or null. */
function wordValue(key: string): number | null {
	if (key === 'null') return 0;
	const at = key.indexOf('hundert');
	if (at < 0) return belowHundredValue(key);
	const head = key.slice(0, at);
	const hundreds = head === '' ? 1 : UNITS.get(head);
	if (hundreds === undefined) return null;
	let rest = key.slice(at + 'hundert'.length);
	if (rest.startsWith('und') && rest.length > 3) rest = rest.slice(3);
	if (rest === '') return hundreds * 100;
	const tail = belowHundredValue(rest);
	return tail === null ? null : hundreds * 100 + tail;
}

function belowHundredValue(key: string): number | null {
	const simple = SMALL.get(key) ?? TEN_WORDS.get(key);
	if (simple !== undefined) return simple;
	const at = key.indexOf('und');
	if (at <= 0) return null;
	const unit = UNITS.get(key.slice(0, at));
	const tens = TEN_WORDS.get(key.slice(at + 3));
	return unit === undefined || tens === undefined ? null : unit + tens;
}

/** Words that speech recognition splits off a number: "fünf und zwanzig", "zwei hundert". */
const splitsAt = (left: string, right: string) =>
	left.endsWith('und') || left.endsWith('hundert') || right.startsWith('und') || right.startsWith('hundert');

/** The longest run of adjacent words at `start` that reads as one German number. */
const readGermanWords = (tokens: readonly string[], start: number): NumberRead | null => {
	const keys: string[] = [];
	for (let i = start; isWord(tokens[i]) && keys.length < 8; i++) {
		const key = wordKey(tokens[i] as string);
		const previous = keys.at(-1);
		if (previous !== undefined && !splitsAt(previous, key)) break;
		keys.push(key);
	}
	for (let length = keys.length; length > 0; length--) {
		const value = wordValue(keys.slice(0, length).join(''));
		if (value !== null) return { value, length };
	}
	return null;
};

/**
 * Reads a German number at `start`: any case, "ß" or "ss", umlauts or "ae"/"oe"/"ue", "ein"/"eins"/"eine",
 * "hundert"/"einhundert", compounds split apart ("fünf und zwanzig"), digits ("7", "-3", "−3", "–3")
 * and "minus" before words or digits. Says how many tokens the number took.
 */
export function readGermanNumber(
	tokens: readonly string[],
	start = 0
): Result<NumberRead, AnnouncementProblem> {
	return readNumber(tokens, start, readGermanWords);
}
