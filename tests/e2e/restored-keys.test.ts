// The director's device breaks mid-round and he restores the tournament on a spare device from its
// "Alles (JSON)" export, which carries no keys (issue 17): the spare desk says so before and after, refuses
// the tablet's code of before with its reason, and the tablet, once its players confirm the director's new
// key, hands its round in to the spare desk. In real Chromium, each device a browser profile of its own.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';
import { ExchangeDesk, pasteCodes } from './pages/exchangeDesk';
import { finishedRecord, screenshot, screenshotsBothWays } from './pages/fixtures';
import { storeSnapshot } from './pages/stores';
import { TabletPage } from './pages/TabletPage';
import { drawnLog, resultCodes, tournamentFile } from './pages/tournamentFiles';

const SIX = ['Bärbel Krause', 'Jörg Nolte', 'Jürgen Haas', 'Anke Vogt', 'Hans-Jürgen Roth', 'Ute Brandt'];

/** The codes of a code sequence on screen, as its "Code als Text" gives them. */
async function codesIn(scope: Locator): Promise<string[]> {
	await scope.locator('summary').filter({ hasText: 'Code als Text' }).click();
	const text = await scope.getByRole('textbox', { name: 'Code als Text' }).inputValue();
	return text.split('\n').filter(Boolean);
}

