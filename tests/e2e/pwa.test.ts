// The app as an installed PWA over a tournament day: installed online at home, run offline at the venue,
// updated only between rounds. Version 1 is build/ (from the global setup); version 2 is a second build,
// served later on the same origin, as a new release would be: every hashed file under a new name
// (tests/e2e/release.config.ts), so none of version 1's files is left in the cache once 2 is active.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, tabletContext, watchExternalRequests, type RequestWatch } from './browser';
import { DirectorDesk } from './pages/directorDesk';
import { EXAMPLE_TEXT } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';
import { SheetPage } from './pages/SheetPage';
import { freePort } from '../../src/lib/publish/testing/free-port';
import { AppPage, AppServer, buildApp, buildFiles, buildId, runningBuildId } from './pwa-helpers';

const V1 = 'build';
const V2 = '.tmp/pwa-e2e/build';

const OFFER = 'Neue Version verfügbar – jetzt aktualisieren';
const HELD = 'Eine neue Version ist bereit. Aktualisieren geht nach dem Ende der Runde.';
const OTHER_TAB = 'in einem anderen Fenster installiert';
const OFFLINE_READY = 'funktioniert auch ohne Netz';

/** The notation example up to its last three turns: a round about to end, imported at a table. */
const ENDING = EXAMPLE_TEXT.slice(0, EXAMPLE_TEXT.indexOf('Cara: 9 out'));
/** What is left of it: Cara goes out, the final lap, the hands. */
const LAST_TURNS = ['9', '6', 'pass'];
const HANDS = { Anna: 14, Ben: ['3-4-4', '0-0-1'], Dirk: ['0-1-2', '1-1-1', '0-2-2', '2-3-3', '4-4-4'] };

