import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sizePage, type WindowFrame } from './window';

/**
 * MiniBrowser's window as WebKitWebDriver shows it: a bar of 38 px above the page, no page narrower than
 * 447 px, and a page that learns its window's size `lagMs` after the window has it.
 */
function miniBrowser(lagMs: number) {
	let window = { width: 1280, height: 838 };
	let page = { width: 1280, height: 800 };
	return {
		async setWindowSize(width: number, height: number) {
			window = { width: Math.max(width, 447), height };
			const next = { width: window.width, height: window.height - 38 };
			if (lagMs === 0) page = next;
			else setTimeout(() => (page = next), lagMs);
		},
		async windowSize() {
			return window;
		},
		async execute<T>(script: string): Promise<T> {
			expect(script).toBe('return [innerWidth, innerHeight]');
			return [page.width, page.height] as T;
		},
		page: () => `${page.width}×${page.height}`
	};
}

/** Sizes the page in the fake clock's time (the waits of half a second and more pass at once). */
async function size(...args: Parameters<typeof sizePage>): Promise<void> {
	const sized = sizePage(...args);
	sized.catch(() => {});
	await vi.advanceTimersByTimeAsync(20_000);
	await sized;
}

describe('sizePage', () => {
	beforeEach(() => void vi.useFakeTimers());
	afterEach(() => void vi.useRealTimers());

	it.each([0, 200, 600])(
		'gives the page the size asked for when it learns its size %i ms after the window',
		async (lagMs) => {
			const browser = miniBrowser(lagMs);
			const frame: WindowFrame = { width: 0, height: 0, narrowest: 0 };
			for (const [width, height] of [
				[1024, 768],
				[1180, 820],
				[820, 1180],
				[1280, 800],
				[1024, 768]
			] as const) {
				await size(browser, frame, width, height);
				expect(browser.page()).toBe(`${width}×${height}`);
			}
			expect(frame).toEqual({ width: 0, height: 38, narrowest: 0 });
		}
	);

	it('gives a phone the narrowest page the window allows, and learns that it does', async () => {
		const browser = miniBrowser(100);
		const frame: WindowFrame = { width: 0, height: 0, narrowest: 0 };
		await size(browser, frame, 390, 844);
		expect(browser.page()).toBe('447×844');
		expect(frame.narrowest).toBe(447);
		await size(browser, frame, 1024, 768);
		expect(browser.page()).toBe('1024×768');
	});
});
