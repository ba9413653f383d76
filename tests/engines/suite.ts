import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { GUARD_OPTIONS, GUARD_SIZES, lookSettled } from '../e2e/pages/guard';
import { hiddenText } from '../e2e/pages/hidden-text';
import type { Engine, EngineName, Tab } from './driver';

/** What a test gets: its engine (a fresh profile), the app's address, and the means to cut the network. */
export interface EngineContext {
	readonly engine: Engine;
	readonly baseURL: string;
	/** Stops the app's server (the venue has no network) until the test ends. */
	cutNetwork(): Promise<void>;
}

/**
 * One test of the cross-engine suite: it throws (node:assert) when the engine fails it. What it needs
 * besides the browser (a server started, a tournament published) it may make in `prepare`, which runs
 * while the browser starts; `run` gets it, and `release` is called when the test ends, however it ends.
 */
export interface EngineTest<Prepared extends { release(): Promise<void> } = never> {
	readonly name: string;
	/** The engines it runs in, when not all: what it sets up exists in these only. */
	readonly engines?: readonly EngineName[];
	prepare?(): Promise<Prepared>;
	run(context: EngineContext, prepared: Prepared): Promise<void>;
}

/** Records what the page reports as an error: uncaught exceptions and unhandled rejections. */
export function watchErrors(): void {
	const errors: string[] = [];
	Object.assign(window, { __errors: errors });
	addEventListener('error', (event) => errors.push(String(event.message)));
	addEventListener('unhandledrejection', (event) => errors.push(String(event.reason)));
}

/** What {@link watchErrors} recorded. */
export function seenErrors(): string[] {
	return (window as unknown as { __errors?: string[] }).__errors ?? [];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * With WB_SHOTS=<folder>: screenshots of what the tab shows, on a landscape and a portrait tablet
 * (`<engine>-<name>-1280x800.png`, `…-800x1280.png`), for a person to look at; the tab is landscape again after.
 */
export async function shots(tab: Tab, engine: string, name: string): Promise<void> {
	const folder = process.env.WB_SHOTS;
	if (!folder) return;
	mkdirSync(folder, { recursive: true });
	for (const [width, height] of [
		[1280, 800],
		[800, 1280]
	] as const) {
		await tab.resize(width, height);
		await sleep(300);
		await tab.screenshot(join(folder, `${engine}-${name}-${width}x${height}.png`));
	}
	await tab.resize(1280, 800);
}

/**
 * The guard against hidden text (tests/e2e/pages/hidden-text.ts, the same function the Chromium guard
 * runs) at every size of GUARD_SIZES, each reached by resizing the tab: what is hidden in this state, one
 * line each, named by state and the size the page had (WebKit's phone: 447 px, its narrowest window). With WB_SHOTS=<folder> a screenshot of each size too (`<engine>-<state>-<w>x<h>.png`). The tab
 * is landscape again after.
 */
export async function hiddenIn(tab: Tab, engine: string, state: string): Promise<string[]> {
	const found: string[] = [];
	for (const { width, height } of GUARD_SIZES) {
		await tab.resize(width, height);
		// Laid out and painted at the new size (what the screen measures after a resize comes a frame later):
		// the fonts, then four frames (or a second, should a window get no frames).
		const painted = () =>
			tab.run(() =>
				Promise.race([
					document.fonts.ready.then(async () => {
						for (let frame = 0; frame < 4; frame++) await new Promise(requestAnimationFrame);
					}),
					new Promise((done) => setTimeout(done, 1000))
				])
			);
		await painted();
		const hidden = await lookSettled(() => tab.run(hiddenText, GUARD_OPTIONS), painted);
		// The size the page got (WebKit's window is no narrower than 447 px: its phone is that wide).
		const size = await tab.run(() => `${innerWidth}×${innerHeight}`);
		found.push(...hidden.map((line) => `${state} @${size}: ${line}`));
		const folder = process.env.WB_SHOTS;
		if (folder) {
			mkdirSync(folder, { recursive: true });
			await tab.screenshot(
				join(folder, `${engine}-${state.replace(/[^\w.-]+/g, '-')}-${width}x${height}.png`)
			);
		}
	}
	await tab.resize(1280, 800);
	return found;
}
