// The director's word is final (issue 17): a tablet speaks by its table and the name it chose, an old table
// code is questioned on the tablet before anyone scores, and "X fehlt" reaches the desk as a card. In real
// Chromium, a tablet profile and the director's, codes passed by their text as a scanner would read them.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useChromium } from './pages/devices';
import { ExchangeDesk } from './pages/exchangeDesk';
import { finishedRecord, screenshotsBothWays } from './pages/fixtures';
import { storeSnapshot } from './pages/stores';
import { TabletPage } from './pages/TabletPage';
import { drawnLog, resultCodes, tableCodes, tournamentFile } from './pages/tournamentFiles';

const SIX = ['Bärbel', 'Jörg', 'Jürgen', 'Anke', 'Hans', 'Ute'];

/** The codes a tablet shows (result or report), by their text: what a scanner at the desk reads. */
async function shownCodes(scope: Locator): Promise<string[]> {
	await scope.getByText('Code als Text', { exact: true }).click();
	const text = await scope.locator('textarea[readonly]').inputValue();
	return text.split('\n').filter(Boolean);
}

describe('a tablet speaks by its table and its name', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	const device = () => chromium.device({ timeout: 20_000 });

	it('a tablet named „Blau“ is named so on the desk’s card; an old table code is questioned before anyone scores; „X fehlt“ reaches the desk as a card', async () => {
		const fixture = await tournamentFile('t-e2e0named0herbst', drawnLog('Herbstturnier', SIX, 'herbst-9'));
		const [first, second] = fixture.tables as [string[], string[]];
		const desk = await device();
		const exchange = new ExchangeDesk(desk.page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		await exchange.view('Ergebnisse einsammeln');
		// Table 1's own tablet (a device of its own) has handed in already: it holds the table.
		await exchange.paste((await resultCodes(fixture, { table: 1, players: first })).codes);
		await desk.page.getByText('Runde 1, Tisch 1: Ergebnis eingetragen.').waitFor();

		// A tablet named „Blau“ in the settings joins table 1 with a fresh code, plays and hands in.
		const blau = await device();
		const blauTablet = new TabletPage(blau.page, baseURL);
		await blau.page.goto(`${baseURL}/einstellungen`);
		await blau.page.getByRole('textbox', { name: 'Name dieses Tablets' }).fill('Blau');
		await blau.page.getByRole('button', { name: 'Speichern', exact: true }).click();
		await blau.page.getByText('Gespeichert: „Blau“.').waitFor();
		await blauTablet.open();
		const fresh = Math.floor(Date.now() / 60_000);
		await blauTablet.join(await tableCodes(fixture, 1, 1, { issuedAt: fresh }), 1, 1);
		await expect(blau.page.getByText('Alter Tisch-Code').count()).resolves.toBe(0);
		await blauTablet.startRound();
		const record = join(tmpdir(), `blau-${process.pid}.trn`);
		writeFileSync(record, finishedRecord(first, 23));
		await blau.page.locator('input[type=file][accept*=".trn"]').setInputFiles(record);
		await blau.page.waitForURL(/\/runde\/r-/);
		await blau.page.getByRole('button', { name: 'Ergebnis bestätigen' }).click();
		await blau.page.getByText('Ergebnis bestätigt.').waitFor();
		await blau.page.goto(`${baseURL}/tisch`);
		await blau.page.getByRole('button', { name: 'Ergebnis abgeben' }).click();
		const handIn = blau.page.getByRole('region', { name: 'Ergebnis abgeben' });
		await exchange.paste(await shownCodes(handIn));
		await desk.page.getByText('Runde 1, Tisch 1: wartet auf Ihre Entscheidung.').waitFor();
		const card = exchange.conflict('Runde 1', 1);
		await card.getByText('Tablet „Blau“ (Tisch 1 in Runde 1)', { exact: false }).waitFor();

		// Another tablet joins table 2 with a code the desk made 80 minutes ago: it asks before anyone scores.
		const gruen = await device();
		const gruenTablet = new TabletPage(gruen.page, baseURL);
		await gruenTablet.open();
		await gruen.page.getByRole('textbox', { name: 'Name dieses Tablets' }).fill('Grün');
		await gruen.page.getByRole('button', { name: 'Speichern', exact: true }).click();
		const issuedAt = Math.floor(Date.now() / 60_000) - 80;
		await gruenTablet.join(await tableCodes(fixture, 2, 1, { issuedAt }), 2, 1);
		const warning = gruen.page.getByRole('alert').filter({ hasText: 'Alter Tisch-Code' });
		await warning
			.getByText(
				/^Dieser Tisch-Code wurde um \d\d:\d\d Uhr ausgegeben, vor 1 Std\. 2[01] Min\. Läuft Runde 1 noch\? Fragen Sie die Turnierleitung, bevor Sie spielen\.$/
			)
			.waitFor();
		await expect(gruen.page.getByRole('button', { name: 'Runde beginnen' }).count()).resolves.toBe(0);
		await screenshotsBothWays(gruen.page, 'old-table-code');
		await warning.getByRole('button', { name: 'Runde 1 läuft noch – weiter' }).click();

		// „Jörg fehlt“ — whoever sits second — becomes a signed report the desk reads like a result code.
		const missing = second[1]!;
		await gruenTablet.startRound();
		await gruen.page.getByRole('button', { name: `${missing} fehlt` }).click();
		const report = gruen.page.locator('.absent-code');
		await report.getByRole('heading', { name: 'Meldung für die Turnierleitung' }).waitFor();
		const codes = await shownCodes(report);
		const log = async () => (JSON.parse(await storeSnapshot(desk.page)) as { events: unknown[] }).events;
		const before = await log();
		await exchange.paste(codes);
		await desk.page.getByText(`Runde 1, Tisch 2: ${missing} fehlt – gemeldet.`).waitFor();
		const absent = desk.page.getByRole('region', { name: 'Meldungen der Tische' });
		const reported = absent.getByRole('listitem', { name: 'Runde 1, Tisch 2' });
		await reported.getByText(`Runde 1, Tisch 2 (Tablet „Grün“): ${missing} ist nicht erschienen.`).waitFor();
		// Nothing in the tournament changed by itself: the log is as it was, the report is kept beside it.
		expect(await log()).toEqual(before);
		const withdraw = await reported.getByRole('link', { name: `${missing} abmelden …` }).getAttribute('href');
		await screenshotsBothWays(desk.page, 'absence-card');
		// The board says it on the table's row until the director has dealt with it.
		const row = desk.page.locator('.board li[data-table="2"]');
		await row.getByText(`Meldung: ${missing} fehlt – siehe unten`).waitFor();
		await reported.getByRole('button', { name: 'Erledigt' }).click();
		await reported.getByText('erledigt', { exact: true }).waitFor();
		await row.getByText(/^Meldung:/).waitFor({ state: 'detached' });
		// The same report again changes nothing.
		const done = await storeSnapshot(desk.page);
		await exchange.paste(codes);
		await desk.page
			.getByText(`Runde 1, Tisch 2: ${missing} fehlt – schon gemeldet, nichts geändert.`)
			.waitFor();
		expect(await storeSnapshot(desk.page)).toBe(done);
		// The card's withdrawal is the desk's own, confirmed there.
		await desk.page.goto(`${baseURL}${withdraw}`);
		await desk.page.getByRole('button', { name: 'Abmeldung bestätigen' }).waitFor();
		expect([...desk.errors, ...blau.errors, ...gruen.errors]).toEqual([]);
	}, 180_000);
});
