import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import type { RequestWatch } from '../browser';
import type { Chromium, Device } from './devices';

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

/** What a player scored, as typed at the desk: game points, a SET result, or leaving the game. */
export type TypedScore = number | { found: number; falseCalls: number } | { left: true; points?: number };

/** One row of the round status: table number, the players as listed, and the state column's text. */
export interface ShownStatus {
	table: number;
	players: string;
	state: string;
}

/** The director's desk (/turnier/…), as a tournament director uses it. */
export class DirectorDesk {
	constructor(
		readonly page: Page,
		readonly baseURL: string,
		/** The tournament at the desk: set by `create`, or given for one already on the device. */
		public id = ''
	) {}

	tab(name: string): Locator {
		return this.page
			.getByRole('navigation', { name: 'Bereiche der Turnierleitung' })
			.getByRole('link', { name });
	}

	async openTab(name: string): Promise<void> {
		const tab = this.tab(name);
		const href = await tab.getAttribute('href');
		await tab.click();
		await this.page.waitForURL((url) => url.pathname === href);
		await tab.and(this.page.locator('[aria-current="page"]')).waitFor();
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
		const region = this.page.getByRole('region', { name: /^Runde \d+$|^Finalrunde \d+$/ });
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
		points: (name: string, table: number, seat: number) => TypedScore,
		seats: ShownSeat[]
	) {
		await this.openResults(round);
		const tables = [...new Set(seats.map((s) => s.table))].sort((a, b) => a - b);
		for (const table of tables) {
			const at = seats.filter((s) => s.table === table);
			await this.enterTable(table, new Map(at.map((s) => [s.name, points(s.name, table, s.seat)])));
		}
	}

	/** The result entry ("Ergebniseingabe") of a round. */
	async openResults(round: number): Promise<void> {
		await this.page.goto(`${this.baseURL}/turnier/${this.id}/ergebnisse?runde=${round}`);
		await this.page.getByRole('navigation', { name: 'Tisch' }).waitFor();
	}

	/**
	 * Types one table's result on the open result entry and saves it: a first report, or — with a reason —
	 * a correction (before the lock) or the director's override (after it), whichever the form offers.
	 */
	async enterTable(table: number, scores: ReadonlyMap<string, TypedScore>, reason?: string): Promise<void> {
		await this.page
			.getByRole('navigation', { name: 'Tisch' })
			.getByRole('button', { name: new RegExp(`^Tisch ${table}\\b`) })
			.click();
		const form = this.page.getByRole('form', { name: `Tisch ${table}`, exact: true });
		await form.waitFor();
		for (const [name, score] of scores) {
			if (typeof score === 'number') {
				await form.getByRole('textbox', { name: `Spielpunkte von ${name}` }).fill(String(score));
			} else if ('found' in score) {
				await form.getByRole('textbox', { name: `Gefundene SETs von ${name}` }).fill(String(score.found));
				await form.getByRole('textbox', { name: `Fehlrufe von ${name}` }).fill(String(score.falseCalls));
			} else {
				await form.getByRole('textbox', { name: `Spielpunkte von ${name}` }).fill(String(score.points ?? ''));
				await form.getByRole('checkbox', { name: `${name} hat das Spiel verlassen` }).check();
			}
		}
		if (reason !== undefined) await form.getByRole('textbox', { name: 'Begründung' }).fill(reason);
		await form
			.getByRole('button', { name: /^(Ergebnis speichern|Korrektur( der Turnierleitung)? speichern)$/ })
			.click();
		await this.page
			.getByRole('status')
			.filter({ hasText: `Tisch ${table}: Ergebnis gespeichert.` })
			.waitFor();
		if (reason !== undefined) await form.getByText(reason, { exact: false }).first().waitFor();
	}

