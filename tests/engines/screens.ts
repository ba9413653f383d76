import assert from 'node:assert/strict';
import {
	FOURTEEN,
	resultCodes,
	secondRoundLog,
	tableCodes,
	tournamentFile,
	type TournamentFixture
} from '../e2e/pages/tournamentFiles';
import { keepOfferedFiles } from './handin';
import { DeskPage } from './pages/DeskPage';
import { Screen, type Name } from './pages/Screen';
import { hiddenIn, seenErrors, watchErrors, type EngineTest } from './suite';

/**
 * Issue 25 in WebKit and Firefox: the guard against hidden text on every screen the Chromium guard walks
 * (tests/e2e/hidden-text.test.ts), each screen visited once and looked at in every size by resizing; and
 * what the items 7 and 9 asked for, seen in these engines.
 */

/** Opens `url`, waits for `ready`, and says what the guard finds hidden there (nothing: an empty list). */
async function visit(screen: Screen, engine: string, state: string, url: string, ready: Name) {
	await screen.tab.goto(url);
	await screen.waitText(ready);
	return look(screen, engine, state);
}

/** What is hidden on the screen as it is, the app's notes tapped away first (as a scorer does). */
async function look(screen: Screen, engine: string, state: string): Promise<string[]> {
	await screen.dismissBanners();
	return hiddenIn(screen.tab, engine, state);
}

/** Takes over a tournament file at the desk's exchange, as a second director's device would. */
async function takeOver(desk: DeskPage, baseURL: string, fixture: TournamentFixture): Promise<void> {
	desk.id = fixture.id;
	await desk.tab.goto(`${baseURL}/turnier/${fixture.id}/austausch`);
	await desk.waitText('Dieses Turnier ist auf diesem Gerät nicht gespeichert');
	await desk.tap('button', 'Datei');
	await desk.tab.upload(await desk.find('file', 'Austauschdatei wählen (.wbsync)'), fixture.path);
	await desk.waitText(/Turnierdatei übernommen: /);
}

/** Pastes each code of a sequence into the scanner's text fallback. */
async function pasteCodes(screen: Screen, codes: readonly string[]): Promise<void> {
	for (const code of codes) {
		await screen.tap('button', 'Code einfügen');
		await screen.fill('Code als Text', code);
		await screen.tap('button', 'Übernehmen');
	}
}

