import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { goingOutRound, playStored } from './round-testing';
import { KIDS_TARGET } from '../domain/game';
import { CLASSIC, KIDS, TOURNAMENT } from '../domain/rules';
import { streamEvents } from './events';
import {
	checkGameSetup,
	GAME_EVENTS,
	listGames,
	loadGame,
	loadGameView,
	refreshGame,
	refreshStaleGames,
	startGame,
	startNextRound,
	type GameSetup
} from './games';
import { db } from './index';
import { loadRound } from './rounds';
import { closeDevices, device } from './sync-testing';

const PLAYERS = ['Anna', 'Ben', 'Cara'];
const classic = (target = 150): GameSetup => ({ players: PLAYERS, rules: CLASSIC, target });

beforeEach(() => {
	device('games');
});
afterEach(closeDevices);

async function begin(setup: GameSetup, start = 0) {
	const started = await startGame(setup, start, 1000);
	if (!started.ok) throw new Error(started.error.en);
	return started.value;
}

async function next(gameId: string, start: number, now: number) {
	const id = await startNextRound(gameId, start, now);
	if (!id.ok) throw new Error(id.error.en);
	return id.value;
}

async function view(gameId: string) {
	const loaded = await loadGameView(gameId);
	if (!loaded.ok) throw new Error(loaded.error.en);
	return loaded.value;
}

describe('starting a club game', () => {
	it('stores the game as a started event, a summary row and its first round', async () => {
		const { gameId, roundId } = await begin(
			{ players: [' Anna ', 'Ben', 'Cara'], rules: CLASSIC, target: 400 },
			2
		);
		const events = await streamEvents(gameId);
		expect(events.map((e) => [e.kind, e.type])).toEqual([['game', GAME_EVENTS.started]]);
		expect(events[0]?.body).toEqual({ players: PLAYERS, rules: CLASSIC, target: 400 });
		const game = await loadGame(gameId);
		expect(game).toMatchObject({ ok: true, value: { preset: 'classic', setup: { target: 400 } } });
		const round = await loadRound(roundId);
		expect(round.ok && round.value.context.gameId).toBe(gameId);
		expect(round.ok && round.value.setup.start).toBe(2);
		const { games } = await listGames();
		expect(games).toEqual([
			{
				id: gameId,
				createdAt: 1000,
				updatedAt: 1000,
				players: PLAYERS,
				preset: 'classic',
				status: 'running',
				totals: [0, 0, 0]
			}
		]);
	});

	it('refuses impossible setups with a reason in both languages', () => {
		const one = checkGameSetup({ players: ['Anna'], rules: CLASSIC, target: 400 });
		expect(one).toMatchObject({ ok: false, error: { code: 'player-count' } });
		const twice = checkGameSetup({ players: ['Anna', 'anna'], rules: CLASSIC, target: 400 });
		expect(twice).toMatchObject({ ok: false, error: { code: 'duplicate-name' } });
		const noTarget = checkGameSetup({ players: PLAYERS, rules: CLASSIC, target: 0 });
		expect(noTarget).toMatchObject({ ok: false, error: { code: 'bad-target' } });
		const tournament = checkGameSetup({ players: PLAYERS, rules: TOURNAMENT, target: 400 });
		expect(tournament).toMatchObject({ ok: true, value: { target: null } });
	});

	it('keeps kids’ scoring with its own target', async () => {
		const { gameId } = await begin({ players: ['Mia', 'Tom'], rules: KIDS, target: KIDS_TARGET });
		const game = await loadGame(gameId);
		expect(game).toMatchObject({ ok: true, value: { preset: 'kids', setup: { rules: KIDS, target: 10 } } });
	});
});

