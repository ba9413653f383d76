// The camera in a hall (issue 26): Chromium's fake camera films videos made from the app's own code screens
// (tests/camera/): the desk's table code, a tablet's result code, the desk's standings sequence — scaled,
// blurred, noisy — and the scanner reads them, stops, talks, and stays in view.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { cameraCase } from '../camera/cases';
import { acceptedText, cameraBrowser, HINT, readyToScan, scan, writeVideo } from '../camera/scan';
import type { Scene } from '../camera/scene';
import { filmCodeScreens, type CodeScreens, type Kind } from '../camera/screens';
import { launchChromium, watchExternalRequests } from './browser';
import { overlaps, screenshot, watchCsp } from './pages/fixtures';

/** The screen sizes the scanner must fit: landscape and portrait tablets, an older iPad, a phone. */
const SIZES = [
	{ width: 1280, height: 800 },
	{ width: 800, height: 1280 },
	{ width: 1024, height: 768 },
	{ width: 390, height: 844 }
];
/** A code no camera reads: the scanner has to say what helps. */
const UNREADABLE: Scene = { ...cameraCase('c2').scene, blur: 9 };

/** Records the camera's tracks the page gets, to see whether they are still live. */
async function watchTracks(context: BrowserContext): Promise<void> {
	await context.addInitScript(() => {
		const tracks: MediaStreamTrack[] = [];
		Object.assign(window, { __cameraTracks: tracks });
		const media = navigator.mediaDevices;
		const original = media.getUserMedia.bind(media);
		media.getUserMedia = async (constraints) => {
			const stream = await original(constraints);
			tracks.push(...stream.getTracks());
			return stream;
		};
	});
}

const liveTracks = (page: Page) =>
	page.evaluate(
		() =>
			(window as unknown as { __cameraTracks: MediaStreamTrack[] }).__cameraTracks.filter(
				(track) => track.readyState === 'live'
			).length
	);

