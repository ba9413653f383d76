import { tableCode } from '../engines/handin';
import { DeskPage } from '../engines/pages/DeskPage';
import { WAIT_MS } from '../engines/pages/Screen';
import type { PowerDevice } from './devices';
import { paste } from './paste';
import { trace, type Tally } from './tally';

/** The four players: the names of the notation example, which the tablet's round plays. */
export const PLAYERS = ['Anna', 'Ben', 'Cara', 'Dirk'];

/** What the desk has shown as done, each seen while its storage still took writes. */
export interface DeskLedger {
	tournamentId: string | null;
	registered: boolean;
	opened: boolean;
	/** The table's result was shown as taken ("Tisch 1: Ergebnis eingetragen."). */
	collected: boolean;
}

/** Each desk's database as last read after a confirmed step: what a lost tournament is compared with. */
const lastStore = new WeakMap<PowerDevice, DeskStore>();

/** What the desk's database holds, read with plain IndexedDB: which device it is, how far it counted. */
export interface DeskStore {
	readonly device: string | null;
	readonly seq: number | null;
	readonly events: number;
	readonly tournaments: readonly string[];
}

/**
 * Runs in the page: the app's database as it is on disk (its device id, sequence counter, events and
 * tournaments; nothing for a database not yet created), or null when it does not open. After a lost
 * tournament it tells a database started afresh (another device id, a counter from the start: the browser
 * dropped the whole store) from one that lacks only some rows.
 */
function deskStore(): Promise<DeskStore | null> {
	return new Promise((done) => {
		const open = indexedDB.open('wertungsblatt');
		let missing = false;
		open.onerror = () => done(missing ? { device: null, seq: null, events: 0, tournaments: [] } : null);
		open.onupgradeneeded = () => {
			missing = true;
			open.transaction?.abort();
		};
		open.onsuccess = () => {
			const database = open.result;
			const names = ['meta', 'events', 'tournaments'];
			if (!names.every((name) => database.objectStoreNames.contains(name))) {
				database.close();
				return done({ device: null, seq: null, events: 0, tournaments: [] });
			}
			const transaction = database.transaction(names);
			const device = transaction.objectStore('meta').get('device');
			const seq = transaction.objectStore('meta').get('seq');
			const events = transaction.objectStore('events').count();
			const tournaments = transaction.objectStore('tournaments').getAllKeys();
			transaction.oncomplete = () => {
				database.close();
				done({
					device: (device.result as { value?: string } | undefined)?.value ?? null,
					seq: (seq.result as { value?: number } | undefined)?.value ?? null,
					events: events.result,
					tournaments: (tournaments.result as string[]).sort()
				});
			};
			transaction.onerror = () => done(null);
		};
	});
}

/** Runs in the page: what would ask the person to repair something (as the tablet's check). */
function deskRepairs(): string | null {
	const damaged = /beschädigt|nicht geöffnet werden/i.exec(document.body.innerText);
	return damaged ? damaged[0] : null;
}

/**
 * The director's desk of one tournament: created, four players registered, round 1 opened; its table code
 * handed out; the tablet's result code collected. Every step starts from what the desk has stored.
 */
export class DeskFlow {
	readonly ledger: DeskLedger = { tournamentId: null, registered: false, opened: false, collected: false };

	constructor(
		readonly device: PowerDevice,
		readonly baseURL: string,
		readonly name: string,
		readonly tally: Tally
	) {}

	get page(): DeskPage {
		const page = new DeskPage(this.device.browser.tab);
		page.id = this.ledger.tournamentId ?? '';
		return page;
	}

