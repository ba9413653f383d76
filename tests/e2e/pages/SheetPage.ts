import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { parseTurnTokens } from '../../../src/lib/domain/notation/read';
import type { Bonus } from '../../../src/lib/domain/rules';
import { problemText } from '../../../src/lib/i18n/problems/index';

const BONUS_LABELS: Record<Bonus, string> = {
	bridge: 'Brücke',
	hexagon: 'Sechseck',
	'double-hexagon': 'Doppelsechseck',
	'triple-hexagon': 'Dreifachsechseck'
};

/** One row of the result table as shown. */
export interface ShownResult {
	place: number;
	name: string;
	total: number;
	points: number | null;
}

/** "−12" → -12, "2,5" → 2.5 */
export function shownNumber(text: string): number {
	return Number(text.trim().replace('−', '-').replace(',', '.'));
}

/** The score sheet screen (/runde/[id]): the sheet, the turn pad, the round end. */
export class SheetPage {
	constructor(readonly page: Page) {}

	get main(): Locator {
		return this.page.locator('main.table-screen');
	}

	async open(baseURL: string, id: string): Promise<void> {
		await this.page.goto(`${baseURL}/runde/${id}`);
		await this.main.waitFor();
	}

	button(name: string | RegExp): Locator {
		return this.page.getByRole('button', typeof name === 'string' ? { name, exact: true } : { name });
	}

	get buyButton(): Locator {
		return this.button(/^Kaufen/);
	}
	get passButton(): Locator {
		return this.button(/^Passen/);
	}
	get undoButton(): Locator {
		return this.button(/Rückgängig/);
	}
	valueButton(value: number): Locator {
		return this.button(`Stein mit Wert ${value} legen`);
	}
	bonusButton(bonus: Bonus): Locator {
		return this.button(new RegExp(`^${BONUS_LABELS[bonus]} `));
	}

	/** Entries stored on disk, as the screen reports them. */
	async savedCount(): Promise<number> {
		return Number(await this.main.getAttribute('data-saved'));
	}

	/** Waits until no tap is on its way to disk; returns the stored entry count. */
	async waitSaved(): Promise<number> {
		await this.page.waitForFunction(
			() => document.querySelector('main.table-screen')?.getAttribute('data-pending') === '0'
		);
		return this.savedCount();
	}

	async phase(): Promise<string | null> {
		return this.main.getAttribute('data-phase');
	}

	/** Plays one turn by taps, written as in a `.trn` record: `d d 7`, `3-4-5 bridge`, `d d d pass`. */
	async playTurn(tokens: string): Promise<void> {
		const parsed = parseTurnTokens('x', tokens);
		if (!parsed.ok) throw new Error(problemText(parsed.error, 'en'));
		const { draws, play } = parsed.value;
		for (let i = 0; i < draws; i++) await this.buyButton.click();
		if (!play) return;
		if (play.kind === 'pass') {
			await this.passButton.click();
			return;
		}
		if (play.bonus) await this.bonusButton(play.bonus).click();
		if (play.tile) {
			await this.button('Zahlen').click();
			for (const [i, n] of play.tile.entries())
				await this.button(`${n} als ${i + 1}. Zahl`)
					.first()
					.click();
			await this.button(/ legen \(\d+\)$/).click();
			await this.button('Wert').click();
		} else {
			await this.valueButton(play.value).click();
		}
	}

	/** The sheet cell of a player in a lap (1-based), by its accessible name. */
	cell(name: string, lap: number): Locator {
		return this.page.getByRole('button', { name: new RegExp(`^${name}, Runde ${lap}:`) });
	}

	/** The visible three columns of a cell: left, middle, total. */
	async cellColumns(name: string, lap: number): Promise<[string, string, string]> {
		const cell = this.page
			.locator('table.sheet td')
			.filter({ has: this.page.getByLabel(new RegExp(`^${name}, Runde ${lap}:`)) })
			.first();
		const parts = await cell.locator('.trio > span').allInnerTexts();
		return [parts[0] ?? '', parts[1] ?? '', parts[2] ?? ''];
	}

	/** The running totals in the sheet's last line, by seat. */
	async totals(): Promise<number[]> {
		return (await this.page.locator('table.sheet tfoot td').allInnerTexts()).map(shownNumber);
	}

	/** Enters the hands left: a sum, or tiles tapped by their numbers (`3-4-4`). */
	async enterHands(hands: Record<string, number | string[]>): Promise<void> {
		for (const [name, hand] of Object.entries(hands)) {
			const box = this.page
				.locator('fieldset')
				.filter({ has: this.page.getByText(new RegExp(`^${name} hält`)) });
			if (typeof hand === 'number') {
				await box.getByRole('textbox', { name: `Summe der Steine von ${name}` }).fill(String(hand));
				continue;
			}
			await box.getByRole('button', { name: 'Steine antippen' }).click();
			for (const tile of hand) {
				for (const [i, n] of tile.split('-').entries()) {
					await box.getByRole('button', { name: `${n} als ${i + 1}. Zahl`, exact: true }).click();
				}
				await box.getByRole('button', { name: /^Stein hinzufügen/ }).click();
			}
		}
	}

	async settle(): Promise<void> {
		await this.button('Abrechnen').click();
		await this.page.getByRole('table', { name: 'Ergebnis' }).waitFor();
	}

	async confirm(): Promise<void> {
		await this.button('Ergebnis bestätigen').click();
		await this.page.getByText('Ergebnis bestätigt.').waitFor();
	}

	/** The result table: places, names, totals, tournament points. */
	async result(): Promise<ShownResult[]> {
		const rows = this.page.getByRole('table', { name: 'Ergebnis' }).locator('tbody tr');
		const shown: ShownResult[] = [];
		for (const row of await rows.all()) {
			const cells = await row.locator('td, th').allInnerTexts();
			shown.push({
				place: Number(cells[0]?.replace('.', '')),
				name: cells[1]?.trim() ?? '',
				total: shownNumber(cells[3] ?? ''),
				points: cells[4] === undefined || cells[4].trim() === '' ? null : shownNumber(cells[4])
			});
		}
		return shown;
	}

	async openMenu(): Promise<void> {
		const menu = this.page.locator('details.menu');
		if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
	}

	/** Exports the round as `.trn` (a download) and returns the file's path and text. */
	async exportRecord(): Promise<{ path: string; name: string; text: string }> {
		await this.openMenu();
		const [download] = await Promise.all([
			this.page.waitForEvent('download'),
			this.button('Exportieren (.trn)').click()
		]);
		const path = await download.path();
		return { path, name: download.suggestedFilename(), text: readFileSync(path, 'utf8') };
	}

	/** Types what the player announced and checks it. */
	async checkAnnouncement(text: string): Promise<void> {
		await this.page.getByRole('textbox', { name: /angesagt\?$/ }).fill(text);
		await this.button('Prüfen').click();
	}
}
