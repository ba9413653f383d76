import { describe, expect, it } from 'vitest';
import { useChromium } from './pages/devices';

describe('settings', () => {
	const chromium = useChromium();

	it('shows whether storage is persistent and how much is used, and asks the browser on request', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		await page.goto(`${chromium.baseURL}/einstellungen`);
		const storage = page.getByRole('region', { name: 'Speicher' });
		const persisted = await page.evaluate(() => navigator.storage.persisted());
		const state = storage.getByRole('status');
		await expect(state.textContent()).resolves.toBe(
			persisted ? 'Dauerhaft gespeichert' : 'Nicht dauerhaft gespeichert'
		);
		await expect(storage.getByText('Belegt').isVisible()).resolves.toBe(true);
		expect(await storage.locator('dd').first().textContent()).toMatch(/\d/);
		if (!persisted) {
			await storage.getByRole('button', { name: 'Dauerhaft speichern' }).click();
			// Headless Chromium answers at once: granted, or refused with the explanation.
			await page.waitForFunction(() => !document.querySelector('.storage button:disabled'));
			const granted = await page.evaluate(() => navigator.storage.persisted());
			if (granted) await expect(state.textContent()).resolves.toBe('Dauerhaft gespeichert');
			else await expect(storage.getByRole('alert').textContent()).resolves.toContain('abgelehnt');
		}
		await context.close();
	});

	it('switches the language and keeps speech output off until switched on', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		await page.goto(`${chromium.baseURL}/einstellungen`);
		await expect(page.getByRole('radio', { name: 'Aus' }).isChecked()).resolves.toBe(true);
		await page.getByRole('radio', { name: 'Ein' }).check();
		expect(await page.evaluate(() => localStorage.getItem('wb.speech'))).toBe('on');

		await page.getByRole('radio', { name: 'English' }).check();
		// The switch waits until every English text is loaded (src/lib/i18n/english.ts).
		await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
		expect(await page.locator('html').getAttribute('lang')).toBe('en');
		await page.reload();
		await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Settings');
		await expect(page.getByRole('radio', { name: 'On' }).isChecked()).resolves.toBe(true);
		await context.close();
	});
});