	#seen(): boolean {
		return !this.device.fs.frozenNow();
	}

	/** From wherever the desk is to table 1's code of round 1: the code's text. */
	async toTableCode(): Promise<string> {
		trace('desk: sets up');
		this.device.acting();
		const page = this.page;
		if (!this.ledger.tournamentId) {
			const id = await page.create(this.baseURL, /^Triominos-Qualifikation/, this.name);
			if (this.#seen()) this.ledger.tournamentId = id;
			await this.#remember(page);
		}
		page.id = this.ledger.tournamentId ?? page.id;
		let shown = await this.#registration(page);
		if (!shown.registered) {
			await page.paste(PLAYERS);
			if (this.#seen()) this.ledger.registered = true;
			shown = await this.#registration(page);
		}
		if (!shown.opened) {
			await page.drawRound(1);
			if (this.#seen()) this.ledger.opened = true;
		}
		await page.tab.goto(`${this.baseURL}/turnier/${page.id}/austausch`);
		return tableCode(page, 1);
	}

	/** Notes what the database holds after a step the desk confirmed (while the disk still took writes). */
	async #remember(page: DeskPage): Promise<void> {
		const store = await page.tab.run(deskStore);
		if (store && this.#seen()) lastStore.set(this.device, store);
	}

	/** The tournament's registration: whether it lists the four players, and whether round 1 has begun. */
	async #registration(page: DeskPage): Promise<{ registered: boolean; opened: boolean }> {
		await page.tab.goto(`${this.baseURL}/turnier/${page.id}/anmeldung`);
		let text = '';
		await page.until(
			async () =>
				/Teilnehmer \(\d+\)|Namensliste/.test((text = await page.text('main'))) && text.includes(this.name),
			'the registration',
			WAIT_MS
		);
		return {
			registered: text.includes(`Teilnehmer (${PLAYERS.length})`),
			opened: /Runde 1 hat begonnen/.test(text)
		};
	}

	/** Takes the tablet's result code; resolves once the desk says it entered it (or had it already). */
	async collect(code: string): Promise<void> {
		trace('desk: collects');
		this.device.acting();
		const page = this.page;
		await page.tab.goto(`${this.baseURL}/turnier/${page.id}/austausch`);
		await page.tap('button', 'Ergebnisse einsammeln');
		if (await this.#taken(page)) return;
		await page.tap('button', 'Code einfügen');
		await paste(page, 'Code als Text', code);
		await page.tap('button', 'Übernehmen');
		await page.waitText('Tisch 1: Ergebnis eingetragen.');
		if (this.#seen()) {
			this.ledger.collected = true;
			this.tally.confirmedResults++;
		}
		await this.#remember(page);
	}

	async #taken(page: DeskPage): Promise<boolean> {
		await page.waitText(/von 1 Tisch/);
		return (await page.text()).includes('1 von 1 Tisch');
	}

	/** After a cut: every step the desk had confirmed is still there; a result taken is taken once. */
	async verify(expectedGamePoints: ReadonlyMap<string, number> | null): Promise<void> {
		trace('desk: verifies');
		const problem = (kind: 'lost' | 'doubled' | 'unopenable', what: string) =>
			this.tally.problem(kind, `desk: ${what}`);
		const id = this.ledger.tournamentId;
		const page = this.page;
		if (!id) {
			// Nothing confirmed yet (a cut while the tournament was being created): the app must open all the
			// same — its tournament list loads, its database opens, nothing asks for repairs.
			await page.tab.goto(`${this.baseURL}/turnier`);
			const listed = await page
				.until(
					// Loaded: the list and the restore below it are shown (before, the page may still be empty, or
					// say „Lädt …“ while the app opens, and if need be repairs, its database).
					async () => /wiederherstellen/.test(await page.text('main')) || !!(await page.tab.run(deskRepairs)),
					'the tournament list',
					WAIT_MS
				)
				.then(
					() => true,
					() => false
				);
			const asked = await page.tab.run(deskRepairs).catch(() => null);
			const store = await page.tab.run(deskStore).catch(() => null);
			const shows = async () => (await page.text().catch(() => '')).replace(/\s+/g, ' ').slice(0, 300);
			if (asked) problem('unopenable', asked);
			else if (store === null)
				problem('unopenable', `its database does not open; the desk shows: ${await shows()}`);
			else if (!listed) problem('unopenable', `its tournament list does not load: ${await shows()}`);
			return;
		}
		let shown: { registered: boolean; opened: boolean };
		try {
			// A machine under load may take longer than one wait: once more before it counts as lost.
			shown = await this.#registration(page).catch(() => this.#registration(page));
		} catch {
			const shown = await page.text().catch(() => '');
			const store = await page.tab.run(deskStore).catch(() => null);
			problem(
				'lost',
				`tournament ${id} does not open; the desk shows: ${shown.replace(/\s+/g, ' ').slice(0, 300)}; ` +
					`its database now: ${JSON.stringify(store)}, after the last confirmed step: ${JSON.stringify(lastStore.get(this.device) ?? null)}`
			);
			// Counted once: from here on the desk is held to what it has (the next round starts afresh).
			this.ledger.tournamentId = null;
			this.ledger.registered = this.ledger.opened = this.ledger.collected = false;
			return;
		}
		const asked = await page.tab.run(deskRepairs);
		if (asked) problem('unopenable', asked);
		if (this.ledger.registered && !shown.registered) problem('lost', 'the registered players');
		if (this.ledger.opened && !shown.opened) problem('lost', 'round 1 is no longer open');
		// Each loss counted once: what the desk shows now is what it is held to from here on.
		this.ledger.registered = shown.registered;
		this.ledger.opened = shown.opened;
		if (this.ledger.collected) {
			await page.tab.goto(`${this.baseURL}/turnier/${id}/austausch`);
			await page.tap('button', 'Ergebnisse einsammeln');
			if (!(await this.#taken(page))) {
				problem('lost', 'the result taken from table 1');
				this.ledger.collected = false;
			}
			if (expectedGamePoints) {
				await page.tab.goto(`${this.baseURL}/turnier/${id}/anmeldung`);
				const rows = await page.standings();
				for (const row of rows) {
					const want = expectedGamePoints.get(row.name);
					if (want !== undefined && row.gamePoints.replace('−', '-') !== String(want))
						problem('doubled', `${row.name}: game points ${row.gamePoints}, the table's result ${want}`);
				}
			}
		}
	}
}
