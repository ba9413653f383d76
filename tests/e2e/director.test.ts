import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { useChromium } from './pages/devices';
import { openDirector, smallTapTargets, type ShownSeat } from './pages/directorDesk';
import { screenshot, watchCsp } from './pages/fixtures';

const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida'];

/**
 * Results that keep the field close together: at each table the player with the fewest tournament
 * points so far wins (then by name), so totals end level and game points have to separate them.
 * Game points: 100 / 60 / 20 by place, plus the player's position in NAMES, so no two sums are equal.
 */
function catchUp(totals: Map<string, number>, seats: ShownSeat[]) {
	const points = new Map<string, number>();
	for (const table of new Set(seats.map((s) => s.table))) {
		const at = seats.filter((s) => s.table === table).map((s) => s.name);
		at.sort((a, b) => (totals.get(a) ?? 0) - (totals.get(b) ?? 0) || a.localeCompare(b));
		at.forEach((name, place) => {
			points.set(name, [100, 60, 20][place]! + NAMES.indexOf(name));
			totals.set(name, (totals.get(name) ?? 0) + [5, 3, 1][place]!);
		});
	}
	return (name: string) => points.get(name) ?? 0;
}

describe('the director runs a Triominos qualifier', () => {
	const chromium = useChromium();

	it('registers 9 by paste, plays 4 rounds and the final, exports and projects', async () => {
		const { context, requests, page, desk } = await openDirector(chromium);
		// This browser refuses to keep the data for good (as many do before the app is installed).
		await page.addInitScript(() => {
			const no = () => Promise.resolve(false);
			Object.defineProperties(StorageManager.prototype, { persisted: { value: no }, persist: { value: no } });
		});
		const csp = await watchCsp(page);

		await desk.create(/^Triominos-Qualifikation/, 'Qualifikation Leipzig');
		await desk.paste(NAMES);
		await page.getByText('Es qualifiziert sich 1 Spieler.').waitFor();
		await page.getByText('Tische: 3 Tische zu 3').waitFor();
		// A name twice is refused, in German, and nothing else changes.
		await page.getByRole('textbox', { name: 'Name', exact: true }).fill('anna');
		await page.keyboard.press('Enter');
		await expect(page.getByRole('alert').textContent()).resolves.toContain('„anna“ ist schon angemeldet.');
		await page.getByRole('heading', { name: 'Teilnehmer (9)' }).waitFor();
		await screenshot(page, 'director-registration');
		expect(await smallTapTargets(page)).toEqual([]);

		const totals = new Map<string, number>();
		let seats: ShownSeat[] = [];
		const tablesOf = (list: ShownSeat[]) =>
			[1, 2, 3].map((t) =>
				list
					.filter((s) => s.table === t)
					.map((s) => s.name)
					.sort()
					.join(',')
			);
		for (const round of [1, 2, 3, 4]) {
			const before = seats;
			seats = await desk.drawRound(round);
			expect(new Set(seats.map((s) => s.table))).toEqual(new Set([1, 2, 3]));
			expect(seats.filter((s) => s.table === 1)).toHaveLength(3);
			// The second game of a draw keeps its tables; the second draw seats everyone anew.
			if (round === 2 || round === 4) expect(tablesOf(seats)).toEqual(tablesOf(before));
			if (round === 1) {
				await screenshot(page, 'director-seating');
				expect(await smallTapTargets(page)).toEqual([]);
			}
			await desk.enterRound(round, catchUp(totals, seats), seats);
			// The round is in: the status says so and, as the data may be deleted, offers the tournament file.
			await desk.openTab('Rundenstatus');
			await page.getByText('Alle Tische haben gemeldet.').waitFor();
			const advice = page.getByRole('region', { name: 'Speicher nicht dauerhaft:' });
			await advice.getByText('Sichern Sie nach jeder Runde die Turnierdatei.').waitFor();
			if (round === 1) {
				const [file] = await Promise.all([
					page.waitForEvent('download'),
					advice.getByRole('button', { name: 'Turnierdatei sichern (.wbsync)' }).click()
				]);
				expect(file.suggestedFilename()).toBe('wertungsblatt_Qualifikation-Leipzig.wbsync');
				expect(readFileSync(await file.path(), 'utf8')).toMatch(/^WERTUNGSBLATT-SYNC 1\n/);
			}
		}

		await desk.openTab('Rangliste');
		const rows = await desk.standings();
		expect(rows.map((r) => r.name).sort()).toEqual([...NAMES].sort());
		for (const row of rows) expect(row.points).toBe(String(totals.get(row.name)));
		expect(rows.some((r) => /Punktgleich mit \S+: (mehr|weniger) Spielpunkte/.test(r.tiebreaks))).toBe(true);
		const finalists = page.locator('tr.finalist');
		await expect(finalists.count()).resolves.toBe(3);
		await screenshot(page, 'director-standings');
		expect(await smallTapTargets(page)).toEqual([]);

		// CSV for German Excel: BOM, semicolons, the qualifier column.
		const csv = await desk.download('Rangliste (CSV)');
		expect(csv.name).toMatch(/^qualifikation-leipzig-\d{4}-\d{2}-\d{2}-rangliste\.csv$/);
		expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
		const lines = csv.bytes.toString('utf8').slice(1).split('\r\n');
		expect(lines[0]).toBe(
			'Platz;Spieler;Turnierpunkte;Spielpunkte;Finalist;Qualifiziert;Abgemeldet ab Runde;Gleichstand'
		);
		expect(lines).toHaveLength(NAMES.length + 2);

		// The final: the best 3 play two rounds; the winner of the final qualifies.
		await desk.openTab('Finale');
		await page.getByRole('button', { name: 'Finale eröffnen' }).click();
		const seatOrder = page.getByRole('region', { name: 'Sitzreihenfolge (ausgelost)' }).getByRole('listitem');
		await seatOrder.first().waitFor();
		const order = await seatOrder.allTextContents();
		expect(order).toHaveLength(3);
		for (const [i, round] of [5, 6].entries()) {
			const section = page.getByRole('region', { name: `Finalrunde ${i + 1}` });
			for (const [seat, name] of order.entries()) {
				await section
					.getByRole('textbox', { name: `Spielpunkte von ${name.trim()}` })
					.fill(String(150 - 50 * seat + round));
			}
			await section.getByRole('button', { name: 'Ergebnis speichern' }).click();
			await section.getByRole('cell', { name: '5' }).first().waitFor();
		}
		await page.getByRole('status').filter({ hasText: 'Das Finale ist beendet.' }).waitFor();
		const winner = order[0]!.trim();
		const ranking = page.getByRole('region', { name: 'Endstand des Finales' });
		await expect(ranking.getByRole('row').nth(1).textContent()).resolves.toContain(winner);
		await expect(ranking.getByRole('row').nth(1).textContent()).resolves.toContain('qualifiziert');
		await expect(page.getByText(`Qualifiziert zur Deutschen Meisterschaft: ${winner}`).count()).resolves.toBe(
			1
		);

		await desk.openTab('Rangliste');
		const overall = await desk.standings();
		expect(overall[0]).toMatchObject({ rank: '1.', name: winner });
		expect(
			overall
				.slice(0, 3)
				.map((r) => r.name)
				.sort()
		).toEqual(order.map((n) => n.trim()).sort());

		// The projector: standings in very large type on a dark screen, then the seating.
		await page.goto(`${chromium.baseURL}/turnier/${desk.id}/beamer`);
		const board = page.getByRole('table');
		await board.waitFor();
		await expect(board.getByRole('row').count()).resolves.toBe(NAMES.length + 1);
		const size = await board
			.getByRole('rowheader')
			.first()
			.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
		expect(size).toBeGreaterThanOrEqual(32);
		const background = await page
			.locator('.projector')
			.evaluate((el) => getComputedStyle(el).backgroundColor);
		expect(background).toBe('rgb(10, 15, 13)');
		await screenshot(page, 'director-projector');
		await page.getByRole('link', { name: 'Sitzplan' }).click();
		await page.getByText('Finale', { exact: true }).waitFor();

		expect(await smallTapTargets(page)).toEqual([]);
		expect(await csp()).toEqual([]);
		// The whole tournament, from registration to the projector, never left the app's origin.
		expect(requests.seen().all).toBeGreaterThan(50);
		expect(requests.external).toEqual([]);
		await context.close();
	});
});
