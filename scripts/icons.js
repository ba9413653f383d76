// Renders the app icons in static/ from static/favicon.svg with the local Chromium (no network).
// Run once after changing the favicon: `node scripts/icons.js`, then commit the PNGs.
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GREEN = '#1f4e3d';

const favicon = `data:image/svg+xml;base64,${readFileSync('static/favicon.svg').toString('base64')}`;

/**
 * The icons to render. `scale` shrinks the favicon inside a full-bleed green square: maskable icons keep
 * their motif inside the central 80 % circle, and iOS fills transparent corners with black.
 */
const icons = [
	{ file: 'static/icon-192.png', size: 192, background: null, scale: 1 },
	{ file: 'static/icon-512.png', size: 512, background: null, scale: 1 },
	{ file: 'static/icon-maskable-512.png', size: 512, background: GREEN, scale: 0.72 },
	{ file: 'static/apple-touch-icon.png', size: 180, background: GREEN, scale: 0.86 }
];

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
try {
	const page = await browser.newPage({ deviceScaleFactor: 1 });
	for (const { file, size, background, scale } of icons) {
		const inner = Math.round(size * scale);
		await page.setViewportSize({ width: size, height: size });
		await page.setContent(
			`<!doctype html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;` +
				`background:${background ?? 'transparent'}"><img src="${favicon}" width="${inner}" height="${inner}"></body>`
		);
		await page.locator('img').evaluate((img) => /** @type {HTMLImageElement} */ (img).decode());
		await page.screenshot({ path: file, omitBackground: background === null });
		console.log(`${file} (${size}×${size})`);
	}
} finally {
	await browser.close();
}
