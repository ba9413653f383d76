// A whole tournament round passes between a director and the tablets by QR code, in real Chromium: each
// code shown on one screen is read from a screenshot (jsQR in node) and pasted into the other's
// "Code einfügen" — the manual fallback of the scanner.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { useChromium, type Device } from './pages/devices';
import { ExchangeDesk, pasteCodes } from './pages/exchangeDesk';
import { finishedRecord, watchCsp } from './pages/fixtures';
import { TabletPage } from './pages/TabletPage';
import { drawnLog, HALL_NAMES, tournamentFile } from './pages/tournamentFiles';

const SHOTS = 'test-results/sync';
const TOURNAMENT_ID = 't-e2e0sync0herbst1';

/** A legal, finished round of these players as a .trn record file. */
function roundFile(players: string[], seed: number): string {
	const path = join(tmpdir(), `tisch-${seed}-${process.pid}.trn`);
	writeFileSync(path, finishedRecord(players, seed));
	return path;
}

/** Reads the QR code in an element's screenshot (the offline banner may slide in over it: put it away, try again). */
async function readQr(page: Page, element: Locator): Promise<string> {
	for (let attempt = 0; ; attempt++) {
		const buffer = await element.screenshot();
		const png = PNG.sync.read(buffer);
		const code = jsQR(Uint8ClampedArray.from(png.data), png.width, png.height);
		if (code) return code.data;
		if (attempt === 4) {
			mkdirSync(SHOTS, { recursive: true });
			writeFileSync(`${SHOTS}/unreadable-code.png`, buffer);
			throw new Error(
				`no QR code in the screenshot (${png.width}×${png.height}, ${SHOTS}/unreadable-code.png)`
			);
		}
		await dismissBanner(page);
		await page.waitForTimeout(300);
	}
}

/** The "works offline now" banner sits over the bottom of the screen: put it away. */
async function dismissBanner(page: Page): Promise<void> {
	const ok = page.getByRole('button', { name: 'OK', exact: true });
	if (await ok.isVisible()) await ok.click();
}

/** Every frame of the code sequence on screen (one, or an animated set stepped through by hand). */
async function readCodes(page: Page, scope: Locator = page.locator('main')): Promise<string[]> {
	await dismissBanner(page);
	const caption = scope.locator('.sequence .caption');
	await caption.waitFor();
	const frames = caption.locator('.frame');
	// How many frames: the lines of the codes as text (the caption's „Bild 1 von N“ may not be drawn yet).
	const asText = scope.locator('.sequence textarea');
	await expect.poll(async () => (await asText.inputValue()).trim().length).toBeGreaterThan(0);
	const total = (await asText.inputValue()).trim().split('\n').length;
	const texts: string[] = [];
	if (total > 1) {
		// Paused wherever the animation stands (a frame every 400 ms): step on to the first frame.
		// (A sequence paused at the table before stays paused when the desk shows the next table's.)
		const pause = scope.getByRole('button', { name: 'Anhalten' });
		if (await pause.isVisible()) await pause.click();
		while ((await frames.textContent()) !== `Bild 1 von ${total}`) {
			await scope.getByRole('button', { name: 'Nächstes Bild' }).click();
		}
	}
	for (let i = 0; i < total; i++) {
		if (i > 0) {
			await scope.getByRole('button', { name: 'Nächstes Bild' }).click();
			await caption.getByText(`Bild ${i + 1} von ${total}`).waitFor();
		}
		texts.push(await readQr(page, scope.locator('svg.qr')));
	}
	return texts;
}

