// Bad input at the table: impossible taps are not offered, a broken .trn is refused with its line and
// reason (German and English) and nothing is written; the new-round screen refuses impossible tables.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { useChromium } from './pages/devices';
import { EXAMPLE_TEXT, screenshot, smallTargets, watchCsp } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';
import { SheetPage } from './pages/SheetPage';

/** Rounds stored in this browser's IndexedDB (read directly, not through the app). */
function storedRounds(page: Page): Promise<number> {
	return page.evaluate(
		() =>
			new Promise<number>((resolve, reject) => {
				// Never creates the database (that would block the app's own open with its schema) and
				// closes the connection again (an open one would block the app's upgrades).
				const open = indexedDB.open('wertungsblatt');
				open.onupgradeneeded = () => open.transaction?.abort();
				open.onerror = () => (open.error?.name === 'AbortError' ? resolve(0) : reject(open.error));
				open.onsuccess = () => {
					const database = open.result;
					if (!database.objectStoreNames.contains('rounds')) return (database.close(), resolve(0));
					const count = database.transaction('rounds').objectStore('rounds').count();
					count.onsuccess = () => (database.close(), resolve(count.result));
					count.onerror = () => (database.close(), reject(count.error));
				};
			})
	);
}

async function importFile(page: Page, name: string, text: string): Promise<void> {
	await page
		.locator('input[type=file]')
		.setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(text) });
}

