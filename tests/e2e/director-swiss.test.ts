import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium, tabletContext } from './browser';
import { DirectorDesk } from './pages/directorDesk';

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
	let browser: Browser;
	beforeAll(async () => {
		browser = await launchChromium();
	});
	afterAll(async () => {
		await browser?.close();
	});

	it('shows the percentage share in the standings and pages the projector', async () => {
		const context = await tabletContext(browser);
		const page = await context.newPage();
		const desk = new DirectorDesk(page, inject('baseURL'));

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
		await page.goto(`${inject('baseURL')}/turnier/${desk.id}/beamer`);
		await page.getByText('Seite 1 / 2').waitFor();
		await expect(page.getByRole('table').getByRole('row').count()).resolves.toBe(11);
		await expect(page.getByRole('columnheader', { name: '%' }).count()).resolves.toBe(1);
		await page.getByText('Seite 2 / 2').waitFor({ timeout: 15_000 });
		await expect(page.getByRole('table').getByRole('row').count()).resolves.toBe(4);

		await page.getByRole('link', { name: 'Sitzplan' }).click();
		await page.getByText('Sitzplan Runde 1').waitFor();
		await expect(page.getByRole('listitem').count()).resolves.toBe(NAMES.length);
		await context.close();
	});
});
