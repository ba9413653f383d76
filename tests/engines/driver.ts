import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from 'puppeteer-core';
import { freePort } from '../../src/lib/publish/testing/free-port';
import { waitFor } from '../e2e/global-setup';
import { killTree, processTree, whenGone } from './processes';
import { newSession } from './webdriver';
import { sizePage } from './window';

/** The two engines this suite drives beside Chromium. */
export const ENGINES = ['webkit', 'firefox'] as const;
export type EngineName = (typeof ENGINES)[number];

/** Debian's WebKitGTK MiniBrowser (apt-get install -y webkit2gtk-driver) and Firefox ESR. */
export const MINIBROWSER =
	process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** Serialisable in-page code: a function the engine runs in the page with JSON arguments. */
type InPage<T, A extends unknown[]> = (...args: A) => T | Promise<T>;

/** One tab, as the tests need it; every tap is a real WebDriver click on the element the page marked. */
export interface Tab {
	goto(url: string): Promise<void>;
	back(): Promise<void>;
	reload(): Promise<void>;
	url(): Promise<string>;
	run<T, A extends unknown[]>(code: InPage<T, A>, ...args: A): Promise<T>;
	/** Clicks the element matching `selector` as a person would (scrolled into view, pointer events). */
	click(selector: string): Promise<void>;
	/** Replaces what the text field matching `selector` holds by typing `text` (real key events). */
	fill(selector: string, text: string): Promise<void>;
	/** Chooses a file for the file input matching `selector`. */
	upload(selector: string, path: string): Promise<void>;
	/** Gives the page this size in CSS pixels (WebKit: as near as its window allows; it is at least 447 px wide). */
	resize(width: number, height: number): Promise<void>;
	/** Saves what the tab shows as a PNG. */
	screenshot(path: string): Promise<void>;
}

/** A browser with its own profile (its own storage); `tab()` opens a tab in it. */
export interface Engine {
	readonly name: EngineName;
	readonly version: string;
	/** The process the browser's processes descend from (the power-cut test kills them all at once). */
	readonly pid: number | undefined;
	tab(): Promise<Tab>;
	close(): Promise<void>;
}

/** How long a browser may take to start before the start is tried once more (WB_START_MS: longer). */
const START_TIMEOUT_MS = Number(process.env.WB_START_MS) || 30_000;

/**
 * Starts the engine with a fresh profile, or on `profile` (a folder that outlives the browser: the power-cut
 * test starts the browser on it again). A start that hangs is tried once more: now and then
 * WebKitWebDriver does not answer the new session on a busy machine.
 */
export async function launch(name: EngineName, profile?: string): Promise<Engine> {
	const start = () => (name === 'webkit' ? launchWebKit(profile) : launchFirefox(profile));
	try {
		return await start();
	} catch (error) {
		console.log(
			`    ${name} did not start (${error instanceof Error ? error.message : String(error)}); once more`
		);
		return start();
	}
}

function missing(path: string, install: string): Error {
	return new Error(
		`${path} fehlt – "apt-get install -y ${install}" (siehe README). ` +
			`${path} is missing: install it with "apt-get install -y ${install}".`
	);
}

/**
 * The source of a call of `code` with `args`. tsx compiles the tests keeping function names, which adds
 * calls of its helper `__name` inside the functions; the page has no such helper, so it gets one.
 */
export function inPageSource(code: (...args: never[]) => unknown, args: unknown[]): string {
	return `(() => { const __name = (f) => f; return (${code.toString()})(...${JSON.stringify(args)}); })()`;
}

/**
 * A WebKitGTK browser for WebKitWebDriver that keeps its data in a folder (MiniBrowser under automation keeps
 * none): tests/power/webkit-browser.py, which needs Debian's gir1.2-webkit2-4.1.
 */
const PROFILE_BROWSER = fileURLToPath(new URL('../power/webkit-browser.py', import.meta.url));

/**
 * What each of WebKit's two browsers (MiniBrowser, and the power tests' own with a kept profile) takes
 * beside the page, and the narrowest page it allows: learnt by the first resize, kept for later launches.
 */
const webkitWindows = {
	MiniBrowser: { width: 0, height: 0, narrowest: 0 },
	PowerBrowser: { width: 0, height: 0, narrowest: 0 }
};

/**
 * WebKit: WebKitWebDriver (classic W3C WebDriver; WebKitGTK 2.50 answers no BiDi) starts MiniBrowser with
 * an ephemeral profile per session, or, given a profile folder, the same engine with its data kept there.
 */
