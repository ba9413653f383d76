// The back-forward cache, switched on as in every real browser (the test driver turns it off by default):
// a scorer types another address in the middle of a round, then comes back with Back. The page comes back
// from the cache as it was — no reload, no blocking "Bitte neu laden" — and play goes on and is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { openOtherSite, type OtherSite } from './other-site';
import { useChromium } from './pages/devices';
import { NewRoundPage } from './pages/NewRoundPage';

describe('back-forward cache on: leaving the app and coming back with Back', () => {
	const chromium = useChromium({ ignoreDefaultArgs: ['--disable-back-forward-cache'] });
	const baseURL = chromium.baseURL;
	let context: BrowserContext;
	let page: Page;
	let elsewhere: OtherSite;

	beforeAll(async () => {
		elsewhere = await openOtherSite();
		({ context, page } = await chromium.device());
		// Which pageshow events the app's pages saw: `persisted` says the page came from the cache.
		await context.addInitScript(() => {
			addEventListener('pageshow', (event) => {
				const shows = ((window as unknown as { __shows?: boolean[] }).__shows ??= []);
				shows.push(event.persisted);
			});
		});
	});
	afterAll(async () => {
		await elsewhere?.close();
	});

	it('keeps the round page alive: no reload, no notice, the next tap is saved', async () => {
		const { sheet } = await new NewRoundPage(page).startRound(baseURL, ['Anna', 'Ben', 'Cara'], {
			chosen: 'Anna'
		});
		await sheet.playTurn('7');
		const saved = await sheet.waitSaved();
		await page.evaluate(() => Object.assign(window, { __stayed: true }));
		// A scorer mid-round has had the app for a while: its service worker is installed and controls the page.
		// (A worker that claims the page while it sits in the cache evicts it: the Back is then a reload.)
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

		await page.goto(elsewhere.url);
		await page.getByRole('heading', { name: 'Anderswo' }).waitFor();
		await page.waitForTimeout(500); // the app's page sits in the cache meanwhile
		expect(new URL(page.url()).origin).not.toBe(baseURL);

		await page.goBack({ waitUntil: 'commit' }); // a page from the cache fires no load
		await sheet.main.waitFor();
		expect(await page.evaluate(() => (window as unknown as { __shows: boolean[] }).__shows)).toEqual([
			false,
			true
		]);
		await page.waitForTimeout(500); // the reload came about 10 ms after the return
		expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);
		await expect(page.getByRole('alertdialog').count()).resolves.toBe(0);

		await sheet.playTurn('d d 5');
		expect(await sheet.waitSaved()).toBeGreaterThan(saved);
	});
});
