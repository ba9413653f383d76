import type { Locator, Page } from 'playwright-core';

/** The director's exchange (/turnier/…/austausch): files, result codes, the board, the decisions. */
export class ExchangeDesk {
	constructor(
		readonly page: Page,
		readonly baseURL: string,
		readonly id: string
	) {}

	async open(): Promise<void> {
		await this.page.goto(`${this.baseURL}/turnier/${this.id}/austausch`);
	}

	/** On a device without the tournament: takes over its file (the exchange's own import). */
	async takeOver(path: string): Promise<void> {
		await this.open();
		await this.page.getByText('Dieses Turnier ist auf diesem Gerät nicht gespeichert').waitFor();
		await this.page.getByRole('tab', { name: 'Datei' }).click();
		await this.page.getByLabel('Austauschdatei wählen (.wbsync)').setInputFiles(path);
		await this.page.getByText(/^Turnierdatei übernommen: /).waitFor();
	}

	async view(name: 'Tische ausgeben' | 'Ergebnisse einsammeln' | 'Rangliste ausgeben' | 'Dateien') {
		await this.page.getByRole('tab', { name }).click();
	}

	paste(codes: readonly string[]): Promise<void> {
		return pasteCodes(this.page, codes);
	}

	/** A table's row on the board. */
	boardRow(table: number): Locator {
		return this.page.locator(`section.board li[data-table="${table}"]`);
	}

	/** The decision card of a round's table ("Runde 1, Tisch 2"). */
	conflict(round: string, table: number): Locator {
		return this.page.getByRole('listitem', { name: `${round}, Tisch ${table}`, exact: true });
	}
}

/** Pastes codes into a scanner's manual fallback (desk or tablet), one after the other. */
export async function pasteCodes(page: Page, codes: readonly string[]): Promise<void> {
	for (const code of codes) {
		await page.getByRole('tab', { name: 'Code einfügen' }).click();
		await page.getByRole('textbox', { name: 'Code als Text' }).last().fill(code);
		await page.getByRole('button', { name: 'Übernehmen', exact: true }).click();
	}
}
