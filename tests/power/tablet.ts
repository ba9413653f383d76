import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main as commandLine } from '../../src/cli/main';
import { processIO } from '../../src/cli/io';
import { keepOfferedFiles, lastOffered, shownCode } from '../engines/handin';
import { TablePage } from '../engines/pages/TablePage';
import { WAIT_MS } from '../engines/pages/Screen';
import type { PowerDevice } from './devices';
import { paste } from './paste';
import { expectedRecord, roundScript, type RoundScript, type Tap } from './round-script';
import { trace, type Tally } from './tally';

/** What the tablet has shown as done, each seen while its storage still took writes (so it counts). */
export interface TabletLedger {
	joined: boolean;
	roundId: string | null;
	/** Entries of the round the screen showed as saved (`data-saved`). */
	confirmed: number;
	/** Entries whose last tap was made: the most the round may hold. */
	issued: number;
	roundConfirmed: boolean;
}

/** Runs in the page: the round screen's counters (null while it is not shown). */
function roundCounters(): { saved: number; pending: number; phase: string } | null {
	const main = document.querySelector('main.table-screen');
	if (!main) return null;
	return {
		saved: Number(main.getAttribute('data-saved')),
		pending: Number(main.getAttribute('data-pending')),
		phase: main.getAttribute('data-phase') ?? ''
	};
}

/**
 * Runs in the page: this device's event numbers that are missing below its highest stored one. The app
 * numbers its own events without a gap (`db/events.ts`: the counter is written with the events), so a
 * missing number is a committed write the storage lost while a later one survived (a hole), where a loss
 * of the last writes only (the tail) leaves none.
 */
function ownHoles(): Promise<string> {
	return new Promise((done) => {
		const open = indexedDB.open('wertungsblatt');
		open.onerror = () => done('the database does not open');
		open.onsuccess = () => {
			const database = open.result;
			const read = database.transaction(['meta', 'events']);
			const device = read.objectStore('meta').get('device');
			const keys = read.objectStore('events').getAllKeys();
			read.oncomplete = () => {
				database.close();
				const own = String((device.result as { value?: string } | undefined)?.value ?? '');
				const seqs = (keys.result as string[])
					.filter((id) => id.startsWith(`${own}:`))
					.map((id) => Number(id.slice(own.length + 1)))
					.sort((a, b) => a - b);
				const missing: number[] = [];
				for (let seq = 1, at = 0; seq <= (seqs.at(-1) ?? 0) && missing.length < 20; seq++) {
					if (seqs[at] === seq) at++;
					else missing.push(seq);
				}
				done(
					missing.length === 0
						? `no hole in events ${own}:1..${seqs.at(-1) ?? 0} (the last writes were lost)`
						: `a hole: events ${missing.map((seq) => `${own}:${seq}`).join(', ')} missing, ${own}:${seqs.at(-1)} stored`
				);
			};
		};
	});
}

/** Runs in the page: what would ask the person to repair something: a damaged-data notice, an error alert. */
function repairsAsked(): string | null {
	const text = document.body.innerText;
	const damaged = /beschädigt|nicht geöffnet werden|Speicher.{0,40}(Fehler|nicht verfügbar)/i.exec(text);
	if (damaged) return damaged[0];
	const alert = [...document.querySelectorAll('[role="alert"]')].find(
		(element) => (element as HTMLElement).innerText.trim() !== ''
	);
	return alert ? (alert as HTMLElement).innerText.trim().slice(0, 200) : null;
}

/** The command line's answers by record: a record read back after many cuts is often one it was asked about. */
const cliAnswers = new Map<string, { name: string; total: number }[]>();

/**
 * What the command line (`wertungsblatt sheet FILE --json`) says about a record: its players' totals. Its
 * `main` runs here, on a file as from a shell, rather than in a node of its own: a node start with its
 * TypeScript took 5–7 s of a check on a loaded machine. A record is asked about once (it scores the same
 * text the same way every time).
 */
