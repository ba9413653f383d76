import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { addUser, setUpSeason, startCouch } from '../../src/lib/publish/testing/couch-server';
import type { Tab } from './driver';
import { DeskPage } from './pages/DeskPage';
import { sleep, type EngineTest } from './suite';

/** The sizes a director's and a spectator's screens are looked at in (iPads both ways, a phone). */
const SIZES = [
	[1180, 820],
	[820, 1180],
	[1024, 768],
	[390, 844]
] as const;

/**
 * With WB_SHOTS=<folder>: the tab at every size of {@link SIZES} (and, when taller, scrolled to its end),
 * for a person to look at.
 */
async function shotsAtSizes(tab: Tab, engine: string, name: string): Promise<void> {
	const folder = process.env.WB_SHOTS;
	if (!folder) return;
	mkdirSync(folder, { recursive: true });
	for (const [width, height] of SIZES) {
		await tab.resize(width, height);
		await sleep(400);
		await tab.screenshot(join(folder, `${engine}-${name}-${width}x${height}.png`));
		// The rest of a page taller than the screen, scrolled to its end.
		if (await tab.run(() => document.documentElement.scrollHeight > innerHeight + 1)) {
			await tab.run(() => scrollTo(0, document.documentElement.scrollHeight));
			await sleep(200);
			await tab.screenshot(join(folder, `${engine}-${name}-${width}x${height}-end.png`));
			await tab.run(() => scrollTo(0, 0));
		}
	}
	await tab.resize(1280, 800);
}

const PLAYERS = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];

/** Issue 29: publishing from the desk in this engine, and the pages that show a server's data. */
export const publishTests: EngineTest[] = [
	{
		name: 'publishing: the desk publishes and remembers the server; live and season pages name it',
		async run({ engine, baseURL }) {
			const couch = await startCouch();
			try {
				await addUser(couch, 'lea', 'lea-pw', ['director']);
				await setUpSeason(couch, 'dm-2027');
				const tab = await engine.tab();
				const desk = new DeskPage(tab);
				const id = await desk.create(baseURL, /^Triominos-Qualifikation/, 'Quali Bonn');
				await desk.paste(PLAYERS);
				const seats = await desk.drawRound(1);
				for (const table of [...new Set(seats.map((s) => s.table))]) {
					const at = seats.filter((s) => s.table === table);
					await desk.enterTable(
						baseURL,
						1,
						table,
						new Map(at.map((s) => [s.name, 100 - PLAYERS.indexOf(s.name) * 5]))
					);
				}
				await tab.goto(`${baseURL}/turnier/${id}/veroeffentlichen`);
				await desk.find('heading', /^Turnier veröffentlichen/);
				await tab.fill('input[type="url"]', `${couch.origin}/dm-2027`);
				await desk.fill('Name', 'lea');
				await tab.fill('input[type="password"]', 'lea-pw');
				await desk.tap('checkbox', /Passwort auf diesem Gerät merken/);
				await desk.tap('button', 'Jetzt veröffentlichen');
				await desk.waitText(/Veröffentlicht: \d+ Ereignisse gesendet, 0 schon auf dem Server/);
				await desk.waitText('Diese Saison dürfen nur Mitglieder lesen');
				await shotsAtSizes(tab, engine.name, 'publish-done');

				// Left and opened again: server, name and (ticked) password are there.
				await tab.goto(`${baseURL}/turnier/${id}`);
				await tab.goto(`${baseURL}/turnier/${id}/veroeffentlichen`);
				await desk.waitText('Server und Name sind von der letzten Veröffentlichung gemerkt.');
				await desk.until(
					() =>
						tab.run(
							() => document.querySelector<HTMLInputElement>('input[type="password"]')?.value === 'lea-pw'
						),
					'the remembered password'
				);
				await shotsAtSizes(tab, engine.name, 'publish-remembered');

				const db = encodeURIComponent(`http://lea:lea-pw@127.0.0.1:${new URL(couch.origin).port}/dm-2027`);
				await tab.goto(`${baseURL}/live?db=${db}&t=lea:${id}`);
				await desk.find('heading', 'Quali Bonn');
				await desk.waitText(
					`Daten vom Server 127.0.0.1:${new URL(couch.origin).port} – nicht aus dieser App`
				);
				await shotsAtSizes(tab, engine.name, 'live');
				await tab.goto(`${baseURL}/saison?db=${db}`);
				// The tournament's name links to its live page; beside it, the day and the players.
				await desk.find('link', 'Quali Bonn');
				await desk.waitText(/\d\d\.\d\d\.\d{4} · 6 Spieler/);
				await desk.waitText(/veröffentlicht von lea, Schlüssel [0-9A-F]{4} /);
				const text = await desk.text();
				assert.match(text, /Daten vom Server 127\.0\.0\.1:\d+ – nicht aus dieser App/);
				await shotsAtSizes(tab, engine.name, 'season');
			} finally {
				await couch.stop();
			}
		}
	}
];
