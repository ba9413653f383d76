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
});
