import { parseTurnTokens } from '../../../src/lib/domain/notation/read';
import { turnActions } from '../../../src/lib/domain/notation/record';
import type { RoundAction } from '../../../src/lib/domain/round';
import type { Bonus } from '../../../src/lib/domain/rules';
import { shownNumber, type ShownResult } from '../../e2e/pages/SheetPage';
import { Screen } from './Screen';
import { problemText } from '../../../src/lib/i18n/problems/index';

const BONUS_LABELS: Record<Bonus, string> = {
	bridge: 'Brücke',
	hexagon: 'Sechseck',
	'double-hexagon': 'Doppelsechseck',
	'triple-hexagon': 'Dreifachsechseck'
};

/** The new-round screen and the score sheet of one table, as a scorer uses them (cf. tests/e2e/pages). */
export class TablePage extends Screen {
	/** Opens a new round for `players`, the start player chosen, and starts it; returns the round's id. */
	async startRound(baseURL: string, players: readonly string[], starter: string): Promise<string> {
		await this.tab.goto(`${baseURL}/runde/neu?players=${players.join(',')}&start=choose`);
		await this.find('heading', 'Neue Runde');
		await this.tap('radio', starter);
		await this.tap('button', /^Runde starten/);
		await this.until(async () => /\/runde\/r-[a-z0-9]+$/.test(await this.tab.url()), 'the sheet');
		await this.until(() => this.tab.run(() => !!document.querySelector('main.table-screen')), 'the sheet');
		return new URL(await this.tab.url()).pathname.split('/').pop() ?? '';
	}

	/** Reloads the round, waits for its sheet and returns how many entries it shows saved. */
	async reload(): Promise<number> {
		await this.tab.reload();
		await this.until(() => this.tab.run(() => !!document.querySelector('main.table-screen')), 'the sheet');
		return this.waitSaved();
	}

	/** Plays one turn by taps, written as in a `.trn` record: `d d 7`, `3-4-5 bridge`, `d d d pass`. */
	async playTurn(tokens: string): Promise<void> {
		const parsed = parseTurnTokens('x', tokens);
		if (!parsed.ok) throw new Error(problemText(parsed.error, 'en'));
		for (const action of turnActions(parsed.value)) await this.tapAction(action);
	}

	/** Taps one action on the turn pad: a purchase, a pass, or a lay (its bonus first, a tile by its numbers). */
	async tapAction(action: RoundAction): Promise<void> {
		if (action.type === 'draw') return this.tap('button', /^Kaufen/);
		if (action.type === 'pass') return this.tap('button', /^Passen/);
		if (action.type !== 'lay') throw new Error(`no tap for ${action.type}`);
		if (action.bonus) await this.tap('button', new RegExp(`^${BONUS_LABELS[action.bonus]} `));
		if (action.tile) {
			await this.tap('button', 'Zahlen');
			for (const [i, n] of action.tile.entries()) await this.tap('button', `${n} als ${i + 1}. Zahl`);
			await this.tap('button', / legen \(\d+\)$/);
			await this.tap('button', 'Wert');
		} else {
			await this.tap('button', `Stein mit Wert ${action.value} legen`);
		}
	}

	/** Waits until no tap is on its way to disk; returns the stored entry count. */
	async waitSaved(): Promise<number> {
		await this.until(
			() =>
				this.tab.run(() => document.querySelector('main.table-screen')?.getAttribute('data-pending') === '0'),
			'the taps to be saved'
		);
		return Number(
			await this.tab.run(() => document.querySelector('main.table-screen')?.getAttribute('data-saved'))
		);
	}

	phase(): Promise<string | null> {
		return this.tab.run(
			() => document.querySelector('main.table-screen')?.getAttribute('data-phase') ?? null
		);
	}

	/** The running totals in the sheet's last line, by seat. */
	async totals(): Promise<number[]> {
		const shown = await this.tab.run(() =>
			[...document.querySelectorAll<HTMLElement>('table.sheet tfoot td')].map((cell) => cell.innerText)
		);
		return shown.map(shownNumber);
	}

	/** The sheet's cells as shown (right column of each cell), lap by lap. */
	sheet(): Promise<string[][]> {
		return this.tab.run(() =>
			[...document.querySelectorAll('table.sheet tbody tr')]
				.filter((row) => !row.classList.contains('settlement'))
				.map((row) =>
					[...row.querySelectorAll('td')].map(
						(cell) => cell.querySelector('.trio > .r')?.textContent?.trim() ?? ''
					)
				)
		);
	}

	/** Enters the hands left as sums of points. */
	async enterHands(hands: Record<string, number>): Promise<void> {
		for (const [name, sum] of Object.entries(hands))
			await this.fill(`Summe der Steine von ${name}`, String(sum));
	}

	async settle(): Promise<void> {
		await this.tap('button', 'Abrechnen');
		await this.until(
			() => this.tab.run(() => !!document.querySelector('table[aria-label="Ergebnis"]')),
			'the result'
		);
	}

	/** The result table: places, names, totals, tournament points. */
	async result(): Promise<ShownResult[]> {
		const rows = await this.tab.run(() =>
			[...document.querySelectorAll('table[aria-label="Ergebnis"] tbody tr')].map((row) =>
				[...row.querySelectorAll<HTMLElement>('td, th')].map((cell) => cell.innerText)
			)
		);
		return rows.map((cells) => ({
			place: Number(cells[0]?.replace('.', '')),
			name: cells[1]?.trim() ?? '',
			total: shownNumber(cells[3] ?? ''),
			points: cells[4] === undefined || cells[4].trim() === '' ? null : shownNumber(cells[4])
		}));
	}

	async confirm(): Promise<void> {
		await this.tap('button', 'Ergebnis bestätigen');
		await this.waitText('Ergebnis bestätigt.');
	}

	/** Types what the player announced and checks it. */
	async checkAnnouncement(text: string): Promise<void> {
		await this.fill(/angesagt\?$/, text);
		await this.tap('button', 'Prüfen');
	}
}
