import type { Result } from '../result';
import { LARGEST_NUMBER, isWord, readNumber, wordKey, type NumberRead } from './tokens';

const ONES = [
	'zero',
	'one',
	'two',
	'three',
	'four',
	'five',
	'six',
	'seven',
	'eight',
	'nine',
	'ten',
	'eleven',
	'twelve',
	'thirteen',
	'fourteen',
	'fifteen',
	'sixteen',
	'seventeen',
	'eighteen',
	'nineteen'
] as const;
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

/**
 * The English word for an integer: 7 → "seven", 58 → "fifty-eight", 110 → "one hundred ten",
 * −3 → "minus three". Outside −999..999 (or for a fraction) the digits.
 */
export function englishNumber(n: number): string {
	if (!Number.isInteger(n) || Math.abs(n) > LARGEST_NUMBER) return String(n);
	if (n < 0) return `minus ${englishNumber(-n)}`;
	if (n < 100) return belowHundred(n);
	const head = `${ONES[Math.floor(n / 100)]} hundred`;
	return n % 100 === 0 ? head : `${head} ${belowHundred(n % 100)}`;
}

function belowHundred(n: number): string {
	if (n < 20) return ONES[n] ?? '';
	const tens = TENS[Math.floor(n / 10)] ?? '';
	return n % 10 === 0 ? tens : `${tens}-${ONES[n % 10]}`;
}

const SMALL = new Map<string, number>(ONES.slice(1).map((word, i) => [word, i + 1]));
const UNITS = new Map<string, number>(ONES.slice(1, 10).map((word, i) => [word, i + 1]));
const TEN_WORDS = new Map<string, number>(TENS.slice(2).map((word, i) => [word, (i + 2) * 10]));

/** The words at `start` that read as one English number ("fifty eight", "a hundred and ten"), or null. */
const readEnglishWords = (tokens: readonly string[], start: number): NumberRead | null => {
	const key = (i: number) => (isWord(tokens[i]) ? wordKey(tokens[i] as string) : undefined);
	const first = key(start);
	if (first === undefined) return null;
	if (first === 'zero' || first === 'nought') return { value: 0, length: 1 };

	const belowHundredAt = (i: number): NumberRead | null => {
		const word = key(i);
		const small = word === undefined ? undefined : SMALL.get(word);
		if (small !== undefined) return { value: small, length: 1 };
		const tens = word === undefined ? undefined : TEN_WORDS.get(word);
		if (tens === undefined) return null;
		const next = key(i + 1);
		const unit = next === undefined ? undefined : UNITS.get(next);
		return unit === undefined ? { value: tens, length: 1 } : { value: tens + unit, length: 2 };
	};

	const multiplier = first === 'a' ? 1 : UNITS.get(first);
	let hundreds: number | undefined;
	let at = start;
	if (multiplier !== undefined && key(start + 1) === 'hundred') [hundreds, at] = [multiplier, start + 2];
	else if (first === 'hundred') [hundreds, at] = [1, start + 1];
	if (hundreds === undefined) return belowHundredAt(start);

	const afterAnd = key(at) === 'and' ? at + 1 : at;
	const tail = belowHundredAt(afterAnd);
	if (!tail) return { value: hundreds * 100, length: at - start };
	return { value: hundreds * 100 + tail.value, length: afterAnd - start + tail.length };
};

/**
 * Reads an English number at `start`: any case, "fifty-eight" or "fifty eight", "one hundred (and) ten",
 * digits and "minus". Says how many tokens the number took.
 */
export function readEnglishNumber(tokens: readonly string[], start = 0): Result<NumberRead> {
	return readNumber(tokens, start, readEnglishWords);
}