describe('table: bad input', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	let page: Page;

	beforeAll(async () => {
		({ page } = await chromium.device());
	});

	it('the new-round screen starts only a possible table', async () => {
		const csp = await watchCsp(page);
		const neu = new NewRoundPage(page);
		await neu.open(baseURL);
		await screenshot(page, 'table-new-1280x800');
		await page.setViewportSize(TABLET_PORTRAIT);
		await screenshot(page, 'table-new-800x1280');
		await page.setViewportSize(TABLET_LANDSCAPE);
		const start = page.getByRole('button', { name: /^Runde starten/ });
		expect(await start.isDisabled()).toBe(true);

		await neu.setPlayers(['Anna', 'Ben', 'anna']);
		await page.getByRole('radio', { name: 'Selbst wählen' }).click();
		await page.getByRole('radio', { name: 'Ben', exact: true }).click();
		await page.getByText('„anna“ sitzt zweimal am Tisch.').waitFor();
		expect(await start.isDisabled()).toBe(true);

		await neu.setPlayers(['Anna', 'Ben']);
		expect(
			await page
				.getByRole('button', { name: /entfernen$/ })
				.first()
				.isDisabled()
		).toBe(true);
		await neu.setPlayers(['A', 'B', 'C', 'D', 'E', 'F']);
		expect(await page.getByRole('button', { name: /Spieler hinzufügen/ }).isDisabled()).toBe(true);
		// Seats changed: the start player must be chosen again.
		expect(await start.isDisabled()).toBe(true);
		expect(await csp()).toEqual([]);
	});

	it('refuses a broken record with its line and reason in both languages, and writes nothing', async () => {
		const neu = new NewRoundPage(page);
		await neu.open(baseURL);
		const before = await storedRounds(page);
		const broken = EXAMPLE_TEXT.replace('Dirk: d d d pass', 'Dirk: d d pass');
		await importFile(page, 'kaputt.trn', broken);
		const alert = page.getByRole('alert');
		await alert.waitFor();
		const text = await alert.innerText();
		expect(text).toContain('Nicht importiert – Zeile 10: Dirk darf erst nach drei Käufen passen');
		expect(text).toContain('Not imported – line 10: Dirk may pass only after three purchases');
		expect(new URL(page.url()).pathname).toBe('/runde/neu');
		expect(await storedRounds(page)).toBe(before);

		await importFile(page, 'unsinn.trn', 'Players: Anna, Ben\nAnna: 16\n');
		await page.getByText('Nicht importiert – Zeile 2: Kein Stein hat den Wert 16').waitFor();
		expect(await storedRounds(page)).toBe(before);

		// A good record opens as a new round.
		await importFile(page, 'beispiel.trn', EXAMPLE_TEXT);
		await page.waitForURL(/\/runde\/r-/);
		const sheet = new SheetPage(page);
		await sheet.main.waitFor();
		expect(await sheet.totals()).toEqual([68, 163, 166, 17]);
		expect(await storedRounds(page)).toBe(before + 1);
	});

	it('offers only legal taps: no pass before three purchases, no fourth purchase, no bonus on the first tile', async () => {
		const neu = new NewRoundPage(page);
		await neu.open(baseURL, 'players=Anna,Ben,Cara');
		await neu.chooseStart('Anna');
		await neu.start();
		const sheet = new SheetPage(page);
		expect(await sheet.passButton.isDisabled()).toBe(true);
		expect(await sheet.bonusButton('bridge').isDisabled()).toBe(true);
		expect(await sheet.undoButton.isDisabled()).toBe(true);

		// A tap on a disabled button records nothing.
		await sheet.passButton.click({ force: true });
		await sheet.bonusButton('triple-hexagon').click({ force: true });
		await sheet.valueButton(8).click();
		await sheet.waitSaved();
		expect(await sheet.savedCount()).toBe(1);
		expect(await sheet.cellColumns('Anna', 1)).toEqual(['8', '', '8']);

		for (let i = 0; i < 3; i++) await sheet.buyButton.click();
		await sheet.waitSaved();
		expect(await sheet.buyButton.isDisabled()).toBe(true);
		expect(await sheet.passButton.isEnabled()).toBe(true);
		await sheet.buyButton.click({ force: true });
		await sheet.waitSaved();
		expect(await sheet.savedCount()).toBe(4);
		expect(await smallTargets(page, '.pad-frame')).toEqual([]);
	});

	it('an empty pool allows no purchase; the final lap allows no purchase either', async () => {
		const neu = new NewRoundPage(page);
		await neu.open(baseURL);
		// 3 players, empty pool: Anna lays her seventh tile and goes out, Ben and Cara owe the final lap.
		const lines = ['Players: Anna, Ben, Cara', 'Pool: 0'];
		for (let i = 0; i < 6; i++) lines.push(`Anna: ${i}`, `Ben: ${i + 1}`, `Cara: ${i + 2}`);
		await importFile(page, 'leer.trn', lines.join('\n'));
		await page.waitForURL(/\/runde\/r-/);
		const sheet = new SheetPage(page);
		await sheet.main.waitFor();
		await page.getByText('Vorrat: 0 Steine').waitFor();
		expect(await sheet.buyButton.isDisabled()).toBe(true);
		await page.getByText('Vorrat leer – legen oder passen (−10).').waitFor();
		await page.getByText('Letzter Stein', { exact: true }).waitFor();
		await sheet.valueButton(9).click();
		await page.getByText('Letzte Runde: Ben legt noch einmal – kein Kaufen').waitFor();
		await sheet.waitSaved();
		expect(await sheet.buyButton.isDisabled()).toBe(true);
		expect(await sheet.passButton.innerText()).toMatch(/Passen\s*0/);
	});

	it('speaks English when the app is English', async () => {
		await page.getByRole('combobox', { name: 'Sprache' }).selectOption('en');
		const sheet = new SheetPage(page);
		await page.getByRole('button', { name: /^Buy/ }).waitFor();
		expect(await page.locator('.announce .said').innerText()).toBe(
			'nine, bonus twenty-five, makes thirty-four'
		);
		await page.getByText('Final lap: Ben lays once more – no buying').waitFor();
		await sheet.page.getByRole('combobox', { name: 'Language' }).selectOption('de');
		await page.getByRole('button', { name: /^Kaufen/ }).waitFor();
	});
});
