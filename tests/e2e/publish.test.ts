import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
	addUser,
	asAdmin,
	setUpSeason,
	startCouch,
	type CouchServer
} from '../../src/lib/publish/testing/couch-server';
import { launchChromium, tabletContext, watchExternalRequests, type RequestWatch } from './browser';
import { screenshot, watchCsp } from './pages/fixtures';
import { DirectorDesk, type ShownSeat } from './pages/directorDesk';
import { storeSnapshot } from './pages/stores';

/**
 * A director publishes from the desk to a CouchDB-protocol server (express-pouchdb on loopback), a
 * spectator's phone follows the live standings as the next round comes in, and the season page lists the
 * qualifiers. The only other origin any page talks to is that server, and only on these pages.
 */

const PLAYERS = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida'];
const PHONE = { width: 390, height: 844 };

/** Game points by name: the first of the list wins every table, so Anna leads (1 of 9 qualifies). */
const byName = (name: string) => 100 - PLAYERS.indexOf(name) * 5;

describe('publishing to CouchDB, live standings on a phone, the season', () => {
	let couch: CouchServer;
	let browser: Browser;
	let deskContext: BrowserContext;
	let phoneContext: BrowserContext;
	let deskRequests: RequestWatch;
	let phoneRequests: RequestWatch;
	let page: Page;
	let phone: Page;
	let desk: DirectorDesk;
	let seats: ShownSeat[] = [];
	const baseURL = inject('baseURL');
	const appOrigin = new URL(baseURL).origin;
	const couchHost = () => `127.0.0.1:${new URL(couch.origin).port}`;

	beforeAll(async () => {
		couch = await startCouch();
		await addUser(couch, 'lea', 'lea-pw', ['director']);
		await addUser(couch, 'zoe', 'zoe-pw', ['reader']);
		await setUpSeason(couch, 'dm-2027');
		browser = await launchChromium();
		deskContext = await tabletContext(browser);
		deskRequests = await watchExternalRequests(deskContext, appOrigin);
		phoneContext = await tabletContext(browser, PHONE, { isMobile: true, hasTouch: true });
		phoneRequests = await watchExternalRequests(phoneContext, appOrigin);
		page = await deskContext.newPage();
		phone = await phoneContext.newPage();
		desk = new DirectorDesk(page, baseURL);
	}, 60_000);
	afterAll(async () => {
		await browser?.close();
		await couch?.stop();
	});

	/** Publishes from the desk; `remembered`: the page fills in the server of the last publish. */
	async function publish(remembered = false): Promise<string> {
		await page.goto(`${baseURL}/turnier/${desk.id}`);
		await page.getByRole('link', { name: 'Veröffentlichen' }).click();
		await page.waitForURL(`**/turnier/${desk.id}/veroeffentlichen`);
		// The remembered server comes a moment after the page: typed before it, the address came out twice
		// (1 run in 3, „Die Datenbank http://…/dm-2027http://…/dm-2027 gibt es nicht.“).
		if (remembered)
			await page.getByText('Server und Name sind von der letzten Veröffentlichung gemerkt.').waitFor();
		await page.getByRole('textbox', { name: 'Adresse der Datenbank' }).fill(`${couch.origin}/dm-2027`);
		await page.getByRole('textbox', { name: 'Name' }).fill('lea');
		await page.getByLabel('Passwort', { exact: true }).fill('lea-pw');
		await page.getByRole('button', { name: 'Jetzt veröffentlichen' }).click();
		const status = page.getByRole('status').filter({ hasText: 'Veröffentlicht:' });
		await status.waitFor();
		return ((await status.textContent()) ?? '').replace(/\s+/g, ' ').trim();
	}

	it('publishes from the desk: says what was sent and when', async () => {
		await desk.create(/^Triominos-Qualifikation/, 'Quali Leipzig', async (p) => {
			await p.getByLabel('Datum').fill('2027-03-06');
		});
		await desk.paste(PLAYERS);
		seats = await desk.drawRound(1);
		await desk.enterRound(1, byName, seats);
		const said = await publish();
		expect(said).toMatch(
			/Veröffentlicht: \d+ Ereignisse gesendet, 0 schon auf dem Server\. Die Rangliste ist jetzt online\. Stand: /
		);
		// The season is for members only: the link without a password would not work for the public.
		await page.getByText('Diese Saison dürfen nur Mitglieder lesen', { exact: false }).waitFor();
		await screenshot(page, 'publish-desk-1280');
	});

	it('a phone follows the live standings, and a new round shows without a reload', async () => {
		const violations = await watchCsp(phone);
		const db = encodeURIComponent(`http://zoe:zoe-pw@127.0.0.1:${new URL(couch.origin).port}/dm-2027`);
		await phone.goto(`${baseURL}/live?db=${db}&t=lea:${desk.id}`);
		await phone.getByRole('heading', { level: 1, name: 'Quali Leipzig' }).waitFor();
		await phone.getByRole('heading', { name: /^Rangliste · Runde 1$/ }).waitFor();
		// Whose data it is: the server named in the link, not this app.
		await phone
			.getByText(`Daten vom Server ${couchHost()} – nicht aus dieser App`, { exact: false })
			.waitFor();
		const firstRows = await phone
			.getByRole('region', { name: /^Rangliste/ })
			.getByRole('row')
			.count();
		expect(firstRows).toBe(PLAYERS.length + 1);
		await screenshot(phone, 'live-phone-round-1');

		await page.goto(`${baseURL}/turnier/${desk.id}`);
		seats = await desk.drawRound(2);
		await desk.enterRound(2, byName, seats);
		const said = await publish(true);
		expect(said).toMatch(/gesendet, \d+ schon auf dem Server\. Die Rangliste online ist aktualisiert\./);
		await phone.getByRole('heading', { name: /^Rangliste · Runde 2$/ }).waitFor({ timeout: 15_000 });
		await phone.getByRole('heading', { name: 'Sitzplan · Runde 2' }).waitFor();
		await expect(phone.getByText('gemeldet').count()).resolves.toBe(3);
		await screenshot(phone, 'live-phone-round-2');
		expect(await violations()).toEqual([]);
	});

	it('the season page lists the tournament and its qualifier', async () => {
		const db = encodeURIComponent(`http://zoe:zoe-pw@127.0.0.1:${new URL(couch.origin).port}/dm-2027`);
		await phone.goto(`${baseURL}/saison?db=${db}`);
		const qualified = phone.getByRole('region', { name: 'Qualifiziert für die Deutsche Meisterschaft' });
		await qualified.getByRole('listitem').first().waitFor();
		await expect(qualified.getByRole('listitem').allTextContents()).resolves.toEqual([
			'Anna (Quali Leipzig)'
		]);
		await phone.getByRole('link', { name: 'Quali Leipzig' }).waitFor();
		await phone.getByText('06.03.2027 · 9 Spieler').waitFor();
		await phone.getByText(/veröffentlicht von lea, Schlüssel [0-9A-F]{4} /).waitFor();
		await phone
			.getByText(`Daten vom Server ${couchHost()} – nicht aus dieser App`, { exact: false })
			.waitFor();
		await screenshot(phone, 'season-phone');
	});

	it('the publishing page remembers server and name; the password only when asked, and never as text', async () => {
		await page.goto(`${baseURL}/turnier/${desk.id}/veroeffentlichen`);
		await page.getByText('Server und Name sind von der letzten Veröffentlichung gemerkt.').waitFor();
		await expect(page.getByRole('textbox', { name: 'Adresse der Datenbank' }).inputValue()).resolves.toBe(
			`${couch.origin}/dm-2027`
		);
		await expect(page.getByRole('textbox', { name: 'Name' }).inputValue()).resolves.toBe('lea');
		await expect(page.getByLabel('Passwort', { exact: true }).inputValue()).resolves.toBe('');

		await page.getByLabel('Passwort', { exact: true }).fill('lea-pw');
		await page.getByRole('checkbox', { name: /Passwort auf diesem Gerät merken/ }).check();
		await page.getByRole('button', { name: 'Jetzt veröffentlichen' }).click();
		await page.getByRole('status').filter({ hasText: 'Veröffentlicht:' }).waitFor();
		await page.getByText(/Unterschrieben mit dem Schlüssel dieses Turniers: [0-9A-F]{4} /).waitFor();
		await page.reload();
		await expect.poll(() => page.getByLabel('Passwort', { exact: true }).inputValue()).toBe('lea-pw');
		// Every meta row as text (bytes decoded too): the password is in none of them.
		const stored = await page.evaluate(
			() =>
				new Promise<string>((done, failed) => {
					const open = indexedDB.open('wertungsblatt');
					open.onerror = () => failed(new Error('open'));
					open.onsuccess = () => {
						const rows = open.result.transaction('meta').objectStore('meta').getAll();
						rows.onsuccess = () =>
							done(
								JSON.stringify(rows.result, (_key, value: unknown) =>
									value instanceof Uint8Array
										? new TextDecoder().decode(value)
										: value instanceof CryptoKey
											? `CryptoKey extractable=${String(value.extractable)}`
											: value
								)
							);
					};
				})
		);
		expect(stored).toContain('lea');
		expect(stored).toContain('CryptoKey extractable=false');
		expect(stored).not.toContain('lea-pw');
	});

	it('after each round the desk publishes by itself, when asked to', async () => {
		await page.goto(`${baseURL}/turnier/${desk.id}/veroeffentlichen`);
		await expect.poll(() => page.getByLabel('Passwort', { exact: true }).inputValue()).toBe('lea-pw');
		await page.getByRole('checkbox', { name: /Nach jeder Runde selbst veröffentlichen/ }).check();
		await page.getByRole('button', { name: 'Jetzt veröffentlichen' }).click();
		await page.getByText('Wird nach jeder Runde selbst veröffentlicht.', { exact: false }).waitFor();

		await page.goto(`${baseURL}/turnier/${desk.id}`);
		await page
			.getByRole('status')
			.filter({ hasText: 'Wird nach jeder Runde selbst veröffentlicht.' })
			.waitFor();
		seats = await desk.drawRound(3);
		await desk.enterRound(3, byName, seats);
		await page
			.getByRole('status')
			.filter({ hasText: /Selbst veröffentlicht: 3 Runden fertig/ })
			.waitFor({
				timeout: 20_000
			});
		await phone.goto(
			`${baseURL}/live?db=${encodeURIComponent(`http://zoe:zoe-pw@${couchHost()}/dm-2027`)}&t=lea:${desk.id}`
		);
		await phone.getByRole('heading', { name: /^Rangliste · Runde 3$/ }).waitFor();
		await screenshot(page, 'desk-auto-published');
	});

	it('a wrong password is refused with the reason, and nothing else changes', async () => {
		/** Every document on the server with its revision. */
		const onServer = () => asAdmin(couch, 'GET', '/dm-2027/_all_docs');
		const serverBefore = await onServer();
		await page.goto(`${baseURL}/turnier/${desk.id}/veroeffentlichen`);
		const deskBefore = await storeSnapshot(page);
		const address = page.getByRole('textbox', { name: 'Adresse der Datenbank' });
		const name = page.getByRole('textbox', { name: 'Name' });
		await address.fill(`${couch.origin}/dm-2027`);
		await name.fill('lea');
		await page.getByLabel('Passwort', { exact: true }).fill('falsch');
		await page.getByRole('button', { name: 'Jetzt veröffentlichen' }).click();
		await page.getByRole('alert').filter({ hasText: 'Name oder Passwort' }).waitFor();
		// Nothing was published, nothing said it was, the desk's store is as it was, and what was typed
		// stays for the director to correct the password.
		expect(await onServer()).toEqual(serverBefore);
		await expect(page.getByRole('status').textContent()).resolves.toBe('');
		expect(await storeSnapshot(page)).toBe(deskBefore);
		await expect(address.inputValue()).resolves.toBe(`${couch.origin}/dm-2027`);
		await expect(name.inputValue()).resolves.toBe('lea');
	});

	it('no page talks to another origin than the server the user typed in, and the desk’s own pages to none', async () => {
		for (const watch of [deskRequests, phoneRequests]) {
			expect(watch.external.filter((url) => new URL(url).origin !== couch.origin)).toEqual([]);
		}
		expect(phoneRequests.external.length).toBeGreaterThan(0);
		// Only the publishing, live and season pages get the policy that lets them reach a server.
		const deskPolicy = (await fetch(`${baseURL}/turnier/${desk.id}`)).headers.get('content-security-policy');
		expect(deskPolicy).toMatch(/connect-src 'self';/);
		const livePolicy = (await fetch(`${baseURL}/live`)).headers.get('content-security-policy');
		expect(livePolicy).toMatch(/connect-src 'self' https: http:\/\/localhost:\* http:\/\/127\.0\.0\.1:\*;/);
		// A desk page cannot reach the server even if code there tried.
		await page.goto(`${baseURL}/turnier/${desk.id}`);
		const fetched = await page.evaluate(
			(url) =>
				fetch(url).then(
					() => 'fetched',
					() => 'blocked'
				),
			`${couch.origin}/`
		);
		expect(fetched).toBe('blocked');
	});
});
