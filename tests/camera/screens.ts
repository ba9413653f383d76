// The app's own code screens, as a camera in the hall films them: the built app in Chromium hands out a
// table's code at the desk, a tablet joins with it, plays its round (a .trn record) and shows its result
// code, the desk takes the result and shows the standings (a sequence when they fill more than one code).
// Each code is a screenshot of the screen around it; the tests and `npm run bench -- camera` make their
// videos from these pictures, so the videos follow whatever the codes become.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { LIMITS } from '../../src/lib/domain/limits';
import { ExchangeDesk, pasteCodes } from '../e2e/pages/exchangeDesk';
import { dismissAppBanners, finishedRecord } from '../e2e/pages/fixtures';
import { drawnLog, HALL_NAMES, tournamentFile } from '../e2e/pages/tournamentFiles';
import { greyOf } from './scene';
import type { CodeScreen } from './video';

/** The three kinds of code a camera reads in a hall. */
export const KINDS = ['table', 'result', 'standings'] as const;
export type Kind = (typeof KINDS)[number];

/** One kind of code: its screen(s) as filmed, and its text(s) (for setting up a device without a camera). */
export interface Filmed {
	readonly screens: CodeScreen[];
	readonly codes: string[];
	/** The QR version of the (largest) code. */
	readonly version: number;
}

/** Everything a camera test needs of one tournament. */
export interface CodeScreens {
	readonly kinds: Record<Kind, Filmed>;
	readonly tournamentId: string;
	/** What the tablet shows when it joined (table 1, round 1). */
	readonly joined: string;
	/** A desk that holds the tournament (nothing reported yet), and a tablet that joined table 1. */
	readonly desk: Awaited<ReturnType<BrowserContext['storageState']>>;
	readonly tablet: Awaited<ReturnType<BrowserContext['storageState']>>;
	/** Removes the temporary files. */
	dispose(): void;
}

/** Which tournament: a hall's usual names, or every name as long as the app takes (the largest codes). */
export type Variant = 'usual' | 'longest';

function namesOf(variant: Variant): string[] {
	if (variant === 'usual') return [...HALL_NAMES];
	const tail = ' von Großmann-Weißenböck-Oberländer-Käßbohrer-Schüßler-Dietrichsen';
	return HALL_NAMES.map((name) => `${name}${tail}`.slice(0, LIMITS.nameLength));
}

/** Pixels of the screen filmed around the code (the screen's white margin and what stands beside it). */
const MARGIN = 40;
/** The desk and the tablets: a landscape tablet's screen at a tablet's pixel density. */
const SCREEN = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2, locale: 'de-DE' } as const;

/** The code on screen as the camera sees it: the screenshot around the QR picture, and the code's width in it. */
async function filmCode(page: Page): Promise<CodeScreen> {
	const qr = page.locator('main svg.qr');
	await qr.waitFor();
	const box = (await qr.boundingBox())!;
	const view = page.viewportSize()!;
	const x = Math.max(0, box.x - MARGIN);
	const y = Math.max(0, box.y - MARGIN);
	const clip = {
		x,
		y,
		width: Math.min(view.width, box.x + box.width + MARGIN) - x,
		height: Math.min(view.height, box.y + box.height + MARGIN) - y
	};
	const picture = greyOf(await page.screenshot({ clip }));
	return { picture, codeWidth: box.width * SCREEN.deviceScaleFactor };
}

/** The code texts of the sequence on screen ("Code als Text"), and each code's picture, frame by frame. */
async function filmSequence(page: Page): Promise<Filmed> {
	const main = page.locator('main');
	await main.locator('svg.qr').waitFor();
	// The codes as text stand in the sequence's folded "Code als Text".
	const codes = (await main.locator('.sequence textarea').first().inputValue()).split('\n');
	const version = Number(await main.locator('svg.qr').getAttribute('data-version'));
	const screens: CodeScreen[] = [];
	if (codes.length > 1) await main.getByRole('button', { name: 'Anhalten' }).click();
	const caption = main.locator('.sequence .caption .frame').first();
	for (let i = 0; i < codes.length; i++) {
		// Paused wherever it was: step on until the screen shows this frame.
		while (codes.length > 1 && (await caption.textContent()) !== `Bild ${i + 1} von ${codes.length}`)
			await main.getByRole('button', { name: 'Nächstes Bild' }).click();
		screens.push(await filmCode(page));
	}
	return { screens, codes, version };
}

