import { mkdirSync, readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';

/** One row of the standings as shown: rank, name, points and game points as printed, tiebreak texts. */
export interface ShownStanding {
	rank: string;
	name: string;
	points: string;
	gamePoints: string;
	share: string | null;
	tiebreaks: string;
}

/** Where someone sits, from "Wer sitzt wo?". */
export interface ShownSeat {
	name: string;
	table: number;
	seat: number;
}

/** The director's desk (/turnier/…), as a tournament director uses it. */
export class DirectorDesk {
	id = '';

	constructor(
		readonly page: Page,
		readonly baseURL: string
	) {}

	tab(name: string): Locator {
		return this.page
			.getByRole('navigation', { name: 'Bereiche der Turnierleitung' })
			.getByRole('link', { name });
	}

	async openTab(name: string): Promise<void> {
		await this.tab(name).click();
		await this.page.waitForURL((url) => url.pathname.startsWith(`/turnier/${this.id}`));
	}

	/** Creates a tournament through "Neues Turnier" and lands on its registration. */
	async create(
		format: RegExp,
		name: string,
		options: (page: Page) => Promise<void> = async () => {}
	): Promise<string> {
		await this.page.goto(`${this.baseURL}/turnier`);
		await this.page.getByRole('link', { name: /Neues Turnier/ }).click();
		await this.page.getByRole('radio', { name: format }).check();
		await this.page.getByRole('textbox', { name: 'Name des Turniers' }).fill(name);
		await options(this.page);
		await this.page.getByRole('button', { name: 'Turnier anlegen' }).click();
		await this.page.waitForURL(/\/turnier\/t-[a-z0-9]+\/anmeldung$/);
		this.id = new URL(this.page.url()).pathname.split('/')[2] ?? '';
		return this.id;
	}

	/** Pastes a list of names (one per line) and registers them all. */
	async paste(names: readonly string[]): Promise<void> {
		await this.page.getByRole('textbox', { name: 'Namensliste' }).fill(names.join('\n'));
		await this.page.getByRole('button', { name: 'Alle anmelden' }).click();
		await this.page.getByText(`${names.length} Teilnehmer angemeldet.`).waitFor();
	}

	/** Opens the next round from the draw's proposal; returns where everyone sits. */
	async drawRound(round: number): Promise<ShownSeat[]> {
		await this.openTab('Auslosung & Sitzplan');
		await this.page.getByRole('heading', { name: `Vorschlag für Runde ${round}` }).waitFor();
		await this.page.getByRole('button', { name: `Runde ${round} eröffnen` }).click();
		await this.page
			.getByRole('status')
			.filter({ hasText: `Runde ${round} ist eröffnet.` })
			.waitFor();
		return this.seats();
	}

	/** "Wer sitzt wo?" of the round shown below the proposal. */
	async seats(): Promise<ShownSeat[]> {
		const region = this.page.getByRole('region', { name: /^Runde \d+$|^Finale · Runde \d+$/ });
		const who = region.getByRole('region', { name: 'Wer sitzt wo?' });
		const rows = await who.getByRole('row').all();
		const seats: ShownSeat[] = [];
		for (const row of rows.slice(1)) {
			const name = (await row.getByRole('rowheader').textContent())?.trim() ?? '';
			const [table, seat] = (await row.getByRole('cell').allTextContents()).map((c) => Number(c.trim()));
			seats.push({ name, table: table ?? 0, seat: seat ?? 0 });
		}
		return seats;
	}

	/** Enters game points for every table of a round by hand, table by table. */
	async enterRound(
		round: number,
		points: (name: string, table: number, seat: number) => number,
		seats: ShownSeat[]
	) {
		await this.page.goto(`${this.baseURL}/turnier/${this.id}/ergebnisse?runde=${round}`);
		const tables = [...new Set(seats.map((s) => s.table))].sort((a, b) => a - b);
		for (const table of tables) {
			await this.page
				.getByRole('navigation', { name: 'Tisch' })
				.getByRole('button', { name: new RegExp(`^Tisch ${table}\\b`) })
				.click();
			await this.page.getByRole('heading', { name: `Tisch ${table}`, exact: true }).waitFor();
			for (const seat of seats.filter((s) => s.table === table)) {
				await this.page
					.getByRole('textbox', { name: `Spielpunkte von ${seat.name}` })
					.fill(String(points(seat.name, table, seat.seat)));
			}
			await this.page.getByRole('button', { name: 'Ergebnis speichern' }).click();
			await this.page
				.getByRole('status')
				.filter({ hasText: `Tisch ${table}: Ergebnis gespeichert.` })
				.waitFor();
		}
	}

	/** The standings table as shown. */
	async standings(): Promise<ShownStanding[]> {
		const table = this.page
			.getByRole('table')
			.filter({ has: this.page.getByRole('columnheader', { name: 'Turnierpunkte' }) })
			.first();
		await table.waitFor();
		const headers = (await table.getByRole('columnheader').allTextContents()).map((h) => h.trim());
		const shareAt = headers.indexOf('Anteil %');
		const rows: ShownStanding[] = [];
		for (const row of (await table.getByRole('row').all()).slice(1)) {
			const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.trim());
			const name = (await row.getByRole('rowheader').locator('.name').textContent())?.trim() ?? '';
			// cells: rank, points, game points, [share], [final], [ties] (the name is the row header)
			rows.push({
				rank: cells[0] ?? '',
				name,
				points: cells[1] ?? '',
				gamePoints: cells[2] ?? '',
				share: shareAt >= 0 ? (cells[shareAt - 1] ?? null) : null,
				tiebreaks: cells.at(-1) ?? ''
			});
		}
		return rows;
	}

	/** Clicks an export button and returns the downloaded file's bytes. */
	async download(button: string): Promise<{ name: string; bytes: Buffer }> {
		const [download] = await Promise.all([
			this.page.waitForEvent('download'),
			this.page.getByRole('button', { name: button }).click()
		]);
		const path = await download.path();
		return { name: download.suggestedFilename(), bytes: readFileSync(path) };
	}
}

/** Where the director screenshots go (test-results/ is not committed). */
export const DIRECTOR_SCREENS = 'test-results/screens';

export async function directorScreenshot(page: Page, name: string): Promise<string> {
	mkdirSync(DIRECTOR_SCREENS, { recursive: true });
	const path = `${DIRECTOR_SCREENS}/${name}.png`;
	await page.screenshot({ path });
	return path;
}

/** Records Content-Security-Policy violations from the first script on. */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
	await page.addInitScript(() => {
		const seen: string[] = [];
		Object.assign(window, { __directorCsp: seen });
		document.addEventListener('securitypolicyviolation', (e) =>
			seen.push(`${e.effectiveDirective} ${e.sample}`)
		);
	});
	return () => page.evaluate(() => (window as unknown as { __directorCsp: string[] }).__directorCsp);
}

/** Visible buttons, links styled as buttons, and summaries smaller than `min` px in either direction. */
export async function smallTapTargets(page: Page, min = 48): Promise<string[]> {
	const small: string[] = [];
	for (const target of await page.locator('button, a.button, summary, select').all()) {
		if (!(await target.isVisible())) continue;
		const box = await target.boundingBox();
		if (box && (box.width < min - 0.5 || box.height < min - 0.5)) {
			small.push(
				`${(await target.innerText()).trim() || (await target.getAttribute('aria-label'))}: ${box.width}×${box.height}`
			);
		}
	}
	return small;
}
