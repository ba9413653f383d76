// The turn pad never moves under the finger: a long round with long names, purchases, bonuses, the
// final lap, announcement checks and a mismatch, in both tablet orientations; after every turn each pad
// button sits exactly where it sat at the first turn (issue 14, item 1), and so does the announcement's
// read-back toggle (issue 25, item 8).
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { useChromium } from './pages/devices';
import { EXAMPLE_TEXT, screenshot, turnLines } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';

const NAMES: Record<string, string> = {
	Anna: 'Anna-Lena Müller',
	Ben: 'Hans-Jürgen Schmidt-Bauer',
	Cara: 'Zoë',
	Dirk: 'Jörg'
};

/**
 * The notation example with two more laps in which everybody buys once and lays (hands stay as they
 * were, so the example's ending still holds): 43 turns.
 */
function longRound(): { player: string; tokens: string }[] {
	const turns = turnLines(EXAMPLE_TEXT);
	const beforeLastLap = turns.findIndex((turn, i) => i > 20 && turn.player === 'Ben' && turn.tokens === '2');
	const extra = ['d 5', 'd 9 bridge', 'd 3', 'd 4', 'd 7', 'd 2', 'd 6', 'd 1'].map((tokens, i) => ({
		player: ['Ben', 'Cara', 'Dirk', 'Anna'][i % 4]!,
		tokens
	}));
	return [...turns.slice(0, beforeLastLap), ...extra, ...turns.slice(beforeLastLap)];
}

/** Every pad button's box, keyed by its place in the pad and its first word ("Passen −10" turns "Passen 0"). */
function padBoxes(page: Page): Promise<Record<string, string>> {
	return page.evaluate(() => {
		const boxes: Record<string, string> = {};
		document.querySelectorAll('section.pad button').forEach((button, i) => {
			const r = button.getBoundingClientRect();
			const name = button.getAttribute('aria-label') ?? button.textContent?.trim().split(/\s/)[0];
			boxes[`${i} ${name}`] = `${r.x},${r.y},${r.width},${r.height}`;
		});
		return boxes;
	});
}

/** Names in the sheet's header that are cut (wider or taller than their box). */
function clippedNames(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[...document.querySelectorAll<HTMLElement>('table.sheet thead .name')]
			.filter((el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1)
			.map((el) => el.textContent ?? '')
	);
}

/** Whether the sheet's current row is wholly inside the sheet's visible part. */
function currentRowShown(page: Page): Promise<boolean> {
	return page.evaluate(
		() =>
			new Promise<boolean>((done) =>
				// The sheet scrolls in the frame after a change: read it after that.
				requestAnimationFrame(() =>
					requestAnimationFrame(() => {
						const box = document.querySelector('.sheet-box .scroller');
						const row = document.querySelector('[data-current-row]');
						if (!box || !row) return done(false);
						const outer = box.getBoundingClientRect();
						const inner = row.getBoundingClientRect();
						const head = box.querySelector('thead')?.getBoundingClientRect().height ?? 0;
						const foot = box.querySelector('tfoot')?.getBoundingClientRect().height ?? 0;
						done(inner.top >= outer.top + head - 1 && inner.bottom <= outer.bottom - foot + 1);
					})
				)
			)
	);
}