/**
 * Plays one round of a tournament through the app's screens (desk, one tablet) and films its codes.
 * `baseURL`: the built app, served.
 */
export async function filmCodeScreens(
	browser: Browser,
	baseURL: string,
	variant: Variant
): Promise<CodeScreens> {
	const folder = mkdtempSync(join(tmpdir(), 'wb-screens-'));
	const contexts: BrowserContext[] = [];
	const open = async () => {
		const context = await browser.newContext({ ...SCREEN, serviceWorkers: 'block' });
		context.setDefaultTimeout(30_000);
		contexts.push(context);
		const page = await context.newPage();
		await dismissAppBanners(page);
		return { context, page };
	};
	try {
		const id = `t-camera0${variant}`;
		const fixture = await tournamentFile(
			id,
			drawnLog(`Kamera-Pokal ${variant}`, namesOf(variant), 'kamera-1')
		);
		const desk = await open();
		const exchange = new ExchangeDesk(desk.page, baseURL, id);
		await exchange.takeOver(fixture.path);
		const deskState = await desk.context.storageState({ indexedDB: true });
		await desk.page.getByRole('heading', { name: /^Tische ausgeben – Runde 1/ }).waitFor();
		await desk.page.getByRole('list', { name: 'Tische ausgeben' }).getByRole('button').first().click();
		await desk.page.getByRole('heading', { name: 'Tisch 1', exact: true }).waitFor();
		const table = await filmSequence(desk.page);

		const tablet = await open();
		await tablet.page.goto(`${baseURL}/tisch`);
		await pasteCodes(tablet.page, table.codes);
		const joined = 'Beigetreten: Tisch 1, Runde 1.';
		await tablet.page.getByText(joined).waitFor();
		const tabletState = await tablet.context.storageState({ indexedDB: true });
		await tablet.page.getByRole('button', { name: 'Runde beginnen' }).click();
		await tablet.page.waitForURL(/\/runde\/neu\?/);
		const record = join(folder, 'tisch1.trn');
		writeFileSync(record, finishedRecord(fixture.tables[0]!, 11));
		await tablet.page.locator('input[type=file][accept*=".trn"]').setInputFiles(record);
		await tablet.page.waitForURL(/\/runde\/r-/);
		await tablet.page.getByRole('button', { name: 'Ergebnis bestätigen' }).click();
		await tablet.page.getByText('Ergebnis bestätigt.').waitFor();
		await tablet.page.goto(`${baseURL}/tisch`);
		await tablet.page.getByRole('button', { name: 'Ergebnis abgeben' }).click();
		const result = await filmSequence(tablet.page);

		await exchange.view('Ergebnisse einsammeln');
		await exchange.paste(result.codes);
		await desk.page.getByText('Runde 1, Tisch 1: Ergebnis eingetragen.').waitFor();
		await exchange.view('Rangliste ausgeben');
		const standings = await filmSequence(desk.page);
		return {
			kinds: { table, result, standings },
			tournamentId: id,
			joined,
			desk: deskState,
			tablet: tabletState,
			dispose: () => {
				rmSync(folder, { recursive: true, force: true });
				rmSync(fixture.path, { force: true });
			}
		};
	} catch (error) {
		for (const [i, context] of contexts.entries())
			for (const page of context.pages())
				await page.screenshot({ path: `/tmp/cam/fail-${i}.png` }).catch(() => {});
		throw error;
	} finally {
		for (const context of contexts) await context.close();
	}
}