export const screenTests: EngineTest[] = [
	{
		name: 'nothing hidden on the start page, the club evening, the settings, the tablet and the tournament list',
		async run({ engine, baseURL }) {
			const screen = new Screen(await engine.tab());
			await screen.tab.goto(`${baseURL}/`);
			await screen.tab.run(watchErrors);
			const hidden = [
				...(await visit(screen, engine.name, 'start page', `${baseURL}/`, 'Neue Runde')),
				...(await visit(screen, engine.name, 'club evening', `${baseURL}/club`, 'Neue Partie')),
				...(await visit(screen, engine.name, 'new club game', `${baseURL}/club/neu`, 'Partie beginnen')),
				...(await visit(screen, engine.name, 'settings', `${baseURL}/einstellungen`, 'Speicher')),
				...(await visit(screen, engine.name, 'tablet, nothing joined', `${baseURL}/tisch`, 'Code einfügen')),
				...(await visit(screen, engine.name, 'new tournament', `${baseURL}/turnier/neu`, 'Turnier anlegen')),
				...(await visit(screen, engine.name, 'tournament list', `${baseURL}/turnier`, 'wiederherstellen'))
			];
			assert.deepEqual(hidden, []);
			assert.deepEqual(await screen.tab.run(seenErrors), []);
		}
	},
	{
		name: 'nothing hidden at the desk in round 2: every tab, the print pages, the projector, the publish page',
		async run({ engine, baseURL }) {
			const fixture = await tournamentFile('t-eng0guard0desk', secondRoundLog());
			const desk = new DeskPage(await engine.tab());
			await takeOver(desk, baseURL, fixture);
			const base = `${baseURL}/turnier/${fixture.id}`;
			const screens: [string, string, Name][] = [
				['overview', base, 'Nächster Schritt'],
				['registration, closed', `${base}/anmeldung`, 'Teilnehmer (14)'],
				['round 2 drawn', `${base}/auslosung`, 'Wer sitzt wo?'],
				['round status', `${base}/runde`, /Runde 2/],
				['results of round 1', `${base}/ergebnisse?runde=1`, 'Ergebnis'],
				['standings', `${base}/rangliste`, 'Turnierpunkte'],
				['final', `${base}/finale`, 'Finale'],
				['printed results', `${base}/druck`, 'Ergebnisse'],
				['projector', `${base}/beamer`, FOURTEEN[0]],
				['table cards', `${base}/tischkarten/2`, 'Tisch 1'],
				['publish', `${base}/veroeffentlichen`, 'Veröffentlichen']
			];
			const hidden: string[] = [];
			for (const [state, url, ready] of screens)
				hidden.push(...(await visit(desk, engine.name, state, url, ready)));
			assert.deepEqual(hidden, []);
		}
	},
	{
		name: 'the exchange: table codes one tap from the seating, every view, an export that says so (item 9)',
		async run({ engine, baseURL }) {
			const fixture = await tournamentFile('t-eng0guard0exchange', secondRoundLog());
			const desk = new DeskPage(await engine.tab());
			await takeOver(desk, baseURL, fixture);
			await desk.tab.run(watchErrors);
			const hidden: string[] = [];
			// Item 9: the running round's table codes are one tap from its seating.
			await desk.tab.goto(`${baseURL}/turnier/${fixture.id}/auslosung`);
			await desk.tap('link', 'Tisch-Codes ausgeben');
			await desk.until(async () => /\/austausch\?ansicht=tische$/.test(await desk.tab.url()), 'the exchange');
			await desk.until(
				() =>
					desk.tab.run(
						() =>
							[...document.querySelectorAll('[role="tab"][aria-selected="true"]')].map((tab) =>
								tab.textContent?.trim()
							)[0] === 'Tische ausgeben'
					),
				'"Tische ausgeben" chosen'
			);
			hidden.push(...(await look(desk, engine.name, 'exchange: Tische ausgeben')));
			await desk.tap('button', 'Rangliste ausgeben');
			hidden.push(...(await look(desk, engine.name, 'exchange: Rangliste ausgeben')));
			// Item 9: exporting the whole tournament says when it is done, and under which name.
			await desk.tap('button', 'Dateien');
			await desk.tab.run(keepOfferedFiles);
			await desk.tap('button', 'Ganzes Turnier exportieren');
			await desk.waitText(/Gespeichert: \S+\.wbsync \(als Download auf diesem Gerät\)\./);
			hidden.push(...(await look(desk, engine.name, 'exchange: Dateien')));
			assert.deepEqual(hidden, []);
			assert.deepEqual(await desk.tab.run(seenErrors), []);
		}
	},
	{
		name: 'the exchange: a late code of a locked round set aside keeps saying why it waited (item 9)',
		async run({ engine, baseURL }) {
			const fixture = await tournamentFile('t-eng0guard0late', secondRoundLog());
			const desk = new DeskPage(await engine.tab());
			await takeOver(desk, baseURL, fixture);
			await desk.tab.run(watchErrors);
			const hidden: string[] = [];
			// A late code of the locked round 1 waits for a decision; set aside, its card still says why.
			await desk.tap('button', 'Ergebnisse einsammeln');
			const players = FOURTEEN.slice(0, 4);
			await pasteCodes(desk, (await resultCodes(fixture, { table: 1, round: 1, players })).codes);
			const card = () =>
				desk.tab.run(() =>
					(
						[...document.querySelectorAll<HTMLElement>('li[aria-label]')].find(
							(item) => item.getAttribute('aria-label') === 'Runde 1, Tisch 1'
						)?.innerText ?? ''
					).replace(/\s+/g, ' ')
				);
			await desk
				.until(async () => /Runde 1 ist gesperrt – Runde 2 läuft/.test(await card()), 'the card')
				.catch(async (error: unknown) => {
					throw new Error(`${String(error)}; the desk shows: ${(await desk.text('main')).slice(0, 1200)}`);
				});
			hidden.push(...(await look(desk, engine.name, 'exchange: a late code to decide')));
			await desk.tap('button', 'Beiseitelegen');
			await desk.until(async () => /beiseitegelegt/.test(await card()), 'the card set aside');
			const decided = await card();
			assert.match(decided, /Die Runde ist schon abgeschlossen \(gesperrt\)\./);
			assert.doesNotMatch(decided, /zweites Gerät/);
			hidden.push(...(await look(desk, engine.name, 'exchange: a late code set aside')));
			assert.deepEqual(hidden, []);
			assert.deepEqual(await desk.tab.run(seenErrors), []);
		}
	},
	{
		name: "a tablet joins its table: nothing hidden, and the absent players' buttons have room beside their words (item 7)",
		async run({ engine, baseURL }) {
			const fixture = await tournamentFile('t-eng0guard0tablet', secondRoundLog());
			const tablet = new Screen(await engine.tab());
			await tablet.tab.goto(`${baseURL}/tisch`);
			await tablet.tab.run(watchErrors);
			await pasteCodes(tablet, await tableCodes(fixture, 1));
			await tablet.waitText('Beigetreten: Tisch 1, Runde 2.');
			const hidden = [...(await look(tablet, engine.name, 'tablet joined'))];
			await tablet.tap('button', 'Runde beginnen');
			await tablet.until(async () => /\/runde\/neu\?/.test(await tablet.tab.url()), 'the new round');
			await tablet.find('button', / fehlt$/);
			hidden.push(...(await look(tablet, engine.name, 'new round of a tournament table')));
			// Between the words and the border, on both sides, at least 10 px.
			const insets = await tablet.tab.run(() =>
				[...document.querySelectorAll('button')]
					.filter((button) => / fehlt$/.test(button.textContent?.trim() ?? ''))
					.map((button) => {
						const range = document.createRange();
						range.selectNodeContents(button);
						const text = range.getBoundingClientRect();
						const box = button.getBoundingClientRect();
						return Math.round(Math.min(text.left - box.left, box.right - text.right));
					})
			);
			assert.equal(insets.length, fixture.tables[0]!.length);
			for (const inset of insets) assert.ok(inset >= 10, `"… fehlt" has ${inset} px beside its words`);
			await tablet.tap('button', `${fixture.tables[0]![1]} fehlt`);
			await tablet.waitText('Meldung für die Turnierleitung');
			hidden.push(...(await look(tablet, engine.name, 'tablet, a missing player reported')));
			assert.deepEqual(hidden, []);
			assert.deepEqual(await tablet.tab.run(seenErrors), []);
		}
	}
];
