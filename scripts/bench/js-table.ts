// JavaScript the table screen loads: a deep link to /runde/<id> in a fresh browser context with service
// workers blocked (every file from the network), counted as gzip (level 9) of each JavaScript response.
// The budget is what loads until the turn pad is usable; what loads after that, until the network is
// idle (chunks split off and fetched later), is listed too.
//
// Run: npm run build && npx tsx scripts/bench/js-table.ts   (exits 1 over the 80 kB budget)
import { chromium, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TABLET_LANDSCAPE } from '../../tests/e2e/browser';
import { padUsable, reportScriptBudget, serveBuild, startBenchRound } from '../bench-helpers';

const BUDGET_GZIP_BYTES = 80 * 1024;

const { baseURL, stop } = await serveBuild();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
let exitCode = 0;
try {
	// The round the deep link opens, stored in this context's IndexedDB by the app itself.
	const setup = await browser.newContext({
		serviceWorkers: 'block',
		viewport: TABLET_LANDSCAPE,
		locale: 'de-DE'
	});
	const id = await startBenchRound(await setup.newPage(), baseURL);
	const state = await setup.storageState({ indexedDB: true });
	await setup.close();

	// A fresh context (empty HTTP cache) with the same stored data; no service worker may answer.
	const context = await browser.newContext({
		serviceWorkers: 'block',
		viewport: TABLET_LANDSCAPE,
		locale: 'de-DE',
		storageState: state
	});
	const page = await context.newPage();
	const scripts: Response[] = [];
	page.on('response', (response) => {
		const type = response.headers()['content-type'] ?? '';
		if (/javascript/.test(type) || new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
	});
	await page.goto(`${baseURL}/runde/${id}`);
	await page.waitForFunction(padUsable);
	const untilUsable = scripts.length;
	await page.waitForLoadState('networkidle');
	if ((await page.locator('main.table-screen').getAttribute('data-round')) !== id) {
		throw new Error(`the deep link did not open round ${id}`);
	}

	const labels = {
		page: 'table screen (deep link /runde/<id>, no service worker)',
		until: 'until the turn pad is usable',
		loaded: 'loaded for the table screen'
	};
	if (!(await reportScriptBudget(scripts, untilUsable, labels, BUDGET_GZIP_BYTES))) exitCode = 1;
	await context.close();
} finally {
	await browser.close();
	stop();
}
process.exitCode = exitCode;
