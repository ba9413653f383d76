import { LARGEST_NUMBER } from './numbers-de';

export const ONES = [
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
export const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];

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