/** Opens /runde/neu in `page` and imports `record` as a new round; returns the round's id. */
async function importRound(page: Page, origin: string, record: string): Promise<string> {
	await new NewRoundPage(page).open(origin);
	await page
		.locator('input[type=file]')
		.setInputFiles({ name: 'runde.trn', mimeType: 'text/plain', buffer: Buffer.from(record) });
	await page.waitForURL(/\/runde\/r-[a-z0-9]+$/);
	await page.locator('main.table-screen').waitFor();
	return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/** Marks the page's document; {@link sameDocument} tells whether it is still the one (no reload since). */
async function markDocument(page: Page): Promise<void> {
	await page.evaluate(() => Object.assign(window, { __wbSameDocument: true }));
}

async function sameDocument(page: Page): Promise<boolean> {
	try {
		return await page.evaluate(() => '__wbSameDocument' in window);
	} catch {
		return false;
	}
}

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
		buildApp(V2, 'tests/e2e/release.config.ts');
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
		// connect.html is the shell of the pages that reach a CouchDB server: loaded from the network only, so
		// that each such page runs under its own, wider connect-src (scripts/connect-pages.js). index.html is
		// the first visit's start page from the network (scripts/start-shell.js); once the worker has the app,
		// every navigation gets 200.html from it.
		const networkOnly = new Set(['/service-worker.js', '/connect.html', '/index.html']);
		const offline = (path: string) => !networkOnly.has(path);
		const missing = buildFiles(V1).filter((path) => offline(path) && !cached.has(path));
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
		// Issue 25, item 6: the offer is never printed over what is on paper.
		await tab.page.emulateMedia({ media: 'print' });
		expect(await tab.banner(OFFER).isVisible()).toBe(false);
		await tab.page.emulateMedia({ media: 'screen' });
		expect(await tab.banner(OFFER).isVisible()).toBe(true);

		// A reload keeps the running version: the new one waits until the app applies it.
		await tab.page.reload();
		await tab.banner(OFFER).waitFor();
		expect(await runningBuildId(tab.page)).toBe(v1);
		expect(await tab.hasWaitingWorker()).toBe(true);
	});

	it('a round open at a table holds the update until its result is confirmed; other tabs follow at once', async () => {
		const table = new AppPage(await context.newPage());
		const errors: string[] = [];
		table.page.on('pageerror', (error) => errors.push(error.message));
		const idle = new AppPage(await context.newPage());
		await idle.page.goto(`${server.origin}/`);
		await idle.banner(OFFER).waitFor();

		// The table imports a round about to end: the table screen takes its own hold. (Each window is
		// brought to the front before it is tapped: a hidden page gets no animation frames.)
		await table.page.bringToFront();
		const id = await importRound(table.page, server.origin, ENDING);
		expect(await runningBuildId(table.page)).toBe(v1);
		await markDocument(table.page);
		await table.banner(HELD).waitFor();
		expect(await table.updateButton.isDisabled()).toBe(true);

		const sheet = new SheetPage(table.page);
		await sheet.playTurn(LAST_TURNS[0]!);
		await sheet.waitSaved();
		expect(await table.updateButton.isDisabled()).toBe(true);

		// Another tab applies the update: it and the idle tab reload onto version 2, the table stays on 1.
		await tab.page.bringToFront();
		await tab.updateButton.click();
		await expect.poll(() => runningBuildId(tab.page), { timeout: 15_000 }).toBe(v2);
		await expect.poll(() => runningBuildId(idle.page), { timeout: 15_000 }).toBe(v2);
		await table.page.bringToFront();
		await table.banner(OTHER_TAB).waitFor();
		expect(await runningBuildId(table.page)).toBe(v1);
		expect(await sameDocument(table.page)).toBe(true);
		expect(await tab.hasWaitingWorker()).toBe(false);
		expect(await tab.banner(OFFER).count()).toBe(0);

		// The round goes on to its end on version 1 …
		for (const turn of LAST_TURNS.slice(1)) await sheet.playTurn(turn);
		await sheet.waitSaved();
		expect(await sheet.phase()).toBe('settle');
		await sheet.enterHands(HANDS);
		await sheet.settle();
		await sheet.waitSaved();
		expect(await runningBuildId(table.page)).toBe(v1);
		expect(await sameDocument(table.page)).toBe(true);

		// … and once its result is confirmed, the table moves to version 2, showing the confirmed round.
		await sheet.button('Ergebnis bestätigen').click();
		await expect.poll(() => runningBuildId(table.page), { timeout: 15_000 }).toBe(v2);
		expect(await sameDocument(table.page)).toBe(false);
		expect(new URL(table.page.url()).pathname).toBe(`/runde/${id}`);
		await table.page.getByText('Ergebnis bestätigt.').waitFor();
		expect(errors).toEqual([]);
	});

	it('never fetched anything from another origin', () => {
		expect(requests.seen().serviceWorker).toBeGreaterThan(0); // the service worker's own fetches were watched too
		expect(requests.external).toEqual([]);
	});

	it('a table left on the old version finishes its round offline: correction, check, settlement, print view', async () => {
		// A fresh tablet installs version 1 and imports a round about to end …
		await server.start(V1);
		const tablet = await tabletContext(browser);
		tablet.setDefaultTimeout(10_000);
		const tabletRequests = await watchExternalRequests(tablet, server.origin);
		const table = new AppPage(await tablet.newPage());
		const errors: string[] = [];
		table.page.on('pageerror', (error) => errors.push(error.message));
		await table.page.goto(`${server.origin}/`);
		await table.banner(OFFLINE_READY).waitFor();
		const id = await importRound(table.page, server.origin, ENDING);
		expect(await runningBuildId(table.page)).toBe(v1);
		await markDocument(table.page);

		// … version 2 comes out, and another window of the tablet applies it …
		await server.start(V2);
		const other = new AppPage(await tablet.newPage());
		await other.page.goto(`${server.origin}/`);
		await other.banner(OFFER).waitFor();
		await other.updateButton.click();
		await expect.poll(() => runningBuildId(other.page), { timeout: 15_000 }).toBe(v2);
		await table.page.bringToFront();
		await table.banner(OTHER_TAB).waitFor();

		// … so version 1's files have left the cache; and the venue has no network.
		await server.stop();
		await tablet.setOffline(true);
		const cached = new Set(await table.cachedPaths());
		const v1Files = buildFiles(V1).filter((path) => path.startsWith('/_app/immutable/'));
		expect(v1Files.filter((path) => cached.has(path))).toEqual([]);

		const sheet = new SheetPage(table.page);
		const onVersion1 = async (step: string) => {
			expect(await runningBuildId(table.page), step).toBe(v1);
			expect(await sameDocument(table.page), `${step}: no reload`).toBe(true);
		};

		// The correction dialog.
		await sheet.cell('Ben', 1).click();
		const dialog = table.page.getByRole('dialog', { name: /Zug korrigieren: Ben, Runde 1/ });
		await dialog.getByRole('button', { name: 'Korrektur speichern' }).waitFor();
		await dialog.getByRole('button', { name: 'Abbrechen' }).click();
		await dialog.waitFor({ state: 'detached' });
		await onVersion1('correction dialog');

		// The announcement check.
		await sheet.playTurn(LAST_TURNS[0]!);
		await sheet.waitSaved();
		await sheet.checkAnnouncement(await table.page.locator('.announce .said').innerText());
		await table.page.getByText('Ansage stimmt.').waitFor();
		await onVersion1('announcement check');

		// The round end and its settlement.
		for (const turn of LAST_TURNS.slice(1)) await sheet.playTurn(turn);
		await sheet.waitSaved();
		expect(await sheet.phase()).toBe('settle');
		await sheet.enterHands(HANDS);
		await sheet.settle();
		await sheet.waitSaved();
		expect((await sheet.result()).map((row) => row.name).sort()).toEqual(['Anna', 'Ben', 'Cara', 'Dirk']);
		await onVersion1('settlement');

		// The print view of the round.
		await sheet.openMenu();
		await table.page.getByRole('link', { name: 'Druckansicht' }).click();
		await table.page.waitForURL(`${server.origin}/runde/${id}/druck`);
		await table.page.getByRole('heading', { level: 1, name: 'Wertungsblatt Triominos' }).waitFor();
		await onVersion1('print view');

		expect(errors).toEqual([]);
		expect(tabletRequests.external).toEqual([]);
		await tablet.close();
	});
});
