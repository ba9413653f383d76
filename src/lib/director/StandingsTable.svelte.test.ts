import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { loadTournament } from '$lib/db/tournaments';
import { standings } from '$lib/domain/tournament';
import { i18n } from '$lib/i18n/index.svelte';
import { TournamentDesk } from './tournament-desk.state.svelte';
import StandingsTable from './StandingsTable.svelte';
import TieDecisions from './TieDecisions.svelte';
import { storedTournament } from './testing';

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`standings-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	db().close();
	await db().delete();
});

const EIGHT = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans'];
/** Two 4-tables: two second places share 2,5; three firsts share (5 + 3 + 2) / 3 = 3⅓. */
const ROUND = [
	{ Anna: 100, Ben: 50, Cara: 50, Dirk: 10 },
	{ Eva: 90, Finn: 90, Gina: 90, Hans: 10 }
];

async function shown(id: string) {
	const loaded = await loadTournament(id);
	if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
	return { state: loaded.value.state, table: standings(loaded.value.state) };
}

function row(name: string): HTMLElement {
	return screen.getByRole('rowheader', { name: new RegExp(`^${name}\\b`) }).closest('tr') as HTMLElement;
}

function cells(name: string): string[] {
	return within(row(name))
		.getAllByRole('cell')
		.map((cell) => cell.textContent?.trim() ?? '');
}

describe('the standings', () => {
	it('shows exact tournament points and, per row, what separated tied players', async () => {
		const id = await storedTournament('triominos', EIGHT, [ROUND]);
		const { state, table } = await shown(id);
		render(StandingsTable, { tournament: state, standings: table });

		expect(cells('Anna').slice(0, 3)).toEqual(['1.', '5', '100']);
		expect(cells('Ben').slice(0, 3)).toEqual(['5.', '2,5', '50']);
		expect(cells('Eva').slice(0, 3)).toEqual(['2.', '3⅓', '90']);
		// Same points and game points: the tie stays open until a lot decides it.
		expect(within(row('Dirk')).getByText('Gleichstand mit Hans: noch nicht entschieden')).toBeInTheDocument();
		expect(within(row('Ben')).getByText('Gleichstand mit Cara: noch nicht entschieden')).toBeInTheDocument();
		expect(within(row('Eva')).getByText('Gleichstand mit Finn: noch nicht entschieden')).toBeInTheDocument();
		expect(screen.getByRole('columnheader', { name: 'Gleichstand' })).toBeInTheDocument();
	});

	it('names the game points that break a tie, in German and in English', async () => {
		const id = await storedTournament('triominos', EIGHT, [
			ROUND,
			[
				{ Anna: 10, Eva: 20, Ben: 30, Finn: 40 },
				{ Cara: 10, Gina: 20, Dirk: 30, Hans: 200 }
			]
		]);
		const { state, table } = await shown(id);
		render(StandingsTable, { tournament: state, standings: table });
		// Anna 5 + 1 = 6, Hans 1 + 5 = 6: Hans has 210 game points, Anna 110.
		expect(
			within(row('Hans')).getByText('Punktgleich mit Anna: mehr Spielpunkte (210 zu 110)')
		).toBeInTheDocument();
		expect(
			within(row('Anna')).getByText('Punktgleich mit Hans: weniger Spielpunkte (110 zu 210)')
		).toBeInTheDocument();
		i18n.locale = 'en';
		await waitFor(() =>
			expect(
				within(row('Anna')).getByText('Level on points with Hans: fewer game points (110 to 210)')
			).toBeInTheDocument()
		);
		expect(cells('Eva')[1]).toBe('5⅓');
	});

	it('shows the percentage share in the swiss format', async () => {
		const id = await storedTournament(
			'swiss',
			['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina'],
			[
				[
					{ Anna: 10, Ben: 8, Cara: 8, Dirk: 6 },
					{ Eva: 10, Finn: 8, Gina: 6 }
				]
			]
		);
		const { state, table } = await shown(id);
		render(StandingsTable, { tournament: state, standings: table });
		expect(screen.getByRole('columnheader', { name: 'Anteil %' })).toBeInTheDocument();
		// 10 / 32 at the 4-table; 10 / (24 + 8) at the 3-table (002 §3).
		expect(cells('Anna')).toContain('31,25 %');
		expect(cells('Eva')).toContain('31,25 %');
		expect(cells('Finn')).toContain('25 %');
		expect(cells('Ben').slice(1, 3)).toEqual(['2,5', '8']);
	});

	it('draws a lot for an undecided tie once the prelims are over, recorded with its seed', async () => {
		const id = await storedTournament('triominos', EIGHT, [ROUND], { rounds: 1 });
		const desk = new TournamentDesk(id);
		render(TieDecisions, { desk, makeSeed: () => 'seed-1' });
		const user = userEvent.setup();

		expect(await screen.findByText('Gleichstand: Ben und Cara')).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: 'Los ziehen: Ben und Cara' }));
		// Nothing is drawn before the director confirms; "Abbrechen" leaves the tie as it was.
		expect(
			await screen.findByText(/Das Los entscheidet endgültig über die Reihenfolge von Ben und Cara/)
		).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
		const untouched = await loadTournament(id);
		expect(untouched.ok && untouched.value.events.some((e) => e.type === 'lot-drawn')).toBe(false);
		await user.click(screen.getByRole('button', { name: 'Los ziehen: Ben und Cara' }));
		await user.click(screen.getByRole('button', { name: 'Ja, Los jetzt ziehen: Ben und Cara' }));
		expect(await screen.findByRole('status')).toHaveTextContent(/Los gezogen: (Ben und Cara|Cara und Ben)/);
		await waitFor(() => expect(screen.queryByText('Gleichstand: Ben und Cara')).not.toBeInTheDocument());
		// Once the last open tie is drawn, the heading no longer says some are open.
		// Each lot asks first; a drawn lot redraws the list, so the next button is looked up afresh.
		for (let left = 10; left > 0; left--) {
			// While a lot is being drawn every lot button is disabled: wait for that to end, or for none to be left.
			const lot = await waitFor(() => {
				const button = screen.queryAllByRole('button', { name: /^Los ziehen/ })[0] ?? null;
				if (button) expect(button).toBeEnabled();
				return button;
			});
			if (!lot) break;
			await user.click(lot);
			await user.click(await screen.findByRole('button', { name: /^Ja, Los jetzt ziehen/ }));
			await waitFor(() => expect(screen.queryByRole('button', { name: /^Ja, Los jetzt ziehen/ })).toBeNull());
		}
		await waitFor(() => expect(screen.queryByRole('button', { name: /^Los ziehen/ })).toBeNull());
		expect(screen.queryByRole('heading', { name: 'Offene Gleichstände' })).toBeNull();
		expect(screen.getByRole('heading', { name: 'Gleichstände entschieden' })).toBeInTheDocument();

		const loaded = await loadTournament(id);
		if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
		expect(loaded.value.events.at(-1)).toMatchObject({ type: 'lot-drawn', stage: 'prelim', seed: 'seed-1' });
		const rows = standings(loaded.value.state).rows;
		const [ben, cara] = ['Ben', 'Cara'].map((name) => rows.find((r) => r.name === name));
		expect(ben?.tiebreaks).toEqual([{ against: cara?.player, by: 'lot', won: expect.any(Boolean) }]);
	});

	it('waits with the lot until all rounds are played, and asks SET for a play-off instead', async () => {
		const id = await storedTournament('triominos', EIGHT, [ROUND]);
		render(TieDecisions, { desk: new TournamentDesk(id) });
		expect(await screen.findByText('Gleichstand: Ben und Cara')).toBeInTheDocument();
		expect(
			screen.getAllByText('Das Los wird gezogen, wenn alle Runden gespielt sind.').length
		).toBeGreaterThan(0);
		expect(screen.queryByRole('button', { name: /Los ziehen/ })).not.toBeInTheDocument();
		cleanup();

		const six = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
		const set = await storedTournament('set', six, [
			[
				{ Anna: 5, Ben: 5, Cara: 5 },
				{ Dirk: 5, Eva: 5, Finn: 5 }
			],
			[
				{ Anna: 5, Dirk: 5, Cara: 5 },
				{ Ben: 5, Eva: 5, Finn: 5 }
			],
			[
				{ Anna: 5, Eva: 5, Cara: 5 },
				{ Dirk: 5, Ben: 5, Finn: 5 }
			]
		]);
		render(TieDecisions, { desk: new TournamentDesk(set) });
		const user = userEvent.setup();
		expect(await screen.findByText(/^Gleichstand: /)).toBeInTheDocument();
		// The director enters the play-off's order: the last of the list won, the first came last.
		const places = screen.getAllByRole('combobox', { name: /^\d\. im Stechen$/ });
		const listed = within(places[0]!)
			.getAllByRole('option')
			.map((o) => o.textContent ?? '');
		const order = [listed.at(-1)!, ...listed.slice(1, -1), listed[0]!];
		for (const [i, place] of places.entries()) await user.selectOptions(place, order[i]!);
		await user.click(screen.getByRole('button', { name: 'Stechen eintragen' }));
		await waitFor(() => expect(screen.queryByText(/^Gleichstand: /)).not.toBeInTheDocument());
		const loaded = await loadTournament(set);
		const recorded = loaded.ok ? loaded.value.events.at(-1) : undefined;
		expect(recorded).toMatchObject({ type: 'play-off-recorded', players: order.map((n) => n.toLowerCase()) });
	});
});
