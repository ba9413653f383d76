import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startCouch } from '../../src/lib/publish/testing/couch-server';
import { publicSeason } from '../../src/lib/publish/testing/public-season';
import { FINAL_TIE, publishable } from '../../src/lib/publish/testing/published';
import { Screen } from './pages/Screen';
import { sleep, type EngineTest } from './suite';

/** In the page: column headers („Pla|tz“) or short names in a row („Spieler|A“) that take more than one line. */
function brokenHeaders(): string[] {
	return [...document.querySelectorAll('thead th, tbody th a')].flatMap((th) => {
		const range = document.createRange();
		range.selectNodeContents(th);
		const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
		return lines.size > 1 ? [`${th.textContent?.trim()}: ${lines.size} lines`] : [];
	});
}

/** In the page: whether anything is wider than the screen (a table pushed past its right edge). */
function overflows(): boolean {
	return document.documentElement.scrollWidth > document.documentElement.clientWidth + 1;
}

/** Issue 29: the spectators' pages on a phone and an iPad, from a real CouchDB-protocol server. */
export const liveTests: EngineTest[] = [
	{
		name: 'live: standings after the final, the rounds, a player and the season on a phone and an iPad',
		async run({ engine, baseURL }) {
			const couch = await startCouch();
			try {
				const director = await publicSeason(couch, 'saison');
				const published = await director.publish(publishable('t-koeln', FINAL_TIE));
				assert.ok(published.ok, 'published');
				const tab = await engine.tab();
				const screen = new Screen(tab);
				const db = encodeURIComponent(`${couch.origin}/saison`);
				const query = `db=${db}&t=lea:t-koeln`;
				const pages = [
					['live', `/live?${query}`, 'Endstand'],
					['live-rounds', `/live/runden?${query}`, 'Finale, Runde 2'],
					['live-player', `/live/spieler?${query}&name=Spieler%20D`, 'Finale, Runde 1 · Tisch 1'],
					['season', `/saison?db=${db}`, '10.04.2027 · 12 Spieler']
				] as const;
				const folder = process.env.WB_SHOTS;
				if (folder) mkdirSync(folder, { recursive: true });
				for (const [width, height] of [
					[390, 844],
					[1180, 820]
				] as const) {
					await tab.resize(width, height);
					for (const [name, path, shows] of pages) {
						await tab.goto(`${baseURL}${path}`);
						await screen.waitText(shows);
						await sleep(300);
						assert.deepEqual(
							await tab.run(brokenHeaders),
							[],
							`${name} at ${width}×${height}: headers and names whole`
						);
						assert.equal(await tab.run(overflows), false, `${name} at ${width}×${height}: nothing wider`);
						if (folder) await tab.screenshot(join(folder, `${engine.name}-${name}-${width}x${height}.png`));
					}
				}
				// The live page says when the director published and that it follows.
				await tab.goto(`${baseURL}/live?${query}`);
				await screen.waitText('Endstand');
				assert.match(await screen.text('[role="status"]'), /Live\s+Stand: /);
				assert.match(
					await screen.text('main'),
					/Qualifiziert \(2\): Spieler A\. Um den letzten Platz entscheidet das Los zwischen Spieler D und Spieler G\./
				);
			} finally {
				await couch.stop();
			}
		}
	}
];
