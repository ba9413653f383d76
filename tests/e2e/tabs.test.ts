// Several windows of one browser on one device: the same round open twice (one writes, the other shows it
// read-only until it takes the round over), and a newer version of the app opening the database in another
// tab while a round is being played here. Nothing confirmed may be lost, nothing written twice.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { IDB_VERSION } from '../../src/lib/db/version';
import { tabletContext, TABLET_LANDSCAPE, watchExternalRequests } from './browser';
import { useChromium } from './pages/devices';
import { dismissAppBanners } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';
import { SheetPage } from './pages/SheetPage';

const ELSEWHERE = 'Diese Runde ist in einem anderen Fenster geöffnet.';
const TAKEN = 'Diese Runde wurde in einem anderen Fenster übernommen.';
/** Dexie opens schema version n as IndexedDB version 10·n: a new release with one more version opens this. */
const NEXT_NATIVE_VERSION = IDB_VERSION + 10;

describe('several windows on one device', () => {
	// A device here has several windows: its contexts are made below and closed with the browser.
	const chromium = useChromium();
	const baseURL = chromium.baseURL;

	/** A tablet whose windows talk to the app only (no service worker: the test serves one page itself). */
	async function tablet() {
		const context = await tabletContext(chromium.browser, TABLET_LANDSCAPE, { serviceWorkers: 'block' });
		context.setDefaultTimeout(15_000);
		const requests = await watchExternalRequests(context, new URL(baseURL).origin);
		const errors: string[] = [];
		const open = async () => {
			const page = await context.newPage();
			page.on('pageerror', (error) => errors.push(error.message));
			await dismissAppBanners(page);
			return { page, sheet: new SheetPage(page) };
		};
		return { context, requests, errors, open };
	}

	async function startRound(page: Page): Promise<string> {
		const { id } = await new NewRoundPage(page).startRound(baseURL, ['Anna', 'Ben', 'Cara'], {
			chosen: 'Anna'
		});
		return id;
	}

	const side = (page: Page) => page.locator('aside.side');

	it('the same round twice: the second window is read-only, follows, takes over; the first hands over', async () => {
		const { open, requests, errors } = await tablet();
		const one = await open();
		const id = await startRound(one.page);
		await one.sheet.playTurn('7');
		await one.sheet.playTurn('d d 5');
		const start = await one.sheet.waitSaved();

		const two = await open();
		await two.sheet.open(baseURL, id);
		await two.page.getByText(ELSEWHERE).waitFor();
		expect(await side(two.page).getAttribute('inert')).not.toBeNull();
		expect(await side(one.page).getAttribute('inert')).toBeNull();
		expect(await two.sheet.totals()).toEqual([7, -5, 0]);
		// Its sheet cells open no correction: nothing can be written from here.
		expect(await two.sheet.cell('Anna', 1).count()).toBe(0);

		// The first window writes on; the second follows what is saved.
		await one.page.bringToFront();
		await one.sheet.playTurn('3-4-5 bridge');
		await one.sheet.waitSaved();
		await expect.poll(() => two.sheet.totals()).toEqual([7, -5, 52]);

		// Taken over: the second window writes, the first one is read-only and says why.
		await two.page.bringToFront();
		await two.page.getByRole('button', { name: 'Hier übernehmen' }).click();
		await one.page.getByText(TAKEN).waitFor();
		await expect.poll(() => side(two.page).getAttribute('inert')).toBeNull();
		expect(await two.page.getByText(ELSEWHERE).count()).toBe(0);
		expect(await side(one.page).getAttribute('inert')).not.toBeNull();

		await two.sheet.playTurn('9');
		expect(await two.sheet.waitSaved()).toBe(start + 2);
		await expect.poll(() => one.sheet.totals()).toEqual([16, -5, 52]);

		// The second window closes the round: the first (shown) writes again, from the stored round.
		await two.page.close();
		await expect.poll(() => side(one.page).getAttribute('inert')).toBeNull();
		expect(await one.page.getByText(TAKEN).count()).toBe(0);
		await one.sheet.playTurn('d 4');
		expect(await one.sheet.waitSaved()).toBe(start + 4);
		expect(await one.sheet.totals()).toEqual([16, -6, 52]);

		// Every entry once, in order: a reload replays exactly this.
		await one.page.reload();
		await one.sheet.main.waitFor();
		expect(await one.sheet.savedCount()).toBe(start + 4);
		expect(await one.sheet.totals()).toEqual([16, -6, 52]);
		expect(errors).toEqual([]);
		expect(requests.external).toEqual([]);
	});

	it('a newer version opens the database in another tab: this one saves, closes, asks to reload, loses nothing', async () => {
		const { context, open, requests, errors } = await tablet();
		const table = await open();
		await startRound(table.page);
		await table.sheet.playTurn('7');
		await table.sheet.playTurn('d d 5');
		await table.sheet.waitSaved();
		// A last tap, and at once the other tab upgrades.
		await table.sheet.playTurn('3-4-5 bridge');

		// The other tab: a page of the same origin that opens the database at the next schema version.
		await context.route(`${baseURL}/neue-version`, (route) =>
			route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>v2</title>' })
		);
		const other = await context.newPage();
		await other.goto(`${baseURL}/neue-version`);
		const upgraded = await other.evaluate((version) => {
			return new Promise<{ version: number; stores: string[] }>((resolve, reject) => {
				const request = indexedDB.open('wertungsblatt', version);
				request.onupgradeneeded = () => request.result.createObjectStore('future', { keyPath: 'id' });
				request.onsuccess = () => {
					const database = request.result;
					const result = { version: database.version, stores: [...database.objectStoreNames] };
					database.close();
					resolve(result);
				};
				request.onerror = () => reject(new Error(String(request.error)));
			});
		}, NEXT_NATIVE_VERSION);
		// The upgrade went through: the table's tab closed its connection.
		expect(upgraded).toEqual({
			version: NEXT_NATIVE_VERSION,
			stores: [
				'absences',
				'events',
				'future',
				'games',
				'held',
				'joined',
				'meta',
				'pending',
				'rounds',
				'standings',
				'tournamentKeys',
				'tournaments'
			]
		});

		// A round is being played here: the scorer is asked, the page does not reload under the finger.
		const dialog = table.page.getByRole('alertdialog', { name: 'Bitte neu laden' });
		await dialog.waitFor();
		expect(await dialog.textContent()).toContain(
			'Eine neuere Version der App wurde in einem anderen Fenster'
		);
		// The last tap reached the disk before the connection closed.
		expect(await table.sheet.main.getAttribute('data-pending')).toBe('0');
		const saved = await table.sheet.savedCount();
		const totals = await table.sheet.totals();
		expect(totals).toEqual([7, -5, 52]);

		await Promise.all([
			table.page.waitForEvent('load'),
			dialog.getByRole('button', { name: 'Neu laden' }).click()
		]);
		await table.sheet.main.waitFor();
		expect(await table.sheet.savedCount()).toBe(saved);
		expect(await table.sheet.totals()).toEqual(totals);
		// And the round goes on in the upgraded database.
		await table.sheet.playTurn('9');
		expect(await table.sheet.waitSaved()).toBe(saved + 1);
		expect(await table.page.getByRole('alertdialog').count()).toBe(0);
		expect(errors).toEqual([]);
		expect(requests.external).toEqual([]);
	});
});
