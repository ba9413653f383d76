import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { recordOf } from '../../../src/lib/domain/notation/record';
import { writeRecord } from '../../../src/lib/domain/notation/write';
import { TOURNAMENT } from '../../../src/lib/domain/rules';
import { playChoices } from '../../../src/lib/domain/testing/rounds';
import { finishingChoices } from '../../../src/lib/protocol/testing';

/** The example round of docs/NOTATION.md, played to its end (4 players, tournament rules). */
export const EXAMPLE_PATH = 'src/lib/domain/notation/fixtures/notation-example.trn';
export const EXAMPLE_TEXT = readFileSync(EXAMPLE_PATH, 'utf8');

/** The turn lines of a record as `{ player, tokens }`, in order (comments dropped). */
export function turnLines(text: string): { player: string; tokens: string }[] {
	return text
		.split('\n')
		.map((line) => line.replace(/#.*/, '').trim())
		.filter((line) => /^[^:]+:/.test(line))
		.map((line) => ({
			player: line.slice(0, line.indexOf(':')).trim(),
			tokens: line.slice(line.indexOf(':') + 1).trim()
		}))
		.filter(({ player }) => !/^(rules|tiles|players|start|pool|scoring|hands)$/i.test(player));
}

/** A box on the screen, as Playwright's boundingBox() gives it. */
export interface Box {
	readonly x: number;
	readonly y: number;
	readonly width: number;
	readonly height: number;
}

/** Whether two boxes on the screen share any area. */
export function overlaps(a: Box, b: Box): boolean {
	return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Where e2e screenshots go (test-results/ is not committed). */
export const SCREENS = 'test-results/screens';

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
	mkdirSync(SCREENS, { recursive: true });
	const path = `${SCREENS}/${name}.png`;
	await page.screenshot({ path, fullPage });
	return path;
}

/**
 * Screenshots of the whole page as it is, on a landscape and on a portrait tablet (`<name>-1280x800.png`,
 * `<name>-800x1280.png`); the page gets its own size back afterwards.
 */
export async function screenshotsBothWays(page: Page, name: string): Promise<void> {
	const size = page.viewportSize();
	for (const [width, height] of [
		[1280, 800],
		[800, 1280]
	] as const) {
		await page.setViewportSize({ width, height });
		await screenshot(page, `${name}-${width}x${height}`, true);
	}
	if (size) await page.setViewportSize(size);
}

/** Records Content-Security-Policy violations from the first script on. */
export async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
	await page.addInitScript(() => {
		const seen: string[] = [];
		Object.assign(window, { __tableCsp: seen });
		document.addEventListener('securitypolicyviolation', (e) =>
			seen.push(`${e.effectiveDirective} ${e.sample}`)
		);
	});
	return () => page.evaluate(() => (window as unknown as { __tableCsp: string[] }).__tableCsp);
}

/** Every visible button inside `selector` that is smaller than `min` px in either direction. */
export async function smallTargets(page: Page, selector: string, min = 48): Promise<string[]> {
	const small: string[] = [];
	for (const button of await page.locator(`${selector} button`).all()) {
		if (!(await button.isVisible())) continue;
		const box = await button.boundingBox();
		if (box && (box.width < min - 0.5 || box.height < min - 0.5)) {
			small.push(
				`${(await button.getAttribute('aria-label')) ?? (await button.innerText())}: ${box.width}×${box.height}`
			);
		}
	}
	return small;
}

/**
 * The app's own banners (offline ready, new version) lie over the app header and its links. A scorer
 * taps them away; so do the tests, whenever one shows. While a modal dialog (a correction) covers
 * the screen the banner cannot be tapped — nor is it in the way: it waits until the dialog is closed.
 */
export async function dismissAppBanners(page: Page): Promise<void> {
	await page.addLocatorHandler(
		page.locator('aside.banner'),
		async (banner) => {
			try {
				if (await page.locator('[aria-modal="true"]').isVisible()) return;
				await banner.getByRole('button', { name: /^(OK|Später|Later)$/ }).click({ timeout: 5000 });
			} catch {
				// the banner went away by itself, or the browser was killed (tests/e2e/table-kill.test.ts)
			}
		},
		{ noWaitAfter: true }
	);
}

/** A legal, finished tournament round of these players (seat order) as the text of a .trn record file. */
export function finishedRecord(players: readonly string[], seed: number): string {
	const played = playChoices(TOURNAMENT, [...players], 0, finishingChoices([seed, seed * 7]));
	if (played.state.phase !== 'over') throw new Error('round not finished');
	return writeRecord(recordOf(played.state));
}
