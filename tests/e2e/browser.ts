import {
	chromium,
	type Browser,
	type BrowserContext,
	type BrowserContextOptions,
	type LaunchOptions,
	type Page
} from 'playwright-core';
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
export function tabletContext(
	browser: Browser,
	viewport = TABLET_LANDSCAPE,
	options: BrowserContextOptions = {}
): Promise<BrowserContext> {
	return browser.newContext({ viewport, locale: 'de-DE', deviceScaleFactor: 1, ...options });
}

/**
 * Makes the pages of `context` draw from `seed`: `crypto.getRandomValues`, where the app takes a draw's seed
 * (and its ids) from, becomes a seeded generator. A test whose steps depend on who sits where gets the same
 * seating on every run. Only for a context that stands for one device: two contexts seeded alike would
 * share their device ids.
 */
export async function seedDraws(context: BrowserContext, seed: number): Promise<void> {
	await context.addInitScript((start: number) => {
		// mulberry32, its state kept in the tab's sessionStorage: a page loaded anew goes on where the last
		// one stopped (starting over would repeat the ids the app made before).
		const KEY = 'e2e-random-state';
		const stored = (): number | null => {
			try {
				const value = sessionStorage.getItem(KEY);
				return value === null ? null : Number(value);
			} catch {
				return null;
			}
		};
		let state = (stored() ?? start) >>> 0;
		const next = () => {
			state = (state + 0x6d2b79f5) >>> 0;
			let t = state;
			t = Math.imul(t ^ (t >>> 15), t | 1);
			t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
			return (t ^ (t >>> 14)) >>> 0;
		};
		Object.defineProperty(Crypto.prototype, 'getRandomValues', {
			value<T extends ArrayBufferView | null>(array: T): T {
				if (!array) return array;
				state = stored() ?? state;
				const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
				for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 0xff;
				try {
					sessionStorage.setItem(KEY, String(state));
				} catch {
					// a page without storage (about:blank) keeps its state in memory
				}
				return array;
			}
		});
	}, seed);
}

/** What {@link watchExternalRequests} saw. */
export interface RequestWatch {
	/** Every request (http, https, ws, wss) whose origin is not the app's, in order. */
	readonly external: string[];
	/** How many requests were seen at all, and how many of them the service worker made. */
	readonly seen: () => { all: number; serviceWorker: number };
}

/**
 * Records every request a context makes that leaves the app's origin: from its pages, their workers and
 * the service worker (Chromium reports its fetches on the context), and WebSockets. The app works with no
 * network at the venue; a request elsewhere would be a leak or a dependency it must not have. Requests the
 * Content-Security-Policy stops never reach the network (Playwright does not report them): they are
 * recorded too, from the pages' `securitypolicyviolation` events, as "… (blocked by the CSP)".
 * Call it before the context opens its first page.
 */
export async function watchExternalRequests(
	context: BrowserContext,
	appOrigin: string
): Promise<RequestWatch> {
	const external: string[] = [];
	let all = 0;
	let serviceWorker = 0;
	const check = (address: string, note = '') => {
		let url: URL;
		try {
			url = new URL(address);
		} catch {
			return; // 'inline', 'eval': not a request
		}
		if (/^(https?|wss?):$/.test(url.protocol) && url.origin !== appOrigin)
			external.push(`${url.href}${note}`);
	};
	await context.exposeBinding('__wbBlockedRequest', (_source, address: string) =>
		check(address, ' (blocked by the CSP)')
	);
	await context.addInitScript(() => {
		document.addEventListener('securitypolicyviolation', (event) => {
			const report = (window as unknown as { __wbBlockedRequest?: (url: string) => void }).__wbBlockedRequest;
			report?.(event.blockedURI);
		});
	});
	context.on('request', (request) => {
		all++;
		if (request.serviceWorker()) serviceWorker++;
		check(request.url());
	});
	const watchSockets = (page: Page) => page.on('websocket', (socket) => check(socket.url()));
	context.pages().forEach(watchSockets);
	context.on('page', watchSockets);
	return { external, seen: () => ({ all, serviceWorker }) };
}
