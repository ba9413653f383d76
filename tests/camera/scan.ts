// A device whose camera films a video (Chromium's fake camera), and one scan with it as a person makes it:
// open the screen that reads this kind of code, "Kamera", "Kamera starten", wait for the screen's answer.
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/browser';
import { dismissAppBanners } from '../e2e/pages/fixtures';
import type { Scene } from './scene';
import type { CodeScreens, Kind } from './screens';
import { videoFrames, writeY4m } from './video';

/** Writes the video of one kind's code screen(s) in a scene into `folder`; returns its path. */
export function writeVideo(
	folder: string,
	screens: CodeScreens,
	kind: Kind,
	scene: Scene,
	name: string
): string {
	const path = join(folder, `${name}-${kind}.y4m`);
	writeY4m(path, videoFrames(screens.kinds[kind].screens, scene));
	return path;
}

/** Chromium whose camera (any page may use it, no prompt) films the y4m video at `video`, in a loop. */
export function cameraBrowser(video: string): Promise<Browser> {
	return chromium.launch({
		executablePath: CHROMIUM_PATH,
		headless: true,
		args: [
			...CHROMIUM_ARGS,
			'--use-fake-device-for-media-stream',
			'--use-fake-ui-for-media-stream',
			`--use-file-for-fake-video-capture=${video}`
		]
	});
}

/** What each kind's screen answers once it took the code. */
export function acceptedText(kind: Kind, screens: CodeScreens): string {
	return kind === 'table'
		? screens.joined
		: kind === 'standings'
			? 'Rangliste übernommen.'
			: 'Runde 1, Tisch 1: Ergebnis eingetragen.';
}

/**
 * A device ready to read `kind`: a tablet that has not joined yet (a table code), a tablet that joined
 * table 1 (standings), the desk holding the tournament (a result). Its page shows the reader, camera chosen.
 */
export async function readyToScan(
	browser: Browser,
	baseURL: string,
	screens: CodeScreens,
	kind: Kind,
	options: {
		viewport?: { width: number; height: number };
		/** 'allow': a first visit, whose "works offline" note comes by itself (and is left where it is). */
		serviceWorkers?: 'allow' | 'block';
		/** Set up the context before its first page opens (init scripts, watching requests). */
		prepare?: (context: BrowserContext) => Promise<unknown>;
	} = {}
): Promise<{ context: BrowserContext; page: Page }> {
	const context = await browser.newContext({
		viewport: options.viewport ?? { width: 1280, height: 800 },
		locale: 'de-DE',
		serviceWorkers: options.serviceWorkers ?? 'block',
		...(kind === 'table' ? {} : { storageState: kind === 'result' ? screens.desk : screens.tablet })
	});
	context.setDefaultTimeout(30_000);
	await options.prepare?.(context);
	const page = await context.newPage();
	if (options.serviceWorkers !== 'allow') await dismissAppBanners(page);
	if (kind === 'result') {
		await page.goto(`${baseURL}/turnier/${screens.tournamentId}/austausch`);
		await page.getByRole('tab', { name: 'Ergebnisse einsammeln' }).click();
	} else {
		await page.goto(`${baseURL}/tisch`);
	}
	// Choosing "Kamera" fetches the decoder; a person's finger reaches "Kamera starten" after that.
	const decoder = page.waitForResponse((response) => response.url().endsWith('.wasm'), { timeout: 20_000 });
	await page.getByRole('tab', { name: 'Kamera' }).click();
	await (await decoder.catch(() => null))?.finished();
	return { context, page };
}

/** How one scan ended: the code taken, the scanner's hint shown, or neither within the time. */
export interface Scan {
	readonly outcome: 'read' | 'hint' | 'none';
	/** From the tap on "Kamera starten" to that, in ms, by the page's own clock. */
	readonly ms: number;
	/** The same as the test driver sees it: from asking for the tap to seeing the answer. */
	readonly driverMs: number;
}

/** The scanner's hint after a while without a read. */
export const HINT = /^Noch kein Code erkannt\./;

/**
 * In the page: notes the moment of the tap on "Kamera starten" (its click event) and the first moment the
 * page holds each answer's text (a mutation), in the page's clock.
 */
function clockScan(answers: { read: string; hint: string }): void {
	const clock: { tap?: number; read?: number; hint?: number } = {};
	Object.assign(window, { __scanClock: clock });
	document.addEventListener(
		'click',
		(event) => {
			const button = (event.target as Element | null)?.closest('button');
			if (clock.tap === undefined && button?.textContent?.trim() === 'Kamera starten')
				clock.tap = performance.now();
		},
		true
	);
	// (No named inner functions: the test runner's compiled names would not exist in the page.)
	new MutationObserver(() => {
		const text = document.body.textContent ?? '';
		if (clock.read === undefined && text.includes(answers.read)) clock.read = performance.now();
		if (clock.hint === undefined && text.includes(answers.hint)) clock.hint = performance.now();
	}).observe(document.body, { subtree: true, childList: true, characterData: true });
}

/**
 * Taps "Kamera starten" and waits up to `limit` ms for the screen to say it took the code (`accepted`);
 * with `untilHint` a hint ends the wait too. The time is the page's, from the tap's click event to the
 * mutation that shows the answer: the driver's click (its checks that the button is there and still) and
 * its polling for the text added 50–900 ms on a loaded machine that a person's tap does not have.
 */
export async function scan(page: Page, accepted: string, limit: number, untilHint = false): Promise<Scan> {
	const start = page.getByRole('button', { name: 'Kamera starten' });
	await start.waitFor();
	await page.evaluate(clockScan, { read: accepted, hint: 'Noch kein Code erkannt.' });
	const began = Date.now();
	await start.click();
	const read = page.getByText(accepted).first().waitFor({ timeout: limit });
	const waits: Promise<Scan['outcome']>[] = [read.then(() => 'read')];
	if (untilHint)
		waits.push(
			page
				.getByText(HINT)
				.first()
				.waitFor({ timeout: limit })
				.then(() => 'hint')
		);
	const outcome = await Promise.any(waits).catch(() => 'none' as const);
	const driverMs = Date.now() - began;
	const clock = await page
		.evaluate(
			() =>
				(window as unknown as { __scanClock?: { tap?: number; read?: number; hint?: number } }).__scanClock
		)
		.catch(() => undefined);
	const answered = outcome === 'none' ? undefined : clock?.[outcome];
	const ms = clock?.tap !== undefined && answered !== undefined ? Math.round(answered - clock.tap) : driverMs;
	return { outcome, ms, driverMs };
}

/** One of the scanner's own timings (camera-scanner's `scan:…` measures), in ms from the tap. */
export interface ScanTiming {
	readonly what: string;
	readonly at: number;
	readonly ms: number;
	readonly detail: { side?: number; drawMs?: number; found?: boolean; lateMs?: number; text?: string };
}

/** The scanner's timings of the last scan on the page, from the tap on "Kamera starten" (`scan` noted it). */
export async function scanTimings(page: Page): Promise<ScanTiming[]> {
	return page
		.evaluate(() => {
			const tap = (window as unknown as { __scanClock?: { tap?: number } }).__scanClock?.tap ?? 0;
			return performance
				.getEntriesByType('measure')
				.filter((entry) => entry.name.startsWith('scan:'))
				.map((entry) => ({
					what: entry.name.slice(5),
					at: entry.startTime - tap,
					ms: entry.duration,
					detail: (entry as PerformanceMeasure).detail ?? {}
				}));
		})
		.catch(() => []);
}
