import type { Page } from 'playwright-core';
import { overlaps, screenshot } from './fixtures';

/** A phone (iPhone 12–15 size) and a landscape iPad (10th gen.). */
export const PHONE = { width: 390, height: 844 };
export const TABLET = { width: 1180, height: 820 };

/** The spectators' pages of one season server as a person finds things on them. */
export class LivePages {
	constructor(
		readonly page: Page,
		readonly baseURL: string,
		/** The season database's address, as a live link names it. */
		readonly db: string
	) {}

	async open(
		path: '/live' | '/live/runden' | '/live/spieler',
		t: string,
		extra: Record<string, string> = {}
	) {
		await this.page.goto(`${this.baseURL}${path}?${new URLSearchParams({ db: this.db, t, ...extra })}`);
	}

	async openSeason() {
		await this.page.goto(`${this.baseURL}/saison?${new URLSearchParams({ db: this.db })}`);
	}

	async heading(name: string, level?: number) {
		await this.page.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) }).waitFor();
	}

	/** The status line: its badge and „Stand: …“. */
	async status(): Promise<{ badge: string; asOf: string }> {
		const status = this.page.getByRole('status');
		return {
			badge: ((await status.locator('.badge').textContent()) ?? '').trim(),
			asOf: ((await status.locator('.as-of').textContent()) ?? '').trim()
		};
	}

	/** Waits until the badge reads `text` and returns it. */
	async waitBadge(text: RegExp, timeout: number): Promise<string> {
		const badge = this.page.getByRole('status').locator('.badge').filter({ hasText: text });
		await badge.waitFor({ timeout });
		return ((await badge.textContent()) ?? '').trim();
	}

	/** The standings' body rows (the page's first table), each as its cells' texts. */
	async standingsRows(): Promise<string[][]> {
		return this.page
			.locator('table')
			.first()
			.locator('tbody tr')
			.evaluateAll((rows) =>
				rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''))
			);
	}

	/** A round table's rows (place, player, game points, points), found by its heading („Tisch 1“). */
	async tableRows(table: string): Promise<string[][]> {
		const card = this.page.locator('ul.tables > li').filter({
			has: this.page.getByRole('heading', { name: new RegExp(`^${table}\\b`) })
		});
		return card
			.locator('tbody tr')
			.evaluateAll((rows) =>
				rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''))
			);
	}

	/** A player page's games, each as „heading | result | opponents“. */
	async games(): Promise<string[]> {
		return this.page
			.locator('ol.games > li')
			.evaluateAll((games) =>
				games.map((game) =>
					[...game.querySelectorAll('h4, p')]
						.map((part) => (part.textContent ?? '').replace(/\s+/g, ' ').trim())
						.join(' | ')
				)
			);
	}

	/** A paragraph's text, spaces folded, found by how it begins. */
	async paragraph(begins: RegExp): Promise<string> {
		const text = await this.page.locator('p').filter({ hasText: begins }).first().textContent();
		return (text ?? '').replace(/\s+/g, ' ').trim();
	}

	/** Column headers whose text takes more than one line („Pla|tz“). */
	async brokenHeaders(): Promise<string[]> {
		return this.page.locator('thead th').evaluateAll((headers) =>
			headers.flatMap((th) => {
				const range = document.createRange();
				range.selectNodeContents(th);
				const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
				return lines.size > 1 ? [`${th.textContent?.trim()}: ${lines.size} lines`] : [];
			})
		);
	}

	/**
	 * Table rows some note of the app's tray lies over. The tray is fixed to the screen's bottom corner, so
	 * at the top of the page it lies over whatever row is at the bottom of the screen.
	 */
	async rowsUnderNotes(): Promise<string[]> {
		const notes = await this.page.locator('.notes > *').all();
		const covered: string[] = [];
		for (const note of notes) {
			const over = (await note.isVisible()) ? await note.boundingBox() : null;
			if (!over) continue;
			for (const row of await this.page.locator('tbody tr').all()) {
				const box = await row.boundingBox();
				if (box && overlaps(box, over)) covered.push(((await row.textContent()) ?? '').trim());
			}
		}
		return covered;
	}

	async shot(name: string, fullPage = false) {
		await screenshot(this.page, name, fullPage);
	}
}
