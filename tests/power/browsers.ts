import type { Page } from 'playwright-core';
import { ProfileBrowser } from '../e2e/pages/ProfileBrowser';
import { inPageSource, launch, type Tab } from '../engines/driver';
import { killTree } from '../engines/processes';

/** How long a navigation may take before it fails. */
const NAVIGATION_MS = 90_000;

/** The three engines the power-cut test runs in. */
export const POWER_ENGINES = ['chromium', 'firefox', 'webkit'] as const;
export type PowerEngine = (typeof POWER_ENGINES)[number];

/** A browser started on a profile folder: its one tab, and the means to kill it with all its processes. */
export interface ProfileDevice {
	readonly tab: Tab;
	readonly version: string;
	/**
	 * SIGKILL to the browser and every process it started, at once. Returns their ids: one waiting for its
	 * file system's answer dies once it has it (see `whenGone`).
	 */
	kill(): number[];
	/** Lets go of a killed browser (its driver, its connection), once its processes are gone. */
	forget(): Promise<void>;
	/** Closes the browser the normal way. */
	close(): Promise<void>;
}

/**
 * Chromium without its GPU disk caches (GPUCache, DawnGraphiteCache, DawnWebGPUCache: about 1.6 MB of index
 * and data files written again at every start, with the GPU off all the same). They hold compiled shaders,
 * nothing of a page's storage; every byte of them went through the Python file system at every new start.
 */
const CHROMIUM_QUIET = ['--disable-gpu-shader-disk-cache'];

/** The engines' Tab over a Playwright page (Chromium driven over CDP). */
function pageTab(page: Page): Tab {
	return {
		// A navigation the page starts itself at that moment aborts the test's (net::ERR_ABORTED): once more.
		goto: async (url) =>
			void (await page.goto(url).catch((error: unknown) => {
				if (!String(error).includes('ERR_ABORTED')) throw error;
				return page.goto(url);
			})),
		back: async () => void (await page.goBack()),
		reload: async () => void (await page.reload()),
		url: async () => page.url(),
		run: (code, ...args) => page.evaluate(inPageSource(code, args)) as never,
		click: (selector) => page.click(selector),
		fill: (selector, text) => page.fill(selector, text),
		upload: (selector, path) => page.setInputFiles(selector, path),
		resize: (width, height) => page.setViewportSize({ width, height }),
		screenshot: async (path) => void (await page.screenshot({ path }))
	};
}

/** Starts `engine` on the profile folder `profile` (kept: a later start finds what this one stored). */
export async function startOn(engine: PowerEngine, profile: string): Promise<ProfileDevice> {
	if (engine === 'chromium') {
		const browser = new ProfileBrowser(profile, undefined, CHROMIUM_QUIET);
		const page = await browser.launch();
		// The profile's disk is a Python file system and the machine may be shared: a first load can take long.
		page.setDefaultNavigationTimeout(NAVIGATION_MS);
		const pid = browser.pid;
		return {
			tab: pageTab(page),
			version: page.context().browser()?.version() ?? '',
			kill: () => (pid ? killTree(pid) : []),
			forget: () => browser.kill(),
			close: () => browser.close()
		};
	}
	const started = await launch(engine, profile);
	const opened = await started.tab();
	// A navigation that timed out on a loaded machine (30 s each) is tried twice more: Chromium waits 90 s instead.
	const goto = (url: string) =>
		opened
			.goto(url)
			.catch(() => opened.goto(url))
			.catch(() => opened.goto(url));
	const tab: Tab = { ...opened, goto };
	return {
		tab,
		version: started.version,
		kill: () => (started.pid ? killTree(started.pid) : []),
		forget: () => started.close().catch(() => {}),
		close: () => started.close()
	};
}
