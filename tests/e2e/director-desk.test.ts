import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { drawLot } from '../../src/lib/domain/tournament/lots';
import type { RequestWatch } from './browser';
import { useChromium } from './pages/devices';
import { DirectorDesk, openDirector, type ShownSeat, type TypedScore } from './pages/directorDesk';

/**
 * The director's desk screen by screen, in one Triominos qualifier of 10 players: setup with a date and
 * the Triominos options, registration (quick add, a pasted list, a rename, a withdrawal), the draw with
 * its two views and the table cards, the round status, results by hand with a correction and a director
 * override, lots in the standings, the final, the exports and the printed results list.
 *
 * The results make the standings predictable whatever the draw: in rounds 1–3 everyone at a table scores
 * 50 (a full tie: 3 points at a 3-table, 2.75 at the 4-table); round 4 keeps round 3's tables and goes by
 * seat (100 / 60 / 20). Who sat at the 4-table in rounds 1–2 is half a point behind, so players with the
 * same history and the same seat in round 4 are level on points and game points: a lot decides.
 */

const QUICK = ['Anna', 'Ben'];
const PASTED = ['Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida', 'Jan'];
const CORRECTION = 'Additionsfehler, am Tisch bestätigt';
const OVERRIDE = 'Tippfehler im Protokoll, nach der Sperre bemerkt';

const all = (seats: ShownSeat[], table: number, score: (seat: ShownSeat) => TypedScore) =>
	new Map(seats.filter((s) => s.table === table).map((s) => [s.name, score(s)]));

