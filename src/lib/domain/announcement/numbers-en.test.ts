import { describe, expect, it } from 'vitest';
import { englishNumber } from './numbers-en';
import { readEnglishNumber } from './read-en';
import { tokenize } from './tokens';

const read = (text: string) => readEnglishNumber(tokenize(text));

describe('englishNumber', () => {
	it.each([
		[0, 'zero'],
		[7, 'seven'],
		[13, 'thirteen'],
		[40, 'forty'],
		[58, 'fifty-eight'],
		[100, 'one hundred'],
		[110, 'one hundred ten'],
		[999, 'nine hundred ninety-nine'],
		[-3, 'minus three'],
		[-25, 'minus twenty-five']
	])('%i → %s', (n, word) => {
		expect(englishNumber(n)).toBe(word);
	});

	it('falls back to digits outside −999..999 and for a fraction', () => {
		expect(englishNumber(999)).toBe('nine hundred ninety-nine');
		expect(englishNumber(1000)).toBe('1000');
		expect(englishNumber(-1234)).toBe('-1234');
		expect(englishNumber(2.5)).toBe('2.5');
	});
});

describe('readEnglishNumber', () => {
	it('reads every number it writes, −999..999, using all its tokens', () => {
		for (let n = -999; n <= 999; n++) {
			const tokens = tokenize(englishNumber(n));
			expect(readEnglishNumber(tokens)).toEqual({ ok: true, value: { value: n, length: tokens.length } });
		}
	});

	it.each([
		['Fifty-Eight', 58],
		['fifty eight', 58],
		['FORTY', 40],
		['a hundred', 100],
		['nought', 0],
		['one hundred and ten', 110],
		['hundred and five', 105],
		['minus three', -3],
		['negative three', -3],
		['-3', -3],
		['−3', -3]
	])('%s → %i', (text, value) => {
		const result = read(text);
		expect(result.ok && result.value.value).toBe(value);
	});

	it('does not join across punctuation, two tens or two hundreds', () => {
		expect(read('fifty, eight')).toEqual({ ok: true, value: { value: 50, length: 1 } });
		expect(read('fifty fifty')).toEqual({ ok: true, value: { value: 50, length: 1 } });
		expect(read('nine ten')).toEqual({ ok: true, value: { value: 9, length: 1 } });
		expect(read('hundred hundred')).toEqual({ ok: true, value: { value: 100, length: 1 } });
	});

	it.each([
		['hello', { code: 'number-unreadable', word: 'hello' }],
		['thousand', { code: 'number-unreadable', word: 'thousand' }],
		['a', { code: 'number-unreadable', word: 'a' }],
		['minus', { code: 'number-missing', after: 'minus' }]
	])('refuses %j and names it', (text, error) => {
		expect(read(text)).toEqual({ ok: false, error });
	});
});
