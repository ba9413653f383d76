import type { Page } from 'playwright-core';
import { pasteCodes } from './exchangeDesk';

/** The tablet's exchange screen (/tisch), as a table uses it: join a table, take the standings. */
export class TabletPage {
	constructor(
		readonly page: Page,
		readonly baseURL: string
	) {}

	async open(): Promise<void> {
		await this.page.goto(`${this.baseURL}/tisch`);
	}

	/** Reads a table's code (pasted into the scanner's fallback) and waits until the tablet has joined it. */
	async join(codes: readonly string[], table: number, round: number): Promise<void> {
		await pasteCodes(this.page, codes);
		await this.page.getByText(`Beigetreten: Tisch ${table}, Runde ${round}.`).waitFor();
	}

	/** Reads a standings code and waits until the tablet has taken it. */
	async takeStandings(codes: readonly string[]): Promise<void> {
		await pasteCodes(this.page, codes);
		await this.page.getByText('Rangliste übernommen.').waitFor();
	}

	/** "Runde beginnen": the new-round screen of the joined table. */
	async startRound(): Promise<void> {
		await this.page.getByRole('button', { name: 'Runde beginnen' }).click();
		await this.page.waitForURL(/\/runde\/neu\?/);
	}
}