async function launchWebKit(profile?: string): Promise<Engine> {
	if (!existsSync(MINIBROWSER)) throw missing(MINIBROWSER, 'webkit2gtk-driver');
	const port = await freePort();
	const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
		stdio: 'ignore',
		env: profile ? { ...process.env, WEBKIT_POWER_PROFILE: profile } : process.env
	});
	const stop = () => void driver.kill();
	process.once('exit', stop);
	try {
		await waitFor(`http://127.0.0.1:${port}/status`, driver);
		const browser = await newSession(
			`http://127.0.0.1:${port}`,
			{
				browserName: profile ? 'PowerBrowser' : 'MiniBrowser',
				'webkitgtk:browserOptions': {
					binary: profile ? PROFILE_BROWSER : MINIBROWSER,
					args: ['--automation']
				}
			},
			START_TIMEOUT_MS
		);
		const frame = webkitWindows[profile ? 'PowerBrowser' : 'MiniBrowser'];
		// Later commands may take longer than a start (a whole page load).
		browser.timeoutMs = 120_000;
		await browser.setWindowSize(1280, 800).catch(() => {});
		let tabs = 0;
		let current = await browser.windowHandle();
		const on = async (handle: string) => {
			if (handle !== current) await browser.switchTo(handle);
			current = handle;
		};
		return {
			name: 'webkit',
			version: String(browser.capabilities.browserVersion ?? ''),
			pid: driver.pid,
			async tab() {
				const handle = tabs++ === 0 ? current : await browser.newTab();
				const tab: Tab = {
					goto: async (url) => (await on(handle), await browser.navigate(url)),
					back: async () => (await on(handle), await browser.back()),
					reload: async () => (await on(handle), await browser.refresh()),
					url: async () => (await on(handle), await browser.currentUrl()),
					run: async (code, ...args) => (
						await on(handle),
						await browser.execute(`return ${inPageSource(code, args)}`)
					),
					click: async (selector) => (await on(handle), await browser.click(selector)),
					// Element Send Keys: WebKitGTK's key actions drop the spaces after a non-ASCII letter ("fünf");
					// a new line is the Enter key (WebKitGTK drops a typed "\n").
					fill: async (selector, text) => (
						await on(handle),
						await browser.setValue(selector, text.replaceAll('\n', '\uE007'))
					),
					upload: async (selector, path) => (await on(handle), await browser.sendKeys(selector, path)),
					resize: async (width, height) => (await on(handle), await sizePage(browser, frame, width, height)),
					screenshot: async (path) => (await on(handle), await browser.screenshot(path))
				};
				return tab;
			},
			async close() {
				// The browser's processes outlive the session for a while (the network process still writes the
				// profile's caches): the profile is only free to remove once they are gone.
				const tree = processTree(driver.pid ?? -1).filter((pid) => pid !== driver.pid);
				await browser.close().catch(() => {});
				stop();
				process.off('exit', stop);
				await whenGone(tree, 10_000).catch(() => tree.forEach((pid) => killTree(pid)));
				await whenGone(tree, 10_000);
			}
		};
	} catch (error) {
		stop();
		throw error;
	}
}

/**
 * Firefox: puppeteer-core speaks WebDriver BiDi to Firefox's own remote agent (no geckodriver needed). A
 * profile folder given is kept; a browser killed on it starts again without offering to restore or to start
 * in safe mode.
 */
async function launchFirefox(kept?: string): Promise<Engine> {
	if (!existsSync(FIREFOX)) throw missing(FIREFOX, 'firefox-esr');
	const profile = kept ?? mkdtempSync(join(tmpdir(), 'wb-firefox-'));
	const browser: PuppeteerBrowser = await puppeteer.launch({
		browser: 'firefox',
		executablePath: FIREFOX,
		headless: true,
		timeout: START_TIMEOUT_MS,
		userDataDir: profile,
		defaultViewport: { width: 1280, height: 800 },
		extraPrefsFirefox: {
			'intl.accept_languages': 'de-DE, de',
			'dom.serviceWorkers.testing.enabled': false,
			'browser.sessionstore.resume_from_crash': false,
			'toolkit.startup.max_resumed_crashes': -1,
			// A kept profile (the power-cut test's, on its Python file system): no HTTP disk cache and no history,
			// disk work at every page load that holds nothing of a page's storage (IndexedDB, the service worker
			// and its caches are elsewhere and stay).
			...(kept ? { 'browser.cache.disk.enable': false, 'places.history.enabled': false } : {})
		}
	});
	let first: PuppeteerPage | undefined = (await browser.pages())[0];
	return {
		name: 'firefox',
		version: (await browser.version()).replace(/^firefox\//, ''),
		pid: browser.process()?.pid,
		async tab() {
			const page = first ?? (await browser.newPage());
			first = undefined;
			await page.setViewport({ width: 1280, height: 800 });
			return {
				goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
				back: async () => void (await page.goBack({ waitUntil: [] as never })),
				reload: async () => void (await page.reload()),
				url: async () => page.url(),
				run: (code, ...args) => page.evaluate(inPageSource(code, args)) as never,
				click: (selector) => page.click(selector),
				fill: async (selector, text) => {
					await page.click(selector, { count: 3 });
					await page.keyboard.press('Backspace');
					await page.type(selector, text);
				},
				upload: async (selector, path) => {
					const input = await page.$(selector);
					if (!input) throw new Error(`no file input ${selector}`);
					await (input as unknown as { uploadFile(path: string): Promise<void> }).uploadFile(path);
				},
				resize: (width, height) => page.setViewport({ width, height }),
				screenshot: async (path) => void (await page.screenshot({ path: path as `${string}.png` }))
			};
		},
		async close() {
			await browser.close().catch(() => {});
			if (!kept) rmSync(profile, { recursive: true, force: true });
		}
	};
}
