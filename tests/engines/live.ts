import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startCouch, type CouchServer } from '../../src/lib/publish/testing/couch-server';
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

/** The phone and the iPad the spectators' pages are checked at, in the order a page meets them. */
const SIZES = [
	[390, 844],
	[1180, 820]
] as const;

/** A season on the tests' CouchDB-protocol server with the final of a tournament published, its tie pending. */
interface Published {
	readonly couch: CouchServer;
	release(): Promise<void>;
}

/**
 * Issue 29: the spectators' pages on a phone and an iPad, from a real CouchDB-protocol server. The
 * spectator goes from the standings to the rounds and to a player by the pages' own links (one follower
 * for them all), then to the season; each page is checked at both sizes.
 */
export const liveTests: EngineTest<Published>[] = [
	{
		name: 'live: standings after the final, the rounds, a player and the season on a phone and an iPad',
		async prepare() {
			const couch = await startCouch();
			try {
				const director = await publicSeason(couch, 'saison');
				const published = await director.publish(publishable('t-koeln', FINAL_TIE));
				assert.ok(published.ok, 'published');
			} catch (error) {
				await couch.stop();
				throw error;
			}
			return { couch, release: () => couch.stop() };
		},
		async run({ engine, baseURL }, { couch }) {
			const tab = await engine.tab();
			const screen = new Screen(tab);
			const folder = process.env.WB_SHOTS;
			if (folder) mkdirSync(folder, { recursive: true });
			/** The page, laid out at each size (the one it is at first), headers whole and nothing wider. */
			let sizes: readonly (readonly [number, number])[] = SIZES;
			const checkAtSizes = async (name: string) => {
				for (const [width, height] of sizes) {
					await tab.resize(width, height);
					await sleep(250);
					assert.deepEqual(
						await tab.run(brokenHeaders),
						[],
						`${name} at ${width}×${height}: headers and names whole`
					);
					assert.equal(await tab.run(overflows), false, `${name} at ${width}×${height}: nothing wider`);
					if (folder) await tab.screenshot(join(folder, `${engine.name}-${name}-${width}x${height}.png`));
				}
				sizes = [...sizes].reverse();
			};
			const db = encodeURIComponent(`${couch.origin}/saison`);
			await tab.goto(`${baseURL}/live?db=${db}&t=lea:t-koeln`);
			await screen.waitText('Endstand');
			// The live page says when the director published, that it follows, and the lot that is pending.
			assert.match(await screen.text('[role="status"]'), /Live\s+Stand: /);
			assert.match(
				await screen.text('main'),
				/Qualifiziert \(2\): Spieler A\. Um den letzten Platz entscheidet das Los zwischen Spieler D und Spieler G\./
			);
			await checkAtSizes('live');
			await screen.tap('link', 'Runden');
			await screen.waitText('Finale, Runde 2');
			await checkAtSizes('live-rounds');
			await screen.tap('link', 'Spieler D');
			await screen.waitText('Finale, Runde 1 · Tisch 1');
			await checkAtSizes('live-player');
			await tab.goto(`${baseURL}/saison?db=${db}`);
			await screen.waitText('10.04.2027 · 12 Spieler');
			await checkAtSizes('season');
		}
	}
];
