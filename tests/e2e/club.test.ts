import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useChromium } from './pages/devices';

/** The club evening as a person uses it: the list, "Neue Partie", the game view. */
class ClubPages {
	constructor(readonly page: Page) {}

	async newGame(players: string[], target: number): Promise<void> {
		await this.page.goto(`${inject('baseURL')}/club`);
		await this.page.getByRole('link', { name: 'Neue Partie' }).click();
		await this.page.getByRole('textbox', { name: 'Name von Spieler 1' }).waitFor();
		for (const [i, name] of players.entries()) {
			const field = this.page.getByRole('textbox', { name: `Name von Spieler ${i + 1}` });
			if ((await field.count()) === 0)
				await this.page.getByRole('button', { name: 'Spieler hinzufügen' }).click();
			await field.fill(name);
		}
		await this.page.getByRole('radio', { name: /Klassisch bis 400/ }).check();
		await this.page.getByRole('spinbutton', { name: 'Spielziel (Punkte)' }).fill(String(target));
		await this.page.getByRole('button', { name: 'Partie beginnen' }).click();
		await expect.poll(() => this.page.url()).toMatch(/\/runde\/r-/);
	}

	/** The game view's row whose header starts with `label`, player columns only. */
	async row(label: string, players: number): Promise<string[]> {
		const header = this.page.getByRole('rowheader', { name: label });
		await header.waitFor();
		const row = this.page.getByRole('row').filter({ has: header });
		const cells = await row.getByRole('cell').allTextContents();
		return cells.slice(0, players).map((c) => c.trim());
	}

	async nextRound(opener: string): Promise<void> {
		const picker = this.page.getByRole('group', { name: 'Wer beginnt die nächste Runde?' });
		await expect(picker.getByRole('radio', { name: opener }).isChecked()).resolves.toBe(true);
		await this.page.getByRole('button', { name: 'Nächste Runde' }).click();
		await expect.poll(() => this.page.url()).toMatch(/\/runde\/r-/);
	}
}

/** The round sheet (built beside the club evening): only what a scorer taps to play a round. */
class SheetPage {
	constructor(readonly page: Page) {}

	async lay(value: number): Promise<void> {
		await this.page.getByRole('button', { name: `Stein mit Wert ${value} legen` }).click();
	}

	/**
	 * A round in which the opener goes out: he lays `value` each turn, the others lay 5; at the end
	 * each other player holds one tile worth 12. Opener: 7 × value + 25 + 24; the others 30 each.
	 */
	async openerGoesOut(value: number, others: string[]): Promise<void> {
		for (let tile = 0; tile < 7; tile++) {
			await this.lay(value);
			if (tile < 6) for (let other = 0; other < others.length; other++) await this.lay(5);
		}
		for (const name of others) {
			await this.page.getByRole('textbox', { name: `Summe der Steine von ${name}` }).fill('12');
		}
		await this.page.getByRole('button', { name: 'Abrechnen' }).click();
		await this.page.getByRole('button', { name: 'Ergebnis bestätigen' }).click();
		await this.page.getByRole('link', { name: /Zurück zum Clubabend/ }).click();
		await expect.poll(() => this.page.url()).toMatch(/\/club\/g-/);
	}
}

describe('club evening', () => {
	const chromium = useChromium();

	it('plays a classic game round by round at the sheet; the highest total wins', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const club = new ClubPages(page);
		const sheet = new SheetPage(page);

		// Target 120: Anna leads after round 1 (119) and passes 120 with her first tile of round 2,
		// which makes round 2 the last; Ben opens it, goes out, and ends highest.
		await club.newGame(['Anna', 'Ben', 'Cara'], 120);
		await sheet.openerGoesOut(10, ['Ben', 'Cara']);
		await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Anna, Ben und Cara');
		expect(await club.row('Runde 1', 3)).toEqual(['119', '30', '30']);
		expect(await club.row('Gesamt', 3)).toEqual(['119', '30', '30']);
		expect(await page.getByText(/Sieger/).count()).toBe(0);

		await club.nextRound('Ben');
		await sheet.openerGoesOut(12, ['Cara', 'Anna']);
		expect(await club.row('Runde 2', 3)).toEqual(['30', '133', '30']);
		expect(await club.row('Gesamt', 3)).toEqual(['149', '163', '60']);
		await expect(page.getByRole('heading', { name: 'Sieger: Ben' }).isVisible()).resolves.toBe(true);
		await expect(page.getByRole('rowheader', { name: /Runde 2.*letzte Runde/ }).isVisible()).resolves.toBe(
			true
		);
		expect(await page.getByRole('button', { name: 'Nächste Runde' }).count()).toBe(0);

		// The list of the evening shows the finished game with its totals and winner.
		await page.getByRole('link', { name: 'Zur Partienliste' }).click();
		const game = page.getByRole('link', { name: /Anna/ });
		await expect(game.textContent()).resolves.toMatch(/beendet/);
		await expect(game.textContent()).resolves.toMatch(/Sieger: Ben/);
		await expect(game.textContent()).resolves.toMatch(/Ben\s*163/);
		await context.close();
	});

	it('lists the round being played on the start screen and resumes it in one tap', async () => {
		const { context, page } = await chromium.device({ dismissBanners: false });
		const club = new ClubPages(page);
		await club.newGame(['Anna', 'Ben'], 400);
		const sheetUrl = page.url();
		await new SheetPage(page).lay(7);

		await page.goto(chromium.baseURL);
		const choices = page.getByRole('navigation', { name: 'Was möchten Sie tun?' });
		for (const choice of ['Neue Runde', 'Clubabend', 'Turnierleitung', 'Tisch beitreten']) {
			await choices.getByRole('link', { name: new RegExp(`^${choice}`) }).waitFor();
		}
		const running = page.getByRole('region', { name: 'Laufende Runden' });
		await running.getByRole('link', { name: 'Fortsetzen' }).click();
		await expect.poll(() => page.url()).toBe(sheetUrl);
		await context.close();
	});
});
