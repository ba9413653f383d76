// A photo or screenshot of a code, chosen in the code reader's file input, is read like a scanned code —
// in Chromium, which has no BarcodeDetector on Linux either, by the shipped ZXing (WebAssembly).
import { mkdirSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { TABLET_LANDSCAPE, TABLET_PORTRAIT } from './browser';
import { blankPng, codePng, TABLE_CODE_JOINED, tableCode } from './pages/codePicture';
import { useChromium } from './pages/devices';

const SHOTS = 'test-results/code-picture';

describe('a picture of a code in the file input', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;
	let page: Page;

	beforeAll(async () => {
		({ page } = await chromium.device({ dismissBanners: false }));
		mkdirSync(SHOTS, { recursive: true });
	});

	async function choose(name: string, buffer: Buffer) {
		await page.getByRole('tab', { name: 'Datei' }).click();
		await page
			.getByLabel('Austauschdatei wählen (.wbsync)')
			.setInputFiles({ name, mimeType: 'image/png', buffer });
	}

	it('says so when the picture holds no code, and joins the table from a picture of the table code', async () => {
		await page.goto(`${baseURL}/tisch`);
		await choose('leer.png', blankPng());
		await expect
			.poll(() => page.getByRole('alert').textContent())
			.toMatch(/^\s*Auf diesem Bild wurde kein Code erkannt\./);
		for (const viewport of [TABLET_LANDSCAPE, TABLET_PORTRAIT]) {
			await page.setViewportSize(viewport);
			await page.screenshot({ path: `${SHOTS}/no-code-${viewport.width}x${viewport.height}.png` });
		}
		await page.setViewportSize(TABLET_LANDSCAPE);

		const picture = await codePng(await tableCode());
		writeFileSync(`${SHOTS}/tischcode.png`, picture);
		await choose('tischcode.png', picture);
		await expect.poll(() => page.getByRole('status').first().textContent()).toContain(TABLE_CODE_JOINED);
		await expect
			.poll(() => page.locator('main').textContent())
			.toMatch(/Foto-Pokal[\s\S]*Anna[\s\S]*Ben[\s\S]*Cara/);
	});
});