describe('the camera in a hall: the fake camera films the app’s own code screens', () => {
	const baseURL = inject('baseURL');
	let screens: CodeScreens;
	let folder: string;

	beforeAll(async () => {
		folder = mkdtempSync(join(tmpdir(), 'wb-camera-'));
		const browser = await launchChromium();
		try {
			screens = await filmCodeScreens(browser, baseURL, 'usual');
		} finally {
			await browser.close();
		}
	}, 240_000);
	afterAll(() => {
		screens?.dispose();
		if (folder) rmSync(folder, { recursive: true, force: true });
	});

	/** Runs `work` in a Chromium whose camera films `kind`'s code in `scene`. */
	async function filming(
		kind: Kind,
		scene: Scene,
		name: string,
		work: (
			open: typeof readyToScan extends (b: never, ...rest: infer R) => infer T ? (...rest: R) => T : never
		) => Promise<void>,
		only?: (screens: CodeScreens) => CodeScreens
	): Promise<void> {
		const video = writeVideo(folder, only ? only(screens) : screens, kind, scene, name);
		const browser = await cameraBrowser(video);
		try {
			await work((...args) => readyToScan(browser, ...args));
		} finally {
			await browser.close();
			rmSync(video, { force: true });
		}
	}

	it('joins a table from its code under blur σ2 and noise within 4 s, then gives the camera back (items 1, 3)', async () => {
		await filming('table', cameraCase('c2').scene, 'c2', async (open) => {
			let requests: Awaited<ReturnType<typeof watchExternalRequests>> | undefined;
			const { context, page } = await open(baseURL, screens, 'table', {
				prepare: async (context) => {
					await watchTracks(context);
					return watchExternalRequests(context, new URL(baseURL).origin).then((watch) => (requests = watch));
				}
			});
			const csp = await watchCsp(page);
			await page.reload();
			await page.getByRole('tab', { name: 'Kamera' }).click();
			const read = await scan(page, acceptedText('table', screens), 4000);
			expect(read.outcome, `${read.ms} ms`).toBe('read');
			// Item 3: joined, the camera is off — no track left live, the live view gone.
			await expect.poll(() => liveTracks(page), { timeout: 1000 }).toBe(0);
			await expect(page.getByRole('button', { name: 'Kamera aus' }).count()).resolves.toBe(0);
			expect(await page.evaluate(() => document.querySelector('video')?.srcObject ?? null)).toBeNull();
			// The decoder's WebAssembly came from the app itself, under its Content-Security-Policy.
			expect(await csp()).toEqual([]);
			expect(requests?.external).toEqual([]);
			await context.close();
		});
	});

	it('reads a code at a fifth of the frame, or says what helps, within 5 s; says it for a code it cannot read (item 2)', async () => {
		await filming('table', cameraCase('h').scene, 'h', async (open) => {
			const { context, page } = await open(baseURL, screens, 'table');
			const read = await scan(page, acceptedText('table', screens), 5000, true);
			expect(read.outcome, `${read.ms} ms`).not.toBe('none');
			await context.close();
		});
		await filming('table', UNREADABLE, 'unreadable', async (open) => {
			const { context, page } = await open(baseURL, screens, 'table');
			const read = await scan(page, acceptedText('table', screens), 5000, true);
			expect(read.outcome, `${read.ms} ms`).toBe('hint');
			const hint = page.getByRole('note').filter({ hasText: HINT });
			await expect(hint.textContent()).resolves.toMatch(/näher heran.*ruhig halten.*heller stellen/);
			await hint.getByRole('button', { name: 'Code einfügen' }).click();
			await page.getByRole('textbox', { name: 'Code als Text' }).waitFor();
			await expect(page.getByRole('button', { name: 'Kamera aus' }).count()).resolves.toBe(0);
			await context.close();
		});
	});

	it('tells a tablet that a result code belongs at the desk (item 6), and the desk takes it', async () => {
		await filming('result', cameraCase('a').scene, 'a', async (open) => {
			const tablet = await open(baseURL, screens, 'standings');
			const read = await scan(
				tablet.page,
				'Das ist ein Ergebnis-Code – bitte bei der Turnierleitung scannen.',
				5000
			);
			expect(read.outcome, `${read.ms} ms`).toBe('read');
			await tablet.context.close();
			const desk = await open(baseURL, screens, 'result');
			const taken = await scan(desk.page, acceptedText('result', screens), 5000);
			expect(taken.outcome, `${taken.ms} ms`).toBe('read');
			await desk.context.close();
		});
	});

	it('keeps the live view, what the scanner says and „Kamera aus“ in view and uncovered at every size (item 4)', async () => {
		// Only the first code of the standings sequence: the scanner keeps going, "1 von 3 Bildern gelesen".
		const firstOnly = (all: CodeScreens): CodeScreens => ({
			...all,
			kinds: {
				...all.kinds,
				standings: { ...all.kinds.standings, screens: all.kinds.standings.screens.slice(0, 1) }
			}
		});
		const total = screens.kinds.standings.codes.length;
		expect(total).toBeGreaterThan(1);
		await filming(
			'standings',
			cameraCase('a').scene,
			'first',
			async (open) => {
				for (const viewport of SIZES) {
					const { context, page } = await open(baseURL, screens, 'standings', {
						viewport,
						serviceWorkers: 'allow'
					});
					const size = `${viewport.width}x${viewport.height}`;
					// A first visit: the "works offline" note comes by itself into the tray at the bottom corner.
					const note = page.locator('aside.banner');
					await note.waitFor({ timeout: 20_000 });
					const start = page.getByRole('button', { name: 'Kamera starten' });
					await expectInView(page, [start], size);
					await start.click();
					const progress = page.getByText(`1 von ${total} Bildern gelesen …`);
					await progress.waitFor({ timeout: 10_000 });
					const video = page.locator('video.live');
					const looking = page.getByText('Suche Code …');
					const off = page.getByRole('button', { name: 'Kamera aus' });
					await screenshot(page, `camera-progress-chromium-${size}`);
					await expectInView(page, [video, looking, progress, off], size);
					await context.close();
				}
			},
			firstOnly
		);
		await filming('table', UNREADABLE, 'unreadable', async (open) => {
			for (const viewport of SIZES) {
				const { context, page } = await open(baseURL, screens, 'standings', {
					viewport,
					serviceWorkers: 'allow'
				});
				const size = `${viewport.width}x${viewport.height}`;
				await page.locator('aside.banner').waitFor({ timeout: 20_000 });
				const read = await scan(page, 'Beigetreten: Tisch 99', 6000, true);
				expect(read.outcome).toBe('hint');
				const hint = page.getByRole('note').filter({ hasText: HINT });
				await screenshot(page, `camera-hint-chromium-${size}`);
				await expectInView(
					page,
					[
						page.locator('video.live'),
						hint,
						hint.getByRole('button'),
						page.getByRole('button', { name: 'Kamera aus' })
					],
					size
				);
				await context.close();
			}
		});
	}, 300_000);

	/** Every element wholly inside the viewport and none under the notes tray. */
	async function expectInView(
		page: Page,
		locators: ReturnType<Page['locator']>[],
		size: string
	): Promise<void> {
		const view = page.viewportSize()!;
		const tray = await page.locator('div.notes').boundingBox();
		for (const locator of locators) {
			for (const element of await locator.all()) {
				const box = (await element.boundingBox())!;
				const what = `${size} ${(await element.textContent())?.trim().slice(0, 40) || (await element.evaluate((e) => e.tagName))} at ${Math.round(box.y)}–${Math.round(box.y + box.height)}`;
				expect(box.y >= 0 && box.y + box.height <= view.height + 0.5, `${what}: in view`).toBe(true);
				expect(box.x >= 0 && box.x + box.width <= view.width + 0.5, `${what}: in view`).toBe(true);
				if (tray && tray.height > 0) expect(overlaps(box, tray), `${what}: under the notes tray`).toBe(false);
			}
		}
	}
});
