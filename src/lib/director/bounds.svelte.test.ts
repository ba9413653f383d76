import { cleanup, render, screen, waitFor } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendEvents, streamEvents } from '$lib/db/events';
import { db, useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { loadTournament } from '$lib/db/tournaments';
import { i18n } from '$lib/i18n/index.svelte';
import { TournamentDesk } from './tournament-desk.state.svelte';
import Registration from './Registration.svelte';
import ResultEntry from './ResultEntry.svelte';
import { storedTournament } from './testing';

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`bounds-ui-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	db().close();
	await db().delete();
});

const LONG = 'Maximiliane Auguste Theodora von und zu Hohenzollern-Sigmaringen';
const SIX = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];

async function names(id: string): Promise<string[]> {
	const loaded = await loadTournament(id);
	if (!loaded.ok) throw new Error(loaded.error.en);
	return [...loaded.value.state.players.values()].map((p) => p.name);
}

describe('registration keeps names to 60 characters (issue 18, case 6)', () => {
	it(`takes no more than 60 characters in the field, and refuses a pasted name of ${LONG.length}`, async () => {
		const id = await storedTournament('triominos', []);
		render(Registration, { desk: new TournamentDesk(id) });
		const user = userEvent.setup();

		expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveAttribute('maxlength', '60');
		await user.click(screen.getByRole('textbox', { name: 'Namensliste' }));
		await user.paste(`Anna\n${LONG}`);
		await user.click(screen.getByRole('button', { name: 'Alle anmelden' }));
		const status = await screen.findByRole('status');
		await waitFor(() => expect(status).toHaveTextContent('1 Teilnehmer angemeldet.'));
		expect(status).toHaveTextContent(
			`„${LONG}“ hat 64 Zeichen – ein Name darf höchstens 60 haben, damit er in jeden Code passt.`
		);
		expect(await names(id)).toEqual(['Anna']);
	});

	it('marks a name stored before the limit as too long for the codes, until it is renamed', async () => {
		const id = await storedTournament('triominos', SIX);
		const body = {
			type: 'player-renamed',
			id: 'e-old',
			at: '2025-01-01T00:00:00Z',
			player: 'anna',
			name: LONG
		};
		await appendEvents(id, 'tournament', [{ type: body.type, body }]);
		render(Registration, { desk: new TournamentDesk(id) });
		const user = userEvent.setup();

		const notice = 'Name zu lang für die Codes (64 Zeichen, höchstens 60) – bitte umbenennen.';
		expect(await screen.findByText(notice)).toBeInTheDocument();
		await user.click(screen.getByRole('button', { name: `${LONG} umbenennen` }));
		const field = screen.getByRole('textbox', { name: `Neuer Name für ${LONG}` });
		await user.clear(field);
		await user.type(field, 'Maxi von Hohenzollern');
		await user.click(screen.getByRole('button', { name: 'Speichern' }));
		await waitFor(() => expect(screen.queryByText(notice)).not.toBeInTheDocument());
		expect((await names(id))[0]).toBe('Maxi von Hohenzollern');
	});
});

describe('result entry keeps game points to ±10,000 (issue 18, case 6)', () => {
	it.each(['600000000000', '9007199254740991'])(
		'refuses %s game points with the reason, and writes nothing',
		async (points) => {
			const id = await storedTournament('triominos', SIX, [
				[
					['Anna', 'Ben', 'Cara'],
					['Dirk', 'Eva', 'Finn']
				]
			]);
			render(ResultEntry, { desk: new TournamentDesk(id), round: 1, table: 1 });
			const user = userEvent.setup();
			const before = (await streamEvents(id)).length;

			await user.type(await screen.findByRole('textbox', { name: 'Spielpunkte von Anna' }), points);
			await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Ben' }), '40');
			await user.type(screen.getByRole('textbox', { name: 'Spielpunkte von Cara' }), '20');
			await user.click(screen.getByRole('button', { name: 'Ergebnis speichern' }));
			expect(await screen.findByRole('alert')).toHaveTextContent(
				`Anna: ${points} Spielpunkte – eine Partie ergibt höchstens ±10.000 (so viel lassen die Regeln nicht zu).`
			);
			expect((await streamEvents(id)).length).toBe(before);
		}
	);
});
