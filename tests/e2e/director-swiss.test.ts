import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { RequestWatch } from './browser';
import { useChromium } from './pages/devices';
import { DirectorDesk, openDirector, type ShownSeat } from './pages/directorDesk';

const NAMES = [
	'Anna',
	'Ben',
	'Cara',
	'Dirk',
	'Eva',
	'Finn',
	'Gina',
	'Hans',
	'Ida',
	'Jan',
	'Kai',
	'Lea',
	'Mia'
];

describe('the director runs a swiss (Kingdomino) tournament', () => {
	const chromium = useChromium();
	let context: BrowserContext;
	let requests: RequestWatch;
	let page: Page;
	let desk: DirectorDesk;
	/** Round 2's seating, by the standings after round 1. */
	let second: ShownSeat[] = [];
	beforeAll(async () => {
		({ context, requests, page, desk } = await openDirector(chromium));
	});

	it('shows the percentage share in the standings and pages the projector', async () => {
		await desk.create(/^Schweizer System/, 'Sachsenmeisterschaft Kingdomino', async (p) => {
			await p.getByRole('spinbutton', { name: 'Runden' }).fill('5');
			await p.getByRole('spinbutton', { name: 'Höchstens Teilnehmer' }).fill('24');
		});
		await desk.paste(NAMES);
		await page.getByText('Tische: 1 Tisch zu 4, 3 Tische zu 3').waitFor();

		const seats = await desk.drawRound(1);
		expect([1, 2, 3, 4].map((t) => seats.filter((s) => s.table === t).length)).toEqual([4, 3, 3, 3]);
		// Every 4-table 10, 8, 8, 6 by seat; every 3-table 10, 8, 6.
		await desk.enterRound(
			1,
			(_name, table, seat) => (table === 1 ? [10, 8, 8, 6] : [10, 8, 6])[seat - 1]!,
			seats
		);

		await desk.openTab('Rangliste');
		const rows = await desk.standings();
		const first = seats.find((s) => s.table === 1 && s.seat === 1)!.name;
		const second = seats.find((s) => s.table === 1 && s.seat === 2)!.name;
		const threeTable = seats.find((s) => s.table === 2 && s.seat === 2)!.name;
		// 10 / 32 at the 4-table; 8 / (24 + 8) at a 3-table (002 §3); two second places share 2,5.
		expect(rows.find((r) => r.name === first)).toMatchObject({
			points: '5',
			gamePoints: '10',
			share: '31,25 %'
		});
		expect(rows.find((r) => r.name === second)).toMatchObject({
			points: '2,5',
			gamePoints: '8',
			share: '25 %'
		});
		expect(rows.find((r) => r.name === threeTable)).toMatchObject({
			points: '3',
			gamePoints: '8',
			share: '25 %'
		});
		expect(rows.find((r) => r.name === threeTable)?.tiebreaks).toMatch(/Punktgleich mit|Gleichstand mit/);
		await expect(page.getByRole('link', { name: 'Finale' }).count()).resolves.toBe(0);

		// The projector shows 10 rows a page and turns the page by itself.
		await page.goto(`${chromium.baseURL}/turnier/${desk.id}/beamer`);
		await page.getByText('Seite 1 / 2').waitFor();
		await expect(page.getByRole('table').getByRole('row').count()).resolves.toBe(11);
		await expect(page.getByRole('columnheader', { name: '%' }).count()).resolves.toBe(1);
		await page.getByText('Seite 2 / 2').waitFor({ timeout: 15_000 });
		await expect(page.getByRole('table').getByRole('row').count()).resolves.toBe(4);

		await page.getByRole('link', { name: 'Sitzplan' }).click();
		await page.getByText('Sitzplan Runde 1').waitFor();
		await expect(page.getByRole('listitem').count()).resolves.toBe(NAMES.length);
	});

	it('seats round 2 by the standings; a player who leaves his game is last with 0', async () => {
		await page.goto(`${chromium.baseURL}/turnier/${desk.id}/rangliste`);
		const standing = (await desk.standings()).map((r) => r.name);
		await desk.openTab('Auslosung & Sitzplan');
		await page
			.getByRole('region', { name: 'Vorschlag für Runde 2' })
			.getByText(
				'Nach der Rangliste: Tisch 1 = Plätze 1–4, Tisch 2 = Plätze 5–7, Tisch 3 = Plätze 8–10, Tisch 4 = Plätze 11–13'
			)
			.waitFor();
		const seats = (second = await desk.drawRound(2));
		// Table 1 = places 1–4, table 2 = places 5–7, …: the 3-tables at the bottom (RULES.md §7).
		const at = (table: number) =>
			seats
				.filter((s) => s.table === table)
				.map((s) => s.name)
				.sort();
		expect([1, 2, 3, 4].map(at)).toEqual(
			[standing.slice(0, 4), standing.slice(4, 7), standing.slice(7, 10), standing.slice(10)].map((t) =>
				[...t].sort()
			)
		);

		// At table 1 the player in seat 1 leaves the running game; his 20 written down do not count.
		const leaver = seats.find((s) => s.table === 1 && s.seat === 1)!.name;
		await desk.enterRound(
			2,
			(name, table, seat) => (name === leaver ? { left: true, points: 20 } : table === 1 ? 10 - seat : 8),
			seats
		);
		await desk.openResults(2);
		await page
			.getByRole('navigation', { name: 'Tisch' })
			.getByRole('button', { name: /^Tisch 1\b/ })
			.click();
		const form = page.getByRole('form', { name: 'Tisch 1', exact: true });
		const row = form.getByRole('row').filter({ has: page.getByRole('rowheader', { name: leaver }) });
		// Cells: game points, place, tournament points (with his game points for screen readers).
		const cells = (await row.getByRole('cell').allTextContents()).map((c) => c.replace(/\s+/g, ''));
		expect(cells.slice(1)).toEqual(['4', '1(0)']);
		await expect(
			form.getByRole('checkbox', { name: `${leaver} hat das Spiel verlassen` }).isChecked()
		).resolves.toBe(true);
	});

	it('rebalances after two drop-outs: 11 players at 4 + 4 + 3, never a table of 2', async () => {
		const gone = [second.find((s) => s.table === 3)!.name, second.find((s) => s.table === 4)!.name];
		for (const name of gone) await desk.withdraw(name, 3);
		await page.getByText('Tische: 2 Tische zu 4, 1 Tisch zu 3').waitFor();
		const third = await desk.drawRound(3);
		expect([1, 2, 3].map((t) => third.filter((s) => s.table === t).length)).toEqual([4, 4, 3]);
		expect(third.some((s) => s.table === 4)).toBe(false);
		for (const name of gone) expect(third.map((s) => s.name)).not.toContain(name);
		expect(requests.external).toEqual([]);
		await context.close();
	});
});
