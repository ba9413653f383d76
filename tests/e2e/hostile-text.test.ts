// Player names and imported text are shown as text, never as markup: a name that is HTML stays the
// characters typed — at the table, in a tournament, in an imported .trn — and creates no element, runs
// nothing, opens no dialog and provokes no Content-Security-Policy violation.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { useChromium } from './pages/devices';
import { DirectorDesk } from './pages/directorDesk';
import { EXAMPLE_TEXT, watchCsp } from './pages/fixtures';
import { NewRoundPage } from './pages/NewRoundPage';

/** Names that are markup; each would run `alert` if it ever reached innerHTML or an attribute. */
const HOSTILE = ['<img src=x onerror=alert(1)>', '<script>alert(2)</script>', '"><svg onload=alert(3)>'];

/** Everything that would show that a name became markup. */
interface Watch {
	dialogs: string[];
	/** Requests for the `x` of `<img src=x>`. */
	imageRequests: string[];
	csp: () => Promise<string[]>;
}

async function watch(context: BrowserContext, page: Page): Promise<Watch> {
	const dialogs: string[] = [];
	const imageRequests: string[] = [];
	page.on('dialog', (dialog) => {
		dialogs.push(dialog.message());
		void dialog.dismiss();
	});
	context.on('request', (request) => {
		if (/\/x$/.test(new URL(request.url()).pathname)) imageRequests.push(request.url());
	});
	return { dialogs, imageRequests, csp: await watchCsp(page) };
}

/** Elements the names could have created: event-handler attributes, `<img src=x>`, scripts that alert. */
function injectedElements(page: Page): Promise<string[]> {
	return page.evaluate(() =>
		[
			...document.querySelectorAll('[onerror], [onload], img[src="x"]'),
			...[...document.scripts].filter((script) => /alert/.test(script.textContent ?? ''))
		].map((element) => element.outerHTML)
	);
}

/** Each hostile name is on the screen, character for character, in at least one visible element. */
async function expectShownLiterally(page: Page, names: readonly string[]): Promise<void> {
	for (const name of names) {
		const shown = page.getByText(name, { exact: true });
		await shown.first().waitFor();
		expect(await shown.first().textContent(), name).toBe(name);
	}
}

async function expectNothingRan(page: Page, seen: Watch): Promise<void> {
	// Give an image error or a load handler the time to fire, had one been created.
	await page.waitForTimeout(300);
	expect(await injectedElements(page)).toEqual([]);
	expect(seen.dialogs).toEqual([]);
	expect(seen.imageRequests).toEqual([]);
	expect(await seen.csp()).toEqual([]);
}

describe('names and imported text are shown as text', () => {
	const chromium = useChromium();
	const baseURL = chromium.baseURL;

	it('at the table: the sheet, the announcement and the cell labels show the names literally', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const seen = await watch(context, page);
		const setup = new NewRoundPage(page);
		await setup.open(baseURL, 'start=choose');
		await setup.setPlayers([...HOSTILE, 'Anna']);
		await setup.chooseStart(HOSTILE[0]!);
		await setup.start();
		await expectShownLiterally(page, HOSTILE);

		// A turn puts the first name into the announcement and the sheet cells' labels.
		await page.getByRole('button', { name: /^Kaufen/ }).click();
		await page.getByRole('button', { name: 'Stein mit Wert 9 legen', exact: true }).click();
		await page.getByRole('region', { name: 'Ansage' }).getByText(HOSTILE[0]!, { exact: true }).waitFor();
		// The cell becomes a button once the lay is on disk (the name was in the announcement already
		// after the purchase).
		const cell = page.getByRole('button', { name: `${HOSTILE[0]}, Runde 1:` });
		await cell.waitFor();
		expect(await cell.count()).toBe(1);
		await expectNothingRan(page, seen);
		await context.close();
	});

	it('in a tournament: registration and seating show the names literally', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const seen = await watch(context, page);
		const desk = new DirectorDesk(page, baseURL);
		await desk.create(/^Triominos-Qualifikation/, HOSTILE[1]!);
		await desk.paste([...HOSTILE, 'Anna', 'Ben', 'Cara']);
		await expectShownLiterally(page, HOSTILE);
		const seats = await desk.drawRound(1);
		expect(seats.map((seat) => seat.name).sort()).toEqual([...HOSTILE, 'Anna', 'Ben', 'Cara'].sort());
		await expectShownLiterally(page, HOSTILE);
		await expectNothingRan(page, seen);
		await context.close();
	});

	it('from a .trn file: an imported round shows the names literally, a refused one quotes them as text', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const seen = await watch(context, page);
		const record = EXAMPLE_TEXT.replaceAll('Anna', HOSTILE[0]!).replaceAll('Ben', HOSTILE[1]!);
		const setup = new NewRoundPage(page);
		await setup.open(baseURL);
		await page
			.locator('input[type=file]')
			.setInputFiles({ name: 'runde.trn', mimeType: 'text/plain', buffer: Buffer.from(record) });
		await page.waitForURL(/\/runde\/r-[a-z0-9]+$/);
		await page.locator('main.table-screen').waitFor();
		await expectShownLiterally(page, HOSTILE.slice(0, 2));
		await page.getByRole('table', { name: 'Ergebnis' }).waitFor();
		await expectNothingRan(page, seen);

		// A turn by someone not at the table: the refusal names the line and the name, as text. The name
		// begins with a double quote, so the record writes it quoted (docs/NOTATION.md).
		await setup.open(baseURL);
		const quoted = `"${HOSTILE[2]!.replaceAll('"', '""')}"`;
		const refused = record.replace(/^Cara: 9$/m, `${quoted}: 9`);
		await page
			.locator('input[type=file]')
			.setInputFiles({ name: 'kaputt.trn', mimeType: 'text/plain', buffer: Buffer.from(refused) });
		const alert = page.getByRole('alert');
		await alert.first().waitFor();
		expect(await alert.first().textContent()).toContain(HOSTILE[2]);
		await expectNothingRan(page, seen);
		await context.close();
	});
});
