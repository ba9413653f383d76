// The Content-Security-Policy: the built app boots under it without a single violation, and the policy
// really is strict — injected inline scripts, eval, inline style attributes and other origins are blocked.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, tabletContext } from './browser';

interface Violation {
	directive: string;
	blocked: string;
	sample: string;
}

/** Records every CSP violation of the page (the listener is installed before any page script runs). */
async function watchViolations(page: Page): Promise<() => Promise<Violation[]>> {
	await page.addInitScript(() => {
		const violations: Violation[] = [];
		Object.assign(window, { __cspViolations: violations });
		document.addEventListener('securitypolicyviolation', (event) => {
			violations.push({
				directive: event.effectiveDirective,
				blocked: event.blockedURI,
				sample: event.sample
			});
		});
	});
	return () => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);
}

/** The policy as a map from directive to its sources. */
function parsePolicy(policy: string): Map<string, string[]> {
	return new Map(
		policy
			.split(';')
			.map((part) => part.trim().split(/\s+/))
			.filter(([name]) => name)
			.map(([name, ...sources]) => [name as string, sources])
	);
}

describe('Content-Security-Policy', () => {
	let browser: Browser;
	let context: BrowserContext;
	const baseURL = inject('baseURL');

	beforeAll(async () => {
		browser = await launchChromium();
		context = await tabletContext(browser);
	});
	afterAll(async () => {
		await context?.close();
		await browser?.close();
	});

	it('is sent as a header and as a meta tag, with hashes instead of inline scripts', async () => {
		const response = await fetch(`${baseURL}/tisch/3`);
		const header = parsePolicy(response.headers.get('content-security-policy') ?? '');
		const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(
			readFileSync('build/200.html', 'utf8')
		)?.[1];
		expect(meta).toBeDefined();

		expect(header.get('default-src')).toEqual(["'self'"]);
		expect(header.get('connect-src')).toEqual(["'self'"]);
		expect(header.get('object-src')).toEqual(["'none'"]);
		expect(header.get('frame-ancestors')).toEqual(["'none'"]);
		const scriptSrc = header.get('script-src') ?? [];
		expect(scriptSrc[0]).toBe("'self'");
		// WebAssembly may be compiled (the camera's QR decoder, from this origin); nothing may be eval'd.
		expect(scriptSrc[1]).toBe("'wasm-unsafe-eval'");
		expect(scriptSrc.slice(2).every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toBe(true);
		expect([...header.values()].flat()).not.toContain("'unsafe-eval'");
		// Styles: files of this origin, and the app shell's small stylesheets inlined by hash
		// (svelte.config.js inlineStyleThreshold) — never 'unsafe-inline'.
		const styleSrc = header.get('style-src') ?? [];
		expect(styleSrc[0]).toBe("'self'");
		expect(styleSrc.slice(1).every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toBe(true);

		// Apart from frame-ancestors (a meta tag cannot carry it) header and meta tag say the same.
		const withoutFrameAncestors = new Map([...header].filter(([name]) => name !== 'frame-ancestors'));
		expect(parsePolicy(meta ?? '')).toEqual(withoutFrameAncestors);
	});

	it('lets the app boot without violations or console errors, also on a deep link', async () => {
		const page = await context.newPage();
		const violations = await watchViolations(page);
		const errors: string[] = [];
		page.on('console', (message) => {
			if (message.type() === 'error') errors.push(message.text());
		});
		page.on('pageerror', (error) => errors.push(error.message));

		await page.goto(`${baseURL}/`);
		await page.getByRole('heading', { level: 1, name: 'Wertungsblatt' }).waitFor();
		// SvelteKit's route announcer carries one of the two allowed inline style attributes.
		await page.locator('#svelte-announcer').waitFor({ state: 'attached' });
		// The service worker registers and takes over under the same policy.
		await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
			timeout: 15_000
		});
		expect(await page.evaluate(() => getComputedStyle(document.body.firstElementChild!).display)).toBe(
			'contents'
		);
		expect(await violations()).toEqual([]);
		expect(errors).toEqual([]);

		// A deep link boots the same shell (the router logs its own "Not found" for a screen not built yet).
		await page.goto(`${baseURL}/leitung`);
		await page.locator('#svelte-announcer').waitFor({ state: 'attached' });
		expect(await violations()).toEqual([]);
		await page.close();
	});

	it('blocks an injected inline script, eval, inline style attributes and other origins', async () => {
		const page = await context.newPage();
		const violations = await watchViolations(page);
		await page.goto(`${baseURL}/`);
		await page.getByRole('heading', { level: 1, name: 'Wertungsblatt' }).waitFor();

		const outcome = await page.evaluate(async () => {
			const script = document.createElement('script');
			script.textContent = 'window.__injected = true';
			document.head.append(script);

			// Run eval from a timer, as page code would: code evaluated by the test driver itself is exempt.
			const evaluated = await new Promise<string>((resolve) =>
				setTimeout(() => {
					try {
						eval('1 + 1');
						resolve('ran');
					} catch (error) {
						resolve((error as Error).name);
					}
				})
			);

			document.body.insertAdjacentHTML('beforeend', '<p id="styled" style="color: rgb(255, 0, 0)">x</p>');
			const color = getComputedStyle(document.getElementById('styled')!).color;

			const fetched = await fetch('https://example.invalid/').then(
				() => 'fetched',
				() => 'blocked'
			);
			await new Promise((resolve) => setTimeout(resolve, 100));
			return { injected: 'injected' in window, evaluated, color, fetched };
		});

		expect(outcome).toEqual({
			injected: false,
			evaluated: 'EvalError',
			color: 'rgb(27, 27, 27)' /* --ink, not red */,
			fetched: 'blocked'
		});
		const directives = (await violations()).map((violation) => violation.directive);
		expect(directives).toEqual(
			expect.arrayContaining(['script-src-elem', 'script-src', 'style-src-attr', 'connect-src'])
		);
		await page.close();
	});
});
