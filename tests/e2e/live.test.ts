import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { spectatorId } from '../../src/lib/codecs/spectator';
import { sampleTournament } from '../../src/lib/domain/tournament/sample';
import { hangProxy, type HangProxy } from '../../src/lib/live/testing/hang-proxy';
import { requestLog, unlikeRevalidation } from '../../src/lib/live/testing/request-log';
import { startCouch, type CouchServer } from '../../src/lib/publish/testing/couch-server';
import { publicSeason, type SeasonPublisher } from '../../src/lib/publish/testing/public-season';
import type { Publishable } from '../../src/lib/publish/snapshot';
import { FINAL_TIE, publishable, roundByRound, upTo } from '../../src/lib/publish/testing/published';
import { launchChromium, tabletContext } from './browser';
import { LivePages, PHONE, TABLET } from './pages/livePages';
import { watchCsp } from './pages/fixtures';

/**
 * The spectators' side of issue 29 against a real CouchDB-protocol server (express-pouchdb on loopback,
 * a public season): the live page on a phone when the venue's network hangs (item 6), after the final
 * (item 7), its phone layout (item 8), and the season's links, the rounds' tables and a player's page
 * (item 9). The director publishes from node with her key (`publishTournament`, as the desk and command line).
 */

/** When the director published (fixed): „Stand“ says this, whenever the phone fetched. */
const PUBLISHED_AT = '2027-04-10T16:05:00.000Z';
/** The same moment on a phone in Germany. */
const PUBLISHED_SHOWN = 'Stand: 10.04.2027, 18:05';

