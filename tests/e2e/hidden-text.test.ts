// Nothing hidden (issue 25): every screen and state the end-to-end tests reach, at 1024×768, 1180×820,
// 820×1180 and 390×844, with no text cut off by a box that hides or scrolls it, no two texts over each
// other and no control under something else (tests/e2e/pages/hidden-text.ts, the same check the engine
// suite runs in WebKit and Firefox). Like the stillness test guards against movement, this one guards
// against what a person cannot read or reach.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';
import { ExchangeDesk } from './pages/exchangeDesk';
import { EXAMPLE_TEXT, finishedRecord, turnLines } from './pages/fixtures';
import { HiddenTextGuard } from './pages/guard';
import { NewRoundPage } from './pages/NewRoundPage';
import { TabletPage } from './pages/TabletPage';
import {
	drawnLog,
	FOURTEEN,
	lockedLog,
	resultCodes,
	secondRoundLog,
	tableCodes,
	tournamentFile
} from './pages/tournamentFiles';
import { SheetPage } from './pages/SheetPage';

/** The example round's players under longer names, as at a real table. */
const NAMES: Record<string, string> = {
	Anna: 'Anna-Lena Müller',
	Ben: 'Hans Köhler',
	Cara: 'Zoë Brandt-Weber',
	Dirk: 'Jörg'
};

const SIX = ['Bärbel Krause', 'Jörg Nolte', 'Jürgen Haas', 'Anke Vogt', 'Hans-Jürgen Roth', 'Ute Brandt'];

/** Types an announcement that differs from the turn in every step, and waits for the verdict. */
async function wrongAnnouncement(page: Page, sheet: SheetPage, text: string): Promise<void> {
	await sheet.checkAnnouncement(text);
	await page
		.getByText(/weicht ab/)
		.first()
		.waitFor();
}