describe('the director’s desk, screen by screen (Triominos qualifier)', () => {
	const chromium = useChromium();
	let context: BrowserContext;
	let requests: RequestWatch;
	let page: Page;
	let desk: DirectorDesk;
	/** Round 2's seating (round 1's tables kept) and round 4's. */
	let second: ShownSeat[] = [];
	let fourth: ShownSeat[] = [];
	let leaver = '';

	beforeAll(async () => {
		({ context, requests, page, desk } = await openDirector(chromium));
	});

	it('saves the date and the Triominos options, and registers by quick add, list, rename', async () => {
		await desk.create(/^Triominos-Qualifikation/, 'Herbstturnier Halle', async (p) => {
			await p.getByLabel('Datum').fill('2026-05-16');
			await p.getByRole('spinbutton', { name: 'Runden im Finale' }).fill('3');
			await p.getByRole('checkbox', { name: /bekannte Gegner möglichst vermeiden/ }).uncheck();
		});
		await expect(page.locator('.desk-head .meta').textContent()).resolves.toContain('16.05.2026');

		for (const name of QUICK) await desk.quickAdd(name);
		await desk.paste(PASTED);
		await page.getByRole('heading', { name: 'Teilnehmer (10)' }).waitFor();
		await desk.rename('Jan', 'Jan Berg');
		const listed = await page.locator('ol.list > li .name').allTextContents();
		expect(listed).toEqual([...QUICK, ...PASTED.slice(0, -1), 'Jan Berg']);
		await page.getByText('Tische: 2 Tische zu 3, 1 Tisch zu 4').waitFor();
		await page.getByText('Es qualifizieren sich 2 Spieler. Im Finale: die besten 3.').waitFor();
	});

	it('shows the seating per table and per player, and prints a table card per table in seat order', async () => {
		const seats = await desk.drawRound(1);
		const round = page.getByRole('region', { name: 'Runde 1', exact: true });
		const tables = await desk.tablesIn(round);
		expect(tables.map((t) => t.length)).toEqual([3, 3, 4]);
		// "Wer sitzt wo?" lists everyone once, alphabetically, at the table and seat the table view shows.
		expect(seats.map((s) => s.name)).toEqual(
			[...seats.map((s) => s.name)].sort((a, b) => a.localeCompare(b, 'de'))
		);
		expect(seats).toHaveLength(10);
		for (const seat of seats) expect(tables[seat.table - 1]?.[seat.seat - 1]).toBe(seat.name);

		await round.getByRole('link', { name: 'Tischkarten drucken' }).click();
		await page.waitForURL(`**/turnier/${desk.id}/tischkarten/1`);
		const cards = await desk.tableCards(1);
		expect(cards.map((c) => c.table)).toEqual(['Tisch 1', 'Tisch 2', 'Tisch 3']);
		expect(cards.map((c) => c.seats)).toEqual(tables);
		for (const card of cards)
			expect(card.start).toBe('Startspieler: Jeder zieht einen Stein – der höchste Wert beginnt.');
		await expect(page.getByRole('button', { name: 'Drucken' }).count()).resolves.toBe(1);

		// Table 1 first, with a slip of the pen: the status shows two tables missing.
		await desk.openResults(1);
		const typo = all(seats, 1, (s) => (s.seat === 1 ? 5 : 50));
		await desk.enterTable(1, typo);
		const status = await desk.roundStatus();
		await page.getByText('2 Tische fehlen noch.').waitFor();
		expect(status.map((s) => [s.table, s.state])).toEqual([
			[1, '✓ gemeldet von Hand'],
			[2, 'fehlt'],
			[3, 'fehlt']
		]);
		expect(status[2]?.players).toBe(tables[2]?.join(' · '));

		// Corrected before the lock, with its reason; then the other two tables.
		await page.getByRole('link', { name: /^Korrigieren\W+Tisch 1$/ }).click();
		await page.getByRole('form', { name: 'Tisch 1', exact: true }).waitFor();
		await page
			.getByText('Dieser Tisch hat schon gemeldet. Eine Änderung ist eine Korrektur mit Begründung.')
			.waitFor();
		await desk.enterTable(
			1,
			all(seats, 1, () => 50),
			CORRECTION
		);
		for (const table of [2, 3])
			await desk.enterTable(
				table,
				all(seats, table, () => 50)
			);
		const done = await desk.roundStatus();
		await page.getByText('Alle Tische haben gemeldet.').waitFor();
		expect(done[0]?.state).toBe('✓ gemeldet von Hand korrigiert');
		// Round 2 is the same game's second round: the button says it keeps the tables, not that it draws.
		await page.getByRole('link', { name: 'Runde 2 eröffnen (Tische wie Runde 1)' }).waitFor();
		await expect(page.getByRole('link', { name: 'Runde 2 auslosen' }).count()).resolves.toBe(0);
	});

	it('locks round 2 and takes a change only as a director override with a reason', async () => {
		second = await desk.drawRound(2);
		await desk.openResults(2);
		for (const table of [1, 2, 3]) {
			await desk.enterTable(
				table,
				all(second, table, (s) => (table === 2 && s.seat === 1 ? 500 : 50))
			);
		}
		await desk.openTab('Rundenstatus');
		await page.getByRole('button', { name: 'Runde 2 sperren' }).click();
		await page.locator('section.current h2').filter({ hasText: 'gesperrt' }).waitFor();

		await desk.openResults(2);
		await page
			.getByRole('navigation', { name: 'Tisch' })
			.getByRole('button', { name: /^Tisch 2\b/ })
			.click();
		await page
			.getByText(/Die Runde ist gesperrt\. Eine Änderung ist nur als Korrektur der Turnierleitung möglich/)
			.waitFor();
		await desk.enterTable(
			2,
			all(second, 2, () => 50),
			OVERRIDE
		);
		const status = await desk.roundStatus();
		expect(status[1]?.state).toBe('✓ gemeldet von Hand Korrektur der Turnierleitung');
	});

	it('withdraws a player from round 3: the new draw (avoiding repeats is off) leaves him out', async () => {
		// He sat at the 4-table: 9 players are three tables of 3 (000).
		leaver = second.find((s) => s.table === 3)!.name;
		await desk.withdraw(leaver, 3);
		await page.getByText('Tische: 3 Tische zu 3').waitFor();

		await desk.openTab('Auslosung & Sitzplan');
		const proposal = page.getByRole('region', { name: 'Vorschlag für Runde 3' });
		await proposal
			.getByText('Zufällig ausgelost; die Sitzreihenfolge ergibt sich aus der Auslosung.')
			.waitFor();
		const third = await desk.drawRound(3);
		expect(third.map((s) => s.name)).not.toContain(leaver);
		expect([1, 2, 3].map((t) => third.filter((s) => s.table === t).length)).toEqual([3, 3, 3]);
		await desk.enterRound(3, () => 50, third);

		fourth = await desk.drawRound(4);
		expect(fourth.map((s) => `${s.table}.${s.seat} ${s.name}`).sort()).toEqual(
			third.map((s) => `${s.table}.${s.seat} ${s.name}`).sort()
		);
		await desk.enterRound(4, (_name, _table, seat) => [100, 60, 20][seat - 1]!, fourth);
	});

	it('draws the lots in the standings, shows them, and each lot can be re-checked from its seed', async () => {
		await desk.openTab('Rangliste');
		const before = await desk.standings();
		const atFourTable = new Set(second.filter((s) => s.table === 3).map((s) => s.name));
		const expected = (name: string) => {
			const seat = fourth.find((s) => s.name === name)?.seat;
			if (!seat) return { points: '5,5', gamePoints: '100' };
			const history = atFourTable.has(name) ? 5.5 : 6;
			return {
				points: String(history + 3 + [5, 3, 1][seat - 1]!).replace('.', ','),
				gamePoints: String(150 + [100, 60, 20][seat - 1]!)
			};
		};
		for (const row of before) expect(row).toMatchObject(expected(row.name));
		expect(before.at(-1)).toMatchObject({ name: leaver, points: '5,5' });
		const open = before.filter((r) => /noch nicht entschieden/.test(r.tiebreaks));
		// Three seats in round 4, two histories: at least two players share both.
		expect(open.length).toBeGreaterThanOrEqual(2);

		const lots = page.getByRole('button', { name: /^Los ziehen/ });
		const drawn: string[] = [];
		for (let left = await lots.count(); left > 0; left = await lots.count()) {
			await lots.first().click();
			await page.getByRole('button', { name: /^Ja, Los jetzt ziehen/ }).click();
			await expect.poll(() => lots.count()).toBe(left - 1);
			drawn.push((await page.getByRole('status').filter({ hasText: 'Los gezogen:' }).textContent()) ?? '');
		}
		expect(drawn.length).toBeGreaterThanOrEqual(1);
		expect(drawn[0]).toMatch(/^Los gezogen: .+ und .+$/);

		const after = await desk.standings();
		expect(after.map((r) => r.rank)).toEqual(after.map((_r, i) => `${i + 1}.`));
		expect(
			after.filter((r) => /das Los entschied (für|gegen) ihn/.test(r.tiebreaks)).length
		).toBeGreaterThanOrEqual(2);

		// The JSON export holds every lot with its seed: drawn again, it gives the order recorded and shown.
		const json = JSON.parse((await desk.download('Alles (JSON)')).bytes.toString('utf8')) as {
			events: { type: string; seed?: string; players?: string[] }[];
			standings: { id: string; player: string }[];
		};
		const recorded = json.events.filter((e) => e.type === 'lot-drawn');
		expect(recorded).toHaveLength(drawn.length);
		const order = json.standings.map((s) => s.id);
		for (const lot of recorded) {
			expect(lot.seed).toMatch(/^[0-9a-f]{16}$/);
			expect(drawLot(lot.players!, lot.seed!)).toEqual(lot.players);
			const shown = lot.players!.map((id) => order.indexOf(id));
			expect(shown).toEqual([...shown].sort((a, b) => a - b));
		}
	});

	it('opens the final with the three rounds set up, and exports standings, results and everything', async () => {
		await desk.openTab('Finale');
		await page.getByRole('button', { name: 'Finale eröffnen' }).click();
		for (const n of [1, 2, 3]) await page.getByRole('region', { name: `Finalrunde ${n}` }).waitFor();
		await expect(page.getByRole('region', { name: 'Finalrunde 4' }).count()).resolves.toBe(0);

		await desk.openTab('Rangliste');
		const rows = await desk.standings();
		const csv = await desk.download('Rangliste (CSV)');
		expect(csv.name).toBe('herbstturnier-halle-2026-05-16-rangliste.csv');
		const lines = csv.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
		const header = lines[0]!.split(';');
		expect(header).toEqual([
			'Platz',
			'Spieler',
			'Turnierpunkte',
			'Spielpunkte',
			'Platz im Finale',
			'Turnierpunkte im Finale',
			'Spielpunkte im Finale',
			'Finalist',
			'Qualifiziert',
			'Abgemeldet ab Runde',
			'Gleichstand'
		]);
		expect(lines).toHaveLength(11);
		const cells = lines.slice(1).map((line) => line.split(';'));
		expect(cells.map((c) => c[1])).toEqual(rows.map((r) => r.name));
		expect(cells.map((c) => c[2])).toEqual(rows.map((r) => r.points));
		expect(cells.filter((c) => c[7] === 'ja')).toHaveLength(3);
		expect(cells.find((c) => c[1] === leaver)?.[9]).toBe('3');

		const results = await desk.download('Alle Ergebnisse (CSV)');
		expect(results.name).toBe('herbstturnier-halle-2026-05-16-ergebnisse.csv');
		const resultLines = results.bytes.toString('utf8').slice(1).trimEnd().split('\r\n');
		expect(resultLines[0]).toBe(
			'Runde;Phase;Tisch;Sitz;Spieler;Spielpunkte;Verlassen;Platzierung;Turnierpunkte;Korrektur'
		);
		// 10 players in rounds 1–2, 9 in rounds 3–4; the final has not reported.
		expect(resultLines).toHaveLength(1 + 20 + 18);
		const roundOne = resultLines.filter((l) => l.startsWith('1;Vorrunde;1;'));
		for (const line of roundOne) expect(line).toMatch(new RegExp(`;50;;1;3;Korrektur: ${CORRECTION}$`));
		const roundTwo = resultLines.filter((l) => l.startsWith('2;Vorrunde;2;'));
		for (const line of roundTwo)
			expect(line).toMatch(new RegExp(`;50;;1;3;Korrektur der Turnierleitung: ${OVERRIDE}$`));
		expect(resultLines.filter((l) => l.startsWith('1;Vorrunde;3;'))).toHaveLength(4);
		for (const line of resultLines.filter((l) => l.startsWith('1;Vorrunde;3;')))
			expect(line).toMatch(/;50;;1;2,75;$/);

		const json = await desk.download('Alles (JSON)');
		expect(json.name).toBe('herbstturnier-halle-2026-05-16.json');
		const all = JSON.parse(json.bytes.toString('utf8')) as {
			tournament: { date: string; options: { finalRounds: number; avoidRepeats: boolean } };
			events: { type: string; reason?: string; override?: boolean; fromRound?: number }[];
			rounds: { round: number; stage: string }[];
		};
		expect(all.tournament).toMatchObject({
			date: '2026-05-16',
			options: { finalRounds: 3, avoidRepeats: false }
		});
		expect(all.events.filter((e) => e.type === 'result-corrected')).toEqual([
			expect.objectContaining({ reason: CORRECTION }),
			expect.objectContaining({ reason: OVERRIDE, override: true })
		]);
		expect(all.events.find((e) => e.type === 'player-withdrawn')).toMatchObject({ fromRound: 3 });
		expect(all.rounds.map((r) => `${r.round} ${r.stage}`)).toEqual([
			'1 prelim',
			'2 prelim',
			'3 prelim',
			'4 prelim',
			'5 final',
			'6 final',
			'7 final'
		]);
	});

	it('prints the results list: standings, every round, the corrections', async () => {
		await desk.openTab('Rangliste');
		await page.getByRole('link', { name: 'Ergebnisliste drucken' }).first().click();
		await page.waitForURL(`**/turnier/${desk.id}/druck`);
		await page.getByRole('heading', { name: 'Ergebnisliste: Herbstturnier Halle' }).waitFor();
		await page.getByText(/^Triominos-Qualifikation · 16\.05\.2026 · Stand: /).waitFor();
		const standings = page
			.getByRole('table')
			.filter({ has: page.getByRole('columnheader', { name: 'Name', exact: true }) });
		await expect(standings.getByRole('row').count()).resolves.toBe(11);
		for (const round of ['Runde 1', 'Runde 2', 'Runde 3', 'Runde 4', 'Finalrunde 1', 'Finalrunde 3'])
			await page.getByRole('heading', { name: round, exact: true }).waitFor();
		await expect(page.getByText(`Korrektur: ${CORRECTION}`).count()).resolves.toBe(1);
		await expect(page.getByText(`Korrektur der Turnierleitung: ${OVERRIDE}`).count()).resolves.toBe(1);

		expect(requests.seen().all).toBeGreaterThan(30);
		expect(requests.external).toEqual([]);
		await context.close();
	});
});