describe('the live pages for spectators', () => {
	let couch: CouchServer;
	let proxy: HangProxy;
	let director: SeasonPublisher;
	let browser: Browser;
	let context: BrowserContext;
	let phone: Page;
	let live: LivePages;
	const baseURL = inject('baseURL');
	const koeln = publishable('t-koeln', FINAL_TIE);
	const finalOpened = koeln.events.findIndex((event) => event.type === 'final-opened');

	beforeAll(async () => {
		couch = await startCouch();
		director = await publicSeason(couch, 'saison');
		// The spectators reach the server through a proxy that can hang like a venue's Wi-Fi.
		proxy = await hangProxy(couch.origin);
		browser = await launchChromium();
		context = await tabletContext(browser, PHONE, {
			isMobile: true,
			hasTouch: true,
			timezoneId: 'Europe/Berlin'
		});
		phone = await context.newPage();
		live = new LivePages(phone, baseURL, `${proxy.origin}/saison`);
	}, 60_000);
	// The network comes back after each test, whatever it left behind.
	afterEach(() => proxy.resume());
	afterAll(async () => {
		await browser?.close();
		await proxy?.close();
		await couch?.stop();
	});

	const publish = async (tournament: Publishable, at = PUBLISHED_AT) => {
		const done = await director.publish(tournament, { now: () => at });
		if (!done.ok) throw new Error(JSON.stringify(done.error));
		return done.value;
	};

	it('item 6: „Stand“ is when the director published; a server that hangs shows „Keine Verbindung seit …“ within 30 s', async () => {
		const violations = await watchCsp(phone);
		await publish(upTo(koeln, finalOpened));
		await live.open('/live', 'lea:t-koeln');
		await live.heading('Quali Köln');
		await live.waitBadge(/^Live$/, 10_000);

		const answered = Date.now();
		proxy.hang();
		const since = await live.waitBadge(/^Keine Verbindung seit (\d\d):(\d\d):(\d\d)$/, 30_000);
		expect(Date.now() - answered).toBeLessThan(30_000);
		// Since the phone's last answer (the last question before the hang, at most one pause earlier).
		const clock = (ms: number) =>
			new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', timeStyle: 'medium' }).format(ms);
		const at = since.slice(-8);
		expect(at <= clock(answered) && at >= clock(answered - 5_000), `${at} near ${clock(answered)}`).toBe(
			true
		);
		// What the page shows is as the director published it, whenever the phone last fetched it.
		expect(await live.status()).toMatchObject({ asOf: PUBLISHED_SHOWN });
		await live.shot('live-offline-390x844');

		proxy.resume();
		await live.waitBadge(/^Live$/, 45_000);
		expect(await violations()).toEqual([]);
	}, 120_000);

	it('the page asks without a preflight: over several polls no OPTIONS, the browser revalidates its copy, a publish still shows', async () => {
		// The app on one origin, the server on another (the proxy's port), as a season is deployed. A GET
		// with a header that is not CORS-safelisted (If-None-Match, Cache-Control) is preceded by an OPTIONS
		// preflight unless the server lets the browser cache it (pouchdb-server sends no Access-Control-Max-Age).
		const [first, second] = roundByRound(publishable('t-cors', sampleTournament('triominos', 9, 2, 'cors')));
		await publish(first!, '2027-04-10T16:05:00.000Z');
		const log = await requestLog(couch.origin);
		try {
			const page = new LivePages(phone, baseURL, `${log.origin}/saison`);
			const documentPath = `/saison/${encodeURIComponent(spectatorId('lea:t-cors'))}`;
			const asked = () => log.requests.filter((r) => r.method === 'GET' && r.path.endsWith(documentPath));
			await page.open('/live', 'lea:t-cors');
			await page.waitBadge(/^Live$/, 10_000);
			await expect.poll(() => asked().length, { timeout: 8_000, interval: 100 }).toBeGreaterThanOrEqual(3);
			await publish(second!, '2027-04-10T16:40:00.000Z');
			await expect
				.poll(async () => (await page.status()).asOf, { timeout: 5_000, interval: 100 })
				.toBe('Stand: 10.04.2027, 18:40');
			// No preflight; the browser's HTTP cache sent Cache-Control: max-age=0 on every GET and If-None-Match
			// with the ETag of the last full answer once it had one, and handed the page its copy on a 304 — what
			// the bench's simulated phones send (live/testing/browser-cache-fetch.ts).
			expect(unlikeRevalidation(log.requests, documentPath)).toEqual([]);
			expect(asked().filter((get) => get.status === 304).length).toBeGreaterThanOrEqual(2);
		} finally {
			await log.close();
		}
	}, 20_000);

	it('item 7: after the final, places and points by the final; „Finale, Runde 2“; the lot at the last qualifying place', async () => {
		await publish(koeln);
		await live.open('/live', 'lea:t-koeln');
		await live.heading('Quali Köln');
		await phone.locator('table tbody tr').first().waitFor();
		expect((await live.standingsRows()).slice(0, 5)).toEqual([
			['Finale'],
			['1.', 'Spieler A', '10', '180'],
			['2.', 'Spieler D', '4', '110'],
			['2.', 'Spieler G', '4', '110'],
			['Vorrunde']
		]);
		await live.heading('Endstand', 2);
		await live.heading('Sitzplan · Finale, Runde 2', 2);
		expect(await live.paragraph(/^Qualifiziert \(2\)/)).toBe(
			'Qualifiziert (2): Spieler A. Um den letzten Platz entscheidet das Los zwischen Spieler D und Spieler G.'
		);
	});

	it('item 8: on a phone the column headers stay whole and no note lies over the rows', async () => {
		await publish(koeln);
		// A first visit: the service worker stores the app, which brings the note that it works offline.
		const fresh = await tabletContext(browser, PHONE, { isMobile: true, hasTouch: true });
		try {
			const page = await fresh.newPage();
			const first = new LivePages(page, baseURL, `${proxy.origin}/saison`);
			await first.open('/live', 'lea:t-koeln');
			await first.heading('Quali Köln');
			await page.locator('thead th').first().waitFor();
			// The service worker has stored the app: on this first visit its note comes a moment later.
			await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
				timeout: 30_000
			});
			await page.waitForTimeout(3_000);
			expect(await first.rowsUnderNotes()).toEqual([]);
			for (const path of ['/live', '/live/runden', '/live/spieler'] as const) {
				await first.open(path, 'lea:t-koeln', path === '/live/spieler' ? { name: 'Spieler D' } : {});
				await first.heading('Quali Köln');
				await page.locator('main h2').first().waitFor();
				expect(await first.brokenHeaders(), path).toEqual([]);
			}
		} finally {
			await fresh.close();
		}
	});

	it('item 9: /saison links each tournament to its live page; every round’s tables; a page per player', async () => {
		await publish(koeln);
		await publish(
			publishable('t-bonn', {
				...sampleTournament('triominos', 10, 2, 'bonn'),
				name: 'Quali Bonn',
				date: '2027-06-12'
			})
		);
		await live.openSeason();
		await phone.getByRole('link', { name: 'Quali Köln' }).click();
		await phone.waitForURL(/\/live\?/);
		await live.heading('Quali Köln');
		await live.heading('Endstand', 2);

		await phone.getByRole('navigation', { name: 'Ansichten' }).getByRole('link', { name: 'Runden' }).click();
		await live.heading('Finale, Runde 2', 2);
		await phone.getByRole('link', { name: 'Runde 2', exact: true }).click();
		await live.heading('Runde 2', 2);
		expect(await live.tableRows('Tisch 1')).toEqual([
			['1.', 'Spieler D', '100', '5'],
			['2.', 'Spieler A', '60', '3'],
			['3.', 'Spieler J', '10', '1']
		]);

		await phone.getByRole('link', { name: 'Spieler D' }).first().click();
		await live.heading('Spieler D', 2);
		expect(await live.games()).toEqual([
			'Runde 1 · Tisch 2 | 1. Platz · 5 Punkte · 90 Spielpunkte | gegen Spieler E (40), Spieler F (5)',
			'Runde 2 · Tisch 1 | 1. Platz · 5 Punkte · 100 Spielpunkte | gegen Spieler A (60), Spieler J (10)',
			'Finale, Runde 1 · Tisch 1 | 2. Platz · 3 Punkte · 50 Spielpunkte | gegen Spieler A (100), Spieler G (40)',
			'Finale, Runde 2 · Tisch 1 | 3. Platz · 1 Punkt · 60 Spielpunkte | gegen Spieler A (80), Spieler G (70)'
		]);
	});

	it('screenshots: the live page, the rounds, a player and the season on a phone and a tablet', async () => {
		for (const size of [PHONE, TABLET]) {
			await phone.setViewportSize(size);
			const name = `${size.width}x${size.height}`;
			await live.open('/live', 'lea:t-koeln');
			await live.heading('Endstand', 2);
			await live.shot(`live-${name}`, true);
			await live.open('/live/runden', 'lea:t-koeln');
			await live.heading('Finale, Runde 2', 2);
			await live.shot(`live-rounds-${name}`, true);
			await live.open('/live/spieler', 'lea:t-koeln', { name: 'Spieler D' });
			await live.heading('Spieler D', 2);
			await live.shot(`live-player-${name}`, true);
			await live.openSeason();
			await phone.getByRole('link', { name: 'Quali Köln' }).waitFor();
			await live.shot(`season-${name}`, true);
		}
		await phone.setViewportSize(PHONE);
	});
});
