import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadGame } from '$lib/db/games';
import { db, useDatabase } from '$lib/db/index';
import { loadRound } from '$lib/db/rounds';
import { WertungsblattDB } from '$lib/db/schema';
import { KIDS } from '$lib/domain/rules';
import { i18n } from '$lib/i18n/index.svelte';
import NewGame from './NewGame.svelte';

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`new-game-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	db().close();
	await db().delete();
});

describe('Neue Partie', () => {
	it('stores players in seat order, the preset with its target and who opens, then hands over both ids', async () => {
		const onstarted = vi.fn();
		render(NewGame, { onstarted });
		const user = userEvent.setup();
		await user.type(screen.getByRole('textbox', { name: 'Name von Spieler 1' }), 'Anna');
		await user.type(screen.getByRole('textbox', { name: 'Name von Spieler 2' }), 'Ben');
		await user.type(screen.getByRole('textbox', { name: 'Name von Spieler 3' }), 'Cara');
		await user.click(screen.getByRole('button', { name: 'Spieler hinzufügen' }));
		await user.type(screen.getByRole('textbox', { name: 'Name von Spieler 4' }), 'Dirk');
		await user.click(screen.getByRole('button', { name: 'Dirk einen Platz nach vorn' }));
		await user.click(screen.getByRole('button', { name: 'Anna entfernen' }));

		await user.click(screen.getByRole('radio', { name: /Kinderwertung/ }));
		expect(screen.getByRole('spinbutton', { name: 'Spielziel (Punkte)' })).toHaveValue(10);
		await user.clear(screen.getByRole('spinbutton', { name: 'Spielziel (Punkte)' }));
		await user.type(screen.getByRole('spinbutton', { name: 'Spielziel (Punkte)' }), '15');
		await user.click(screen.getByRole('radio', { name: 'Cara' }));
		await user.click(screen.getByRole('button', { name: 'Partie beginnen' }));

		await waitFor(() => expect(onstarted).toHaveBeenCalledTimes(1));
		const { gameId, roundId } = onstarted.mock.calls[0]![0] as { gameId: string; roundId: string };
		const game = await loadGame(gameId);
		expect(game.ok && game.value.setup).toEqual({
			players: ['Ben', 'Dirk', 'Cara'],
			rules: KIDS,
			target: 15
		});
		const round = await loadRound(roundId);
		expect(round.ok && round.value.setup.start).toBe(2);
	});

	it('proposes 400 for the classic game and no target for a tournament round', async () => {
		render(NewGame, { onstarted: () => {} });
		expect(screen.getByRole('radio', { name: /Klassisch bis 400/ })).toBeChecked();
		expect(screen.getByRole('spinbutton', { name: 'Spielziel (Punkte)' })).toHaveValue(400);
		await userEvent.click(screen.getByRole('radio', { name: /Turnierrunde/ }));
		expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument();
	});

	it('leaves empty lines out and lets only named players open', async () => {
		const onstarted = vi.fn();
		render(NewGame, { onstarted });
		const user = userEvent.setup();
		await user.type(screen.getByRole('textbox', { name: 'Name von Spieler 1' }), 'Mia');
		await user.type(screen.getByRole('textbox', { name: 'Name von Spieler 3' }), 'Tom');
		const opener = screen.getByRole('group', { name: 'Wer beginnt die erste Runde?' });
		expect(
			within(opener)
				.getAllByRole('radio')
				.map((r) => r.parentElement?.textContent?.trim())
		).toEqual(['Mia', 'Tom']);
		await user.click(within(opener).getByRole('radio', { name: 'Tom' }));
		await user.click(screen.getByRole('button', { name: 'Partie beginnen' }));

		await waitFor(() => expect(onstarted).toHaveBeenCalledTimes(1));
		const { gameId, roundId } = onstarted.mock.calls[0]![0] as { gameId: string; roundId: string };
		const game = await loadGame(gameId);
		expect(game.ok && game.value.setup.players).toEqual(['Mia', 'Tom']);
		const round = await loadRound(roundId);
		expect(round.ok && round.value.setup.start).toBe(1);
	});

	it('says what is missing instead of starting', async () => {
		const onstarted = vi.fn();
		render(NewGame, { players: ['Anna', 'anna'], onstarted });
		await userEvent.click(screen.getByRole('button', { name: 'Partie beginnen' }));
		expect(await screen.findByRole('alert')).toHaveTextContent('„anna“ sitzt zweimal am Tisch.');
		expect(onstarted).not.toHaveBeenCalled();
	});
});
