import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, LaunchOptions, Page } from 'playwright-core';
import {
	launchChromium,
	seedDraws,
	TABLET_LANDSCAPE,
	tabletContext,
	watchExternalRequests,
	type RequestWatch
} from '../browser';
import { dismissAppBanners } from './fixtures';

/** How a device is set up before its first page opens. */
export interface DeviceOptions {
	/** The screen: a landscape tablet unless told otherwise. */
	readonly viewport?: { width: number; height: number };
	/** More of the context's options (a phone: `isMobile`, `hasTouch`). */
	readonly context?: BrowserContextOptions;
	/** The draws come from this seed (browser.ts `seedDraws`): a test whose steps depend on the seating. */
	readonly seed?: number;
	/** How long an action or a wait may take on this device, in ms (Playwright's default otherwise). */
	readonly timeout?: number;
	/** Records the requests that leave the app's origin (browser.ts `watchExternalRequests`). */
	readonly watchRequests?: boolean;
	/** The app's banners are tapped away when they are in the way, as a scorer does; true unless told otherwise. */
	readonly dismissBanners?: boolean;
}

/** One device of a test (a tablet, the director's desk): its own context with one page open. */
export interface Device {
	readonly context: BrowserContext;
	readonly page: Page;
	/** The page's uncaught errors, in order. */
	readonly errors: string[];
	/** The requests that left the app's origin; null unless watched. */
	readonly requests: RequestWatch | null;
}

/** Chromium for the tests of one `describe`, and the devices opened on it. */
export interface Chromium {
	/** Where the built app is served (tests/e2e/global-setup.ts). */
	readonly baseURL: string;
	readonly browser: Browser;
	/** Opens a device: a German tablet context, set up as told, and its page (not navigated yet). */
	device(options?: DeviceOptions): Promise<Device>;
}

/**
 * Launches Chromium before the tests of the `describe` it is called in and closes it after them, with
 * every device opened on it.
 */
export function useChromium(launch: LaunchOptions = {}): Chromium {
	const baseURL = inject('baseURL');
	let browser: Browser | undefined;
	const contexts: BrowserContext[] = [];
	beforeAll(async () => {
		browser = await launchChromium(launch);
	});
	afterAll(async () => {
		for (const context of contexts) await context.close().catch(() => {});
		await browser?.close();
	});
	const launched = (): Browser => {
		if (!browser) throw new Error('Chromium is launched in beforeAll: open devices in a hook or a test');
		return browser;
	};
	return {
		baseURL,
		get browser() {
			return launched();
		},
		async device(options: DeviceOptions = {}): Promise<Device> {
			const context = await tabletContext(launched(), options.viewport ?? TABLET_LANDSCAPE, options.context);
			contexts.push(context);
			if (options.timeout !== undefined) context.setDefaultTimeout(options.timeout);
			if (options.seed !== undefined) await seedDraws(context, options.seed);
			const requests = options.watchRequests
				? await watchExternalRequests(context, new URL(baseURL).origin)
				: null;
			const page = await context.newPage();
			if (options.dismissBanners ?? true) await dismissAppBanners(page);
			const errors: string[] = [];
			page.on('pageerror', (error) => errors.push(error.message));
			return { context, page, errors, requests };
		}
	};
}
