import type { ShownSeat } from '../../e2e/pages/directorDesk';
import { Screen } from './Screen';

/** The director's desk as the director uses it (cf. tests/e2e/pages/directorDesk.ts). */
export class DeskPage extends Screen {
	id = '';

	/** Creates a tournament through "Neues Turnier" and lands on its registration. */
	async create(baseURL: string, format: RegExp, name: string): Promise<string> {
		await this.tab.goto(`${baseURL}/turnier`);
		await this.tap('link', /Neues Turnier/);
		await this.tap('radio', format);
		await this.fill('Name des Turniers', name);
		await this.tap('button', 'Turnier anlegen');
		await this.until(
			async () => /\/turnier\/t-[a-z0-9]+\/anmeldung$/.test(await this.tab.url()),
			'registration'
		);
		this.id = new URL(await this.tab.url()).pathname.split('/')[2] ?? '';
		return this.id;
	}

	/** Pastes a list of names (one per line) and registers them all. */
	async paste(names: readonly string[]): Promise<void> {
		await this.fill('Namensliste', names.join('\n'));
		await this.tap('button', 'Alle anmelden');
		await this.waitText(`${names.length} Teilnehmer angemeldet.`);
	}

	/** Opens the next round from the draw's proposal; returns where everyone sits. */
	async drawRound(round: number): Promise<ShownSeat[]> {
		await this.tap('link', 'Auslosung & Sitzplan');
		await this.find('heading', `Vorschlag für Runde ${round}`);
		await this.tap('button', `Runde ${round} eröffnen`);
		await this.waitText(`Runde ${round} ist eröffnet.`);
		return this.tab.run(() => {
			const heading = [...document.querySelectorAll('h2, h3, h4')].find(
				(each) => each.textContent?.trim() === 'Wer sitzt wo?'
			);
			const rows = [...(heading?.closest('section')?.querySelectorAll('tbody tr') ?? [])];
			return rows.map((row) => {
				const [table, seat] = [...row.querySelectorAll('td')].map((cell) => Number(cell.textContent?.trim()));
				return {
					name: row.querySelector('th')?.textContent?.trim() ?? '',
					table: table ?? 0,
					seat: seat ?? 0
				};
			});
		});
	}

	/** Types one table's game points on the round's result entry and saves them. */
	async enterTable(baseURL: string, round: number, table: number, points: ReadonlyMap<string, number>) {
		await this.tab.goto(`${baseURL}/turnier/${this.id}/ergebnisse?runde=${round}`);
		await this.tap('button', new RegExp(`^Tisch ${table}\\b`));
		for (const [name, score] of points) await this.fill(`Spielpunkte von ${name}`, String(score));
		await this.tap('button', 'Ergebnis speichern');
		await this.waitText(`Tisch ${table}: Ergebnis gespeichert.`);
	}

	/** The standings as shown: name, tournament points and game points by rank. */
	async standings(): Promise<{ rank: string; name: string; points: string; gamePoints: string }[]> {
		await this.tap('link', 'Rangliste');
		await this.until(
			() => this.tab.run(() => !!document.querySelector('table.standings tbody tr')),
			'standings'
		);
		return this.tab.run(() =>
			[...document.querySelectorAll('table.standings')[0]!.querySelectorAll('tbody tr')].map((row) => {
				const cells = [...row.querySelectorAll('td')].map((cell) => cell.textContent?.trim() ?? '');
				return {
					rank: cells[0] ?? '',
					name: row.querySelector('th .name')?.textContent?.trim() ?? '',
					points: cells[1] ?? '',
					gamePoints: cells[2] ?? ''
				};
			})
		);
	}
}
