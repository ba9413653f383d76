// Persistent storage at the director's desk: asked on the first real action (creating a tournament), as
// the table asks on its first turn; a refusal is said plainly, with the advice.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';

const ADVICE = 'Speicher nicht dauerhaft:';

/**
 * Counts the page's calls of navigator.storage.persist() (by the path they were made on). `answer`: what
 * the browser says; null leaves the answer to Chromium.
 */
async function watchPersist(page: Page, answer: boolean | null): Promise<() => Promise<string[]>> {
	await page.addInitScript((answer) => {
		const calls: string[] = [];
		Object.assign(window, { __persistCalls: calls });
		const persist = StorageManager.prototype.persist;
		const persisted = StorageManager.prototype.persisted;
		Object.defineProperties(StorageManager.prototype, {
			persisted: {
				value(this: StorageManager) {
					return answer === null ? persisted.call(this) : Promise.resolve(false);
				}
			},
			persist: {
				value(this: StorageManager) {
					calls.push(location.pathname);
					return answer === null ? persist.call(this) : Promise.resolve(answer);
				}
			}
		});
	}, answer);
	return () => page.evaluate(() => (window as unknown as { __persistCalls: string[] }).__persistCalls);
}

describe('persistent storage at the director’s desk', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;

	it('asks when a tournament is created, not before; a refusal shows the advice', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const calls = await watchPersist(page, false);
		const advice = page.getByRole('complementary', { name: ADVICE });

		await page.goto(`${baseURL}/turnier/neu`);
		await page.getByRole('textbox', { name: 'Name des Turniers' }).fill('Vereinsmeisterschaft');
		expect(await calls()).toEqual([]);
		expect(await advice.count()).toBe(0);

		const desk = new DirectorDesk(page, baseURL);
		await desk.create(/^Triominos-Qualifikation/, 'Vereinsmeisterschaft');
		expect(await calls()).toEqual(['/turnier/neu']);
		await advice.waitFor();
		expect(await advice.textContent()).toContain('Der Browser könnte die Daten bei Platzmangel löschen.');
		expect(await page.getByRole('heading', { level: 1, name: 'Vereinsmeisterschaft' }).isVisible()).toBe(
			true
		);

		// Read and put away; another tournament in this visit (no page load in between) does not ask again.
		await advice.getByRole('button', { name: 'Verstanden' }).click();
		await advice.waitFor({ state: 'detached' });
		await page.getByRole('link', { name: /Alle Turniere/ }).click();
		await page.getByRole('link', { name: /Neues Turnier/ }).click();
		await page.getByRole('radio', { name: /^Schweizer System/ }).check();
		await page.getByRole('textbox', { name: 'Name des Turniers' }).fill('Sommerturnier');
		await page.getByRole('button', { name: 'Turnier anlegen' }).click();
		await page.getByRole('heading', { level: 1, name: 'Sommerturnier' }).waitFor();
		expect(await calls()).toEqual(['/turnier/neu']);
		expect(await advice.count()).toBe(0);
		await context.close();
	});

	it('asks Chromium itself; the advice shows exactly when it refuses', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const calls = await watchPersist(page, null);
		await page.goto(`${baseURL}/turnier`);
		const before = await page.evaluate(() => navigator.storage.persisted());
		const desk = new DirectorDesk(page, baseURL);
		await desk.create(/^Triominos-Qualifikation/, 'Stadtmeisterschaft');
		// Asked unless the data was persistent already; headless Chromium answers at once.
		expect(await calls()).toEqual(before ? [] : ['/turnier/neu']);
		const after = await page.evaluate(() => navigator.storage.persisted());
		const advice = page.getByRole('complementary', { name: ADVICE });
		if (after) expect(await advice.count()).toBe(0);
		else await advice.waitFor();
		await context.close();
	});
});
