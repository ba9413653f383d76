import assert from 'node:assert/strict';
import { DeskPage } from './pages/DeskPage';
import type { EngineTest } from './suite';

const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida', 'Jan', 'Kim', 'Lea'];

/** Item 5: the director's desk in this engine. */
export const deskTests: EngineTest[] = [
	{
		name: 'the desk: registration, draw, hand entry and standings of a 12-player tournament',
		async run({ engine, baseURL }) {
			const desk = new DeskPage(await engine.tab());
			await desk.create(baseURL, /^Triominos-Qualifikation/, 'Qualifikation Leipzig');
			// WebKit keeps no data for good here (no navigator.storage); as Safari, it deletes it after 7 days
			// unused unless the app is on the home screen, and the desk says so. Firefox asks the person.
			if (engine.name === 'webkit') await desk.waitText('7 Tage lang nicht geöffnet');
			await desk.paste(NAMES);
			const seats = await desk.drawRound(1);
			assert.deepEqual(seats.map((seat) => seat.name).sort(), [...NAMES].sort());
			// Game points: 100 for the first seat, 10 less per seat, plus the player's position in NAMES.
			const entered = new Map(
				seats.map((seat) => [seat.name, 110 - 10 * seat.seat + NAMES.indexOf(seat.name)])
			);
			for (const table of [...new Set(seats.map((seat) => seat.table))].sort((a, b) => a - b)) {
				const at = seats.filter((seat) => seat.table === table).map((seat) => seat.name);
				await desk.enterTable(baseURL, 1, table, new Map(at.map((name) => [name, entered.get(name) ?? 0])));
			}
			const rows = await desk.standings();
			assert.deepEqual(rows.map((row) => row.name).sort(), [...NAMES].sort());
			for (const row of rows) assert.equal(row.gamePoints, String(entered.get(row.name)), row.name);
			// Ranked by tournament points, then game points: a table's winner is ahead of its last.
			const points = rows.map((row) => Number(row.points.replace(',', '.')));
			assert.deepEqual(
				points,
				[...points].sort((a, b) => b - a)
			);
		}
	}
];
