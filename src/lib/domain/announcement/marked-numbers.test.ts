import { describe, expect, it } from 'vitest';
import { readMarkedNumbers } from './marked-numbers';

describe('readMarkedNumbers: each number with the marker said before it (RULES.md §3: "Bonus <n>", "ergibt <turn total>")', () => {
	it.each([
		[
			'000 §Punktewertung, Beispiel 1: "minus" across a comma, as speech recognition writes it',
			'minus, fünf, minus zehn, sieben',
			[
				{ mark: null, value: -5, said: 'minus fünf' },
				{ mark: null, value: -10, said: 'minus zehn' },
				{ mark: null, value: 7, said: 'sieben' }
			]
		],
		[
			'RULES.md §3 decision: "acht, Bonus fünfzig, ergibt achtundfünfzig"',
			'acht, Bonus fünfzig, ergibt achtundfünfzig',
			[
				{ mark: null, value: 8, said: 'acht' },
				{ mark: 'bonus', value: 50, said: 'Bonus fünfzig' },
				{ mark: 'result', value: 58, said: 'ergibt achtundfünfzig' }
			]
		],
		[
			'RULES.md §3: "plus Bonus" is one bonus marker',
			'acht, plus Bonus fünfzig',
			[
				{ mark: null, value: 8, said: 'acht' },
				{ mark: 'bonus', value: 50, said: 'plus Bonus fünfzig' }
			]
		],
		[
			'RULES.md §3: "Bonus plus" is one bonus marker',
			'acht, Bonus plus fünfzig',
			[
				{ mark: null, value: 8, said: 'acht' },
				{ mark: 'bonus', value: 50, said: 'Bonus plus fünfzig' }
			]
		],
		[
			'RULES.md §3: "plus" alone stays "plus"',
			'acht plus fünfzig',
			[
				{ mark: null, value: 8, said: 'acht' },
				{ mark: 'plus', value: 50, said: 'plus fünfzig' }
			]
		],
		[
			'000 §Punktewertung, Beispiel 1 typed: "= ergibt" is one result marker',
			'minus fünf, minus zehn, sieben = ergibt minus drei',
			[
				{ mark: null, value: -5, said: 'minus fünf' },
				{ mark: null, value: -10, said: 'minus zehn' },
				{ mark: null, value: 7, said: 'sieben' },
				{ mark: 'result', value: -3, said: '= ergibt minus drei' }
			]
		],
		[
			'RULES.md §2 decision (final lap, "passe, null") with "ergibt": one pass marker',
			'passe, ergibt null',
			[{ mark: 'pass', value: 0, said: 'passe ergibt null' }]
		],
		[
			'RULES.md §3 (the app accepts what was announced): "ergibt plus drei" — a plus after "ergibt" is the sign of a positive total',
			'minus fünf, acht, ergibt plus drei',
			[
				{ mark: null, value: -5, said: 'minus fünf' },
				{ mark: null, value: 8, said: 'acht' },
				{ mark: 'result', value: 3, said: 'ergibt plus drei' }
			]
		],
		['RULES.md §2 decision: a bare "passe"', 'ich passe', [{ mark: 'pass', value: null, said: 'passe' }]],
		[
			'RULES.md §2 decision: "passe, ergibt" with the number left out is a bare pass, said as two words',
			'passe, ergibt',
			[{ mark: 'pass', value: null, said: 'passe ergibt' }]
		]
	])('%s: %j', (_source, text, entries) => {
		expect(readMarkedNumbers(text)).toEqual({ ok: true, value: entries });
	});
});

describe('readMarkedNumbers: every marker word and every filler word (RULES.md §3: the app accepts what was announced, in German or English)', () => {
	const seven = { mark: null, value: 7, said: 'seven' };
	it.each([
		[
			'"make" says the result',
			'seven, make seven',
			[seven, { mark: 'result', value: 7, said: 'make seven' }]
		],
		[
			'"total" says the result',
			'seven, total seven',
			[seven, { mark: 'result', value: 7, said: 'total seven' }]
		],
		['"passen" is a pass', 'passen', [{ mark: 'pass', value: null, said: 'passen' }]],
		['"passt" is a pass', 'passt', [{ mark: 'pass', value: null, said: 'passt' }]],
		['"passes" is a pass', 'passes', [{ mark: 'pass', value: null, said: 'passes' }]],
		[
			'"und" is a filler',
			'acht und Bonus fünfzig',
			[
				{ mark: null, value: 8, said: 'acht' },
				{ mark: 'bonus', value: 50, said: 'Bonus fünfzig' }
			]
		],
		[
			'"and" is a filler',
			'seven and bonus fifty',
			[seven, { mark: 'bonus', value: 50, said: 'bonus fifty' }]
		],
		['"I" is a filler', 'I pass', [{ mark: 'pass', value: null, said: 'pass' }]],
		['"Punkte" is a filler', 'sieben Punkte', [{ mark: null, value: 7, said: 'sieben' }]],
		['"Punkt" is a filler', 'eins, Punkt', [{ mark: null, value: 1, said: 'eins' }]],
		['"points" is a filler', 'seven points', [seven]],
		['"point" is a filler', 'one point', [{ mark: null, value: 1, said: 'one' }]]
	])('%s: %j', (_word, text, entries) => {
		expect(readMarkedNumbers(text)).toEqual({ ok: true, value: entries });
	});
});

describe('readMarkedNumbers: markers that do not go together name the first word left without its number', () => {
	it.each([
		[
			'RULES.md §3: "plus", then "ergibt" — the bonus was left out',
			'acht, plus ergibt achtundfünfzig',
			'plus'
		],
		['RULES.md §3: "ergibt" comes after the bonus, not before it', 'acht, ergibt Bonus fünfzig', 'ergibt'],
		['RULES.md §2: a pass has no bonus', 'passe, Bonus fünfzig', 'passe'],
		['RULES.md §2: a pass has no "plus" either', 'passe, plus fünf', 'passe'],
		['RULES.md §3: "ergibt", then "passe" — the result was left out', 'minus fünf, ergibt passe', 'ergibt'],
		['RULES.md §3: a bonus marker at the end', 'acht, Bonus', 'Bonus']
	])('%s: %j', (_source, text, word) => {
		expect(readMarkedNumbers(text)).toEqual({
			ok: false,
			error: { code: 'announcement-number-missing', word }
		});
	});
});

describe('readMarkedNumbers: words that are no number are named', () => {
	it.each([
		[
			'a word between two numbers',
			'sieben hallo acht',
			{ code: 'announcement-unreadable-word', word: 'hallo' }
		],
		['a word after "minus"', 'minus hallo, acht', { code: 'announcement-unreadable-word', word: 'hallo' }],
		[
			'a word after "minus" and a comma',
			'minus, hallo',
			{ code: 'announcement-unreadable-word', word: 'hallo' }
		],
		['"minus" at the end', 'sieben, minus', { code: 'announcement-number-missing', word: 'minus' }],
		[
			'"minus" and then only punctuation',
			'sieben, minus …',
			{ code: 'announcement-number-missing', word: 'minus' }
		],
		['beyond ±999', 'minus 1000', { code: 'announcement-number-too-large', said: 'minus 1000', max: 999 }]
	])('%s: %j', (_source, text, error) => {
		expect(readMarkedNumbers(text)).toEqual({ ok: false, error });
	});
});
