import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { streamEvents } from '$lib/db/events';
import { db, useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { loadTournament, recordEvent } from '$lib/db/tournaments';
import { i18n } from '$lib/i18n/index.svelte';
import { TournamentDesk } from './tournament-desk.state.svelte';
import ResultEntry from './ResultEntry.svelte';
import { pid, storedTournament } from './testing';

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`result-entry-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	db().close();
	await db().delete();
});

const SIX = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
const ROUND_ONE = [
	['Anna', 'Ben', 'Cara'],
	['Dirk', 'Eva', 'Finn']
];

async function result(id: string, round: number, table: number) {
	const loaded = await loadTournament(id);
	if (!loaded.ok) throw new Error(loaded.error.en);
	return loaded.value.state.rounds.find((r) => r.number === round)?.results[table - 1];
}

/** The place and points columns of a player's row once the table has reported. */
function outcome(name: string): string[] {
	const row = screen.getByRole('rowheader', { name }).closest('tr') as HTMLElement;
	return within(row)
		.getAllByRole('cell')
		.slice(-2)
		.map((cell) => cell.textContent?.replace(/\(.*\)/, '').trim() ?? '');
}

describe('result entry by hand', () => {
	it('stores a table’s game points and shows places and tournament points', async () => {
		const id = await storedTournament('triominos', SIX, [ROUND_ONE]);
		const onsaved = vi.fn();
		render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 2, onsaved });
		const user = userEvent.setup();

		await user.type(await screen.findByRole('textbox', { name: 'Spielpunkte von Dirk' }), '−15');
		await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Eva' }), '120');
		await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Finn' }), '120');
		await user.click(screen.getByRole('button', { name: 'Ergebnis speichern' }));

		await waitFor(() => expect(onsaved).toHaveBeenCalledWith(2, 'report'));
		expect((await result(id, 1, 2))?.scores).toEqual([
			{ player: 'dirk', points: -15 },
			{ player: 'eva', points: 120 },
			{ player: 'finn', points: 120 }
		]);
		// Two firsts at a 3-table share 5 + 3; Dirk is third.
		await waitFor(() => expect(outcome('Eva')).toEqual(['1', '4']));
		expect(outcome('Finn')).toEqual(['1', '4']);
		expect(outcome('Dirk')).toEqual(['3', '1']);
		const events = await streamEvents(id);
		expect(events.at(-1)?.body).toMatchObject({ type: 'table-reported', source: { kind: 'hand' } });
	});

	it('refuses an incomplete or unreadable entry, in German and English, and writes nothing', async () => {
		const id = await storedTournament('triominos', SIX, [ROUND_ONE]);
		render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 1 });
		const user = userEvent.setup();
		const before = (await streamEvents(id)).length;

		await user.type(await screen.findByRole('textbox', { name: 'Spielpunkte von Anna' }), '80');
		await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Ben' }), '40');
		await user.click(screen.getByRole('button', { name: 'Ergebnis speichern' }));
		expect(await screen.findByRole('alert')).toHaveTextContent('Für Cara fehlt ein Wert.');

		await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Cara' }), 'zwölf');
		i18n.locale = 'en';
		await user.click(await screen.findByRole('button', { name: 'Save result' }));
		await waitFor(() =>
			expect(screen.getByRole('alert')).toHaveTextContent('Please enter a whole number for Cara.')
		);
		expect(await streamEvents(id)).toHaveLength(before);
	});

	it('ranks a player who left the game last with 0 game points', async () => {
		const id = await storedTournament('triominos', SIX, [ROUND_ONE]);
		render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 1 });
		const user = userEvent.setup();

		await user.type(await screen.findByRole('textbox', { name: 'Spielpunkte von Anna' }), '200');
		await user.click(screen.getByRole('checkbox', { name: 'Anna hat das Spiel verlassen' }));
		await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Ben' }), '-30');
		await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Cara' }), '-40');
		await user.click(screen.getByRole('button', { name: 'Ergebnis speichern' }));

		await waitFor(() => expect(outcome('Anna')).toEqual(['3', '1']));
		expect(outcome('Ben')).toEqual(['1', '5']);
		expect((await result(id, 1, 1))?.scores[0]).toEqual({ player: 'anna', points: 200, left: true });
	});

	it('corrects a reported table only with a reason; after the lock as a director override, shown as such', async () => {
		const id = await storedTournament('triominos', SIX, [
			[
				{ Anna: 100, Ben: 50, Cara: 10 },
				{ Dirk: 10, Eva: 20, Finn: 30 }
			]
		]);
		const desk = new TournamentDesk(id);
		const { unmount } = render(ResultEntry, { desk, round: 1, table: 1 });
		const user = userEvent.setup();

		expect(await screen.findByText(/Dieser Tisch hat schon gemeldet/)).toBeInTheDocument();
		const ben = screen.getByRole('textbox', { name: 'Spielpunkte von Ben' });
		expect(ben).toHaveValue('50');
		await user.clear(ben);
		await user.type(ben, '150');
		await user.click(screen.getByRole('button', { name: 'Korrektur speichern' }));
		expect(await screen.findByRole('alert')).toHaveTextContent('Eine Korrektur braucht eine Begründung.');

		await user.type(screen.getByRole('textbox', { name: 'Begründung' }), 'Additionsfehler');
		await user.click(screen.getByRole('button', { name: 'Korrektur speichern' }));
		expect(await screen.findByText('Korrektur: Additionsfehler')).toBeInTheDocument();
		await waitFor(() => expect(outcome('Ben')).toEqual(['1', '5']));
		unmount();

		expect(await recordEvent(id, { type: 'round-locked', round: 1 })).toMatchObject({ ok: true });
		render(ResultEntry, { desk, round: 1, table: 1 });
		expect(await screen.findByText(/Die Runde ist gesperrt/)).toBeInTheDocument();
		await user.clear(screen.getByRole('textbox', { name: 'Spielpunkte von Cara' }));
		await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Cara' }), '60');
		await user.type(screen.getByRole('textbox', { name: 'Begründung' }), 'Schiedsrichterentscheid');
		await user.click(screen.getByRole('button', { name: 'Korrektur der Turnierleitung speichern' }));
		expect(
			await screen.findByText('Korrektur der Turnierleitung: Schiedsrichterentscheid')
		).toBeInTheDocument();
		const corrections = (await result(id, 1, 1))?.corrections ?? [];
		expect(corrections.map((c) => [c.reason, c.override])).toEqual([
			['Additionsfehler', false],
			['Schiedsrichterentscheid', true]
		]);
	});

	it('takes SETs found and false calls for SET', async () => {
		const names = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
		const id = await storedTournament('set', names, [ROUND_ONE]);
		render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 1 });
		const user = userEvent.setup();

		for (const [name, found, wrong] of [
			['Anna', '9', '1'],
			['Ben', '8', '0'],
			['Cara', '5', '2']
		] as const) {
			await user.type(await screen.findByRole('textbox', { name: `Gefundene SETs von ${name}` }), found);
			const falseCalls = screen.getByRole('textbox', { name: `Fehlrufe von ${name}` });
			await user.clear(falseCalls);
			await user.type(falseCalls, wrong);
		}
		await user.click(screen.getByRole('button', { name: 'Ergebnis speichern' }));
		// Anna and Ben both have 8 SET points: (10 + 6) / 2 = 8 each; Cara third with 4.
		await waitFor(() => expect(outcome('Anna')).toEqual(['1', '8']));
		expect(outcome('Ben')).toEqual(['1', '8']);
		expect(outcome('Cara')).toEqual(['3', '4']);
		expect((await result(id, 1, 1))?.scores[0]).toEqual({ player: pid('Anna'), found: 9, falseCalls: 1 });
	});

	it('goes from score to score with Tab or Enter, starting in the first field, and saves on the last Enter', async () => {
		const id = await storedTournament('triominos', SIX, [ROUND_ONE]);
		const onsaved = vi.fn();
		render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 1, onsaved, focusFirst: true });
		const user = userEvent.setup();

		const anna = await screen.findByRole('textbox', { name: 'Spielpunkte von Anna' });
		await waitFor(() => expect(anna).toHaveFocus());
		await user.keyboard('80{Tab}');
		expect(screen.getByRole('textbox', { name: 'Spielpunkte von Ben' })).toHaveFocus();
		await user.keyboard('40{Enter}');
		expect(screen.getByRole('textbox', { name: 'Spielpunkte von Cara' })).toHaveFocus();
		expect(onsaved).not.toHaveBeenCalled();
		await user.keyboard('{Tab}');
		// The "left the game" boxes come after the score fields, not between them.
		expect(screen.getByRole('checkbox', { name: 'Anna hat das Spiel verlassen' })).toHaveFocus();
		await user.click(screen.getByRole('textbox', { name: 'Spielpunkte von Cara' }));
		await user.keyboard('20{Enter}');

		await waitFor(() => expect(onsaved).toHaveBeenCalledWith(1, 'report'));
		expect((await result(id, 1, 1))?.scores.map((s) => ('points' in s ? s.points : null))).toEqual([
			80, 40, 20
		]);
	});

	it('speaks of SET points, not game points, when a SET player leaves', async () => {
		const id = await storedTournament('set', SIX, [ROUND_ONE]);
		render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 1 });

		expect(
			await screen.findByText(
				'Wer das Spiel verlässt, wird mit 0 SET-Punkten (gefundene SETs minus Fehlrufe) Letzter.'
			)
		).toBeInTheDocument();
		expect(screen.queryByText(/Spielpunkten/)).toBeNull();
	});

	it('shows a stored negative score with the minus the tables show', async () => {
		const id = await storedTournament('triominos', SIX, [
			[{ Anna: -12, Ben: 40, Cara: 30 }, ['Dirk', 'Eva', 'Finn']]
		]);
		render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 1 });
		expect(await screen.findByRole('textbox', { name: 'Spielpunkte von Anna' })).toHaveValue('−12');
	});
});
