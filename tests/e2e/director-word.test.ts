// The director's word is final (issue 17, cases 2–6), in real Chromium: what the board counts, a tournament
// table's setup, restoring from the menus, a stable draw proposal, and the desk's labels. Tournaments and the
// codes their tablets would hand in are made in node (tests/e2e/pages/tournamentFiles.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CLASSIC, TOURNAMENT } from '../../src/lib/domain/rules';
import { replay, standings, type TournamentEvent } from '../../src/lib/domain/tournament';
import { logFromResults } from '../../src/lib/domain/tournament/from-results';
import { toFileText } from '../../src/lib/protocol/files';
import { encodePayload } from '../../src/lib/protocol/payload';
import { batchOf, finishingChoices, roundEvents } from '../../src/lib/protocol/testing';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';
import { ExchangeDesk } from './pages/exchangeDesk';
import { screenshot } from './pages/fixtures';
import { TabletPage } from './pages/TabletPage';
import { storeSnapshot } from './pages/stores';
import { drawnLog, resultCodes, tableCodes, tournamentFile } from './pages/tournamentFiles';

const SIX = ['Bärbel Krause', 'Jörg Nolte', 'Jürgen Haas', 'Anke Vogt', 'Hans-Jürgen Roth', 'Ute Brandt'];

describe('the director’s word is final', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	/** A tablet or the director's device; screens take their time on a loaded machine. */
	const device = () => chromium.device({ timeout: 20_000 });

	/** The screen as a director or a table sees it, landscape and portrait (test-results/screens). */
	async function shots(page: Page, name: string): Promise<void> {
		await screenshot(page, `${name}-1280x800`);
		await page.setViewportSize(TABLET_PORTRAIT);
		await screenshot(page, `${name}-800x1280`);
		await page.setViewportSize(TABLET_LANDSCAPE);
	}

	it('case 2: the board shows the recorded result of every table and marks a set-aside code; messages and cards name the round and the tablet’s table', async () => {
		const fixture = await tournamentFile('t-e2e0board0herbst', drawnLog('Herbstturnier', SIX, 'herbst-1'));
		const { page, errors } = await device();
		const exchange = new ExchangeDesk(page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		const desk = new DirectorDesk(page, baseURL, fixture.id);
		const [first, second] = fixture.tables as [string[], string[]];

		// Table 1 typed in by hand: 88 / 88 / 140.
		await desk.openResults(1);
		await desk.enterTable(1, new Map(first.map((name, seat) => [name, [88, 88, 140][seat]!])));

		// Its tablet then hands in another result: the director sets it aside.
		await exchange.open();
		await exchange.view('Ergebnisse einsammeln');
		const { codes, totals: incoming } = await resultCodes(fixture, { table: 1, players: first });
		await exchange.paste(codes);
		await page.getByText('Runde 1, Tisch 1: wartet auf Ihre Entscheidung.').waitFor();
		const card = exchange.conflict('Runde 1', 1);
		await card.getByText('Tablet von Tisch 1 (Runde 1)').waitFor();
		await page.getByText('Tafel Runde 1 – 1 von 2 Tischen eingetragen').waitFor();
		// The recorded result beside the incoming one.
		const recordedBox = card.locator('.result').filter({ hasText: 'Eingetragen (zählt)' });
		const incomingBox = card.locator('.result').filter({ hasText: 'Dieser Code' });
		expect((await recordedBox.getByRole('listitem').allTextContents()).map((t) => t.trim())).toEqual(
			first.map((name, seat) => `${name} ${[88, 88, 140][seat]}`)
		);
		expect((await incomingBox.getByRole('listitem').allTextContents()).map((t) => t.trim())).toEqual(
			first.map((name, seat) => `${name} ${incoming[seat]}`)
		);
		expect(await card.textContent()).not.toMatch(/Gerät/);
		await shots(page, 'word-conflict-card');
		await card.getByRole('button', { name: 'Beiseitelegen' }).click();

		const row = exchange.boardRow(1);
		await row.getByText(`Gewertet: ${first[0]} 88 · ${first[1]} 88 · ${first[2]} 140`).waitFor();
		await row.getByText('Ein Code beiseitegelegt (zählt nicht)').waitFor();
		await shots(page, 'word-board');
		await row.getByText('eingetragen', { exact: true }).waitFor();
		expect(await row.textContent()).not.toContain(`${first[0]} ${incoming[0]} · ${first[1]} ${incoming[1]}`);

		// Table 2 by tablet: its recorded figures too.
		const { codes: secondCodes, totals: byTablet } = await resultCodes(fixture, {
			table: 2,
			players: second,
			seed: 23
		});
		await exchange.paste(secondCodes);
		await page.getByText('Runde 1, Tisch 2: Ergebnis eingetragen.').waitFor();
		// The same code again: nothing changes, and the message names the round.
		await exchange.paste(secondCodes);
		await page.getByText('Runde 1, Tisch 2: schon vorhanden – nichts geändert.').waitFor();
		await exchange
			.boardRow(2)
			.getByText(`Gewertet: ${second.map((name, seat) => `${name} ${byTablet[seat]}`).join(' · ')}`)
			.waitFor();

		// One round of four played: who is in the final is only how it stands now.
		await page.goto(`${baseURL}/turnier/${fixture.id}/rangliste`);
		await page.locator('table.standings').waitFor();
		await expect(page.getByText('Finalist (vorläufig)').count()).resolves.toBe(3);
		expect(errors).toEqual([]);
	}, 120_000);

	it('case 3: a tablet joined to a tournament table cannot change its setup; the desk refuses a round played otherwise, storing nothing', async () => {
		const fixture = await tournamentFile('t-e2e0setup0herbst', drawnLog('Herbstturnier', SIX, 'herbst-2'));
		const seated = fixture.tables[1]!;
		const tablet = await device();
		const page = tablet.page;
		const joined = new TabletPage(page, baseURL);
		await joined.open();
		await joined.join(await tableCodes(fixture, 2), 2, 1);
		await joined.startRound();
		const fixed = page.getByRole('region', { name: 'Vorgegeben von der Turnierleitung' });
		await fixed.waitFor();
		const shown = async () =>
			(await fixed.getByRole('list').locator('.name').allTextContents()).map((n) => n.trim());
		expect(await shown()).toEqual(seated);
		await fixed.getByText('Turnierrunde · 56 Steine (Standard)').waitFor();
		for (const control of [
			page.getByRole('textbox', { name: /^Name von Spieler/ }),
			page.getByRole('radio', { name: /^Klassisch bis 400/ }),
			page.getByRole('radio', { name: /^Kinderwertung/ }),
			page.getByRole('radio', { name: /^76 Steine/ }),
			page.getByRole('button', { name: /Spieler hinzufügen/ }),
			page.getByRole('button', { name: / entfernen$/ })
		])
			await expect(control.count()).resolves.toBe(0);

		// A link edited by hand changes nothing: the table code decides.
		const query = new URLSearchParams({ tournament: fixture.id, round: '1', table: '2', preset: 'classic' });
		query.set('tiles', '76');
		for (const name of ['Gast', seated[1]!, seated[0]!]) query.append('player', name);
		await page.goto(`${baseURL}/runde/neu?${query}`);
		await fixed.waitFor();
		await expect.poll(shown).toEqual(seated);
		await fixed.getByText('Turnierrunde · 56 Steine (Standard)').waitFor();

		// A player does not show up: the table reports it, the director decides.
		await fixed.getByRole('button', { name: `${seated[2]} fehlt` }).click();
		await page
			.getByRole('status')
			.filter({ hasText: `Bitte jetzt der Turnierleitung melden: ${seated[2]} ist nicht am Tisch.` })
			.waitFor();
		expect(await page.getByRole('button', { name: /^Runde starten/ }).isDisabled()).toBe(true);
		await shots(page, 'word-table-fixed');

		// The desk refuses a round played with other rules, tiles or players — and stores nothing.
		const director = await device();
		const exchange = new ExchangeDesk(director.page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		await exchange.view('Ergebnisse einsammeln');
		await director.page.locator('section.board').waitFor();
		const before = await storeSnapshot(director.page);
		const played = [
			{ players: seated, rules: CLASSIC, why: 'Klassisch bis 400 statt Turnierrunde' },
			{ players: seated, rules: { ...TOURNAMENT, tiles: 76 as const }, why: '76 statt 56 Steine' },
			{ players: [...seated, 'Gast'], rules: TOURNAMENT, why: '4 statt 3 Spieler' },
			{ players: [seated[1]!, seated[0]!, seated[2]!], rules: TOURNAMENT, why: 'andere Sitzreihenfolge' }
		];
		for (const { players, rules, why } of played) {
			await exchange.paste((await resultCodes(fixture, { table: 2, players, rules, seed: 5 })).codes);
			await director.page
				.getByRole('alert')
				.filter({
					hasText: `Runde 1, Tisch 2: am Tisch wurde anders gespielt, als die Turnierleitung den Tisch ausgegeben hat (${why}). Nichts wurde übernommen`
				})
				.waitFor();
		}
		expect(await storeSnapshot(director.page)).toBe(before);
		await exchange.boardRow(2).getByText('fehlt', { exact: true }).waitFor();
		expect([...tablet.errors, ...director.errors]).toEqual([]);
	}, 120_000);

	it('case 4: "Turnier aus Datei wiederherstellen" reads a backup or JSON export on a new device, shows it first, refuses a damaged or foreign file', async () => {
		const log = drawnLog('Frühjahrsturnier', SIX, 'fruehjahr');
		const fixture = await tournamentFile('t-e2e0restore0fruehjahr', log);
		const dir = tmpdir();
		const write = (name: string, text: string) => {
			const path = join(dir, `${process.pid}-${name}`);
			writeFileSync(path, text);
			return path;
		};
		const backup = toFileText(
			await encodePayload(
				{
					kind: 'tournament',
					tournamentId: fixture.id,
					tournamentName: fixture.name,
					key: fixture.key,
					signing: fixture.signing.privateKey,
					director: fixture.signing.publicKey,
					legacyThrough: 0,
					events: [],
					rounds: [],
					pending: []
				},
				fixture.signing
			)
		);
		const [head, firstLine, ...rest] = readFileSync(fixture.path, 'utf8').split('\n');
		const damaged = [head, firstLine!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), ...rest].join('\n');
		const resultCode = toFileText(
			await encodePayload(
				{
					kind: 'batch',
					batch: batchOf(
						roundEvents({
							players: fixture.tables[0]!,
							choices: finishingChoices([3]),
							tournamentId: fixture.id
						}),
						{ tournamentId: fixture.id }
					)
				},
				fixture.key
			)
		);

		const { page, errors } = await device();
		await page.goto(`${baseURL}/turnier`);
		const restore = page.getByRole('region', { name: 'Turnier aus Datei wiederherstellen' });
		await restore.waitFor();
		const input = restore.getByLabel('Datei wählen (.wbsync oder .json)');
		const before = await storeSnapshot(page);
		const refusals: [string, string][] = [
			[write('beschaedigt.wbsync', damaged), 'Die Prüfsumme stimmt nicht'],
			[write('runde.wbsync', backup), 'sie enthält nur die Ergebnisse einer Runde'],
			[write('ergebnis.wbsync', resultCode), 'das ist keine Turniersicherung'],
			[write('fremd.json', JSON.stringify({ games: [{ id: 'g-1' }] })), 'das ist kein „Alles (JSON)“-Export'],
			[write('kaputt.json', '{"tournament": {"id": "t-abc"'), 'sie ist beschädigt (kein gültiges JSON)']
		];
		for (const [path, why] of refusals) {
			await input.setInputFiles(path);
			const alert = restore.getByRole('alert').filter({ hasText: why });
			await alert.waitFor();
			expect(await alert.textContent()).not.toContain(fixture.id);
		}
		expect(await storeSnapshot(page)).toBe(before);

		// The backup: what it holds, before anything is stored.
		await input.setInputFiles(fixture.path);
		const holds = restore.getByRole('group', { name: 'Die Datei enthält' });
		await holds.waitFor();
		const facts = (await holds.locator('dd').allTextContents()).map((t) => t.trim());
		expect(facts).toEqual([
			'Frühjahrsturnier',
			expect.stringMatching(/^\d\d\.\d\d\.\d{4}$/),
			'Triominos-Qualifikation',
			'6',
			'1 Vorrunde'
		]);
		expect(await storeSnapshot(page)).toBe(before);
		await shots(page, 'word-restore-preview');
		await holds.getByRole('button', { name: 'Wiederherstellen' }).click();
		await page.waitForURL(`**/turnier/${fixture.id}`);
		await page.getByRole('heading', { name: 'Frühjahrsturnier' }).first().waitFor();

		// The restored tournament's "Alles (JSON)" export, restored from Einstellungen on another new device.
		const restored = new DirectorDesk(page, baseURL);
		restored.id = fixture.id;
		await restored.openTab('Rangliste');
		const exported = await restored.download('Alles (JSON)');
		const json = write('export.json', exported.bytes.toString('utf8'));
		const other = await device();
		await other.page.goto(`${baseURL}/einstellungen`);
		const settings = other.page.getByRole('region', { name: 'Turnier aus Datei wiederherstellen' });
		await settings.getByLabel('Datei wählen (.wbsync oder .json)').setInputFiles(json);
		await settings.getByRole('group', { name: 'Die Datei enthält' }).getByText('Frühjahrsturnier').waitFor();
		await settings.getByRole('button', { name: 'Wiederherstellen' }).click();
		await other.page.waitForURL(`**/turnier/${fixture.id}`);
		const desk = new DirectorDesk(other.page, baseURL, fixture.id);
		await desk.openTab('Auslosung & Sitzplan');
		expect(await desk.tablesIn(other.page.getByRole('region', { name: 'Runde 1' }))).toEqual(fixture.tables);
		expect([...errors, ...other.errors]).toEqual([]);
	}, 120_000);

	it('case 5: the draw proposal is kept across visits and reloads until a new draw is asked; the round opens as shown', async () => {
		const { page, errors } = await device();
		const desk = new DirectorDesk(page, baseURL);
		await desk.create(/^Triominos-Qualifikation/, 'Stabile Auslosung');
		await desk.paste(SIX);

		await desk.openTab('Auslosung & Sitzplan');
		const proposal = page.getByRole('region', { name: 'Vorschlag für Runde 1' });
		const look = async () => {
			await proposal.locator('p.seed code').waitFor();
			return {
				seed: await proposal.locator('p.seed code').textContent(),
				tables: await desk.tablesIn(proposal)
			};
		};
		const shown = await look();
		await desk.openTab('Anmeldung');
		await desk.openTab('Auslosung & Sitzplan');
		expect(await look()).toEqual(shown);
		await page.reload();
		expect(await look()).toEqual(shown);
		// Printed as shown.
		await page.emulateMedia({ media: 'print' });
		expect(await look()).toEqual(shown);
		await page.emulateMedia({ media: 'screen' });

		// Registration done: "Weiter →" goes on to the draw (case 6).
		await page.goto(`${baseURL}/turnier/${desk.id}`);
		const next = page.getByRole('link', { name: 'Weiter →' });
		await expect(next.getAttribute('href')).resolves.toMatch(/\/auslosung$/);
		await next.click();
		await page.waitForURL(`**/turnier/${desk.id}/auslosung`);
		expect(await look()).toEqual(shown);

		await proposal.getByRole('button', { name: 'Neu auslosen' }).click();
		await expect.poll(async () => (await look()).seed).not.toBe(shown.seed);
		const redrawn = await look();
		await page.reload();
		expect(await look()).toEqual(redrawn);
		await proposal.getByRole('button', { name: 'Runde 1 eröffnen' }).click();
		const round = page.getByRole('region', { name: 'Runde 1' });
		await round.waitFor();
		expect(await desk.tablesIn(round)).toEqual(redrawn.tables);
		await round.getByText(redrawn.seed!).waitFor();
		expect(errors).toEqual([]);
	}, 120_000);

	it('case 6: a finished tournament names final rounds "Finalrunde", hands out no table codes, and asks before a lot is drawn', async () => {
		const [a, b, c, d, e, f] = SIX as [string, string, string, string, string, string];
		const when = new Date(Date.now() - 3_600_000).toISOString();
		const prelims = logFromResults(
			{
				format: 'triominos',
				players: SIX,
				rounds: [
					[
						{ [a]: 80, [b]: 60, [c]: 40 },
						{ [d]: 30, [e]: 20, [f]: 10 }
					]
				],
				options: { rounds: 1, finalRounds: 2 }
			},
			when
		);
		const state = replay(prelims);
		if (!state.ok) throw new Error(state.error.en);
		const finalists = standings(state.value).finalists;
		const tie = finalists.map((player) => ({ player, points: 50 }));
		const log: TournamentEvent[] = [
			...prelims,
			{ type: 'final-opened', id: 'f-open', at: when, seed: 'finale', players: [...finalists] },
			{ type: 'final-reported', id: 'f-2', at: when, round: 2, scores: tie },
			{ type: 'final-reported', id: 'f-3', at: when, round: 3, scores: tie }
		];
		const fixture = await tournamentFile('t-e2e0finished0winter', log);
		const { page, errors } = await device();
		const exchange = new ExchangeDesk(page, baseURL, fixture.id);
		await exchange.takeOver(fixture.path);
		await page.getByText('Das Turnier ist beendet – es werden keine Tisch-Codes mehr ausgegeben.').waitFor();
		await expect(page.locator('svg.qr').count()).resolves.toBe(0);

		const desk = new DirectorDesk(page, baseURL, fixture.id);
		await page.goto(`${baseURL}/turnier/${fixture.id}/runde`);
		await page.getByText('Finalrunde 2', { exact: true }).first().waitFor();
		await expect(page.getByText(/Finale, Runde|Runde 3/).count()).resolves.toBe(0);
		await desk.openTab('Auslosung & Sitzplan');
		await page.getByRole('region', { name: 'Finalrunde 2' }).waitFor();

		// The final ended level: a lot decides — only after the director confirms.
		await desk.openTab('Rangliste');
		await page.getByText('Finalist', { exact: true }).first().waitFor();
		await expect(page.getByText(/vorläufig/).count()).resolves.toBe(0);
		const before = await storeSnapshot(page);
		await page.getByRole('button', { name: /^Los ziehen/ }).click();
		await page.getByText(/^Das Los entscheidet endgültig über die Reihenfolge von /).waitFor();
		await shots(page, 'word-lot-confirm');
		await page.getByRole('button', { name: 'Abbrechen' }).click();
		expect(await storeSnapshot(page)).toBe(before);
		await page.getByRole('button', { name: /^Los ziehen/ }).click();
		await page.getByRole('button', { name: /^Ja, Los jetzt ziehen/ }).click();
		await page.getByRole('status').filter({ hasText: 'Los gezogen:' }).waitFor();
		expect(errors).toEqual([]);
	}, 120_000);
});
