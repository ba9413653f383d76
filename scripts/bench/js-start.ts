// JavaScript the start page loads before its first screen is painted: / in a fresh browser context with
// service workers blocked (every file from the network), counted as gzip (level 9) of each JavaScript
// response until the page's heading and its choices are on the screen; what loads after that, until the
// network is idle, is listed too (it must not be what the first tap waits for: the choices are links).
//
// Run: npm run build && npx tsx scripts/bench/js-start.ts   (exits 1 over the 80 kB budget)
import { chromium, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TABLET_LANDSCAPE } from '../../tests/e2e/browser';
import { reportScriptBudget, serveBuild } from '../bench-helpers';

const BUDGET_GZIP_BYTES = 80 * 1024;

const { baseURL, stop } = await serveBuild();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
let exitCode = 0;
try {
	const context = await browser.newContext({
		serviceWorkers: 'block',
		viewport: TABLET_LANDSCAPE,
		locale: 'de-DE'
	});
	const page = await context.newPage();
	const scripts: Response[] = [];
	page.on('response', (response) => {
		const type = response.headers()['content-type'] ?? '';
		if (/javascript/.test(type) || new URL(response.url()).pathname.endsWith('.js')) scripts.push(response);
	});
	await page.goto(baseURL);
	// The first screen: the heading and the big choices, painted (a frame after they are in the page).
	await page.waitForFunction(
		() => document.querySelector('main.home h1') && document.querySelector('main.home a.choice')
	);
	await page.evaluate(
		() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
	);
	const untilPainted = scripts.length;
	await page.waitForLoadState('networkidle');

	const labels = {
		page: 'start page (/, no service worker)',
		until: 'until the first screen is painted',
		loaded: 'loaded for the first screen'
	};
	if (!(await reportScriptBudget(scripts, untilPainted, labels, BUDGET_GZIP_BYTES))) exitCode = 1;
	await context.close();
} finally {
	await browser.close();
	stop();
}
process.exitCode = exitCode;