describe('table: the pad stays put for a whole round', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	let context: BrowserContext | undefined;

	it.each([
		['1280x800', TABLET_LANDSCAPE],
		['800x1280', TABLET_PORTRAIT]
	] as const)(
		'%s: every pad button keeps its box from the first turn to the last',
		async (size, viewport) => {
			await context?.close();
			const device = await chromium.device({ viewport });
			context = device.context;
			const page = device.page;
			// The start draw: Ben and Cara tie on 12 and draw again (9, 4).
			const { sheet } = await new NewRoundPage(page).startRound(baseURL, Object.values(NAMES), {
				drawn: [5, 12, 12, 3, 9, 4]
			});
			await sheet.buyButton.waitFor();
			const first = await padBoxes(page);
			// Issue 25, item 8: the "Ansage vorlesen" toggle stays where it is, whatever the phrase's length.
			const speakBox = () => page.locator('.announce .speak').boundingBox();
			const speak = await speakBox();
			expect(speak).not.toBeNull();
			expect(Object.keys(first).length).toBeGreaterThanOrEqual(25);
			const turns = longRound();
			expect(turns.length).toBeGreaterThanOrEqual(40);
			let measured = 0;
			for (const [index, { tokens }] of turns.entries()) {
				// A purchase shows "1 Stein gekauft" before the tile is laid: measured in between too.
				const [draws, play] = /^(d )+/.test(tokens)
					? [tokens.match(/d /g)!.length, tokens.replace(/^(d )+/, '')]
					: [0, tokens];
				for (let d = 0; d < draws; d++) {
					await sheet.buyButton.click();
					await sheet.waitSaved();
					expect(await padBoxes(page), `${size}, turn ${index + 1}, after buying`).toEqual(first);
				}
				await sheet.playTurn(play);
				await sheet.waitSaved();
				if ((await sheet.phase()) !== 'play' && (await sheet.phase()) !== 'finalLap') break;
				if (index === 0) {
					await sheet.checkAnnouncement('zwölf');
					// Item 3: long names are read whole on the sheet; the "… legen" key stays on screen.
					expect(await clippedNames(page), size).toEqual([]);
					await sheet.button('Zahlen').click();
					const layKey = await sheet.button(/legen$/).boundingBox();
					expect(layKey && layKey.y + layKey.height <= viewport.height, `${size}: lay key on screen`).toBe(
						true
					);
					await sheet.button('Wert').click();
				}
				if (index === 1) {
					// Item 7: the announcement keys are a button that looks like one, not a text link.
					const toggle = page.getByRole('button', { name: /Ansage-Tasten/ });
					const look = await toggle.evaluate((el) => {
						const style = getComputedStyle(el);
						return {
							border: style.borderTopWidth,
							underline: style.textDecorationLine,
							height: el.getBoundingClientRect().height
						};
					});
					expect(look.border).not.toBe('0px');
					expect(look.underline).toBe('none');
					expect(look.height).toBeGreaterThanOrEqual(48);
				}
				if (index === 4) {
					// "8 hexagon" announced as a plain 8: the mismatch blocks the pad until it is resolved.
					await sheet.checkAnnouncement('acht');
					await page
						.getByRole('alertdialog')
						.filter({ hasText: 'Die Ansage von Hans-Jürgen Schmidt-Bauer (Runde 2) weicht ab' })
						.waitFor();
					expect(await padBoxes(page), `${size}, turn ${index + 1}, mismatch open`).toEqual(first);
					await screenshot(page, `table-layout-mismatch-${size}`);
					await sheet.button('Ansage trotzdem übernehmen').click();
					await sheet.waitSaved();
				}
				if (index === 8) await screenshot(page, `table-layout-round-${size}`);
				if (index === 32) {
					// Item 8: late in the round, a mismatch panel open leaves the current lap in view.
					await sheet.checkAnnouncement('99');
					await page.getByRole('alertdialog').filter({ hasText: 'weicht ab' }).waitFor();
					expect(await currentRowShown(page), `${size}: current lap in view`).toBe(true);
					expect(await padBoxes(page), `${size}, turn ${index + 1}, mismatch open`).toEqual(first);
					await screenshot(page, `table-layout-late-mismatch-${size}`);
					await sheet.button('Ansage trotzdem übernehmen').click();
					await sheet.waitSaved();
				}
				expect(await padBoxes(page), `${size}, turn ${index + 1}: ${tokens}`).toEqual(first);
				expect(await speakBox(), `${size}, turn ${index + 1}: the read-back toggle`).toEqual(speak);
				measured++;
			}
			expect(measured).toBeGreaterThanOrEqual(40);
			await screenshot(page, `table-layout-end-${size}`);

			// Items 4 and 5: the tapped hand shows its sum; a confirmed round is no dead end, and the
			// last turn's banner ("Anna-Lena Müller passe") has gone.
			await sheet.enterHands({
				'Anna-Lena Müller': 14,
				'Hans-Jürgen Schmidt-Bauer': ['3-4-4', '0-0-1'],
				Jörg: ['0-1-2', '1-1-1', '0-2-2', '2-3-3', '4-4-4']
			});
			await page.getByText('5 von 5 Steinen = 30').waitFor();
			await screenshot(page, `table-layout-hands-${size}`);
			await sheet.settle();
			await sheet.confirm();
			await page.getByRole('link', { name: 'Neue Runde mit denselben Spielern →' }).waitFor();
			expect(await page.locator('.announce').count()).toBe(0);
			await screenshot(page, `table-layout-confirmed-${size}`);

			// Item 9: the tile set is named, not a bare "56"; item 12: the menu says why the check is on.
			expect(await page.locator('.topbar .meta').innerText()).toMatch(/^56 Steine/);
			await sheet.openMenu();
			await page.getByText('Im Turnier von Anfang an: dort gehört die Ansage zu den Regeln').waitFor();

			// Item 14: back on the start page by the app's own navigation, the title follows.
			expect(await page.title()).toBe(`${Object.values(NAMES).join(', ')} – Wertungsblatt`);
			const tableTitle = await page.title();
			await page.getByRole('navigation').getByRole('link', { name: 'Start', exact: true }).click();
			await page.waitForURL((url) => url.pathname === '/');
			await page.waitForFunction((before) => document.title !== before, tableTitle, { timeout: 5000 });
			expect(await page.title()).toBe('Wertungsblatt');
		}
	);
});
