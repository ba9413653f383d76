// The printed sheet keeps the dots and rings of capitals in the players' names (issue 14, item 13): the
// print view is rendered to a PDF by Chromium (test-results/screens/table-print.pdf, to look at) and every
// name in the sheet's header keeps its letters' whole height inside its box.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, tabletContext } from './browser';
import { dismissAppBanners, SCREENS } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';
import { SheetPage } from './pages/SheetPage';

const NAMES = ['Ünal', 'Ölçer', 'Åsa', 'Ängelholm-Öztürk'];

/**
 * Names whose box clips too close to their letters. A text range's box is the font's ascent and
 * descent, whatever the line height says; the dots and rings on capitals (Ü, Ö, Å) reach above the
 * ascent in many fonts (Roboto, Segoe UI), so a clipping box leaves at least 0.15 em above it.
 */
function clippedNames(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[...document.querySelectorAll<HTMLElement>('table.sheet thead .name')]
			.filter((el) => {
				const box = el.getBoundingClientRect();
				const range = document.createRange();
				range.selectNodeContents(el);
				const text = [...range.getClientRects()];
				const style = getComputedStyle(el);
				const room = 0.15 * parseFloat(style.fontSize);
				const clips = style.overflow !== 'visible';
				return clips && text.some((r) => r.top - box.top < room || r.bottom > box.bottom + 0.5);
			})
			.map((el) => el.textContent ?? '')
	);
}

describe('table: the print view', () => {
	let browser: Browser;
	let context: BrowserContext;
	const baseURL = inject('baseURL');

	beforeAll(async () => {
		browser = await launchChromium();
		context = await tabletContext(browser);
	});
	afterAll(async () => {
		await context?.close();
		await browser?.close();
	});

	it('prints Ünal, Ölçer and Åsa whole in the sheet’s header', async () => {
		const page = await context.newPage();
		await dismissAppBanners(page);
		const neu = new NewRoundPage(page);
		await neu.open(baseURL);
		await neu.setPlayers(NAMES);
		await neu.draw([12, 5, 3, 2]);
		const id = await neu.start();
		const sheet = new SheetPage(page);
		for (const tokens of ['12', 'd 7', '5', '9']) {
			await sheet.playTurn(tokens);
			await sheet.waitSaved();
		}

		await page.goto(`${baseURL}/runde/${id}/druck`);
		await page.locator('table.sheet').waitFor();
		await page.emulateMedia({ media: 'print' });
		expect(await clippedNames(page)).toEqual([]);
		mkdirSync(SCREENS, { recursive: true });
		await page.pdf({
			path: `${SCREENS}/table-print.pdf`,
			format: 'A4',
			landscape: true,
			printBackground: true
		});
	});
});
