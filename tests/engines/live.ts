import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { spectatorId } from '../../src/lib/codecs/spectator';
import { sampleTournament } from '../../src/lib/domain/tournament/sample';
import { requestLog, unlikeRevalidation, type RequestLog } from '../../src/lib/live/testing/request-log';
import { startCouch } from '../../src/lib/publish/testing/couch-server';
import { publicSeason, type SeasonPublisher } from '../../src/lib/publish/testing/public-season';
import { FINAL_TIE, publishable, roundByRound } from '../../src/lib/publish/testing/published';
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

/**
 * A season on the tests' CouchDB-protocol server, reached through a log of what reaches it: the final of a
 * tournament published (its tie pending), and the first round of another, whose director publishes more.
 */
interface Published {
	readonly director: SeasonPublisher;
	readonly log: RequestLog;
	release(): Promise<void>;
}

const followed = roundByRound(publishable('t-cors', sampleTournament('triominos', 9, 2, 'cors')));

/**
 * Issue 29, in one test (one browser start): the live page polls a server on another origin with no
 * preflight — its GETs carry no header of its own that is not CORS-safelisted (tests/e2e/live.test.ts checks
 * the same in Chromium) — and shows a publish. Then the spectators' pages on a phone and an iPad: the
 * spectator goes from the standings to the rounds and to a player by the pages' own links (one follower
 * for them all), then to the season; each page is checked at both sizes.
 */
export const liveTests: EngineTest<Published>[] = [
	{
		name: 'live: polls another origin with no preflight, shows a publish; the final, rounds, a player, the season on a phone and an iPad',
		async prepare() {
			const couch = await startCouch();
			try {
				const director = await publicSeason(couch, 'saison');
				assert.ok((await director.publish(publishable('t-koeln', FINAL_TIE))).ok, 'published');
				assert.ok((await director.publish(followed[0]!, { now: () => '2027-04-10T16:05:00.000Z' })).ok);
				const log = await requestLog(couch.origin);
				return { director, log, release: () => log.close().then(() => couch.stop()) };
			} catch (error) {
				await couch.stop();
				throw error;
			}
		},
		async run({ engine, baseURL }, { director, log }) {
			const tab = await engine.tab();
			const screen = new Screen(tab);
			const db = encodeURIComponent(`${log.origin}/saison`);
			const path = `/saison/${encodeURIComponent(spectatorId('lea:t-cors'))}`;
			const gets = () => log.requests.filter((r) => r.method === 'GET' && r.path.endsWith(path));
			await tab.goto(`${baseURL}/live?db=${db}&t=lea:t-cors`);
			// „Stand“ in the engine's time zone: 16:05 and 16:40 UTC are „…:05“ and „…:40“ in any whole-hour zone.
			await screen.waitText(/Live\s+Stand: 10\.04\.2027, \d\d:05/, '[role="status"]');
			await screen.until(async () => gets().length >= 3, 'three questions');
			assert.ok((await director.publish(followed[1]!, { now: () => '2027-04-10T16:40:00.000Z' })).ok);
			await screen.waitText(/Live\s+Stand: 10\.04\.2027, \d\d:40/, '[role="status"]');
			// WebKit under WebDriver keeps no HTTP cache (its automation session is ephemeral): it asks in full
			// each time, still with no preflight. Firefox revalidates its copy as Chromium does.
			const cached = engine.name !== 'webkit';
			assert.deepEqual(unlikeRevalidation(log.requests, path, { cached }), [], 'as the HTTP cache asks');
			if (cached) assert.ok(gets().filter((get) => get.status === 304).length >= 2, 'answered 304 twice');

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
			// The live pages (one follower for all three) sent no preflight; the season page's one read per visit
			// is a POST of JSON (_all_docs by keys), which has one.
			assert.deepEqual(
				log.requests.filter((r) => r.method === 'OPTIONS').map((r) => r.path),
				[],
				'no preflight from the live pages'
			);
			await tab.goto(`${baseURL}/saison?db=${db}`);
			await screen.waitText('10.04.2027 · 12 Spieler');
			await checkAtSizes('season');
		}
	}
];
