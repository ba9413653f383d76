import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { germanNumber } from './numbers-de';
import { readGermanNumber } from './read-de';
import { tokenize } from './tokens';

const read = (text: string) => readGermanNumber(tokenize(text));

describe('germanNumber', () => {
	it.each([
		[0, 'null'],
		[1, 'eins'],
		[7, 'sieben'],
		[12, 'zwölf'],
		[16, 'sechzehn'],
		[17, 'siebzehn'],
		[21, 'einundzwanzig'],
		[30, 'dreißig'],
		[58, 'achtundfünfzig'],
		[77, 'siebenundsiebzig'],
		[100, 'hundert'],
		[101, 'einhunderteins'],
		[110, 'einhundertzehn'],
		[121, 'einhunderteinundzwanzig'],
		[200, 'zweihundert'],
		[999, 'neunhundertneunundneunzig'],
		[-5, 'minus fünf'],
		[-25, 'minus fünfundzwanzig']
	])('%i → %s', (n, word) => {
		expect(germanNumber(n)).toBe(word);
	});

	it('falls back to digits outside −999..999', () => {
		expect(germanNumber(1000)).toBe('1000');
		expect(germanNumber(-1234)).toBe('-1234');
	});
});

describe('readGermanNumber', () => {
	it('reads every number it writes, −999..999, using all its tokens', () => {
		for (let n = -999; n <= 999; n++) {
			const tokens = tokenize(germanNumber(n));
			expect(readGermanNumber(tokens)).toEqual({ ok: true, value: { value: n, length: tokens.length } });
		}
	});

	it.each([
		['dreissig', 30],
		['DREISSIG', 30],
		['Dreißig', 30],
		['fuenf', 5],
		['FÜNF', 5],
		['zwoelf', 12],
		['fuenfundzwanzig', 25],
		['ein', 1],
		['eins', 1],
		['eine', 1],
		['zwo', 2],
		['hundert', 100],
		['einhundert', 100],
		['hundertzehn', 110],
		['hundertundfünf', 105],
		['fünf und zwanzig', 25],
		['zwei und sechzig', 62],
		['ein und zwanzig', 21],
		['zwei hundert fünf und zwanzig', 225],
		['einhundert zehn', 110],
		['ein hundertzehn', 110],
		['fünfund-zwanzig', 25],
		['fünf-undzwanzig', 25],
		['7', 7],
		['999', 999],
		['-999', -999],
		['-3', -3],
		['−3', -3],
		['–3', -3],
		['minus 3', -3],
		['Minus drei', -3],
		['minus, drei', -3],
		['minus fünf und zwanzig', -25]
	])('%s → %i', (text, value) => {
		const result = read(text);
		expect(result.ok && result.value.value).toBe(value);
	});

	it('joins split words only at "und" and "hundert", never across punctuation', () => {
		expect(read('neun zehn')).toEqual({ ok: true, value: { value: 9, length: 1 } });
		expect(read('sieben zehn')).toEqual({ ok: true, value: { value: 7, length: 1 } });
		expect(read('fünf, und zwanzig')).toEqual({ ok: true, value: { value: 5, length: 1 } });
		expect(read('acht und Bonus')).toEqual({ ok: true, value: { value: 8, length: 1 } });
		expect(read('hundert und Bonus')).toEqual({ ok: true, value: { value: 100, length: 1 } });
		expect(read('hundert Punkte')).toEqual({ ok: true, value: { value: 100, length: 1 } });
	});

	it('joins at "und" only into a number: a tile, "und", its bonus', () => {
		// RULES.md §3 spoken without pauses: "zehn und vierzig" is the tile 10 and a bridge, no "zehnundvierzig".
		expect(read('zehn und vierzig')).toEqual({ ok: true, value: { value: 10, length: 1 } });
		expect(read('fünfzehn und fünfzig')).toEqual({ ok: true, value: { value: 15, length: 1 } });
	});

	it('reads a word with an accent NFC cannot join to its letter, as a stray dead key leaves it', () => {
		expect(read('acht\u0301')).toEqual({ ok: true, value: { value: 8, length: 1 } });
	});

	it('reads from a start index', () => {
		const tokens = tokenize('minus fünf, sieben');
		expect(readGermanNumber(tokens, 3)).toEqual({ ok: true, value: { value: 7, length: 1 } });
	});

	it.each([
		['hallo', { code: 'number-unreadable', word: 'hallo' }],
		['tausend', { code: 'number-unreadable', word: 'tausend' }],
		['zwölfhundert', { code: 'number-unreadable', word: 'zwölfhundert' }],
		['minus hallo', { code: 'number-unreadable', word: 'hallo' }],
		['1000', { code: 'number-out-of-range', said: '1000', max: 999 }],
		['minus -5', { code: 'number-unreadable', word: '-5' }],
		['minus', { code: 'number-missing', after: 'minus' }],
		['', { code: 'number-missing', after: null }]
	])('refuses %j, naming what it could not read', (text, error) => {
		expect(read(text)).toEqual({ ok: false, error });
	});

	it('reads any spelling: case, ß/ss, umlaut/ae-oe-ue, "und" split off', () => {
		const respell = fc.record({
			upper: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
			ss: fc.boolean(),
			ue: fc.boolean(),
			split: fc.boolean()
		});
		fc.assert(
			fc.property(fc.integer({ min: -999, max: 999 }), respell, (n, how) => {
				let text = germanNumber(n);
				if (how.ss) text = text.replace(/ß/g, 'ss');
				if (how.ue) text = text.replace(/ü/g, 'ue').replace(/ö/g, 'oe');
				if (how.split) text = text.replace(/und/g, ' und ').replace(/hundert/g, ' hundert ');
				text = [...text].map((c, i) => (how.upper[i % 40] ? c.toUpperCase() : c)).join('');
				const tokens = tokenize(text);
				expect(readGermanNumber(tokens)).toEqual({ ok: true, value: { value: n, length: tokens.length } });
			})
		);
	});
});
