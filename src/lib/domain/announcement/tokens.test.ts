import { describe, expect, it } from 'vitest';
import { BREAK, readDigits, tokenize, wordKey } from './tokens';

describe('tokenize', () => {
	it.each([
		['minus fünf, minus zehn', ['minus', 'fünf', BREAK, 'minus', 'zehn']],
		['acht, (Bonus) sechzig', ['acht', BREAK, 'Bonus', BREAK, 'sechzig']],
		['-5 −10 –3 —4', ['-5', '−10', '–3', '—4']],
		['ergibt=-3', ['ergibt', '=', '-3']],
		['8+50', ['8', '+', '50']],
		['5-3', ['5', BREAK, '3']],
		['fifty-eight', ['fifty', 'eight']],
		// A hyphen after a space and before a word is its sign, as before digits ("fifty -8"); a hyphen before
		// a space is a dash between words, not inside one.
		['fifty -eight', ['fifty', '-', 'eight']],
		['ergibt -drei', ['ergibt', '-', 'drei']],
		['ergibt −drei, –vier', ['ergibt', '−', 'drei', BREAK, '–', 'vier']],
		['fifty- eight', ['fifty', BREAK, 'eight']],
		['sieben - acht', ['sieben', BREAK, 'acht']],
		['sieben … acht', ['sieben', BREAK, 'acht']],
		['  ', []],
		['fu\u0308nf', ['fünf']]
	])('%j → %j', (text, tokens) => {
		expect(tokenize(text)).toEqual(tokens);
	});
});

describe('wordKey', () => {
	it.each([
		['Dreißig', 'dreissig'],
		['DREISSIG', 'dreissig'],
		['fünf', 'funf'],
		['FUENF', 'funf'],
		['zwölf', 'zwolf'],
		['Zwoelf', 'zwolf']
	])('%s → %s', (word, key) => {
		expect(wordKey(word)).toBe(key);
	});
});

describe('readDigits', () => {
	it.each([
		['7', 7],
		['007', 7],
		['-3', -3],
		['−3', -3],
		['–3', -3],
		['sieben', null],
		['3a', null]
	])('%s → %s', (token, value) => {
		expect(readDigits(token)).toBe(value);
	});
});