describe('a tournament restored from its JSON export on a spare device', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	/** A tablet or the director's device; screens take their time on a loaded machine. */
	const device = () => chromium.device({ timeout: 20_000 });

	it('gets new keys: the desk says so, refuses a code of before with its reason, and takes the round once the tablet confirmed the new key', async () => {
		const fixture = await tournamentFile('t-e2e0newkeys0herbst', drawnLog('Herbstturnier', SIX, 'herbst-k'));
		const [first, second] = fixture.tables as [string[], string[]];

		// The first desk hands out table 1; table 2's result is in.
		const desk = await device();
		const exchange = new ExchangeDesk(desk.page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		const handOut = desk.page.getByRole('region', { name: 'Tische ausgeben – Runde 1' });
		await handOut.getByRole('heading', { name: 'Tisch 1', exact: true }).waitFor();
		const oldTableCode = await codesIn(handOut);
		await exchange.view('Ergebnisse einsammeln');
		await exchange.paste((await resultCodes(fixture, { table: 2, players: second })).codes);
		await desk.page.getByText('Runde 1, Tisch 2: Ergebnis eingetragen.').waitFor();

		// Table 1's tablet plays its round and confirms it; it has not handed it in yet.
		const tablet = await device();
		const table = new TabletPage(tablet.page, baseURL);
		await table.open();
		await table.join(oldTableCode, 1, 1);
		await table.startRound();
		const record = join(tmpdir(), `tisch1-newkeys-${process.pid}.trn`);
		writeFileSync(record, finishedRecord(first, 11));
		await tablet.page.locator('input[type=file][accept*=".trn"]').setInputFiles(record);
		await tablet.page.waitForURL(/\/runde\/r-/);
		await tablet.page.getByRole('button', { name: 'Ergebnis bestätigen' }).click();
		await tablet.page.getByText('Ergebnis bestätigt.').waitFor();
		await table.open();
		await tablet.page.getByRole('button', { name: 'Ergebnis abgeben' }).click();
		const oldResult = await codesIn(tablet.page.getByRole('region', { name: 'Ergebnis abgeben' }));

		// The desk's last export is its "Alles (JSON)"; then the device breaks.
		await desk.page.goto(`${baseURL}/turnier/${fixture.id}/rangliste`);
		const exported = await new DirectorDesk(desk.page, baseURL, fixture.id).download('Alles (JSON)');
		const json = join(tmpdir(), `${process.pid}-newkeys-export.json`);
		writeFileSync(json, exported.bytes);

		// The spare device: the preview says, before anything is stored, what a JSON export means for the keys.
		const spare = await device();
		await spare.page.goto(`${baseURL}/turnier`);
		const restore = spare.page.getByRole('region', { name: 'Turnier aus Datei wiederherstellen' });
		await restore.waitFor();
		const before = await storeSnapshot(spare.page);
		await restore.getByLabel('Datei wählen (.wbsync oder .json)').setInputFiles(json);
		const holds = restore.getByRole('group', { name: 'Die Datei enthält' });
		const note = holds.getByRole('note', { name: 'Neue Schlüssel' });
		await note.getByText(/^Ein Export „Alles \(JSON\)“ enthält keine Schlüssel/).waitFor();
		expect(await note.textContent()).toContain(
			'Eine Sicherung (.wbsync) stellt das Turnier mit den alten Schlüsseln wieder her'
		);
		expect(await storeSnapshot(spare.page)).toBe(before);
		await screenshotsBothWays(spare.page, 'restored-keys-preview');
		await holds.getByRole('button', { name: 'Wiederherstellen' }).click();
		await spare.page.waitForURL(`**/turnier/${fixture.id}`);

		// Its exchange says what to do; the tablet's code of before is refused with the reason, nothing stored.
		const restored = new ExchangeDesk(spare.page, baseURL, fixture.id);
		await restored.open();
		await spare.page
			.getByRole('note')
			.filter({
				hasText:
					'Neue Schlüssel nach der Wiederherstellung: Geben Sie jedem Tisch der laufenden Runde seinen Tisch-Code neu (Runde 1).'
			})
			.waitFor();
		await restored.view('Ergebnisse einsammeln');
		await restored.boardRow(2).getByText('eingetragen', { exact: true }).waitFor();
		const held = await storeSnapshot(spare.page);
		await restored.paste(oldResult);
		await spare.page
			.getByRole('alert')
			.filter({
				hasText:
					'Runde 1, Tisch 1: Dieser Ergebnis-Code wurde mit einem Tisch-Code von vor der Wiederherstellung erstellt – das Turnier hat seitdem neue Schlüssel. Das Tablet liest den neuen Tisch-Code von Runde 1, Tisch 1 und gibt dann noch einmal ab.'
			})
			.waitFor();
		expect(await storeSnapshot(spare.page)).toBe(held);
		await screenshot(spare.page, 'restored-keys-refused');

		// Table 1's code again, from the spare desk: the tablet asks, its players confirm the new key.
		await restored.view('Tische ausgeben');
		const again = spare.page.getByRole('region', { name: 'Tische ausgeben – Runde 1' });
		await again.getByRole('heading', { name: 'Tisch 1', exact: true }).waitFor();
		const newTableCode = await codesIn(again);
		await table.open();
		await pasteCodes(tablet.page, newTableCode);
		const choice = tablet.page.getByRole('region', { name: 'Anderes Gerät der Turnierleitung' });
		await choice
			.getByText(
				'Dieser Tisch-Code ist von einem anderen Gerät der Turnierleitung unterschrieben als die bisherigen (z. B. nach einer Wiederherstellung). Nur übernehmen, wenn die Turnierleitung das bestätigt.'
			)
			.waitFor();
		await screenshot(tablet.page, 'restored-keys-tablet-choice');
		await choice.getByRole('button', { name: 'Neuen Schlüssel der Turnierleitung übernehmen' }).click();
		await tablet.page.getByText('Beigetreten: Tisch 1, Runde 1.').waitFor();

		// The round played before the restore is still the table's, handed in under the new table key.
		await tablet.page.getByText('Bestätigt', { exact: true }).waitFor();
		await tablet.page.getByRole('button', { name: 'Ergebnis abgeben' }).click();
		const newResult = await codesIn(tablet.page.getByRole('region', { name: 'Ergebnis abgeben' }));
		await restored.view('Ergebnisse einsammeln');
		await restored.paste(newResult);
		await spare.page.getByText('Runde 1, Tisch 1: Ergebnis eingetragen.').waitFor();
		await spare.page.getByText('Tafel Runde 1 – 2 von 2 Tischen eingetragen').waitFor();
		expect([...desk.errors, ...tablet.errors, ...spare.errors]).toEqual([]);
	}, 180_000);
});