describe('a classic game round after round (001 §10)', () => {
	it('adds the rounds up, opens the next round one seat on, and refuses it while a round runs', async () => {
		const { gameId, roundId } = await begin(classic(), 0);
		expect(await startNextRound(gameId, 1, 1500)).toMatchObject({
			ok: false,
			error: { code: 'round-running' }
		});
		await playStored(roundId, goingOutRound(3, 0), 2000);
		let current = await view(gameId);
		expect(current.standing.totals).toEqual([119, 30, 30]);
		expect(current.running).toBeNull();
		expect(current.nextStart).toBe(1);

		const second = await next(gameId, 1, 3000);
		current = await view(gameId);
		expect(current.running).toBe(second);
		expect(current.rounds.map((r) => r.id)).toEqual([roundId, second]);
		await playStored(second, goingOutRound(3, 1), 4000);
		current = await view(gameId);
		expect(current.standing.totals).toEqual([149, 149, 60]);
		expect(current.standing.over).toBe(false);
		expect(current.nextStart).toBe(2);
	});

	it('ends with the round in which someone reaches the target; the highest total wins', async () => {
		const { gameId, roundId } = await begin(classic(150), 0);
		await playStored(roundId, goingOutRound(3, 0), 2000);
		await playStored(await next(gameId, 1, 3000), goingOutRound(3, 1), 4000);
		// Cara opens and goes out; Anna passes 150 with her first tile, but Cara ends highest.
		const last = await next(gameId, 2, 5000);
		await playStored(last, goingOutRound(3, 2, { value: 12 }), 6000);
		const current = await view(gameId);
		expect(current.standing).toMatchObject({
			totals: [179, 179, 193],
			lastRound: 2,
			over: true,
			winners: [2]
		});
		expect(await startNextRound(gameId, 0, 7000)).toMatchObject({ ok: false, error: { code: 'game-over' } });
	});

	it('records the decision once and keeps the summary row in step with the rounds', async () => {
		const { gameId, roundId } = await begin(classic(100), 0);
		await playStored(roundId, goingOutRound(3, 0), 2000);
		const stale = await listGames();
		expect(stale.games[0]).toMatchObject({ status: 'running', totals: [0, 0, 0] });

		await refreshStaleGames(3000);
		const { games } = await listGames();
		expect(games[0]).toMatchObject({ status: 'finished', totals: [119, 30, 30], updatedAt: 2000 });
		await refreshGame(gameId, 4000);
		const finished = (await streamEvents(gameId)).filter((e) => e.type === GAME_EVENTS.finished);
		expect(finished.map((e) => e.body)).toEqual([{ totals: [119, 30, 30], winners: [0] }]);
	});
});

describe('a tournament round as a club game', () => {
	it('is over after its one round', async () => {
		const { gameId, roundId } = await begin({ players: PLAYERS, rules: TOURNAMENT, target: null }, 0);
		await playStored(roundId, goingOutRound(3, 0, { finalLap: true }), 2000);
		const current = await view(gameId);
		expect(current.standing).toMatchObject({ totals: [119, 30, 30], over: true, winners: [0] });
		expect(await startNextRound(gameId, 1, 3000)).toMatchObject({ ok: false, error: { code: 'game-over' } });
	});
});

describe('reading games back', () => {
	it('skips and counts damaged summary rows, and reports a damaged start', async () => {
		const { gameId } = await begin(classic());
		await db().games.put({
			id: 'g-old',
			createdAt: 1,
			updatedAt: 1,
			players: ['Anna'],
			preset: 'chess',
			status: 'running',
			totals: []
		});
		const { games, damaged } = await listGames();
		expect(games.map((g) => g.id)).toEqual([gameId]);
		expect(damaged).toBe(1);

		await db().events.add({
			id: 'x:1',
			device: 'x',
			seq: 1,
			stream: 'g-broken',
			kind: 'game',
			at: 1,
			type: GAME_EVENTS.started,
			body: { players: ['Anna'], rules: CLASSIC, target: 400 }
		});
		expect(await loadGame('g-broken')).toMatchObject({ ok: false, error: { code: 'damaged-game' } });
		expect(await loadGame('g-missing')).toMatchObject({ ok: false, error: { code: 'no-game' } });
	});
});
