import { describe, expect, it } from 'vitest';
import { loadEnglish } from './english';
import { i18n } from './index.svelte';
import { de as correctionDe } from './correction';
import { de as newRoundDe } from './new-round';
import { de as printDe } from './print';
import { de as roundEndDe } from './round-end';
import { de as tableDe, tableTexts } from './table';
import { english } from './table.en';
import { Texts } from './texts.svelte';

describe('English that loads only when needed', () => {
	it('is German until loaded, English after, and the switch waits for it', async () => {
		expect(tableTexts.in('en')).toBe(tableDe);
		i18n.locale = 'de';
		const switching = i18n.switchTo('en');
		expect(i18n.locale).toBe('de');
		await switching;
		expect(i18n.locale).toBe('en');
		expect(tableTexts.t).toBe(english['table']);
		expect(tableTexts.t.pad.saved).not.toBe(tableDe.pad.saved);
		await i18n.switchTo('de');
		expect(tableTexts.t).toBe(tableDe);
	});

	it('has an English text for every German one, in every lazily loaded area', async () => {
		await loadEnglish();
		const shape = (value: unknown): unknown =>
			typeof value === 'object' && value !== null
				? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shape(v)]))
				: typeof value;
		const german: Record<string, unknown> = {
			table: tableDe,
			'new-round': newRoundDe,
			'round-end': roundEndDe,
			correction: correctionDe,
			print: printDe
		};
		expect(Object.keys(english).sort()).toEqual(Object.keys(german).sort());
		for (const [area, en] of Object.entries(english)) expect(shape(en), area).toEqual(shape(german[area]));
	});

	it('an area with both languages at hand answers at once', () => {
		const texts = new Texts({ hello: 'Hallo' }, { hello: 'Hello' });
		expect(texts.in('en').hello).toBe('Hello');
		expect(texts.in('de').hello).toBe('Hallo');
	});
});
