import { chromium, type Browser, type BrowserContext, type LaunchOptions } from 'playwright-core';
import { existsSync } from 'node:fs';

/** Debian's Chromium (apt-get install -y chromium); override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--no-first-run',
	'--disable-quic'
];

export const TABLET_LANDSCAPE = { width: 1280, height: 800 };
export const TABLET_PORTRAIT = { width: 800, height: 1280 };

/** Launches headless Chromium; fails with a clear message when it is not installed. */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
	if (!existsSync(CHROMIUM_PATH)) {
		throw new Error(
			`Chromium fehlt unter ${CHROMIUM_PATH} – "apt-get install -y chromium" (siehe README). ` +
				`Chromium is missing at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`
		);
	}
	return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...options });
}

/** A fresh German tablet context (landscape unless told otherwise). */
export function tabletContext(browser: Browser, viewport = TABLET_LANDSCAPE): Promise<BrowserContext> {
	return browser.newContext({ viewport, locale: 'de-DE', deviceScaleFactor: 1 });
}
