import { cleanup, render, screen, waitFor, within } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listGames, startGame, startNextRound } from '$lib/db/games';
import { db, useDatabase } from '$lib/db/index';
import { loadRound } from '$lib/db/rounds';
import { WertungsblattDB } from '$lib/db/schema';
import { CLASSIC, TOURNAMENT } from '$lib/domain/rules';
import { i18n } from '$lib/i18n/index.svelte';
import GameView from './GameView.svelte';
import { goingOutRound, playStored } from '../db/round-testing';

const PLAYERS = ['Anna', 'Ben', 'Cara'];

let counter = 0;
beforeEach(() => {
	useDatabase(new WertungsblattDB(`game-view-${++counter}`));
	i18n.locale = 'de';
});
afterEach(async () => {
	cleanup();
	db().close();
	await db().delete();
});

/** A classic game to `target` with Anna, Ben, Cara; each round the opener goes out (testing.ts). */
async function classicGame(target: number, rounds: { start: number; value?: number }[]) {
	const first = rounds[0];
	const started = await startGame({ players: PLAYERS, rules: CLASSIC, target }, first?.start ?? 0, 1000);
	if (!started.ok) throw new Error(JSON.stringify(started.error));
	const { gameId } = started.value;
	let roundId = started.value.roundId;
	for (const [i, round] of rounds.entries()) {
		if (i > 0) {
			const next = await startNextRound(gameId, round.start, 1000 + i * 10);
			if (!next.ok) throw new Error(JSON.stringify(next.error));
			roundId = next.value;
		}
		await playStored(roundId, goingOutRound(3, round.start, { value: round.value ?? 10 }), 1005 + i * 10);
	}
	return gameId;
}

/** The cells of the table row whose header reads `label`. */
function row(label: string): string[] {
	const header = screen.getByRole('rowheader', { name: new RegExp(`^${label}`) });
	const cells = within(header.closest('tr')!).getAllByRole('cell');
	return cells.map((cell) => cell.textContent?.trim() ?? '');
}

describe('the club game view', () => {
	it('shows each round and the game totals, and proposes the next seat to open', async () => {
		const gameId = await classicGame(400, [{ start: 0 }, { start: 1 }]);
		render(GameView, { id: gameId, onroundstarted: () => {} });

		expect(await screen.findByRole('heading', { level: 1, name: 'Anna, Ben und Cara' })).toBeInTheDocument();
		expect(screen.getByText(/Klassisch bis 400/)).toBeInTheDocument();
		expect(row('Runde 1').slice(0, 3)).toEqual(['119', '30', '30']);
		expect(row('Runde 2').slice(0, 3)).toEqual(['30', '119', '30']);
		expect(row('Gesamt').slice(0, 3)).toEqual(['149', '149', '60']);
		expect(screen.queryByText(/Sieger/)).not.toBeInTheDocument();
		const opener = screen.getByRole('group', { name: 'Wer beginnt die nächste Runde?' });
		expect(within(opener).getByRole('radio', { name: 'Cara' })).toBeChecked();
		expect(screen.getByRole('button', { name: 'Nächste Runde' })).toBeEnabled();
	});

	it('starts the next round with the opener the scorer picks and hands over its id', async () => {
		const gameId = await classicGame(400, [{ start: 0 }]);
		const onroundstarted = vi.fn();
		render(GameView, { id: gameId, onroundstarted });
		const user = userEvent.setup();

		await user.click(await screen.findByRole('radio', { name: 'Cara' }));
		await user.click(screen.getByRole('button', { name: 'Nächste Runde' }));

		await waitFor(() => expect(onroundstarted).toHaveBeenCalledTimes(1));
		const round = await loadRound(onroundstarted.mock.calls[0]![0] as string);
		expect(round.ok && round.value.setup).toMatchObject({ players: PLAYERS, start: 2 });
		expect(round.ok && round.value.context.gameId).toBe(gameId);
		// The new round runs: it can be resumed, and no further round can be started meanwhile.
		expect(await screen.findByText('Runde 2 läuft.')).toBeInTheDocument();
		expect(screen.getByRole('link', { name: 'Runde fortsetzen' })).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Nächste Runde' })).not.toBeInTheDocument();
	});

	it('announces the highest total as the winner once the round that reached the target is over', async () => {
		// Anna reaches 150 with her first tile of round 3, but Cara, who goes out, ends highest.
		const gameId = await classicGame(150, [{ start: 0 }, { start: 1 }, { start: 2, value: 12 }]);
		render(GameView, { id: gameId, onroundstarted: () => {} });

		expect(await screen.findByRole('heading', { name: 'Sieger: Cara' })).toBeInTheDocument();
		expect(row('Gesamt').slice(0, 3)).toEqual(['179', '179', '193']);
		expect(row('Platz').slice(0, 3)).toEqual(['2.', '2.', '1.']);
		expect(screen.getByRole('rowheader', { name: /Runde 3.*letzte Runde/ })).toBeInTheDocument();
		expect(screen.queryByRole('button', { name: 'Nächste Runde' })).not.toBeInTheDocument();
		// The list of games learns the result from the view.
		await waitFor(async () =>
			expect((await listGames()).games[0]).toMatchObject({ status: 'finished', totals: [179, 179, 193] })
		);
	});

	it('ends a tournament round game after its one round, with tournament points, in English too', async () => {
		const started = await startGame({ players: PLAYERS, rules: TOURNAMENT, target: null }, 1, 1000);
		if (!started.ok) throw new Error(JSON.stringify(started.error));
		await playStored(started.value.roundId, goingOutRound(3, 1, { finalLap: true }), 1005);
		i18n.locale = 'en';
		render(GameView, { id: started.value.gameId, onroundstarted: () => {} });

		expect(await screen.findByRole('heading', { name: 'Winner: Ben' })).toBeInTheDocument();
		expect(row('Total').slice(0, 3)).toEqual(['30', '119', '30']);
		expect(row('Tournament points').slice(0, 3)).toEqual(['2', '5', '2']);
	});

	it('says so when the game does not exist', async () => {
		render(GameView, { id: 'g-missing', onroundstarted: () => {} });
		expect(await screen.findByRole('alert')).toHaveTextContent('Partie g-missing nicht gefunden.');
	});
});
