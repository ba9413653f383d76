/** The largest number an announcement may say (in words or digits); beyond it the digits stand. */
export const LARGEST_NUMBER = 999;

export const ONES = [
	'null',
	'eins',
	'zwei',
	'drei',
	'vier',
	'fünf',
	'sechs',
	'sieben',
	'acht',
	'neun',
	'zehn',
	'elf',
	'zwölf',
	'dreizehn',
	'vierzehn',
	'fünfzehn',
	'sechzehn',
	'siebzehn',
	'achtzehn',
	'neunzehn'
] as const;
export const TENS = [
	'',
	'',
	'zwanzig',
	'dreißig',
	'vierzig',
	'fünfzig',
	'sechzig',
	'siebzig',
	'achtzig',
	'neunzig'
];

/**
 * The German word for an integer as it is said at the table: 7 → "sieben", 21 → "einundzwanzig",
 * 58 → "achtundfünfzig", 100 → "hundert", 110 → "einhundertzehn", −5 → "minus fünf".
 * Outside −999..999 (or for a fraction) the digits.
 */
export function germanNumber(n: number): string {
	if (!Number.isInteger(n) || Math.abs(n) > LARGEST_NUMBER) return String(n);
	if (n < 0) return `minus ${germanNumber(-n)}`;
	if (n === 0) return 'null';
	const hundreds = Math.floor(n / 100);
	const rest = n % 100;
	const head =
		hundreds === 0
			? ''
			: hundreds === 1
				? rest === 0
					? 'hundert'
					: 'einhundert'
				: `${ONES[hundreds]}hundert`;
	return rest === 0 ? head : head + belowHundred(rest);
}

function belowHundred(n: number): string {
	if (n < 20) return ONES[n] ?? '';
	const unit = n % 10;
	const tens = TENS[Math.floor(n / 10)] ?? '';
	if (unit === 0) return tens;
	return `${unit === 1 ? 'ein' : ONES[unit]}und${tens}`;
}
