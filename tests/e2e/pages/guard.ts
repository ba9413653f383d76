import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { hiddenText, type HiddenTextOptions } from './hidden-text';

/** The screens the guard looks at: three iPads (landscape, the 11" both ways) and a phone. */
export const GUARD_SIZES = [
	{ width: 1024, height: 768 },
	{ width: 1180, height: 820 },
	{ width: 820, height: 1180 },
	{ width: 390, height: 844 }
] as const;

/**
 * The boxes that scroll by design: the score sheet (a long round is longer than any screen; the current
 * lap is kept in view); nothing that blocks play is in it. The pop-ups that lie over a screen by design:
 * the table screen's menu, the app's menu opened on a phone, the projector (a screen of its own over the app).
 */
export const GUARD_OPTIONS: HiddenTextOptions = {
	scrollers: ['.sheet-box .scroller', '.scroller.print'],
	overlays: ['details.menu[open] > .menu-body', '#app-nav.open', '.projector']
};

/** Waits until the page has laid out and painted what it shows now (fonts loaded, two frames). */
export function settled(page: Page): Promise<void> {
	return page.evaluate(
		() =>
			document.fonts.ready.then(
				() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())))
			) as Promise<void>
	);
}

/**
 * One look of the guard (`look`: {@link hiddenText} in the page), taken again once the page has painted again
 * (`painted`) when it found something, and that second look kept: a note that came in the very task of the
 * look gets its room below the page a frame later (the tray follows it), and a person never sees that frame;
 * what a person cannot read stays hidden. For the Chromium guard and the engine suite's (tests/engines/suite.ts).
 */
export async function lookSettled(
	look: () => Promise<string[]>,
	painted: () => Promise<unknown>
): Promise<string[]> {
	const found = await look();
	if (found.length === 0) return found;
	await painted();
	return look();
}

/**
 * Looks at the page as it is now at every size of {@link GUARD_SIZES} and keeps what is hidden, named by
 * the state and the size; the page gets its own size back afterwards.
 */
export class HiddenTextGuard {
	readonly findings: string[] = [];

	constructor(readonly sizes: readonly { width: number; height: number }[] = GUARD_SIZES) {}

	async look(page: Page, state: string): Promise<void> {
		const before = page.viewportSize();
		for (const size of this.sizes) {
			await page.setViewportSize(size);
			await settled(page);
			// What the screen measures after a resize (the table screen's height below the header) comes a frame later.
			await settled(page);
			const found = await lookSettled(
				() => page.evaluate(hiddenText, GUARD_OPTIONS),
				() => settled(page)
			);
			this.findings.push(...found.map((finding) => `${state} @${size.width}×${size.height}: ${finding}`));
			await shoot(page, `chromium-${state}-${size.width}x${size.height}`);
		}
		if (before) await page.setViewportSize(before);
		await settled(page);
	}
}

/** With WB_SHOTS=<folder>: a screenshot of what the guard looked at, for a person to look at too. */
async function shoot(page: Page, name: string): Promise<void> {
	const folder = process.env.WB_SHOTS;
	if (!folder) return;
	mkdirSync(folder, { recursive: true });
	await page.screenshot({ path: join(folder, `${name.replace(/[^\w.-]+/g, '-')}.png`), fullPage: true });
}
