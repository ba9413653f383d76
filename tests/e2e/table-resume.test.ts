// Resume: a reload in the middle of a round (the tablet slept, the tab was reloaded) restores everything
// from IndexedDB — the sheet, the turn in progress, corrections, announcement checks — and play goes on.
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useChromium } from './pages/devices';
import { NewRoundPage } from './pages/NewRoundPage';
import { SheetPage } from './pages/SheetPage';

/** Everything the sheet screen shows about the round. */
async function snapshot(page: Page, sheet: SheetPage) {
	return {
		sheet: await page.locator('table.sheet').innerText(),
		labels: await page
			.locator('table.sheet [aria-label]')
			.evaluateAll((els) => els.map((el) => el.getAttribute('aria-label'))),
		pad: await page.locator('.pad-frame .to-play').innerText(),
		announcement: await page.locator('.announce .said').innerText(),
		check: await page.locator('.check').innerText(),
		saved: await sheet.savedCount(),
		totals: await sheet.totals()
	};
}

describe('table: reload mid-round', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	let context: BrowserContext;
	let page: Page;

	beforeAll(async () => {
		({ context, page } = await chromium.device());
	});

	it('keeps the sheet, the open turn, corrections and checks, and play goes on', async () => {
		const { id, sheet } = await new NewRoundPage(page).startRound(baseURL, ['Anna', 'Ben', 'Cara'], {
			chosen: 'Anna'
		});

		await sheet.playTurn('7');
		await sheet.playTurn('d d 5');
		await sheet.playTurn('3-4-5 bridge');
		await sheet.waitSaved();
		await sheet.checkAnnouncement('zwölf, Bonus vierzig, ergibt zweiundfünfzig');
		await page.getByText('Ansage stimmt.').waitFor();
		// Ben bought once, not twice: corrected with the table's agreement.
		await sheet.cell('Ben', 1).click();
		await page.getByRole('dialog').getByRole('button', { name: '|', exact: true }).click();
		await page.getByRole('dialog').getByRole('textbox', { name: 'Grund' }).fill('nur einmal gekauft');
		await page.getByRole('button', { name: 'Korrektur speichern' }).click();
		// Anna's turn is open: one purchase so far.
		await sheet.buyButton.click();
		await sheet.waitSaved();

		const before = await snapshot(page, sheet);
		// Anna's open turn already counts her purchase: 7 − 5.
		expect(before.totals).toEqual([2, 0, 52]);
		expect(before.pad).toMatch(/Anna ist am Zug\s*1 Stein gekauft/);
		expect(before.announcement).toBe('minus fünf');
		expect(
			before.labels.some((label) => /^Ben, Runde 1:.*korrigiert: nur einmal gekauft/.test(label ?? ''))
		).toBe(true);

		await page.reload();
		await sheet.main.waitFor();
		expect(await snapshot(page, sheet)).toEqual(before);

		// A new tab on the same device opens the same round.
		const other = await context.newPage();
		const otherSheet = new SheetPage(other);
		await otherSheet.open(baseURL, id);
		expect(await snapshot(other, otherSheet)).toEqual(before);
		await other.close();

		// Play goes on where it stopped: Anna lays after her purchase.
		await sheet.playTurn('9');
		await sheet.waitSaved();
		expect(await sheet.totals()).toEqual([11, 0, 52]);
		expect(await page.locator('.pad-frame .to-play').innerText()).toMatch(/Ben ist am Zug/);
	});
});
