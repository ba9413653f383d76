// Publishing to a CouchDB-protocol server on loopback (express-pouchdb, in memory): a 60-player tournament
// of 5 rounds sent from nothing; and the live page's delay from a published round to its painted standings
// on a phone-sized Chromium page. Run: npm run bench -- publish   (exit 1 when over a budget)
import { chromium } from 'playwright-core';
import { logFromResults } from '../../src/lib/domain/tournament/from-results';
import { replay } from '../../src/lib/domain/tournament/reducer';
import { sampleTournament } from '../../src/lib/domain/tournament/sample';
import { database } from '../../src/lib/publish/couch';
import { newSigningKey } from '../../src/lib/protocol/keys';
import { publishTournament } from '../../src/lib/publish/publish';
import type { Publishable } from '../../src/lib/publish/snapshot';
import { addUser, setUpSeason, startCouch } from '../../src/lib/publish/testing/couch-server';
import { serveBuild } from '../bench-helpers';

const PUBLISH_BUDGET_MS = 5_000;
const LIVE_BUDGET_MS = 2_000;
const RUNS = 5;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function tournament(id: string, rounds: number): Publishable {
	const plain = sampleTournament('swiss', 60, rounds, 'bench');
	const events = logFromResults(
		{ ...plain, options: { ...plain.options, maxPlayers: null } },
		'2027-03-06T09:00:00Z'
	);
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return { id, events, state: state.value };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

const couch = await startCouch();
const serve = await serveBuild();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
let over = false;
try {
	await addUser(couch, 'lea', 'lea-pw', ['director']);
	const signing = { key: await newSigningKey() };
	const full = tournament('t-bench', 5);
	const publishTimes: number[] = [];
	for (let run = 0; run < RUNS; run++) {
		await setUpSeason(couch, `bench-${run}`);
		const db = database(couch.url(`/bench-${run}`, { name: 'lea', password: 'lea-pw' }));
		if (!db.ok) throw new Error(JSON.stringify(db.error));
		const start = performance.now();
		const done = await publishTournament(db.value, full, signing);
		publishTimes.push(performance.now() - start);
		if (!done.ok || done.value.sent !== full.events.length)
			throw new Error(`publish: ${JSON.stringify(done)}`);
	}

	// The live page follows a tournament of 4 rounds; then round 5 is published.
	await setUpSeason(couch, 'live');
	const db = database(couch.url('/live', { name: 'lea', password: 'lea-pw' }));
	if (!db.ok) throw new Error(JSON.stringify(db.error));
	const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
	const liveDelays: number[] = [];
	for (let run = 0; run < RUNS; run++) {
		const id = `t-live-${run}`;
		const four = tournament(id, 4);
		if (!(await publishTournament(db.value, four, signing)).ok) throw new Error('publish 4 rounds');
		const address = encodeURIComponent(couch.url('/live', { name: 'lea', password: 'lea-pw' }));
		await page.goto(`${serve.baseURL}/live?db=${address}&t=lea:${id}`);
		await page
			.getByRole('heading', { name: /Runde 4/ })
			.first()
			.waitFor();
		const five = { ...tournament(id, 5), id };
		// Polled every frame in the page: true once round 5 is in the document (its tables under the standings).
		const painted = page
			.waitForFunction(
				() => document.querySelector('#live-seating')?.textContent?.includes('Runde 5'),
				undefined,
				{
					polling: 'raf',
					timeout: 30_000
				}
			)
			.then(() => Date.now());
		const published = await publishTournament(db.value, five, signing);
		const stored = Date.now();
		if (!published.ok) throw new Error('publish round 5');
		liveDelays.push((await painted) - stored);
	}
	const publishMedian = median(publishTimes);
	const liveMedian = median(liveDelays);
	over = publishMedian > PUBLISH_BUDGET_MS || liveMedian > LIVE_BUDGET_MS;
	console.log(
		`publish 60 Spieler × 5 Runden (${full.events.length} Ereignisse): Median ${publishMedian.toFixed(0)} ms ` +
			`(Budget ${PUBLISH_BUDGET_MS} ms; ${publishTimes.map((t) => t.toFixed(0)).join(', ')})`
	);
	console.log(
		`live: veröffentlichte Runde → gezeichnete Rangliste: Median ${liveMedian.toFixed(0)} ms ` +
			`(Budget ${LIVE_BUDGET_MS} ms; ${liveDelays.map((t) => t.toFixed(0)).join(', ')})`
	);
} finally {
	await browser.close();
	serve.stop();
	await couch.stop();
}
process.exit(over ? 1 : 0);
