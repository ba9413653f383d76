import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db, useDatabase } from '$lib/db/index';
import { WertungsblattDB } from '$lib/db/schema';
import { loadTournament } from '$lib/db/tournaments';
import { i18n } from '$lib/i18n/index.svelte';
import { TournamentDesk } from './tournament-desk.state.svelte';
import Registration from './Registration.svelte';
import { storedTournament } from './testing';

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`registration-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	db().close();
	await db().delete();
});

async function names(id: string): Promise<string[]> {
	const loaded = await loadTournament(id);
	if (!loaded.ok) throw new Error(loaded.error.en);
	return [...loaded.value.state.players.values()].map((p) => p.name);
}

function listed(): string[] {
	const list = screen.getByRole('region', { name: /^Teilnehmer/ });
	return within(list)
		.queryAllByRole('listitem')
		.map((item) => item.querySelector('.name')?.textContent ?? '');
}

describe('registration', () => {
	it('adds one name with Enter and keeps the field ready for the next', async () => {
		const id = await storedTournament('triominos', []);
		render(Registration, { desk: new TournamentDesk(id) });
		const user = userEvent.setup();

		const field = await screen.findByRole('textbox', { name: 'Name' });
		await user.type(field, '  Anna  {Enter}');
		await waitFor(() => expect(listed()).toEqual(['Anna']));
		await waitFor(() => expect(field).toHaveValue(''));
		expect(field).toHaveFocus();
		await user.type(field, 'Ben{Enter}');
		await waitFor(() => expect(listed()).toEqual(['Anna', 'Ben']));
		expect(screen.getByRole('heading', { name: 'Teilnehmer (2)' })).toBeInTheDocument();
		expect(await names(id)).toEqual(['Anna', 'Ben']);
	});

	it('registers a pasted list, one per line or comma separated, and warns below 6 players', async () => {
		const id = await storedTournament('triominos', []);
		render(Registration, { desk: new TournamentDesk(id) });
		const user = userEvent.setup();

		await user.click(await screen.findByRole('textbox', { name: 'Namensliste' }));
		await user.paste('1. Anna\n2. Ben\nCara, Dirk;  Eva \n\n');
		await user.click(screen.getByRole('button', { name: 'Alle anmelden' }));
		expect(await screen.findByRole('status')).toHaveTextContent('5 Teilnehmer angemeldet.');
		await waitFor(() => expect(listed()).toEqual(['Anna', 'Ben', 'Cara', 'Dirk', 'Eva']));
		expect(screen.getByText(/Mit 5 Spielern zählt das Turnier nicht als Qualifikation/)).toBeInTheDocument();
		expect(
			screen.getByText(/Mit 5 Spielern lassen sich keine Tische zu 3 oder 4 Spielern bilden/)
		).toBeInTheDocument();

		await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Finn{Enter}');
		await waitFor(() => expect(listed()).toHaveLength(6));
		expect(screen.queryByText(/zählt das Turnier nicht als Qualifikation/)).not.toBeInTheDocument();
		expect(screen.getByText('Tische: 2 Tische zu 3')).toBeInTheDocument();
		expect(
			screen.getByText(/Es qualifiziert sich 1 Spieler\. Im Finale: die besten 3\./)
		).toBeInTheDocument();
	});

	it('refuses a name twice, in the list or against those registered, and registers the rest', async () => {
		const id = await storedTournament('triominos', ['Anna', 'Ben']);
		render(Registration, { desk: new TournamentDesk(id) });
		const user = userEvent.setup();

		await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'anna{Enter}');
		expect(await screen.findByRole('alert')).toHaveTextContent('„anna“ ist schon angemeldet.');

		await user.click(screen.getByRole('textbox', { name: 'Namensliste' }));
		await user.paste('Cara\nBEN\nDirk\ncara');
		await user.click(screen.getByRole('button', { name: 'Alle anmelden' }));
		const status = await screen.findByRole('status');
		expect(status).toHaveTextContent('2 Teilnehmer angemeldet.');
		expect(status).toHaveTextContent('Nicht angemeldet:');
		expect(status).toHaveTextContent('„BEN“ ist schon angemeldet.');
		expect(status).toHaveTextContent('„cara“ ist schon angemeldet.');
		expect(await names(id)).toEqual(['Anna', 'Ben', 'Cara', 'Dirk']);

		// The refused name stays in the field to be corrected; in English the refusal reads in English.
		i18n.locale = 'en';
		const field = screen.getByRole('textbox', { name: 'Name' });
		expect(field).toHaveValue('anna');
		await user.clear(field);
		await user.type(field, 'DIRK{Enter}');
		await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('"DIRK" is already registered.'));
	});

	it('renames a player and withdraws one from a later round', async () => {
		const id = await storedTournament(
			'triominos',
			['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'],
			[
				[
					['Anna', 'Ben', 'Cara'],
					['Dirk', 'Eva', 'Finn']
				]
			]
		);
		render(Registration, { desk: new TournamentDesk(id) });
		const user = userEvent.setup();

		expect(await screen.findByText(/Die Anmeldung ist geschlossen/)).toBeInTheDocument();
		expect(screen.queryByRole('textbox', { name: 'Namensliste' })).not.toBeInTheDocument();

		await user.click(screen.getByRole('button', { name: 'Ben umbenennen' }));
		const rename = screen.getByRole('textbox', { name: 'Neuer Name für Ben' });
		await user.clear(rename);
		await user.type(rename, 'Anna{Enter}');
		expect(await screen.findByRole('alert')).toHaveTextContent('„Anna“ ist schon angemeldet.');
		await user.clear(rename);
		await user.type(rename, 'Benedikt{Enter}');
		await waitFor(() => expect(listed()).toContain('Benedikt'));

		await user.click(screen.getByRole('button', { name: 'Finn abmelden' }));
		const from = screen.getByRole('spinbutton', { name: 'ab Runde' });
		expect(from).toHaveValue(2);
		await user.click(screen.getByRole('button', { name: 'Abmeldung bestätigen' }));
		expect(await screen.findByText('abgemeldet ab Runde 2')).toBeInTheDocument();
		expect(screen.getByRole('heading', { name: 'Teilnehmer (5)' })).toBeInTheDocument();
	});
});
