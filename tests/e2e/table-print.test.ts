// The printed sheet keeps the dots and rings of capitals in the players' names (issue 14, item 13): the
// print view is rendered to a PDF by Chromium (test-results/screens/table-print.pdf, to look at) and every
// name in the sheet's header keeps its letters' whole height inside its box.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './pages/devices';
import { SCREENS } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';

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
	const chromium = useChromium();
	const baseURL = chromium.baseURL;

	it('prints Ünal, Ölçer and Åsa whole in the sheet’s header', async () => {
		const { page } = await chromium.device();
		const { id, sheet } = await new NewRoundPage(page).startRound(baseURL, NAMES, { drawn: [12, 5, 3, 2] });
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
