import { describe, expect, it } from 'vitest';
import { useChromium } from './pages/devices';

describe('app shell', () => {
	const chromium = useChromium();

	it('opens with the product name and a German start screen', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		await page.goto(chromium.baseURL);
		await expect(page.title()).resolves.toBe('Wertungsblatt');
		await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Wertungsblatt');
		expect(await page.locator('html').getAttribute('lang')).toBe('de');
		await context.close();
	});

	it('names all the code of its first screen in the start page itself: a first visit fetches it in one round (issue 25 item 11)', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const answer = await page.goto(chromium.baseURL);
		const html = (await answer?.text()) ?? '';
		// The scripts fetched before the first contentful paint, as the page's resource timing has them.
		const beforePaint = await page.evaluate(
			() =>
				new Promise<string[]>((done) => {
					new PerformanceObserver((list, observer) => {
						const paint = list.getEntriesByName('first-contentful-paint')[0];
						if (!paint) return;
						observer.disconnect();
						const scripts = performance
							.getEntriesByType('resource')
							.filter((entry) => entry.startTime < paint.startTime && entry.name.endsWith('.js'));
						done(scripts.map((entry) => new URL(entry.name).pathname));
					}).observe({ type: 'paint', buffered: true });
				})
		);
		// SvelteKit's error page is fetched beside the page, never waited for.
		const unnamed = beforePaint.filter(
			(path) => !html.includes(`href="${path}"`) && !/\/nodes\/1\./.test(path)
		);
		expect(unnamed, 'scripts the start page learnt of only once the app had started').toEqual([]);
		expect(
			beforePaint.some((path) => /\/nodes\/\d+\./.test(path)),
			"the start page's own code"
		).toBe(true);
		await context.close();
	});

	it("has V8 compile the start page's code in the background while it loads: each script it names begins with the compile hint (issue 25 item 11)", async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const html = (await (await page.goto(chromium.baseURL))?.text()) ?? '';
		const named = [...html.matchAll(/<link href="([^"]+\.js)" rel="modulepreload">/g)].map((m) => m[1]!);
		expect(named.length, 'scripts the start page names').toBeGreaterThan(5);
		const firstLines = await page.evaluate(
			(paths) => Promise.all(paths.map(async (path) => (await (await fetch(path)).text()).split('\n')[0])),
			named
		);
		const without = named.filter((_, i) => firstLines[i] !== '//# allFunctionsCalledOnLoad');
		expect(without, 'compiled function by function on the main thread as they first run').toEqual([]);
		await context.close();
	});

	it('on a first visit says no round is running without the database: none created, none of its code loaded (issue 25 item 11)', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		// The page's own scripts (the service worker's precache fetches are not the page's).
		const scripts: Promise<string>[] = [];
		page.on('response', (answer) => {
			if (answer.url().endsWith('.js')) scripts.push(answer.text().catch(() => ''));
		});
		await page.goto(chromium.baseURL);
		const running = page.getByRole('region', { name: 'Laufende Runden' });
		await running.getByText('Gerade läuft keine Runde.').waitFor();
		const databases = await page.evaluate(async () =>
			(await indexedDB.databases()).map((database) => database.name)
		);
		expect(databases, 'databases this first visit created').not.toContain('wertungsblatt');
		// Dexie names its errors; no other code of the app does.
		const dexie = (await Promise.all(scripts)).filter((code) => code.includes('DatabaseClosedError'));
		expect(dexie, "scripts with Dexie's code").toHaveLength(0);
		await context.close();
	});
});
