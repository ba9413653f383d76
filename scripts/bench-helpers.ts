// What the browser benchmarks in scripts/bench/ share: the built app served by scripts/serve.js on a
// free port, a tablet browser on a profile on disk, a round started through the app's own screens, and
// quantiles, and the JavaScript a screen loads.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../src/lib/publish/testing/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page, type Response } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, TABLET_LANDSCAPE } from '../tests/e2e/browser';

/**
 * Chromium as a landscape tablet on a fresh profile on disk (not an incognito context, whose IndexedDB
 * lives in memory): strict-durable commits reach the disk and the service worker caches for real.
 * `close()` closes the browser and deletes the profile.
 */
export async function tabletOnDisk(
	name: string
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
	const profile = mkdtempSync(join(tmpdir(), `wb-bench-${name}-`));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM_PATH,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: TABLET_LANDSCAPE,
		locale: 'de-DE',
		deviceScaleFactor: 1
	});
	return {
		context,
		close: async () => {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
		}
	};
}

/** scripts/serve.js serving the build (WB_BUILD_DIR or build/) until `stop()`. */
export async function serveBuild(): Promise<{ baseURL: string; stop: () => void }> {
	const dir = process.env.WB_BUILD_DIR ?? 'build';
	if (!existsSync(`${dir}/200.html`)) throw new Error(`No build in ${dir}/: run "npm run build" first.`);
	const port = await freePort();
	const server = spawn(process.execPath, ['scripts/serve.js'], {
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const baseURL = `http://127.0.0.1:${port}`;
	// Up to 60 s: on a loaded machine the server took more than 10 s to list the build's files and answer.
	for (const end = Date.now() + 60_000; Date.now() < end;) {
		try {
			if ((await fetch(baseURL)).ok) return { baseURL, stop: () => server.kill() };
		} catch {
			await new Promise((r) => setTimeout(r, 50));
		}
	}
	server.kill();
	throw new Error(`scripts/serve.js did not answer at ${baseURL}`);
}

/** The players of the benchmark round (a tournament round, 56 tiles). */
export const BENCH_PLAYERS = ['Anna', 'Ben', 'Cara', 'Dirk'];

/** Starts a round through /runde/neu in `page` and returns its id once the sheet is open. */
export async function startBenchRound(page: Page, baseURL: string): Promise<string> {
	await page.goto(`${baseURL}/runde/neu?players=${BENCH_PLAYERS.join(',')}&start=choose`);
	await page.getByRole('radio', { name: BENCH_PLAYERS[0], exact: true }).click();
	await page.getByRole('button', { name: /^Runde starten/ }).click();
	await page.waitForURL(/\/runde\/r-[a-z0-9]+$/);
	await page.locator('main.table-screen').waitFor();
	return new URL(page.url()).pathname.split('/').pop() ?? '';
}

/**
 * In the page: whether the turn pad is usable — the sheet is rendered and "Kaufen" can be tapped (enabled,
 * not inside an inert, read-only pad). Runs in the page (page.waitForFunction, or its source in an init
 * script): no helpers, no closures.
 */
export const padUsable = (): boolean => {
	if (!document.querySelector('main.table-screen table.sheet')) return false;
	for (const button of document.querySelectorAll('main.table-screen button')) {
		const label = button.textContent?.trim() ?? '';
		if (label.startsWith('Kaufen') && !(button as HTMLButtonElement).disabled && !button.closest('[inert]')) {
			return true;
		}
	}
	return false;
};

/** The q-quantile of ascending values (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? NaN;
}

/** A JavaScript file as loaded: its size raw and as gzip -9. */
export interface Loaded {
	path: string;
	raw: number;
	gzip: number;
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** The JavaScript responses measured, largest first. */
export async function measureScripts(responses: readonly Response[]): Promise<Loaded[]> {
	const loaded: Loaded[] = [];
	for (const response of responses) {
		const body = await response.body();
		loaded.push({
			path: new URL(response.url()).pathname,
			raw: body.length,
			gzip: gzipSync(body, { level: 9 }).length
		});
	}
	return loaded.sort((a, b) => b.gzip - a.gzip);
}

/** Lists the files and returns their gzip total. */
export function printScripts(title: string, files: readonly Loaded[]): number {
	const total = files.reduce((sum, file) => sum + file.gzip, 0);
	console.log(`  ${title}: ${files.length} files, ${kB(total)} gzip`);
	for (const file of files) {
		console.log(`    ${kB(file.gzip).padStart(9)} gzip  ${kB(file.raw).padStart(9)} raw  ${file.path}`);
	}
	return total;
}

/**
 * Reports the JavaScript a page loaded before a moment that matters (`until`: its first `split` responses)
 * and after it, against the budget for the first part; true when within it.
 */
export async function reportScriptBudget(
	scripts: readonly Response[],
	split: number,
	labels: { page: string; until: string; loaded: string },
	budget: number
): Promise<boolean> {
	console.log(`${labels.page}, JavaScript as gzip -9:`);
	const critical = printScripts(labels.until, await measureScripts(scripts.slice(0, split)));
	const later = printScripts(
		'after that, until the network is idle',
		await measureScripts(scripts.slice(split))
	);
	const within = critical <= budget;
	console.log(
		`  ${labels.loaded}: ${kB(critical)} gzip (budget ≤ ${kB(budget)}) ${within ? 'ok' : 'OVER BUDGET'}; ${kB(critical + later)} with what follows`
	);
	return within;
}