async function cliTotals(text: string): Promise<{ name: string; total: number }[]> {
	const known = cliAnswers.get(text);
	if (known) return known;
	const folder = mkdtempSync(join(tmpdir(), 'wb-power-record-'));
	try {
		const file = join(folder, 'runde.trn');
		writeFileSync(file, text);
		let out = '';
		let err = '';
		const code = await commandLine(['sheet', file, '--json'], {
			...processIO,
			out: (text) => void (out += text),
			err: (text) => void (err += text)
		});
		if (code !== 0) throw new Error(`wertungsblatt sheet: exit ${code}: ${err}`);
		const answer = (JSON.parse(out) as { players: { name: string; total: number }[] }).players.map(
			({ name, total }) => ({ name, total })
		);
		cliAnswers.set(text, answer);
		return answer;
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
}

/**
 * The tablet at a tournament table: joins by the desk's code, plays the scripted round by taps, confirms it
 * and hands it in. Every step starts from what the tablet has stored, so after a power cut it goes on where
 * the storage says it is.
 */
export class TabletFlow {
	readonly ledger: TabletLedger = {
		joined: false,
		roundId: null,
		confirmed: 0,
		issued: 0,
		roundConfirmed: false
	};
	script: RoundScript | null = null;

	constructor(
		readonly device: PowerDevice,
		readonly baseURL: string,
		readonly tournament: string,
		readonly joinCode: string,
		readonly tally: Tally
	) {}

	get page(): TablePage {
		return new TablePage(this.device.browser.tab);
	}

	/** Counts something the screen showed as done only if the storage still took writes after it was seen. */
	#seen(): boolean {
		return !this.device.fs.frozenNow();
	}

	/** From wherever the tablet is to the result's code: the code's text. */
	async toHandIn(): Promise<string> {
		const page = this.page;
		// Once the round is known (and after a cut found), play goes on on its screen.
		let id = this.script ? this.ledger.roundId : null;
		if (!id) {
			await this.#joined(page);
			id = await this.#round(page);
		}
		await this.#play(page, id);
		await this.#confirm(page);
		return this.#handIn(page);
	}

	async #openTablet(page: TablePage): Promise<void> {
		await page.tab.goto(`${this.baseURL}/tisch`);
		await page.until(
			() => page.tab.run(() => !!document.querySelector('.tablet .scan, .tablet .current')),
			'the tablet screen',
			WAIT_MS
		);
	}

	/** The tablet screen shows this cycle's tournament as the joined table. */
	async #showsJoined(page: TablePage): Promise<boolean> {
		return page.tab.run(
			(name: string) =>
				document.querySelector('.tablet .current .tournament strong')?.textContent?.trim() === name,
			this.tournament
		);
	}

	async #joined(page: TablePage): Promise<void> {
		await this.#openTablet(page);
		if (await this.#showsJoined(page)) return;
		trace('tablet: joins');
		this.device.acting();
		await page.tap('button', 'Code einfügen');
		await paste(page, 'Code als Text', this.joinCode);
		await page.tap('button', 'Übernehmen');
		await page.waitText('Beigetreten: Tisch 1, Runde 1.');
		if (this.#seen()) this.ledger.joined = true;
	}

	/**
	 * The seats of this cycle's joined table, clockwise. Right after „Beigetreten …“ the card may still show
	 * the table joined before (the screen's view of the stored tables is read again after the join): every
	 * cycle's table is „Tisch 1, Runde 1“, so only the tournament's name tells the new card from the old one.
	 */
	async #seats(page: TablePage): Promise<string[]> {
		let players: string[] = [];
		await page.until(async () => {
			players = await page.tab.run(
				(name: string) =>
					document.querySelector('.tablet .current .tournament strong')?.textContent?.trim() === name
						? [...document.querySelectorAll('.tablet .current ol.seats li')].map(
								(li) => li.textContent?.trim() ?? ''
							)
						: [],
				this.tournament
			);
			return players.length > 0;
		}, 'the seats of the table');
		return players;
	}

	/** The table's round: opened from the tablet screen, or started with the start draw (seat 2 opens). */
	async #round(page: TablePage): Promise<string> {
		this.script ??= roundScript(await this.#seats(page));
		const existing = await page.tab.run(
			() =>
				document.querySelector<HTMLAnchorElement>('.tablet .current a.button[href*="/runde/"]')?.href ?? ''
		);
		if (existing) {
			const id = new URL(existing).pathname.split('/').pop() ?? '';
			this.ledger.roundId ??= id;
			return id;
		}
		trace('tablet: starts the round');
		this.device.acting();
		await page.tap('button', 'Runde beginnen');
		await page.until(async () => /\/runde\/neu\?/.test(await page.tab.url()), 'the new-round screen');
		// The start draw, in the order the screen asks: the example's starter (seat 2) draws the highest value.
		const values = this.script.setup.players.map((_, seat) =>
			seat === this.script!.setup.start ? 12 : 3 + seat
		);
		for (const value of values) {
			await page.find('heading', 'Neue Runde');
			await page.tap('button', String(value));
		}
		await page.tap('button', /^Runde starten/);
		await page.until(async () => /\/runde\/r-[a-z0-9]+$/.test(await page.tab.url()), 'the sheet', WAIT_MS);
		const id = new URL(await page.tab.url()).pathname.split('/').pop() ?? '';
		if (this.#seen()) this.ledger.roundId = id;
		return id;
	}

	async #openRound(page: TablePage, id: string): Promise<{ saved: number; pending: number; phase: string }> {
		const url = await page.tab.url();
		if (!url.endsWith(`/runde/${id}`)) {
			// From the tablet screen by its link to the round, as a person opens it: the app is loaded already, a
			// new page load (seconds on a loaded machine, after every cut's new start) is spared.
			const link = `.tablet .current a.button[href$="/runde/${id}"]`;
			const linked =
				url.endsWith('/tisch') && (await page.tab.run((css: string) => !!document.querySelector(css), link));
			if (linked) await page.tab.click(link);
			else await page.tab.goto(`${this.baseURL}/runde/${id}`);
		}
		let counters: { saved: number; pending: number; phase: string } | null = null;
		await page.until(
			async () => {
				counters = await page.tab.run(roundCounters);
				return counters !== null && counters.pending === 0;
			},
			'the round screen',
			WAIT_MS
		);
		return counters!;
	}

	/** Taps from the first entry not yet stored to the settlement, each tap waited for until saved. */
	async #play(page: TablePage, id: string): Promise<void> {
		const script = this.script!;
		let { saved } = await this.#openRound(page, id);
		while (saved < script.taps.length) {
			const tap = script.taps[saved]!;
			trace(`tablet: tap ${saved + 1} (${tap.kind === 'act' ? tap.action.type : tap.kind})`);
			this.device.acting();
			// Counted before the tap: a cut may come after its last click wrote the entry but before the click's
			// promise is answered (a cut in the middle of a tap), and the entry may then be stored.
			this.ledger.issued = Math.max(this.ledger.issued, saved + 1);
			await this.#tap(page, tap, saved === script.taps.length - 1);
			const wanted = saved + 1;
			await page.until(
				async () => ((await page.tab.run(roundCounters))?.saved ?? 0) >= wanted,
				`entry ${wanted} saved`,
				WAIT_MS
			);
			if (this.#seen()) {
				this.ledger.confirmed = Math.max(this.ledger.confirmed, wanted);
				this.tally.confirmedTurns++;
			}
			saved = wanted;
		}
	}

	async #tap(page: TablePage, tap: Tap, settles: boolean): Promise<void> {
		if (tap.kind === 'undo') return page.tap('button', /Rückgängig/);
		if (tap.kind === 'correct') {
			await page.tap('button', new RegExp(`^${tap.player}, Runde ${tap.lap}:`));
			await page.waitText(`Zug korrigieren: ${tap.player}, Runde ${tap.lap}`);
			await page.tap('button', String(tap.value));
			await page.fill('Grund', tap.reason);
			await page.waitText(/Neuer Zug:/);
			return page.tap('button', 'Korrektur speichern');
		}
		if (tap.action.type === 'settle') {
			if (!settles) throw new Error('the settlement must be the last tap');
			await page.enterHands(this.script!.hands);
			return page.tap('button', 'Abrechnen');
		}
		return page.tapAction(tap.action);
	}

	async #confirm(page: TablePage): Promise<void> {
		await page.until(
			async () =>
				(await page.has('button', 'Ergebnis bestätigen')) || (await page.text()).includes('bestätigt'),
			'the round end',
			WAIT_MS
		);
		this.device.acting();
		if (await page.has('button', 'Ergebnis bestätigen')) await page.confirm();
		else await page.waitText('Ergebnis bestätigt.');
		if (this.#seen()) this.ledger.roundConfirmed = true;
	}

	async #handIn(page: TablePage): Promise<string> {
		trace('tablet: hands in');
		this.device.acting();
		await this.#openTablet(page);
		await page.tap('button', 'Ergebnis abgeben');
		let code = '';
		await page.until(
			async () => (code = await page.tab.run(shownCode, '.hand-in')) !== '',
			'the result code',
			WAIT_MS
		);
		return code;
	}

	/** The players' totals at the round's end, as the command line scores the scripted record. */
	async finalTotals(): Promise<Map<string, number>> {
		const script = this.script!;
		const totals = await cliTotals(expectedRecord(script, script.entries.length));
		return new Map(totals.map(({ name, total }) => [name, total]));
	}

	/**
	 * After a cut and a new start: every step confirmed before the cut is still there, the round holds every
	 * confirmed entry and none twice (its record read back is exactly the script's first entries), the sheet's
	 * totals are the command line's for that record, and nothing asks for repairs.
	 */
	async verify(): Promise<void> {
		trace('tablet: verifies');
		const page = this.page;
		const problem = (kind: 'lost' | 'doubled' | 'unopenable', what: string, count = 1) =>
			this.tally.problem(kind, `tablet: ${what}`, count);
		if (this.ledger.joined) {
			// A machine under load may take longer than one wait: once more before it counts as not opening.
			try {
				await this.#openTablet(page).catch(() => this.#openTablet(page));
			} catch (error) {
				problem(
					'unopenable',
					`the tablet screen does not open: ${error instanceof Error ? error.message : error}`
				);
				return;
			}
			if (!(await this.#showsJoined(page))) problem('lost', 'the joined table is gone');
			const asked = await page.tab.run(repairsAsked);
			if (asked) problem('unopenable', `the tablet screen asks: ${asked}`);
		}
		trace('tablet: verify: tablet screen checked');
		const id = this.ledger.roundId;
		if (!id) return;
		let counters: { saved: number; pending: number; phase: string };
		try {
			counters = await this.#openRound(page, id).catch(async () => {
				await page.tab.goto(`${this.baseURL}/runde/${id}`);
				return this.#openRound(page, id);
			});
		} catch (error) {
			problem('unopenable', `round ${id} does not open: ${error instanceof Error ? error.message : error}`);
			return;
		}
		trace('tablet: verify: round open');
		const asked = await page.tab.run(repairsAsked);
		if (asked) problem('unopenable', `the round asks: ${asked}`);
		const { saved } = counters;
		if (saved < this.ledger.confirmed)
			problem(
				'lost',
				`${this.ledger.confirmed - saved} confirmed entries gone (${saved} of ${this.ledger.confirmed}); ` +
					(await page.tab.run(ownHoles).catch((error: unknown) => String(error))),
				this.ledger.confirmed - saved
			);
		if (saved > this.ledger.issued)
			problem('doubled', `${saved} entries stored, ${this.ledger.issued} tapped`);
		await page.tab.run(keepOfferedFiles);
		await page.tab.run(() => {
			const menu = document.querySelector('details.menu');
			if (menu && !menu.hasAttribute('open')) menu.querySelector('summary')?.click();
		});
		await page.tap('button', 'Exportieren (.trn)');
		let record = '';
		await page.until(async () => (record = await page.tab.run(lastOffered)) !== '', 'the exported record');
		trace('tablet: verify: record exported');
		// The menu closes again: open, it lies over the turn pad.
		await page.tab.run(() => document.querySelector('details.menu')?.removeAttribute('open'));
		const expected = expectedRecord(this.script!, Math.min(saved, this.script!.entries.length));
		if (record !== expected)
			problem(
				'doubled',
				`the record read back is not the script's first ${saved} entries:\n${record}\n--- expected ---\n${expected}`
			);
		const shown = await page.totals();
		trace('tablet: verify: totals read');
		const cli = (await cliTotals(record)).map(({ total }) => total);
		trace('tablet: verify: command line asked');
		if (JSON.stringify(shown) !== JSON.stringify(cli))
			problem('doubled', `sheet totals ${shown.join(' ')} ≠ command line ${cli.join(' ')}`);
		if (this.ledger.roundConfirmed && !(await page.text()).includes('bestätigt'))
			problem('lost', 'the confirmed result is no longer confirmed');
		// What is stored is where play goes on: from here on the screen confirms anew.
		this.ledger.confirmed = saved;
		this.ledger.issued = saved;
	}
}
