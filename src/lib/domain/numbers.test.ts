import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

// Each language's format is made on its first use and kept for the module's life, so the tests above read
// whichever format the first of them made. These make their own, in a fresh copy of the module.
describe('the formats as they are made', () => {
	afterEach(() => {
		vi.unstubAllGlobals();
	});

	it('write no thousands separator and at most four decimals, in both languages', async () => {
		vi.resetModules();
		const fresh = await import('./numbers');
		expect(fresh.formatNumber(12345.678912, 'de')).toBe('12345,6789');
		expect(fresh.formatNumber(-12345.678912, 'en')).toBe('−12345.6789');
	});

	it("write whole numbers the same on every device: digits and minus do not follow the browser's language", async () => {
		// A device whose language writes Persian digits (۱۲۳۴): what Intl gives where no language is named.
		const Device = class extends Intl.NumberFormat {
			constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
				super(locales ?? 'fa-IR', options);
			}
		};
		// The premise: such a device really writes other digits (Node and browsers carry the data).
		expect(new Device(undefined, { useGrouping: false }).format(-1234)).not.toContain('1234');
		vi.stubGlobal('Intl', Object.assign(Object.create(Intl) as typeof Intl, { NumberFormat: Device }));
		vi.resetModules();
		const fresh = await import('./numbers');
		expect(fresh.formatWhole(-1234)).toBe('−1234');
	});
});