describe('nothing hidden: every screen and state at three iPad sizes and a phone', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;

	it('the table screen through a whole round: the pad, a wrong announcement, the final lap, the settlement', async () => {
		const guard = new HiddenTextGuard();
		const phone = new HiddenTextGuard([{ width: 390, height: 844 }]);
		const { page, errors } = await chromium.device();
		const form = new NewRoundPage(page);
		await form.open(baseURL);
		await form.setPlayers(Object.values(NAMES));
		await form.chooseStart(NAMES.Ben!);
		await form.start();
		const table = new SheetPage(page);
		await table.buyButton.waitFor();

		const turns = turnLines(EXAMPLE_TEXT);
		let lapSeen = false;
		for (const [index, { tokens }] of turns.entries()) {
			const purchases = tokens.match(/^(d )+/)?.[0].length ?? 0;
			if (index === 1 && purchases) {
				// "Passen erst nach drei Käufen." under the pad, the phone's menu in the header.
				await table.buyButton.click();
				await table.waitSaved();
				await guard.look(page, 'one purchase');
				// Item 10: on a phone the app's menu is one line behind one button, and opens whole.
				await page.setViewportSize({ width: 390, height: 844 });
				const header = page.locator('header.app-header');
				expect((await header.boundingBox())?.height).toBeLessThanOrEqual(64);
				const menu = page.getByRole('button', { name: /Menü/ });
				await menu.click();
				await expect
					.poll(() => page.getByRole('navigation').getByRole('link').filter({ visible: true }).count())
					.toBe(5);
				await phone.look(page, 'phone menu open');
				await menu.click();
				await page.setViewportSize({ width: 1180, height: 820 });
				await table.playTurn(tokens.slice(2));
			} else {
				await table.playTurn(tokens);
			}
			await table.waitSaved();
			if (index === 1) {
				// "minus fünf, minus zehn, sieben, ergibt minus drei", announced wrong in every step.
				await wrongAnnouncement(page, table, 'minus zehn, minus zehn, acht, ergibt minus zwölf');
				await guard.look(page, 'wrong announcement');
				await table.button('Ansage trotzdem übernehmen').click();
				await table.waitSaved();
			}
			if (!lapSeen && (await table.phase()) === 'finalLap') {
				lapSeen = true;
				await guard.look(page, 'final lap');
			}
		}
		expect(lapSeen).toBe(true);
		expect(await table.phase()).toBe('settle');
		await guard.look(page, 'settlement');
		expect(errors).toEqual([]);
		expect([...guard.findings, ...phone.findings]).toEqual([]);
	}, 150_000);

	it('the start page, the club evening, the settings, the tournament list, a new tournament and the restore preview', async () => {
		const guard = new HiddenTextGuard();
		const { page, errors } = await chromium.device();
		// A round left running, so the start page lists it.
		const form = new NewRoundPage(page);
		await form.open(baseURL);
		await form.chooseRules('Klassisch bis 400');
		await form.setPlayers(['Anna-Lena Müller', 'Hans Köhler', 'Zoë']);
		await guard.look(page, 'new round, classic rules');
		await form.chooseStart('Hans Köhler');
		await form.start();
		await new SheetPage(page).buyButton.waitFor();
		await guard.look(page, 'classic round, the opening trios');
		await page.goto(baseURL);
		await page.getByRole('region', { name: 'Laufende Runden' }).waitFor();
		await guard.look(page, 'start page');

		await page.goto(`${baseURL}/club`);
		await page.getByRole('link', { name: 'Neue Partie' }).click();
		await page.getByRole('textbox', { name: 'Name von Spieler 1' }).fill('Anna-Lena Müller');
		await page.getByRole('textbox', { name: 'Name von Spieler 2' }).fill('Hans Köhler');
		await guard.look(page, 'new club game');
		await page.getByRole('button', { name: 'Partie beginnen' }).click();
		await page.waitForURL(/\/runde\/r-/);
		await page
			.getByRole('link', { name: /Zurück zum Clubabend|Clubabend/ })
			.first()
			.click();
		await page.waitForURL(/\/club/);
		await guard.look(page, 'club game');
		await page.goto(`${baseURL}/club`);
		await page.getByRole('link', { name: 'Neue Partie' }).waitFor();
		await guard.look(page, 'club evening');

		await page.goto(`${baseURL}/einstellungen`);
		await page.getByRole('region', { name: 'Speicher' }).waitFor();
		await guard.look(page, 'settings');

		await page.goto(`${baseURL}/tisch`);
		await page.getByRole('tab', { name: 'Code einfügen' }).waitFor();
		await guard.look(page, 'tablet, nothing joined');

		await page.goto(`${baseURL}/turnier/neu`);
		await page.getByRole('textbox', { name: 'Name des Turniers' }).waitFor();
		await guard.look(page, 'new tournament');

		const fixture = await tournamentFile('t-e2e0guard0restore', drawnLog('Herbstturnier', SIX, 'guard-r'));
		await page.goto(`${baseURL}/turnier`);
		const restore = page.getByRole('region', { name: 'Turnier aus Datei wiederherstellen' });
		await restore.waitFor();
		await guard.look(page, 'tournament list');
		await restore.getByLabel('Datei wählen (.wbsync oder .json)').setInputFiles(fixture.path);
		await restore.getByRole('group', { name: 'Die Datei enthält' }).waitFor();
		await guard.look(page, 'restore preview');
		expect(errors).toEqual([]);
		expect(guard.findings).toEqual([]);
	});

	it('the desk as a tournament begins: registration, the draw proposal, round 1 drawn, result entry', async () => {
		const guard = new HiddenTextGuard();
		const { page, errors } = await chromium.device({ timeout: 20_000 });
		const desk = new DirectorDesk(page, baseURL);
		await desk.create(/^Triominos-Qualifikation/, 'Herbstturnier Halle');
		await guard.look(page, 'registration, empty');
		await desk.paste(FOURTEEN);
		await guard.look(page, 'registration');
		await desk.openTab('Auslosung & Sitzplan');
		await page.getByRole('heading', { name: 'Vorschlag für Runde 1' }).waitFor();
		await guard.look(page, 'draw proposal');
		await desk.drawRound(1);
		await guard.look(page, 'round 1 drawn');
		await desk.openResults(1);
		await guard.look(page, 'result entry');
		expect(errors).toEqual([]);
		expect(guard.findings).toEqual([]);
	});

	it('the desk in round 2: every tab, the print pages, the projector and the publish page', async () => {
		const guard = new HiddenTextGuard();
		const fixture = await tournamentFile('t-e2e0guard0desk', secondRoundLog());
		const { page, errors } = await chromium.device({ timeout: 20_000 });
		const exchange = new ExchangeDesk(page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		const base = `${baseURL}/turnier/${fixture.id}`;
		const screens: [string, string, Locator][] = [
			['overview', base, page.getByRole('heading', { name: 'Nächster Schritt' })],
			['registration, closed', `${base}/anmeldung`, page.getByRole('heading', { name: /^Teilnehmer/ })],
			['round 2 drawn', `${base}/auslosung`, page.getByRole('heading', { name: 'Wer sitzt wo?' })],
			['round status', `${base}/runde`, page.getByRole('heading', { name: /^Runde 2/ })],
			[
				'results of round 1',
				`${base}/ergebnisse?runde=1`,
				page.getByRole('form', { name: 'Tisch 1', exact: true })
			],
			['standings', `${base}/rangliste`, page.getByRole('columnheader', { name: 'Turnierpunkte' })],
			['final', `${base}/finale`, page.getByRole('link', { name: 'Finale', exact: true })],
			['printed results', `${base}/druck`, page.getByRole('heading', { name: 'Ergebnisse' })],
			['projector', `${base}/beamer`, page.getByRole('table')],
			['table cards', `${base}/tischkarten/2`, page.getByText('Tisch 1', { exact: true })],
			['publish', `${base}/veroeffentlichen`, page.getByRole('heading', { level: 1 })]
		];
		for (const [name, url, ready] of screens) {
			await page.goto(url);
			await ready.first().waitFor();
			await guard.look(page, name);
		}
		expect(errors).toEqual([]);
		expect(guard.findings).toEqual([]);
	});

	it('the exchange in round 2: the table codes one tap from the seating, every view, an export that says so', async () => {
		const guard = new HiddenTextGuard();
		const fixture = await tournamentFile('t-e2e0guard0exchange', secondRoundLog());
		const { page, errors } = await chromium.device({ timeout: 20_000 });
		await new ExchangeDesk(page, baseURL, fixture.id).takeOver(fixture.path);
		// Item 9: the table codes are one tap from the seating, and the exchange opens on handing them out.
		await page.goto(`${baseURL}/turnier/${fixture.id}/auslosung`);
		await page.getByRole('link', { name: 'Tisch-Codes ausgeben' }).click();
		await page.waitForURL(/\/austausch\?ansicht=tische$/);
		await expect
			.poll(() => page.getByRole('tab', { name: 'Tische ausgeben' }).getAttribute('aria-selected'))
			.toBe('true');
		for (const view of ['Tische ausgeben', 'Ergebnisse einsammeln', 'Rangliste ausgeben', 'Dateien']) {
			await page.getByRole('tablist', { name: 'Austausch' }).getByRole('tab', { name: view }).click();
			await guard.look(page, `exchange: ${view}`);
		}
		// Item 9: exporting the whole tournament says when it is done and under which name.
		await page.getByRole('button', { name: 'Ganzes Turnier exportieren' }).click();
		await page
			.getByRole('status')
			.filter({ hasText: /^(Gespeichert|Geteilt): .+\.wbsync/ })
			.waitFor();
		expect(errors).toEqual([]);
		expect(guard.findings).toEqual([]);
	});

	it('the exchange with decisions to make: a second tablet of a table, a late code set aside', async () => {
		const guard = new HiddenTextGuard();
		const fixture = await tournamentFile('t-e2e0guard0cards', lockedLog());
		const { page, errors } = await chromium.device({ timeout: 20_000 });
		const exchange = new ExchangeDesk(page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		await exchange.view('Ergebnisse einsammeln');
		// Round 3's table 1 handed in by its tablet, then by a second one: a decision; round 2's late code: locked.
		const [first] = fixture.tables as [string[]];
		await exchange.paste((await resultCodes(fixture, { table: 1, round: 3, players: first })).codes);
		await page.getByText('Runde 3, Tisch 1: Ergebnis eingetragen.').waitFor();
		await exchange.paste(
			(await resultCodes(fixture, { table: 1, round: 3, players: first, seed: 40 })).codes
		);
		await page.getByText('Runde 3, Tisch 1: wartet auf Ihre Entscheidung.').waitFor();
		const late = ['Bärbel', 'Jörg', 'Jürgen'];
		await exchange.paste((await resultCodes(fixture, { table: 1, round: 2, players: late })).codes);
		const card = exchange.conflict('Runde 2', 1);
		await card.getByText(/Runde 2 ist gesperrt – Runde 3 läuft/).waitFor();
		await guard.look(page, 'exchange: decisions to make');
		// Item 9: set aside, the late code's card still says why it waited.
		await card.getByRole('button', { name: 'Beiseitelegen' }).click();
		await card.getByText(/beiseitegelegt/).waitFor();
		expect(await card.textContent()).toContain('Die Runde ist schon abgeschlossen (gesperrt).');
		expect(await card.textContent()).not.toContain('zweites Gerät');
		await guard.look(page, 'exchange: a late code set aside');
		expect(errors).toEqual([]);
		expect(guard.findings).toEqual([]);
	});

	it('a tablet joined, a missing player reported to the desk, the round confirmed, handed in, the standings taken', async () => {
		const guard = new HiddenTextGuard();
		const fixture = await tournamentFile('t-e2e0guard0tablet', lockedLog());
		const director = await chromium.device({ timeout: 20_000 });
		const exchange = new ExchangeDesk(director.page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		await exchange.view('Ergebnisse einsammeln');
		const [, second] = fixture.tables as [string[], string[]];

		// Table 2's tablet joins, reports a missing player, and the report reaches the desk.
		const tablet = await chromium.device({ timeout: 20_000 });
		const joined = new TabletPage(tablet.page, baseURL);
		await joined.open();
		await joined.join(await tableCodes(fixture, 2), 2, 3);
		await guard.look(tablet.page, 'tablet joined');
		await joined.startRound();
		await guard.look(tablet.page, 'new round of a tournament table');
		// Item 7: "… fehlt" has room between its words and its border on both sides.
		const insets = await tablet.page.getByRole('button', { name: / fehlt$/ }).evaluateAll((buttons) =>
			buttons.map((button) => {
				const range = document.createRange();
				range.selectNodeContents(button);
				const text = range.getBoundingClientRect();
				const box = button.getBoundingClientRect();
				return Math.round(Math.min(text.left - box.left, box.right - text.right));
			})
		);
		expect(insets.length).toBe(3);
		for (const inset of insets) expect(inset).toBeGreaterThanOrEqual(10);
		const missing = second[1]!;
		await tablet.page.getByRole('button', { name: `${missing} fehlt` }).click();
		const report = tablet.page.locator('.absent-code');
		await report.getByRole('heading', { name: 'Meldung für die Turnierleitung' }).waitFor();
		await guard.look(tablet.page, 'tablet, a missing player reported');
		await report.getByText('Code als Text', { exact: true }).click();
		const codes = (await report.locator('textarea[readonly]').inputValue()).split('\n').filter(Boolean);
		await exchange.paste(codes);
		await director.page.getByText(`Runde 3, Tisch 2: ${missing} fehlt – gemeldet.`).waitFor();
		await guard.look(director.page, 'exchange: a missing player reported');

		// Table 2 plays its round (a record file) and hands it in.
		await joined.open();
		await joined.startRound();
		const record = join(tmpdir(), `guard-${process.pid}.trn`);
		writeFileSync(record, finishedRecord(second, 23));
		await tablet.page.locator('input[type=file][accept*=".trn"]').setInputFiles(record);
		await tablet.page.waitForURL(/\/runde\/r-/);
		await tablet.page.getByRole('button', { name: 'Ergebnis bestätigen' }).click();
		await tablet.page.getByText('Ergebnis bestätigt.').waitFor();
		await guard.look(tablet.page, 'tournament round confirmed');
		await joined.open();
		await tablet.page.getByRole('button', { name: 'Ergebnis abgeben' }).click();
		await tablet.page.locator('svg.qr').first().waitFor();
		await guard.look(tablet.page, 'tablet, handing in');

		// The standings go back to the tablet.
		await exchange.view('Rangliste ausgeben');
		await director.page.locator('svg.qr').first().waitFor();
		await director.page.getByText('Code als Text', { exact: true }).click();
		const standings = (await director.page.getByRole('textbox', { name: 'Code als Text' }).inputValue())
			.split('\n')
			.filter(Boolean);
		await joined.open();
		await joined.takeStandings(standings);
		await guard.look(tablet.page, 'tablet, standings taken');
		expect([...director.errors, ...tablet.errors]).toEqual([]);
		expect(guard.findings).toEqual([]);
	});
});
