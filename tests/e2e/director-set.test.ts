import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { RequestWatch } from './browser';
import { useChromium } from './pages/devices';
import { DirectorDesk, openDirector, type ShownSeat, type TypedScore } from './pages/directorDesk';

/**
 * A SET tournament (004) at the desk: the official plans, faulty ones said to be faulty and why; then 9
 * players over 3 prelims by the official plan, results as "found − false calls", a tie at the cut to the
 * top-5 final decided by a recorded play-off, the final, and the standings.
 *
 * Results by seat, so the standings do not depend on the drawn numbering: rounds 1 and 2 are full ties at
 * every table (4 found − 1 false call each: (10 + 6 + 4) / 3 = 6.67, rounded up to 7); in round 3
 * tables 1 and 2 go 5 / 4 / 3 − 1, table 3 goes 5 / 6 − 1 / 3 − 1 (the first two tie: (10 + 6) / 2 = 8).
 * Then two players stand at 24, two at 22, two at 20 with 10 SET points — across the cut at 5 — and three at 18.
 */

const NINE = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida'];

const roundThree = (table: number, seat: number): TypedScore =>
	table < 3
		? [
				{ found: 5, falseCalls: 0 },
				{ found: 4, falseCalls: 0 },
				{ found: 3, falseCalls: 1 }
			][seat - 1]!
		: [
				{ found: 5, falseCalls: 0 },
				{ found: 6, falseCalls: 1 },
				{ found: 3, falseCalls: 1 }
			][seat - 1]!;

