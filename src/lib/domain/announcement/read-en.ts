import type { AnnouncementProblem } from '../problems';
import type { Result } from '../result';
import { ONES, TENS } from './numbers-en';
import { isWord, readNumber, wordKey, type NumberRead } from './tokens';

// Reading English number words (what the checker needs); saying them is numbers-en.ts.

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
export function readEnglishNumber(
	tokens: readonly string[],
	start = 0
): Result<NumberRead, AnnouncementProblem> {
	return readNumber(tokens, start, readEnglishWords);
}