async function shot(page: Page, name: string, viewport = TABLET_LANDSCAPE): Promise<void> {
	mkdirSync(SHOTS, { recursive: true });
	await dismissBanner(page);
	await page.setViewportSize(viewport);
	await page.waitForTimeout(150);
	await page.screenshot({
		path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png`,
		fullPage: false
	});
}

describe('sync: a tournament round by QR code between the director and the tablets', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	/** The director's device and the tablets, in the order they were opened. */
	const devices: Device[] = [];

	/** A device whose requests and CSP violations are recorded (its banners stay: readQr puts them away). */
	async function device(): Promise<{ page: Page; csp: () => Promise<string[]>; errors: string[] }> {
		const opened = await chromium.device({ timeout: 20_000, watchRequests: true, dismissBanners: false });
		devices.push(opened);
		const csp = await watchCsp(opened.page);
		return { page: opened.page, csp, errors: opened.errors };
	}

	/** On failure: a picture of every page, to see where it stopped. */
	async function pictures(): Promise<void> {
		mkdirSync(SHOTS, { recursive: true });
		for (const [i, { context }] of devices.entries()) {
			for (const [k, page] of context.pages().entries())
				await page.screenshot({ path: `${SHOTS}/failure-${i}-${k}.png` }).catch(() => {});
		}
	}

	it('hands out four tables, collects all four results; standings and the next round reach the tablets', async () => {
		try {
			await wholeRound();
		} catch (cause) {
			await pictures();
			throw cause;
		}
	}, 300_000);

	async function wholeRound(): Promise<void> {
		const director = await device();
		const desk = director.page;
		// The tournament comes from another device as a file (backup / move).
		const fixture = await tournamentFile(TOURNAMENT_ID, drawnLog('Herbstturnier', HALL_NAMES, 'herbst-1'));
		await new ExchangeDesk(desk, baseURL, TOURNAMENT_ID).takeOver(fixture.path);
		await desk.getByText('Turnierdatei übernommen: 14 Turnier-Ereignisse, 0 Tische.').waitFor();
		await desk.getByRole('heading', { name: 'Tische ausgeben – Runde 1' }).waitFor();

		// Tische ausgeben: 12 players → four tables of 3 (000, binding table).
		const tableButtons = desk.getByRole('list', { name: 'Tische ausgeben' }).getByRole('button');
		await expect(tableButtons.count()).resolves.toBe(4);
		await shot(desk, 'director-hand-out');
		await shot(desk, 'director-hand-out', TABLET_PORTRAIT);
		await desk.setViewportSize(TABLET_LANDSCAPE);

		const tablets: { page: Page; csp: () => Promise<string[]>; errors: string[]; players: string[] }[] = [];
		// Each table's code: one QR code, or a short sequence when the names make it denser than version 10.
		const tableCodes: string[][] = [];
		for (let table = 1; table <= 4; table++) {
			await tableButtons.nth(table - 1).click();
			await desk.getByRole('heading', { name: `Tisch ${table}`, exact: true }).waitFor();
			const players = (await tableButtons
				.nth(table - 1)
				.locator('span')
				.textContent())!.split(', ');
			const codes = await readCodes(desk);
			tableCodes.push(codes);

			const tablet = await device();
			tablets.push({ ...tablet, players });
			const page = tablet.page;
			const joined = new TabletPage(page, baseURL);
			await joined.open();
			await joined.join(codes, table, 1);
			await page.getByRole('heading', { name: `Tisch ${table} · Runde 1` }).waitFor();
			if (table === 1) {
				await shot(page, 'tablet-join');
				await shot(page, 'tablet-join', TABLET_PORTRAIT);
				await page.setViewportSize(TABLET_LANDSCAPE);
			}
			// Runde beginnen: the new-round screen with the table's players; the round comes in as a .trn record.
			await page.getByRole('button', { name: 'Runde beginnen' }).click();
			await page.waitForURL(/\/runde\/neu\?/);
			await page.locator('input[type=file][accept*=".trn"]').setInputFiles(roundFile(players, table * 11));
			await page.waitForURL(/\/runde\/r-/);
			await page.getByRole('button', { name: 'Ergebnis bestätigen' }).click();
			await page.getByText('Ergebnis bestätigt.').waitFor();
		}

		// Ergebnis abgeben (tablet) → Ergebnisse einsammeln (director), table after table.
		await desk.getByRole('tab', { name: 'Ergebnisse einsammeln' }).click();
		for (const [i, tablet] of tablets.entries()) {
			const table = i + 1;
			const page = tablet.page;
			await page.goto(`${baseURL}/tisch`);
			await page.getByRole('button', { name: 'Ergebnis abgeben' }).click();
			await page.locator('svg.qr').waitFor();
			const digest = await page.getByTestId('digest').textContent();
			if (table === 1) {
				await shot(page, 'tablet-hand-in');
				await shot(page, 'tablet-hand-in', TABLET_PORTRAIT);
				await page.setViewportSize(TABLET_LANDSCAPE);
			}
			const codes = await readCodes(page);
			expect(codes).toHaveLength(1); // a round fits one code, long names and all (players travel by seat)
			await pasteCodes(desk, codes);
			await desk.getByText(`Runde 1, Tisch ${table}: Ergebnis eingetragen.`).waitFor();
			const row = desk.locator(`li[data-table="${table}"]`);
			await row.getByText('eingetragen', { exact: true }).waitFor();
			// The board shows the tablet's digest: same count, sequence and hash.
			const [count, seq, hash] = digest!.split(' · ');
			await row.getByText(`${count} Einträge · bis ${seq} · ${hash}`).waitFor();
			if (table === 2) {
				// The same code again changes nothing and is no error.
				await pasteCodes(desk, codes);
				await desk.getByText('Runde 1, Tisch 2: schon vorhanden – nichts geändert.').waitFor();
			}
		}
		await desk.getByText('4 von 4 Tischen eingetragen').waitFor();
		await shot(desk, 'director-collect');
		await shot(desk, 'director-collect', TABLET_PORTRAIT);
		await desk.setViewportSize(TABLET_LANDSCAPE);

		// Rangliste ausgeben → every tablet.
		await desk.getByRole('tab', { name: 'Rangliste ausgeben' }).click();
		await desk.locator('svg.qr').waitFor();
		const shown = await desk.locator('.standings tbody tr').allTextContents();
		expect(shown).toHaveLength(12);
		const standingsCodes = await readCodes(desk);
		await shot(desk, 'director-standings');
		for (const tablet of tablets) {
			await new TabletPage(tablet.page, baseURL).takeStandings(standingsCodes);
			await tablet.page.getByText('Stand nach Runde 1').waitFor();
			expect(await tablet.page.locator('.standings tbody tr').allTextContents()).toEqual(shown);
		}
		await shot(tablets[0]!.page, 'tablet-standings');

		// The director draws round 2 at the desk; the next standings code seats each tablet's next round.
		await desk.goto(`${baseURL}/turnier/${TOURNAMENT_ID}/auslosung`);
		await desk.getByRole('button', { name: 'Runde 2 eröffnen' }).click();
		await desk.getByText('Runde 2 ist eröffnet.').waitFor();
		await desk.goto(`${baseURL}/turnier/${TOURNAMENT_ID}/austausch`);
		await desk.getByRole('tab', { name: 'Rangliste ausgeben' }).click();
		await desk.locator('svg.qr').waitFor();
		const withNext = await readCodes(desk);
		const first = tablets[0]!.page;
		await pasteCodes(first, withNext);
		await first.getByText('Rangliste übernommen.').waitFor();
		await first.getByRole('heading', { name: 'Ihr nächster Tisch' }).waitFor();
		await first.getByText(`Runde 2 an diesem Tisch (Tisch 1): ${tablets[0]!.players.join(', ')}`).waitFor();
		await shot(first, 'tablet-next-round');
		await first.getByRole('button', { name: 'Nächste Runde an diesem Tisch beginnen' }).click();
		await first.waitForURL(/\/runde\/neu\?.*round=2&table=1/);
		// The older standings code (before the draw) changes nothing now.
		await first.goto(`${baseURL}/tisch`);
		await pasteCodes(first, standingsCodes);
		await first.getByText('Dieser Ranglisten-Code ist älter als der vorhandene – nichts geändert.').waitFor();
		await first.getByRole('heading', { name: 'Tisch 1 · Runde 2' }).waitFor();
		// Round 1's table code, scanned again now, is refused: the tablet stays at round 2.
		await pasteCodes(first, tableCodes[0]!);
		await first
			.getByText(
				'Dieser Tisch-Code ist von Runde 1; dieses Tablet spielt schon in Runde 2. Nichts wurde geändert.'
			)
			.waitFor();
		await first.getByRole('heading', { name: 'Tisch 1 · Runde 2' }).waitFor();

		for (const each of [director, ...tablets]) {
			expect(await each.csp()).toEqual([]);
			expect(each.errors).toEqual([]);
		}
		// A whole round between five devices, by code and file: no request left the app's origin.
		expect(devices).toHaveLength(5);
		for (const { requests } of devices) {
			expect(requests!.seen().all).toBeGreaterThan(0);
			expect(requests!.external).toEqual([]);
		}
	}
});
