// A whole 4-player tournament round played by taps in the built app, checked against the command line:
// the .trn the app exports is scored by `wertungsblatt sheet --json` and must say what the screen says.
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { TABLET_PORTRAIT, TABLET_LANDSCAPE, type RequestWatch } from './browser';
import { useChromium } from './pages/devices';
import {
	dismissAppBanners,
	EXAMPLE_PATH,
	EXAMPLE_TEXT,
	screenshot,
	smallTargets,
	turnLines,
	watchCsp
} from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';
import { SheetPage, shownNumber } from './pages/SheetPage';

interface SheetJson {
	finished: boolean;
	players: { name: string; total: number; place: number | null; points: number | null }[];
	turns: { player: string; score: number; total: number; announcement: string }[];
}

function cliSheet(file: string): SheetJson {
	const out = execFileSync('npm', ['run', '--silent', 'cli', '--', 'sheet', file, '--json'], {
		encoding: 'utf8'
	});
	return JSON.parse(out) as SheetJson;
}

describe('table: a full tournament round by taps', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	let context: BrowserContext;
	let page: Page;
	let requests: RequestWatch;
	let errors: string[];

	beforeAll(async () => {
		const device = await chromium.device({ viewport: TABLET_LANDSCAPE, watchRequests: true });
		({ context, page, errors } = device);
		requests = device.requests!;
	});

	it('plays the notation example and ends with the sheet, places and points of the command line', async () => {
		const csp = await watchCsp(page);

		// Start draw: Ben and Cara tie on 12 and draw again; Ben opens.
		const neu = new NewRoundPage(page);
		await neu.open(baseURL, 'players=Anna,Ben,Cara,Dirk');
		await neu.draw([5, 12, 12, 3]);
		await page.getByText('Gleichstand: Ben und Cara ziehen noch einmal.').waitFor();
		await neu.draw([9, 4]);
		await page.getByText('Ben beginnt.').waitFor();
		await neu.start();

		const sheet = new SheetPage(page);
		const turns = turnLines(EXAMPLE_TEXT);
		for (const [index, { tokens }] of turns.entries()) {
			if (index === 14) {
				// Dirk: "d 4" — the scorer taps 5 by mistake; the table agrees on a correction below.
				await sheet.playTurn('d 5');
				await sheet.waitSaved();
				await sheet.cell('Dirk', 4).click();
				const dialog = page.getByRole('dialog', { name: /Zug korrigieren: Dirk, Runde 4/ });
				await dialog.getByRole('button', { name: '4', exact: true }).click();
				await dialog.getByRole('textbox', { name: 'Grund' }).fill('Wert verwechselt, Tisch einig');
				await dialog.getByText('Neuer Zug: −1 – minus fünf, vier, ergibt minus eins').waitFor();
				await dialog.getByRole('button', { name: 'Korrektur speichern' }).click();
				await dialog.waitFor({ state: 'detached' });
				await sheet.waitSaved();
				expect(await sheet.cellColumns('Dirk', 4)).toEqual(['−1', '|', '−11']);
				await expect(sheet.cell('Dirk', 4).getAttribute('aria-label')).resolves.toMatch(
					/korrigiert: Wert verwechselt, Tisch einig/
				);
				continue;
			}
			if (index === 9) {
				// A wrong tap taken back at once: Rückgängig is an entry too.
				await sheet.valueButton(15).click();
				await sheet.undoButton.click();
			}
			await sheet.playTurn(tokens);
			if (index === 1) {
				// 000 §Ansagen, example 1, said correctly.
				await sheet.waitSaved();
				expect(await page.locator('.announce .said').innerText()).toBe(
					'minus fünf, minus zehn, sieben, ergibt minus drei'
				);
				await sheet.checkAnnouncement('minus fünf, minus zehn, sieben, ergibt minus drei');
				await page.getByText('Ansage stimmt.').waitFor();
			}
			if (index === 4) {
				// 000's own hexagon example says "Bonus sechzig" — the app names the wrong step and blocks.
				await sheet.waitSaved();
				await sheet.checkAnnouncement('acht, Bonus sechzig, ergibt achtundsechzig');
				const alert = page
					.getByRole('alertdialog')
					.filter({ hasText: 'Die Ansage von Ben (Runde 2) weicht ab' });
				await alert.waitFor();
				expect(await alert.innerText()).toMatch(/Schritt 2 \(„Bonus sechzig“\)/);
				expect(await alert.innerText()).toMatch(/Richtig wäre: acht, Bonus fünfzig, ergibt achtundfünfzig/);
				expect(await sheet.buyButton.isDisabled()).toBe(true);
				expect(await sheet.valueButton(9).isDisabled()).toBe(true);
				await sheet.button('Ansage trotzdem übernehmen').click();
				await page.getByText('Ansage trotz Abweichung übernommen.').waitFor();
				expect(await sheet.buyButton.isEnabled()).toBe(true);
			}
			if (index === 20) {
				await sheet.waitSaved();
				expect(await smallTargets(page, '.pad-frame')).toEqual([]);
				await screenshot(page, 'table-sheet-1280x800');
				await page.setViewportSize(TABLET_PORTRAIT);
				expect(await smallTargets(page, '.pad-frame')).toEqual([]);
				await screenshot(page, 'table-sheet-800x1280');
				await page.setViewportSize(TABLET_LANDSCAPE);
			}
			if (index === 33) {
				await page.getByText('Letzte Runde: Dirk legt noch einmal – kein Kaufen').waitFor();
				expect(await sheet.buyButton.isDisabled()).toBe(true);
			}
		}
		await sheet.waitSaved();
		expect(await sheet.phase()).toBe('settle');

		await sheet.enterHands({
			Anna: 14,
			Ben: ['3-4-4', '0-0-1'],
			Dirk: ['0-1-2', '1-1-1', '0-2-2', '2-3-3', '4-4-4']
		});
		await sheet.settle();
		await sheet.waitSaved();
		await screenshot(page, 'table-end-1280x800');
		await page.setViewportSize(TABLET_PORTRAIT);
		await screenshot(page, 'table-end-800x1280');
		await page.setViewportSize(TABLET_LANDSCAPE);

		const shown = await sheet.result();
		const exported = await sheet.exportRecord();
		expect(exported.name).toMatch(/^runde_.*_Anna-Ben-Cara-Dirk\.trn$/);
		const cli = cliSheet(exported.path);
		expect(cli.finished).toBe(true);

		// The screen's result is the command line's result.
		const byName = new Map(shown.map((row) => [row.name, row]));
		for (const player of cli.players) {
			expect(byName.get(player.name)).toEqual({
				place: player.place,
				name: player.name,
				total: player.total,
				points: player.points
			});
		}
		// Every turn's score on the screen's sheet is the command line's.
		const totals = await page.locator('table.sheet').evaluate((table) => {
			const rows = [...table.querySelectorAll('tbody tr')].filter(
				(row) => !row.classList.contains('settlement')
			);
			return rows.map((row) =>
				[...row.querySelectorAll('td')].map(
					(cell) => cell.querySelector('.trio > .r')?.textContent?.trim() ?? ''
				)
			);
		});
		const players = ['Anna', 'Ben', 'Cara', 'Dirk'];
		const previous = new Map(players.map((p) => [p, 0]));
		cli.turns.forEach((turn, index) => {
			const seat = (1 + index) % 4;
			const lap = Math.floor(index / 4);
			const total = shownNumber(totals[lap]?.[seat] ?? 'NaN');
			expect({ turn: index, player: players[seat], score: total - (previous.get(turn.player) ?? 0) }).toEqual(
				{
					turn: index,
					player: turn.player,
					score: turn.score
				}
			);
			previous.set(turn.player, total);
		});
		// And the exported record scores exactly like the original example.
		expect(cli).toEqual(cliSheet(EXAMPLE_PATH));

		await sheet.confirm();
		// Confirmed: the sheet is read-only now.
		expect(await sheet.cell('Anna', 1).count()).toBe(0);
		expect(await page.getByRole('group', { name: /^Anna, Runde 1:/ }).count()).toBe(1);
		expect(await csp()).toEqual([]);
		expect(errors).toEqual([]);
		// The whole round, its export and the confirmation never left the app's origin.
		expect(requests.seen().all).toBeGreaterThan(0);
		expect(requests.external).toEqual([]);
	});

	it('speaks each turn as it is tapped: the purchases one by one, then the tile and the total', async () => {
		const speaking = await context.newPage();
		// What the page hands to speech synthesis, recorded instead of played.
		await speaking.addInitScript(() => {
			const said: string[] = [];
			(window as unknown as { __said: string[] }).__said = said;
			SpeechSynthesis.prototype.speak = function (utterance: SpeechSynthesisUtterance) {
				said.push(`${utterance.lang}: ${utterance.text}`);
			};
		});
		await dismissAppBanners(speaking);
		const neu = new NewRoundPage(speaking);
		await neu.open(baseURL, 'players=Anna,Ben,Cara&start=choose');
		await speaking.getByRole('radio', { name: 'Anna', exact: true }).click();
		await neu.start();
		const sheet = new SheetPage(speaking);
		await sheet.button('Ansage vorlesen').click();
		expect(await sheet.button('Ansage vorlesen').getAttribute('aria-pressed')).toBe('true');
		// 000 §Ansagen, example 1: "minus fünf, minus zehn, sieben, ergibt minus drei".
		await sheet.playTurn('d d 7');
		await sheet.waitSaved();
		expect(await speaking.evaluate(() => (window as unknown as { __said: string[] }).__said)).toEqual([
			'de-DE: minus fünf',
			'de-DE: minus zehn',
			'de-DE: sieben, ergibt minus drei'
		]);
		await speaking.close();
	});
});
