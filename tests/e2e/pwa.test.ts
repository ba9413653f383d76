// The app as an installed PWA over a tournament day: installed online at home, run offline at the venue,
// updated only between rounds. Version 1 is build/ (from the global setup); version 2 is a second build,
// served later on the same origin, as a new release would be.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium, tabletContext, watchExternalRequests, type RequestWatch } from './browser';
import { DirectorDesk } from './pages/directorDesk';
import { NewRoundPage } from './pages/NewRoundPage';
import { SheetPage } from './pages/SheetPage';
import { AppPage, AppServer, buildApp, buildFiles, buildId, freePort, runningBuildId } from './pwa-helpers';

const V1 = 'build';
const V2 = '.tmp/pwa-e2e/build';

const OFFER = 'Neue Version verfügbar – jetzt aktualisieren';
const HELD = 'Eine neue Version ist bereit. Aktualisieren geht nach dem Ende der Runde.';
const OTHER_TAB = 'in einem anderen Fenster installiert';
const OFFLINE_READY = 'funktioniert auch ohne Netz';

describe('offline-first PWA', () => {
	let browser: Browser;
	let context: BrowserContext;
	let server: AppServer;
	/** Requests that left the app's origin, from any page or the service worker. */
	let requests: RequestWatch;
	let v1: string;
	let v2: string;
	let tab: AppPage;
	/** A round and a tournament started online, opened offline later by deep links. */
	let roundId: string;
	let tournamentId: string;

	beforeAll(async () => {
		rmSync('.tmp/pwa-e2e', { recursive: true, force: true });
		buildApp(V2);
		v1 = buildId(V1);
		v2 = buildId(V2);
		server = new AppServer(await freePort());
		await server.start(V1);
		browser = await launchChromium();
		context = await tabletContext(browser);
		context.setDefaultTimeout(10_000);
		requests = await watchExternalRequests(context, server.origin);
	});

	afterAll(async () => {
		await context?.close();
		await browser?.close();
		await server?.stop();
	});

	it('ships production builds: no Workbox development logger in the service worker, no Svelte dev mode', () => {
		// Both builds ran under vitest (NODE_ENV=test), as every e2e build does.
		for (const dir of [V1, V2]) {
			const worker = readFileSync(join(dir, 'service-worker.js'), 'utf8');
			expect(worker.match(/__WB_DISABLE_DEV_LOGS|%cworkbox|groupCollapsed/g) ?? [], dir).toEqual([]);
			const app = buildFiles(dir)
				.filter((path) => path.endsWith('.js') && path.startsWith('/_app/'))
				.map((path) => readFileSync(join(dir, path), 'utf8'))
				.join('\n');
			expect(app.match(/__svelte_meta|ownership_invalid/g) ?? [], dir).toEqual([]);
		}
	});

	it('installs on the first visit: the service worker controls the page and caches every built file', async () => {
		expect(v2).not.toBe(v1);
		tab = new AppPage(await context.newPage());
		await tab.page.goto(`${server.origin}/`);
		await tab.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
		expect(await tab.controller()).toBe(`${server.origin}/service-worker.js`);
		await tab.banner(OFFLINE_READY).waitFor();

		const cached = new Set(await tab.cachedPaths());
		const missing = buildFiles(V1).filter((path) => path !== '/service-worker.js' && !cached.has(path));
		expect(missing).toEqual([]);
	});

	it('installs at the root even when the first visit is a deep link', async () => {
		const fresh = await tabletContext(browser);
		const page = await fresh.newPage();
		await page.goto(`${server.origin}/club/neu`);
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 10_000 });
		const registration = await page.evaluate(async () => {
			const r = await navigator.serviceWorker.getRegistration();
			return { scope: r?.scope, script: r?.active?.scriptURL };
		});
		expect(registration).toEqual({
			scope: `${server.origin}/`,
			script: `${server.origin}/service-worker.js`
		});
		await fresh.close();
	});

	it('keeps a round and a tournament started online', async () => {
		const setup = new NewRoundPage(tab.page);
		await setup.open(server.origin, 'players=Anna,Ben,Cara&start=choose');
		await tab.page.getByRole('radio', { name: 'Anna', exact: true }).click();
		roundId = await setup.start();
		tournamentId = await new DirectorDesk(tab.page, server.origin).create(
			/^Triominos-Qualifikation/,
			'Offline-Pokal'
		);
		expect(roundId).toMatch(/^r-/);
		expect(tournamentId).toMatch(/^t-/);
	});

	it('runs offline: a reload and deep links to the round, the desk and an unknown path', async () => {
		await server.stop();
		await context.setOffline(true);

		await tab.page.reload();
		await tab.page.getByRole('heading', { level: 1, name: 'Offline-Pokal' }).waitFor();

		const sheet = new SheetPage(tab.page);
		const desk = tab.page.getByRole('navigation', { name: 'Bereiche der Turnierleitung' });
		const screens: [string, () => Promise<void>][] = [
			[
				`/runde/${roundId}`,
				async () => {
					await tab.page.locator('table.sheet').waitFor();
					await tab.page.waitForFunction(() =>
						[...document.querySelectorAll('button')].some(
							(b) => b.textContent?.trim().startsWith('Kaufen') && !b.disabled
						)
					);
					expect(await sheet.main.getAttribute('data-round')).toBe(roundId);
				}
			],
			[
				`/turnier/${tournamentId}/anmeldung`,
				async () => {
					await tab.page.getByRole('heading', { level: 1, name: 'Offline-Pokal' }).waitFor();
					await tab.page.getByRole('textbox', { name: 'Namensliste' }).waitFor();
				}
			],
			[
				`/turnier/${tournamentId}`,
				async () => {
					await desk.waitFor();
					await tab.page.getByRole('heading', { level: 1, name: 'Offline-Pokal' }).waitFor();
				}
			],
			[
				'/gibt/es/nicht',
				// The client router started in the shell and rendered its own "not found".
				() => tab.page.locator('#svelte-announcer').waitFor({ state: 'attached' })
			]
		];
		for (const [path, shown] of screens) {
			const response = await tab.page.goto(`${server.origin}${path}`);
			expect(response?.status(), path).toBe(200);
			expect(response?.fromServiceWorker(), path).toBe(true);
			await shown();
			expect(await runningBuildId(tab.page), path).toBe(v1);
		}
	});

	it('plays a turn sequence offline (buy, lay, pass, undo) that survives an offline reload', async () => {
		const sheet = new SheetPage(tab.page);
		const errors: string[] = [];
		tab.page.on('pageerror', (error) => errors.push(error.message));
		await sheet.open(server.origin, roundId);

		await sheet.playTurn('d d 12'); // Anna buys twice and lays a 12
		await sheet.playTurn('d d d pass'); // Ben buys three times and passes
		await sheet.playTurn('9'); // Cara lays a 9 …
		await sheet.waitSaved();
		const before = await sheet.totals();
		await sheet.undoButton.click(); // … taken back: it was a 7
		await sheet.playTurn('7');
		const saved = await sheet.waitSaved();
		const totals = await sheet.totals();
		expect(totals[0]).toBe(before[0]);
		expect(totals[1]).toBe(before[1]);
		expect(totals[2]).toBe((before[2] ?? NaN) - 2);
		expect(saved).toBe(3 + 4 + 1 + 1 + 1);

		const response = await tab.page.reload();
		expect(response?.fromServiceWorker()).toBe(true);
		await sheet.main.waitFor();
		await tab.page.waitForFunction(
			(n) => Number(document.querySelector('main.table-screen')?.getAttribute('data-saved')) === n,
			saved
		);
		expect(await sheet.totals()).toEqual(totals);
		expect(await sheet.phase()).toBe('play');
		expect(await sheet.buyButton.isEnabled()).toBe(true);
		expect(errors).toEqual([]);
		// Leave the round (its hold on updates ends with the screen).
		await tab.page.goto(`${server.origin}/`);
	});

	it('finds a new version and offers it without applying it', async () => {
		await server.start(V2);
		await context.setOffline(false);

		await tab.page.goto(`${server.origin}/`);
		await tab.banner(OFFER).waitFor();
		expect(await tab.updateButton.isEnabled()).toBe(true);
		expect(await runningBuildId(tab.page)).toBe(v1);

		// A reload keeps the running version: the new one waits until the app applies it.
		await tab.page.reload();
		await tab.banner(OFFER).waitFor();
		expect(await runningBuildId(tab.page)).toBe(v1);
		expect(await tab.hasWaitingWorker()).toBe(true);
	});

	it('applies the update only between rounds; other tabs follow unless a round is running there', async () => {
		const otherTable = new AppPage(await context.newPage());
		const idleTab = new AppPage(await context.newPage());
		for (const page of [otherTable, idleTab]) {
			await page.page.goto(`${server.origin}/`);
			await page.banner(OFFER).waitFor();
		}

		await tab.startRound('Runde 1 läuft');
		await tab.banner(HELD).waitFor();
		expect(await tab.updateButton.isDisabled()).toBe(true);
		await otherTable.startRound('Runde 1 läuft');

		await tab.endRound();
		await tab.banner(OFFER).waitFor();
		await tab.updateButton.click();

		// This tab and the idle one reload onto version 2; the tab in a round stays on version 1.
		await expect.poll(() => runningBuildId(tab.page), { timeout: 15_000 }).toBe(v2);
		await expect.poll(() => runningBuildId(idleTab.page), { timeout: 15_000 }).toBe(v2);
		await otherTable.banner(OTHER_TAB).waitFor();
		expect(await runningBuildId(otherTable.page)).toBe(v1);
		expect(await tab.hasWaitingWorker()).toBe(false);
		expect(await tab.banner(OFFER).count()).toBe(0);

		// The round there ends: that tab reloads onto version 2 by itself.
		await otherTable.endRound();
		await expect.poll(() => runningBuildId(otherTable.page), { timeout: 15_000 }).toBe(v2);
	});

	it('never fetched anything from another origin', () => {
		expect(requests.seen().serviceWorker).toBeGreaterThan(0); // the service worker's own fetches were watched too
		expect(requests.external).toEqual([]);
	});
});