describe('the director runs a SET tournament (004)', () => {
	const chromium = useChromium();
	let context: BrowserContext;
	let requests: RequestWatch;
	let page: Page;
	let desk: DirectorDesk;

	beforeAll(async () => {
		({ context, requests, page, desk } = await openDirector(chromium));
	});

	it('says which official plan is faulty and why, and seats by the generated plan instead', async () => {
		await desk.create(/^SET/, 'SET-Probe mit 27');
		await desk.paste(Array.from({ length: 27 }, (_, i) => `Spieler ${i + 1}`));
		await desk.openTab('Auslosung & Sitzplan');
		const note = page.getByRole('note', { name: 'Offizieller Plan' });
		await note
			.getByText('Der offizielle Plan für 27 Spieler ist fehlerhaft (2 Fehler) und wird nicht verwendet.')
			.waitFor();
		const [faults, repeats] = await note.getByRole('list').all();
		await expect(faults!.getByRole('listitem').allTextContents()).resolves.toEqual([
			'Runde 3: Spieler 26 sitzt 2-mal (Tisch 6 und 9).',
			'Runde 3: Spieler 20 fehlt.'
		]);
		await expect(repeats!.getByRole('listitem').count()).resolves.toBe(7);
		const proposal = page.getByRole('region', { name: 'Vorschlag für Runde 1' });
		await proposal
			.getByText('Generierter SET-Plan mit möglichst wenigen wiederholten Gegnern.')
			.waitFor({ timeout: 20_000 });
		expect((await desk.tablesIn(proposal)).map((t) => t.length)).toEqual(Array(9).fill(3));
	});

	it('seats 9 players by the official plan and takes "found − false calls" at every table', async () => {
		await desk.create(/^SET/, 'SET-Stadtmeisterschaft');
		await desk.paste(NINE);
		await page.getByText('Im Finale: die besten 5.').waitFor();
		await desk.openTab('Auslosung & Sitzplan');
		await page
			.getByRole('note', { name: 'Offizieller Plan' })
			.getByText('Der offizielle Plan für 9 Spieler ist gültig, ohne wiederholte Gegner.')
			.waitFor();
		await page.getByText(/^Sitzplan nach dem offiziellen Plan \(004 §3\)/).waitFor();

		const met = new Set<string>();
		let third: ShownSeat[] = [];
		for (const round of [1, 2, 3]) {
			const seats = await desk.drawRound(round);
			expect([1, 2, 3].map((t) => seats.filter((s) => s.table === t).length)).toEqual([3, 3, 3]);
			// The official plan for 9 seats nobody with the same opponent twice.
			for (const table of [1, 2, 3]) {
				const at = seats.filter((s) => s.table === table).map((s) => s.name);
				for (const a of at) for (const b of at) if (a < b) expect(met.has(`${a}-${b}`)).toBe(false);
				for (const a of at) for (const b of at) if (a < b) met.add(`${a}-${b}`);
			}
			if (round === 3) third = seats;
			await desk.enterRound(
				round,
				(_name, table, seat) => (round < 3 ? { found: 4, falseCalls: 1 } : roundThree(table, seat)),
				seats
			);
			if (round === 1) {
				// The form shows the outcome: a full tie rounds 20 / 3 up to 7 (004 §2.3.2).
				const form = page.getByRole('form', { name: 'Tisch 3', exact: true });
				// Cells: SETs found, false calls, place, tournament points.
				await expect(form.getByRole('row').nth(1).getByRole('cell').nth(2).textContent()).resolves.toBe('1');
				await expect(form.getByRole('row').nth(1).getByRole('cell').nth(3).textContent()).resolves.toMatch(
					/^7/
				);
			}
		}

		await desk.openTab('Rangliste');
		const rows = await desk.standings();
		const seatOf = (name: string) => third.find((s) => s.name === name)!;
		const expected = (name: string) => {
			const { table, seat } = seatOf(name);
			if (seat === 3) return { points: '18', gamePoints: '8' };
			if (table === 3) return { points: '22', gamePoints: '11' };
			return seat === 1 ? { points: '24', gamePoints: '11' } : { points: '20', gamePoints: '10' };
		};
		for (const row of rows) expect(row).toMatchObject(expected(row.name));
		expect(rows.map((r) => r.rank)).toEqual(['1.', '1.', '3.', '3.', '5.', '5.', '7.', '7.', '7.']);
		await expect(page.getByRole('columnheader', { name: 'SET-Punkte' }).count()).resolves.toBe(1);
	});

	it('decides the tie at the cut by the recorded play-off, then plays the top-5 final', async () => {
		const rows = await desk.standings();
		const tied = rows.filter((r) => r.rank === '5.').map((r) => r.name);
		const tie = page.getByRole('region', { name: 'Offene Gleichstände' });
		await tie.getByText(`Gleichstand: ${tied.join(' und ')}`).waitFor();
		// The second in the list wins the play-off (first to 3 SETs): the order is the director's, not the list's.
		const [loser, winner] = tied as [string, string];
		await tie.getByRole('combobox', { name: '1. im Stechen' }).selectOption({ label: winner });
		await tie.getByRole('combobox', { name: '2. im Stechen' }).selectOption({ label: loser });
		await tie.getByRole('button', { name: 'Stechen eintragen' }).click();
		await expect.poll(() => tie.count()).toBe(0);
		const after = await desk.standings();
		expect(after.find((r) => r.name === winner)?.tiebreaks).toContain(
			`Gleichstand mit ${loser}: die Zusatzrunde entschied für ihn`
		);
		const inFinal = await page.locator('tr.finalist .name').allTextContents();
		expect(inFinal).toHaveLength(5);
		expect(inFinal).toContain(winner);
		expect(inFinal).not.toContain(loser);

		await desk.openTab('Finale');
		await page.getByRole('button', { name: 'Finale eröffnen' }).click();
		const order = page.getByRole('region', { name: 'Sitzreihenfolge (ausgelost)' }).getByRole('listitem');
		await order.first().waitFor();
		const finalists = (await order.allTextContents()).map((n) => n.trim());
		expect(finalists).toHaveLength(5);
		expect(finalists).toContain(winner);
		const section = page.getByRole('region', { name: 'Finalrunde 1' });
		// Found − false calls in the final too: 7 − 0, 6 − 1, 5 − 1, 3 − 0, 2 − 1 by seat.
		const final = [
			[7, 0],
			[6, 1],
			[5, 1],
			[3, 0],
			[2, 1]
		];
		for (const [seat, name] of finalists.entries()) {
			await section
				.getByRole('textbox', { name: `Gefundene SETs von ${name}` })
				.fill(String(final[seat]![0]));
			await section.getByRole('textbox', { name: `Fehlrufe von ${name}` }).fill(String(final[seat]![1]));
		}
		await section.getByRole('button', { name: 'Ergebnis speichern' }).click();
		await page.getByRole('status').filter({ hasText: 'Das Finale ist beendet.' }).waitFor();
		// The final by its SET points: 10 / 6 / 4 / 2 / 1 (004 §2.5).
		const ranking = page.getByRole('region', { name: 'Endstand des Finales' });
		// Rank, name, tournament points and SET points of the final, row by row.
		const cells = async (i: number) =>
			(await ranking.getByRole('row').nth(i).locator('td, th').allTextContents())
				.slice(0, 4)
				.map((c) => c.replace(/\s+/g, ' ').trim());
		const expected = [
			['10', '7'],
			['6', '5'],
			['4', '4'],
			['2', '3'],
			['1', '1']
		];
		for (const [i, [points, setPoints]] of expected.entries())
			await expect(cells(i + 1)).resolves.toEqual([`${i + 1}.`, finalists[i], points, setPoints]);

		await desk.openTab('Rangliste');
		const overall = await desk.standings();
		expect(
			overall
				.slice(0, 5)
				.map((r) => r.name)
				.sort()
		).toEqual([...finalists].sort());
		expect(overall[0]?.name).toBe(finalists[0]);
		expect(overall[5]).toMatchObject({ name: loser, rank: '6.' });
		expect(requests.external).toEqual([]);
		await context.close();
	});
});
