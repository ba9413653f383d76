// Locked means locked (issue 17, case 1), in real Chromium: a tablet hands in round 2 while round 3 is running.
// The desk says the round is locked, shows the recorded and the incoming result side by side, does not take
// the code with one click, and takes it only as a director override with a reason, recorded as such.
import { describe, expect, it } from 'vitest';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';
import { ExchangeDesk, pasteCodes } from './pages/exchangeDesk';
import { screenshot } from './pages/fixtures';
import { storeSnapshot } from './pages/stores';
import { TabletPage } from './pages/TabletPage';
import { lockedLog, resultCodes, standingsCodes, tableCodes, tournamentFile } from './pages/tournamentFiles';

describe('locked means locked', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	/** A tablet or the director's device; screens take their time on a loaded machine. */
	const device = () => chromium.device({ timeout: 20_000 });

	it('case 1: a round-2 code while round 3 runs is shown as locked, is not taken with one click, and only the override with a reason takes it', async () => {
		const fixture = await tournamentFile('t-e2e0locked0herbst', lockedLog());
		const { page, errors } = await device();
		const exchange = new ExchangeDesk(page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);

		// Table 1's tablet of round 2 hands in late: round 3 is running.
		const seated = ['Bärbel', 'Jörg', 'Jürgen'];
		const { codes, totals } = await resultCodes(fixture, { table: 1, round: 2, players: seated });
		await exchange.open();
		await exchange.view('Ergebnisse einsammeln');
		await exchange.paste(codes);
		await page
			.getByText(
				'Runde 2, Tisch 1: die Runde ist gesperrt – übernehmen nur als Korrektur der Turnierleitung mit Begründung.'
			)
			.waitFor();
		const card = exchange.conflict('Runde 2', 1);
		await card.getByText('Runde 2 ist gesperrt – Runde 3 läuft.', { exact: false }).waitFor();
		await card.getByText('Tablet von Tisch 1 (Runde 2)').waitFor();
		// The recorded result beside the incoming one.
		const shown = async (title: string) =>
			(await card.locator('.result').filter({ hasText: title }).getByRole('listitem').allTextContents()).map(
				(text) => text.trim()
			);
		expect(await shown('Eingetragen (zählt)')).toEqual(['Bärbel 116', 'Jörg 52', 'Jürgen 50']);
		expect(await shown('Dieser Code')).toEqual(seated.map((name, seat) => `${name} ${totals[seat]}`));
		// No reason is filled in for the director.
		await expect(card.getByRole('textbox', { name: 'Grund' }).inputValue()).resolves.toBe('');
		await screenshot(page, 'locked-card-1280x800');
		await page.setViewportSize(TABLET_PORTRAIT);
		await screenshot(page, 'locked-card-800x1280');
		await page.setViewportSize(TABLET_LANDSCAPE);

		// One click on the card's take button: refused, the stores are as they were.
		const before = await storeSnapshot(page);
		await card.locator('.actions button').first().click();
		await card.getByRole('alert').filter({ hasText: 'bitte eine Begründung eintragen' }).waitFor();
		expect(await storeSnapshot(page)).toBe(before);
		expect(await shown('Eingetragen (zählt)')).toEqual(['Bärbel 116', 'Jörg 52', 'Jürgen 50']);

		// The director's override with a reason takes it …
		const reason = 'Tablet kam zu spät, am Tisch bestätigt';
		await card.getByRole('textbox', { name: 'Grund' }).fill(reason);
		await card.getByRole('button', { name: 'Als Korrektur der Turnierleitung übernehmen' }).click();
		await card.getByText('übernommen', { exact: false }).waitFor();
		expect(await shown('Eingetragen (zählt)')).toEqual(seated.map((name, seat) => `${name} ${totals[seat]}`));

		// … and the result entry records it as the director's override, with its reason.
		const desk = new DirectorDesk(page, baseURL, fixture.id);
		await desk.openResults(2);
		await page
			.getByRole('navigation', { name: 'Tisch' })
			.getByRole('button', { name: /^Tisch 1\b/ })
			.click();
		await page
			.getByRole('form', { name: 'Tisch 1', exact: true })
			.getByText(`Korrektur der Turnierleitung: ${reason}`)
			.waitFor();
		expect(errors).toEqual([]);
	}, 120_000);

	it('case 1: a tablet holding the standings after round 2 is told that a round-2 table code is past, before anyone scores', async () => {
		const log = lockedLog();
		const fixture = await tournamentFile('t-e2e0past0herbst', log);
		const { page } = await device();
		const tablet = new TabletPage(page, baseURL);
		await tablet.open();
		// The tablet played table 2 of round 2 and then read the desk's standings (after round 2, round 3 drawn).
		await tablet.join(await tableCodes(fixture, 2, 2), 2, 2);
		await tablet.takeStandings(await standingsCodes(fixture, log.length));
		const before = await storeSnapshot(page);
		// A photographed round-2 code of table 1: round 2 is over, and the tablet says so.
		await pasteCodes(page, await tableCodes(fixture, 1, 2));
		await page
			.getByRole('alert')
			.filter({
				hasText: 'Dieser Tisch-Code ist von Runde 2, doch die Rangliste nach Runde 2 liegt schon vor'
			})
			.waitFor();
		expect(await storeSnapshot(page)).toBe(before);
		await expect(page.getByText('Beigetreten: Tisch 1, Runde 2.').count()).resolves.toBe(0);
	}, 120_000);
});
