import type { Page } from 'playwright-core';
import { SheetPage } from './SheetPage';

/** Who starts a round: chosen by name, or by the start draw (its values in the order the screen asks). */
export type StartBy = { readonly chosen: string } | { readonly drawn: readonly number[] };

/** The new-round screen (/runde/neu), as a scorer uses it. */
export class NewRoundPage {
	constructor(readonly page: Page) {}

	async open(baseURL: string, query = ''): Promise<void> {
		await this.page.goto(`${baseURL}/runde/neu${query ? `?${query}` : ''}`);
		await this.page.getByRole('heading', { name: 'Neue Runde' }).waitFor();
	}

	/** Types the names into the player rows (adding or removing rows as needed). */
	async setPlayers(names: readonly string[]): Promise<void> {
		const inputs = () => this.page.getByRole('textbox', { name: /^Name von Spieler/ });
		while ((await inputs().count()) < names.length)
			await this.page.getByRole('button', { name: /Spieler hinzufügen/ }).click();
		while ((await inputs().count()) > names.length) {
			await this.page
				.getByRole('button', { name: / entfernen$/ })
				.last()
				.click();
		}
		for (const [i, name] of names.entries()) await inputs().nth(i).fill(name);
	}

	async chooseRules(label: 'Turnierrunde' | 'Klassisch bis 400' | 'Kinderwertung'): Promise<void> {
		await this.page.getByRole('radio', { name: new RegExp(`^${label}`) }).click();
	}

	/** Taps the values of the start draw in the order the screen asks for them. */
	async draw(values: readonly number[]): Promise<void> {
		for (const value of values) {
			await this.page
				.getByRole('group', { name: /^Gezogener Wert von/ })
				.getByRole('button', { name: String(value), exact: true })
				.click();
		}
	}

	async chooseStart(name: string): Promise<void> {
		await this.page.getByRole('radio', { name: 'Selbst wählen' }).click();
		await this.page.getByRole('radio', { name, exact: true }).click();
	}

	/** Starts the round and returns its id once the sheet is open. */
	async start(): Promise<string> {
		await this.page.getByRole('button', { name: /^Runde starten/ }).click();
		await this.page.waitForURL(/\/runde\/r-[a-z0-9]+$/);
		await this.page.locator('main.table-screen').waitFor();
		return new URL(this.page.url()).pathname.split('/').pop() ?? '';
	}

	/** Opens the screen, seats the players, finds the start player and starts: the new round's sheet. */
	async startRound(
		baseURL: string,
		players: readonly string[],
		start: StartBy
	): Promise<{ id: string; sheet: SheetPage }> {
		await this.open(baseURL);
		await this.setPlayers(players);
		if ('chosen' in start) await this.chooseStart(start.chosen);
		else await this.draw(start.drawn);
		const id = await this.start();
		return { id, sheet: new SheetPage(this.page) };
	}
}
