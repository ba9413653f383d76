// Nothing on a screen moves unless the person touched it. Whatever comes on its own (a note that the app
// is stored for offline use, the browser's answer about storage, what is read from the database) arrives
// a moment after the screen is in use, and a tap aimed at a button that has just moved lands on something
// else: a missed tap at the table, and what made Firefox's hand-in engine test fail now and then.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';
import { overlaps } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';

/** Where every visible control and heading of the page is, in document order, with its text. */
function layout(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[
			...document.querySelectorAll(
				'header a, header select, main button, main a, main input, main textarea, h1, h2'
			)
		]
			.filter((element) => element.getClientRects().length > 0)
			.map((element) => {
				const box = element.getBoundingClientRect();
				const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 30);
				return `${element.tagName} "${text}" at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
			})
	);
}

/** The note's box lies over the bottom corner, clear of the header, and its button is a tap target. */
async function inTheCorner(page: Page, note: Locator): Promise<void> {
	const box = (await note.boundingBox())!;
	const viewport = page.viewportSize()!;
	const header = (await page.locator('header.app-header').boundingBox())!;
	expect(box.y).toBeGreaterThan(header.y + header.height);
	expect(Math.round(viewport.height - (box.y + box.height))).toBeGreaterThanOrEqual(8);
	const button = (await note.getByRole('button').boundingBox())!;
	expect(Math.min(button.width, button.height)).toBeGreaterThanOrEqual(48);
}

/**
 * Records every layout shift the page had without a person's input before it (Chromium's Layout
 * Instability API: a visible element that moved between two frames), with the elements that moved.
 */
async function recordShifts(context: BrowserContext): Promise<void> {
	await context.addInitScript(() => {
		const seen: string[] = [];
		Object.assign(window, { __shifts: seen });
		interface Shift extends PerformanceEntry {
			readonly value: number;
			readonly hadRecentInput: boolean;
			readonly sources: readonly {
				node?: Node;
				previousRect: DOMRectReadOnly;
				currentRect: DOMRectReadOnly;
			}[];
		}
		new PerformanceObserver((list) => {
			for (const entry of list.getEntries() as Shift[]) {
				if (entry.hadRecentInput) continue;
				const moved = entry.sources.map((source) => {
					const node = source.node as Element | undefined;
					const name = node ? `${node.nodeName.toLowerCase()}.${String(node.className).split(' ')[0]}` : '?';
					const at = (rect: DOMRectReadOnly) =>
						`${Math.round(rect.x)},${Math.round(rect.y)} ${Math.round(rect.width)}×${Math.round(rect.height)}`;
					return `${name} ${at(source.previousRect)} → ${at(source.currentRect)}`;
				});
				seen.push(`${location.pathname}: ${moved.join(', ')}`);
			}
		}).observe({ type: 'layout-shift', buffered: true });
	});
}

/** The shifts recorded on the page since it loaded. */
function shifts(page: Page): Promise<string[]> {
	return page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
}

describe('nothing moves on a screen that nobody touched', () => {
	const chromium = useChromium();

	it('every screen holds still while it loads, on a landscape and on a portrait tablet', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		await recordShifts(context);
		const desk = new DirectorDesk(page, chromium.baseURL);
		await desk.create(/^Triominos-Qualifikation/, 'Herbstturnier');
		await desk.paste(['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn']);
		await desk.drawRound(1);
		const { id: round } = await new NewRoundPage(page).startRound(chromium.baseURL, ['Anna', 'Ben', 'Cara'], {
			chosen: 'Anna'
		});
		const tournament = `/turnier/${desk.id}`;
		const moved: string[] = [];
		for (const viewport of [TABLET_LANDSCAPE, TABLET_PORTRAIT]) {
			await page.setViewportSize(viewport);
			for (const path of [
				'/',
				'/tisch',
				'/club',
				'/turnier',
				'/turnier/neu',
				'/einstellungen',
				tournament,
				`${tournament}/anmeldung`,
				`${tournament}/auslosung`,
				`${tournament}/ergebnisse?runde=1`,
				`${tournament}/austausch`,
				`${tournament}/rangliste`,
				'/runde/neu',
				`/runde/${round}`
			]) {
				await page.goto(`${chromium.baseURL}${path}`);
				await page.locator('main').first().waitFor();
				// What loads by itself has come by then: the stored rows, the browser's figures, a QR code.
				await page.waitForTimeout(700);
				moved.push(...(await shifts(page)).map((shift) => `${viewport.width}×${viewport.height} ${shift}`));
			}
		}
		expect(moved).toEqual([]);
		await context.close();
	});

	for (const [screen, viewport] of [
		['landscape', undefined],
		['portrait', TABLET_PORTRAIT]
	] as const) {
		it(`the note "works offline" on a tablet's first visit to /tisch (${screen})`, async () => {
			const { context, page } = await chromium.device({ dismissBanners: false, viewport });
			// The service worker's script comes a moment late, as on a busy tablet: the screen is measured
			// before the note can come.
			await context.route('**/service-worker.js', async (route) => {
				await new Promise((resolve) => setTimeout(resolve, 1500));
				await route.continue();
			});
			await page.goto(`${chromium.baseURL}/tisch`);
			await page.getByRole('tab', { name: 'Code einfügen' }).waitFor();
			const note = page.locator('aside').filter({ hasText: 'die App funktioniert auch ohne Netz' });
			const before = await layout(page);
			expect(await note.count()).toBe(0);

			await note.waitFor({ timeout: 20_000 });
			expect(await layout(page)).toEqual(before);
			await inTheCorner(page, note);

			await note.getByRole('button', { name: 'OK' }).click();
			await note.waitFor({ state: 'detached' });
			expect(await layout(page)).toEqual(before);
			await context.close();
		});
	}

	it('the advice "Speicher nicht dauerhaft" after the director creates a tournament', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		// The browser refuses a second after it is asked (Firefox asks its user; Chromium decides itself).
		await page.addInitScript(() => {
			Object.defineProperties(StorageManager.prototype, {
				persisted: { value: () => Promise.resolve(false) },
				persist: { value: () => new Promise((resolve) => setTimeout(() => resolve(false), 1500)) }
			});
		});
		await page.goto(`${chromium.baseURL}/turnier/neu`);
		await page.getByRole('radio', { name: /^Triominos-Qualifikation/ }).check();
		await page.getByRole('textbox', { name: 'Name des Turniers' }).fill('Vereinsmeisterschaft');
		await page.getByRole('button', { name: 'Turnier anlegen' }).click();
		await page.getByRole('heading', { level: 1, name: 'Vereinsmeisterschaft' }).waitFor();
		const advice = page.getByRole('complementary', { name: 'Speicher nicht dauerhaft:' });
		const before = await layout(page);
		expect(await advice.count()).toBe(0);

		await advice.waitFor();
		expect(await layout(page)).toEqual(before);
		await inTheCorner(page, advice);

		// Unread, it stays; the page ends with room enough to scroll its last rows out from under it.
		const names = Array.from({ length: 14 }, (_, i) => `Spieler ${String.fromCharCode(65 + i)}`);
		await new DirectorDesk(page, chromium.baseURL).paste(names);
		await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
		const tray = (await advice.boundingBox())!;
		const covered: string[] = [];
		for (const control of await page.locator('main').getByRole('button').all()) {
			const box = await control.boundingBox();
			if (box && overlaps(box, tray)) covered.push((await control.getAttribute('aria-label')) ?? '');
		}
		expect(covered).toEqual([]);
		await context.close();
	});
});
