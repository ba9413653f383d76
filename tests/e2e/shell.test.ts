import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, tabletContext } from './browser';

describe('app shell', () => {
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it('opens with the product name and a German start screen', async () => {
		const context = await tabletContext(browser);
		const page = await context.newPage();
		await page.goto(inject('baseURL'));
		await expect(page.title()).resolves.toBe('Wertungsblatt');
		await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain('Wertungsblatt');
		expect(await page.locator('html').getAttribute('lang')).toBe('de');
		await context.close();
	});
});
