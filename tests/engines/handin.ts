import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finishedRecord } from '../e2e/pages/fixtures';
import { launch } from './driver';
import { DeskPage } from './pages/DeskPage';
import { Screen } from './pages/Screen';
import { shots, type EngineTest } from './suite';

const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans'];

/** Runs in the page: the text of the code shown in `scope` ("Code als Text"), one code a line. */
export function shownCode(scope: string): string {
	return document.querySelector<HTMLTextAreaElement>(`${scope} .sequence textarea`)?.value ?? '';
}

/** Runs in the page: a file the app offers (download or share) is kept for the test to read. */
export function keepOfferedFiles(): void {
	const offered: Blob[] = [];
	Object.assign(window, { __offered: offered });
	const create = URL.createObjectURL.bind(URL);
	URL.createObjectURL = (blob: Blob | MediaSource) => {
		if (blob instanceof Blob) offered.push(blob);
		return create(blob);
	};
	// The share sheet would wait for a person: the download path is the one under test.
	Object.assign(navigator, { canShare: () => false });
}

/** Runs in the page: the text of the last file offered. */
export function lastOffered(): Promise<string> {
	const offered = (window as unknown as { __offered?: Blob[] }).__offered ?? [];
	return offered.at(-1)?.text() ?? Promise.resolve('');
}

/** The tablet joins `table` by pasting the desk's table code, plays it (a .trn record) and confirms it. */
async function playTable(tablet: Screen, baseURL: string, code: string, table: number, seed: number) {
	await tablet.tab.goto(`${baseURL}/tisch`);
	await tablet.tap('button', 'Code einfügen');
	await tablet.fill('Code als Text', code);
	await tablet.tap('button', 'Übernehmen');
	await tablet.waitText(`Beigetreten: Tisch ${table}, Runde 1.`).catch(async (error: unknown) => {
		// What the tablet shows instead (a refusal, another notice) says why it did not join.
		const shown = await tablet.tab.run(() => document.querySelector('main')?.innerText ?? '');
		throw new Error(`${String(error)}; the tablet shows: ${shown.slice(0, 600)}`);
	});
	let players: string[] = [];
	await tablet.until(async () => {
		players = await tablet.tab.run(() =>
			[...document.querySelectorAll('ol.seats li')].map((li) => li.textContent?.trim() ?? '')
		);
		return players.length > 0;
	}, 'the seats of the table');
	await tablet.tap('button', 'Runde beginnen');
	const folder = mkdtempSync(join(tmpdir(), 'wb-round-'));
	try {
		const record = join(folder, `tisch-${table}.trn`);
		writeFileSync(record, finishedRecord(players, seed));
		await tablet.until(async () => /\/runde\/neu\?/.test(await tablet.tab.url()), 'the new-round screen');
		await tablet.until(
			() => tablet.tab.run(() => !!document.querySelector('input[type=file][accept*=".trn"]')),
			'the record file input'
		);
		// The record input is hidden behind its button; WebKitWebDriver chooses files only for a shown input.
		await tablet.tab.run(() => {
			const input = document.querySelector<HTMLInputElement>('input[type=file][accept*=".trn"]');
			input?.classList.remove('visually-hidden');
		});
		await tablet.tab.upload('input[type=file][accept*=".trn"]', record);
		await tablet.until(async () => /\/runde\/r-/.test(await tablet.tab.url()), 'the round');
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
	await tablet.tap('button', 'Ergebnis bestätigen');
	await tablet.waitText('Ergebnis bestätigt.');
	await tablet.tab.goto(`${baseURL}/tisch`);
	await tablet.tap('button', 'Ergebnis abgeben');
	await tablet.until(
		() => tablet.tab.run(shownCode, '.hand-in').then((text) => text !== ''),
		'the result code'
	);
}

/** The desk's table code of `table`, as its text. */
export async function tableCode(desk: DeskPage, table: number): Promise<string> {
	await desk.tap('button', new RegExp(`^Tisch ${table}\\b`));
	await desk.find('heading', `Tisch ${table}`);
	return desk.tab.run(shownCode, '.hand-out');
}

/** Item 4: a tablet's results reach the desk in another profile of the same engine, by pasted code and by file. */
export const handInTests: EngineTest[] = [
	{
		name: 'results of a tablet (another profile) reach the desk by pasted code and by file',
		async run({ engine, baseURL }) {
			const desk = new DeskPage(await engine.tab());
			await desk.create(baseURL, /^Triominos-Qualifikation/, 'Engine-Pokal');
			await desk.paste(NAMES);
			const seats = await desk.drawRound(1);
			assert.equal(new Set(seats.map((seat) => seat.table)).size, 2, 'eight players sit at two tables');
			await desk.tab.goto(`${baseURL}/turnier/${desk.id}/austausch`);
			const codes = [await tableCode(desk, 1), await tableCode(desk, 2)];

			// Two tablets, one per table: a device that handed in one table of a round and then hands in
			// another waits for the director (`other-table`), as it should at a venue.
			// The second is launched when table 2 is played, so two browsers don't start at once.
			const profiles = [await launch(engine.name)];
			try {
				const tablet = new Screen(await profiles[0]!.tab());
				// Table 1: its result code, pasted at the desk.
				await playTable(tablet, baseURL, codes[0]!, 1, 11);
				const pasted = await tablet.tab.run(shownCode, '.hand-in');
				await desk.tap('button', 'Ergebnisse einsammeln');
				await desk.tap('button', 'Code einfügen');
				await desk.fill('Code als Text', pasted);
				await desk.tap('button', 'Übernehmen');
				await desk.waitText('Tisch 1: Ergebnis eingetragen.');

				// Table 2 (the second tablet): its result file, chosen at the desk.
				const secondProfile = await launch(engine.name);
				profiles.push(secondProfile);
				const second = new Screen(await secondProfile.tab());
				await playTable(second, baseURL, codes[1]!, 2, 22);
				await second.tab.run(keepOfferedFiles);
				await second.tap('button', 'Als Datei speichern');
				await second.waitText('Gespeichert.');
				const file = await second.tab.run(lastOffered);
				assert.match(file, /\S/, 'the tablet offered a result file');
				const folder = mkdtempSync(join(tmpdir(), 'wb-result-'));
				try {
					const path = join(folder, 'runde1_tisch2.wbsync');
					writeFileSync(path, file);
					await desk.tap('button', 'Datei');
					await desk.tab.upload(await desk.find('file', 'Austauschdatei wählen (.wbsync)'), path);
					await desk.waitText('Tisch 2: Ergebnis eingetragen.');
				} finally {
					rmSync(folder, { recursive: true, force: true });
				}
				await desk.waitText('2 von 2 Tischen eingetragen');
				await shots(desk.tab, engine.name, 'desk-collected');
				await shots(second.tab, engine.name, 'tablet-handed-in');
			} finally {
				for (const profile of profiles) await profile.close();
			}
		}
	}
];
