// Offline cold start of the table: Chromium on a profile on disk (real IndexedDB, real service worker
// cache), the app installed online and a round started, then the network off. Each run opens a new page
// with 4× CPU throttling and goes to /runde/<id>; the time runs from the navigation's start until the turn
// pad is usable (the sheet rendered, "Kaufen" enabled), as the page itself observes it.
//
// Run: npm run build && npx tsx scripts/bench/cold-start.ts
// (WB_RUNS=n runs, default 20; WB_CPU=n slowdown, default 4; exits 1 when the median or p95 is over budget)
import { padUsable, quantile, serveBuild, startBenchRound, tabletOnDisk } from '../bench-helpers';

/**
 * The budget (not a number of the issue, which asks for the figures): RAIL's "load in under 1 s" for the
 * median of a start from the device, and 2 s (its bound for repeat loads) for the slow ones.
 */
const BUDGET_MEDIAN_MS = 1000;
const BUDGET_P95_MS = 2000;
const RUNS = Math.max(20, Number(process.env.WB_RUNS ?? 20));
const CPU_SLOWDOWN = Number(process.env.WB_CPU ?? 4);

/**
 * Installed before any page script: records `performance.now()` (milliseconds since the navigation
 * started) the first time the pad is usable, watching the DOM without polling.
 */
const OBSERVE_USABLE = `(() => {
	const usable = ${padUsable.toString()};
	const check = () => {
		if (window.__wbUsableAt !== undefined || !usable()) return false;
		window.__wbUsableAt = performance.now();
		return true;
	};
	const observer = new MutationObserver(() => { if (check()) observer.disconnect(); });
	observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled', 'inert'] });
})()`;

const { baseURL, stop } = await serveBuild();
const { context, close } = await tabletOnDisk('cold');
let exitCode = 0;
try {
	// Online: install the service worker (every file precached), start a round.
	const setup = context.pages()[0] ?? (await context.newPage());
	await setup.goto(`${baseURL}/`);
	await setup.waitForFunction(() => navigator.serviceWorker.controller !== null);
	await setup.getByText('funktioniert auch ohne Netz').waitFor();
	const id = await startBenchRound(setup, baseURL);
	await setup.goto('about:blank'); // the round's window closes (its tab lock with it)

	await context.setOffline(true);
	await context.addInitScript(OBSERVE_USABLE);
	const times: number[] = [];
	for (let run = 0; run < RUNS; run++) {
		const page = await context.newPage();
		const cdp = await context.newCDPSession(page);
		await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
		const response = await page.goto(`${baseURL}/runde/${id}`, { waitUntil: 'commit' });
		if (!response?.fromServiceWorker()) throw new Error('the page did not come from the service worker');
		await page.waitForFunction(() => (window as { __wbUsableAt?: number }).__wbUsableAt !== undefined, null, {
			timeout: 30_000,
			polling: 100
		});
		const at = await page.evaluate(() => (window as unknown as { __wbUsableAt: number }).__wbUsableAt);
		if ((await page.locator('main.table-screen').getAttribute('data-round')) !== id) {
			throw new Error(`run ${run + 1}: the deep link did not open round ${id}`);
		}
		times.push(at);
		await cdp.detach();
		await page.close();
	}
	const sorted = [...times].sort((a, b) => a - b);
	const median = quantile(sorted, 0.5);
	const p95 = quantile(sorted, 0.95);
	const over = median > BUDGET_MEDIAN_MS || p95 > BUDGET_P95_MS;
	console.log(
		`offline cold start of /runde/<id> to a usable turn pad, ${RUNS} runs, CPU ×${CPU_SLOWDOWN} slower:`
	);
	console.log(
		`  median ${median.toFixed(0)} ms  p95 ${p95.toFixed(0)} ms  min ${sorted[0]?.toFixed(0)} ms  max ${sorted.at(-1)?.toFixed(0)} ms  (budget median ≤ ${BUDGET_MEDIAN_MS} ms, p95 ≤ ${BUDGET_P95_MS} ms) ${over ? 'OVER BUDGET' : 'ok'}`
	);
	console.log(`  runs: ${times.map((t) => t.toFixed(0)).join(' ')}`);
	if (over) exitCode = 1;
} finally {
	await close();
	stop();
}
process.exitCode = exitCode;
