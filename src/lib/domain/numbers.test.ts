import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatNumber, formatPercent, formatWhole, joinNames, MINUS } from './numbers';

describe('numbers as people read them', () => {
	it.each([
		[-12, 'de', '−12'],
		[-12, 'en', '−12'],
		[2.5, 'de', '2,5'],
		[2.5, 'en', '2.5'],
		[-2.75, 'de', '−2,75'],
		[56.25, 'de', '56,25'],
		[1 / 3, 'de', '0,3333'],
		[1234, 'de', '1234'],
		[-0, 'de', '0']
	] as const)('%d in %s reads %s', (value, locale, text) => {
		expect(formatNumber(value, locale)).toBe(text);
	});

	it('writes one minus everywhere: U+2212, never the hyphen-minus Intl gives for de-DE', () => {
		expect(new Intl.NumberFormat('de-DE').format(-1)).toBe('-1'); // why the minus is replaced
		fc.assert(
			fc.property(
				fc.double({ min: -1e6, max: 1e6, noNaN: true }),
				fc.constantFrom('de', 'en'),
				(value, locale) => {
					const text = formatNumber(value, locale as 'de' | 'en');
					expect(text).not.toContain('-');
					// It reads back as the number, to four decimals.
					const back = Number(text.replace(MINUS, '-').replace(',', '.'));
					expect(back).toBeCloseTo(value, 4);
				}
			)
		);
	});

	it('formats shares, whole numbers and lists of names in the language', () => {
		expect(formatPercent(31.25, 'de')).toBe('31,25 %');
		expect(formatPercent(31.25, 'en')).toBe('31.25 %');
		expect(formatWhole(-15)).toBe('−15');
		expect(joinNames(['Anna'], 'de')).toBe('Anna');
		expect(joinNames(['Anna', 'Ben'], 'de')).toBe('Anna und Ben');
		expect(joinNames(['Anna', 'Ben', 'Cara'], 'de')).toBe('Anna, Ben und Cara');
		expect(joinNames(['Anna', 'Ben', 'Cara'], 'en')).toBe('Anna, Ben and Cara');
		expect(joinNames([], 'en')).toBe('');
	});
});