	/** The round status ("Rundenstatus") of the current round: one row per table. */
	async roundStatus(): Promise<ShownStatus[]> {
		await this.openTab('Rundenstatus');
		const table = this.page.locator('section.current table');
		await table.waitFor();
		const rows: ShownStatus[] = [];
		for (const row of (await table.getByRole('row').all()).slice(1)) {
			const [players, state] = (await row.getByRole('cell').allTextContents()).map((c) =>
				c.replace(/\s+/g, ' ').trim()
			);
			rows.push({
				table: Number((await row.getByRole('rowheader').textContent())?.trim()),
				players: players ?? '',
				state: state ?? ''
			});
		}
		return rows;
	}

	/** Quick add: a name typed and confirmed with Enter. */
	async quickAdd(name: string): Promise<void> {
		const input = this.page.getByRole('textbox', { name: 'Name', exact: true });
		await input.fill(name);
		await input.press('Enter');
		await this.registered(name).waitFor();
		await expectEmpty(input);
	}

	/** Renames a registered player through "… umbenennen". */
	async rename(from: string, to: string): Promise<void> {
		await this.page.getByRole('button', { name: `${from} umbenennen` }).click();
		await this.page.getByRole('textbox', { name: `Neuer Name für ${from}` }).fill(to);
		await this.page.getByRole('button', { name: 'Speichern' }).click();
		await this.page.getByRole('button', { name: `${to} umbenennen` }).waitFor();
	}

	/**
	 * A registered player's row, by the name alone: a name is also part of other rows' words ("Ben" of
	 * every row's "umbenennen").
	 */
	registered(name: string): Locator {
		return this.page.getByRole('listitem').filter({ has: this.page.getByText(name, { exact: true }) });
	}

	/** Withdraws a player from a round on (the registration's "… abmelden"). */
	async withdraw(name: string, fromRound: number): Promise<void> {
		await this.openTab('Anmeldung');
		await this.page.getByRole('button', { name: `${name} abmelden` }).click();
		await this.page.getByRole('spinbutton', { name: 'ab Runde' }).fill(String(fromRound));
		await this.page.getByRole('button', { name: 'Abmeldung bestätigen' }).click();
		await this.registered(name).getByText(`abgemeldet ab Runde ${fromRound}`).waitFor();
	}

	/** The "Tische" view of a region (the proposal or a round): each table's players in seat order. */
	async tablesIn(region: Locator): Promise<string[][]> {
		const tables: string[][] = [];
		for (const table of await region.getByRole('region', { name: 'Tische' }).locator('li.table').all()) {
			tables.push((await table.locator('ol.seats > li').allTextContents()).map((n) => n.trim()));
		}
		return tables;
	}

	/** The printable table cards of a round: per card its heading and the players in seat order. */
	async tableCards(round: number): Promise<{ table: string; seats: string[]; start: string }[]> {
		await this.page.goto(`${this.baseURL}/turnier/${this.id}/tischkarten/${round}`);
		const cards = this.page.getByRole('article');
		await cards.first().waitFor();
		const shown = [];
		for (const card of await cards.all()) {
			shown.push({
				table: (await card.getByRole('heading').textContent())?.trim() ?? '',
				seats: (await card.getByRole('listitem').allTextContents()).map((n) => n.trim()),
				start: (await card.locator('.start').textContent())?.trim() ?? ''
			});
		}
		return shown;
	}

	/** The standings table as shown. */
	async standings(): Promise<ShownStanding[]> {
		const table = this.page.locator('table.standings').first();
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

/**
 * The director's device with the desk on it: its draws come from a fixed seed (the draws decide who is
 * tested where), and every request leaving the app's origin is recorded.
 */
export async function openDirector(
	chromium: Chromium,
	seed = 2026
): Promise<Device & { requests: RequestWatch; desk: DirectorDesk }> {
	const device = await chromium.device({ seed, watchRequests: true, dismissBanners: false });
	return { ...device, requests: device.requests!, desk: new DirectorDesk(device.page, chromium.baseURL) };
}

async function expectEmpty(input: Locator): Promise<void> {
	for (let i = 0; i < 50 && (await input.inputValue()) !== ''; i++) await input.page().waitForTimeout(20);
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
