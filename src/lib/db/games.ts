import { z } from 'zod/mini';
import { ruleOptionsSchema } from '../codecs/round';
import { gameStanding, KIDS_TARGET, type GameStanding } from '../domain/game';
import { places } from '../domain/placement';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { isFinished, startRound, type RoundState } from '../domain/round';
import { replayLog } from '../domain/roundLog';
import { CLASSIC, CLASSIC_TARGET, KIDS, TOURNAMENT, type RuleOptions } from '../domain/rules';
import { appendEvents, newId, streamEvents } from './events';
import { db } from './index';
import { createRound, loadRound } from './rounds';
import type { GameRow, RoundRow } from './schema';

/**
 * A club evening game: a stream of events ('game.started', then 'game.finished' once decided) and a
 * summary row. Its rounds are ordinary rounds with `context.gameId`; the game's totals are derived from
 * them, never written into the game's own events.
 */

/** How a club game is played: one tournament round, the classic game to 400, or kids' scoring. */
export const GAME_PRESETS = ['tournament', 'classic', 'kids'] as const;
export type GamePreset = (typeof GAME_PRESETS)[number];

export const GAME_STATUSES = ['running', 'finished'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/** Event types of a game stream. */
export const GAME_EVENTS = { started: 'game.started', finished: 'game.finished' } as const;

/** The rules of each preset. */
export const PRESET_RULES: Record<GamePreset, RuleOptions> = {
	tournament: TOURNAMENT,
	classic: CLASSIC,
	kids: KIDS
};

/** The target a new game of each preset proposes; a tournament round has none. */
export const DEFAULT_TARGET: Record<GamePreset, number | null> = {
	tournament: null,
	classic: CLASSIC_TARGET,
	kids: KIDS_TARGET
};

/** The largest target a person can set. */
export const MAX_TARGET = 10_000;

/** Which preset a game's rules belong to. */
export function presetOf(rules: RuleOptions): GamePreset {
	if (rules.preset === 'tournament') return 'tournament';
	return rules.scoring === 'kids' ? 'kids' : 'classic';
}

/** What a game is started with. */
export interface GameSetup {
	/** Names in seat order, clockwise; the same seats in every round. */
	readonly players: readonly string[];
	readonly rules: RuleOptions;
	/** Points that make the round being played the last; null for a single tournament round. */
	readonly target: number | null;
}

export const gameStartedSchema = z.object({
	players: z.array(z.string().check(z.minLength(1), z.maxLength(60))).check(z.minLength(2), z.maxLength(6)),
	rules: ruleOptionsSchema,
	target: z.nullable(z.int().check(z.gte(1), z.lte(MAX_TARGET)))
});

const gameFinishedSchema = z.object({
	totals: z.array(z.number()),
	winners: z.array(z.int().check(z.gte(0)))
});

/** A game's summary row as read back (rows may come from an older version). */
export const gameRowSchema = z.object({
	id: z.string().check(z.minLength(1)),
	createdAt: z.number(),
	updatedAt: z.number(),
	players: z.array(z.string()).check(z.minLength(2), z.maxLength(6)),
	preset: z.enum(GAME_PRESETS),
	status: z.enum(GAME_STATUSES),
	totals: z.array(z.number())
});
export type ClubGameRow = z.infer<typeof gameRowSchema>;

/** The fields of a round's summary a game reads. */
const roundRowSchema = z.object({
	id: z.string().check(z.minLength(1)),
	createdAt: z.number(),
	updatedAt: z.number(),
	status: z.string(),
	totals: z.array(z.number()),
	gameId: z.nullable(z.string())
});

/** A game as stored: its setup and when it started. */
export interface StoredGame {
	readonly id: string;
	readonly setup: GameSetup;
	readonly preset: GamePreset;
	readonly createdAt: number;
}

/** One round of a game: its summary, and the replayed state unless the round is damaged. */
export interface GameRound {
	readonly id: string;
	readonly createdAt: number;
	readonly state: RoundState | null;
	readonly problem: Problem | null;
}

/** Everything the game view shows. */
export interface GameView {
	readonly game: StoredGame;
	/** Rounds in the order they were started. */
	readonly rounds: readonly GameRound[];
	readonly standing: GameStanding;
	/** The round being played, if any. */
	readonly running: string | null;
	/** Who opens the next round by default: the seat after the last round's start player. */
	readonly nextStart: number;
	/** When the game or one of its rounds last changed. */
	readonly changedAt: number;
	/** The stored summary row (may lag behind the rounds until refreshed). */
	readonly row: ClubGameRow | null;
}

const noGame = (id: string): Problem => ({ code: 'no-game', id });

/** Checks names, player count and target; returns the setup as it will be stored (names trimmed). */
export function checkGameSetup(setup: GameSetup): Result<GameSetup> {
	const round = startRound({ rules: setup.rules, players: setup.players, start: 0 });
	if (!round.ok) return round;
	const needsTarget = setup.rules.preset !== 'tournament';
	const { target } = setup;
	if (needsTarget && (target === null || !Number.isInteger(target) || target < 1 || target > MAX_TARGET)) {
		return fail({ code: 'bad-target', max: MAX_TARGET });
	}
	return ok({ players: round.value.setup.players, rules: setup.rules, target: needsTarget ? target : null });
}

/**
 * The standing of a game: the classic game runs to its target (001 §10, the round in which someone
 * reaches it is the last); a tournament round is the whole game.
 */
export function clubStanding(setup: GameSetup, rounds: readonly RoundState[]): GameStanding {
	if (setup.target !== null) return gameStanding(setup.players, rounds, setup.target);
	const round = rounds[0];
	const totals = round ? [...round.totals] : setup.players.map(() => 0);
	const over = !!round && isFinished(round);
	const best = Math.max(...totals);
	return {
		players: setup.players,
		totals,
		lastRound: round ? 0 : null,
		over,
		winners: over ? totals.flatMap((t, seat) => (t === best ? [seat] : [])) : [],
		places: over ? places(totals) : null
	};
}

/**
 * Starts a game and its first round in one transaction; `start` is the seat that opens round 1.
 * Resolves with both ids once on disk.
 */
export async function startGame(
	setup: GameSetup,
	start: number,
	now: number = Date.now()
): Promise<Result<{ gameId: string; roundId: string }>> {
	const checked = checkGameSetup(setup);
	if (!checked.ok) return checked;
	const game = checked.value;
	const round = startRound({ rules: game.rules, players: game.players, start });
	if (!round.ok) return round;
	const gameId = newId('g');
	const database = db();
	const row: ClubGameRow = {
		id: gameId,
		createdAt: now,
		updatedAt: now,
		players: [...game.players],
		preset: presetOf(game.rules),
		status: 'running',
		totals: game.players.map(() => 0)
	};
	const roundId = await database.transaction(
		'rw',
		[database.events, database.meta, database.games, database.rounds],
		async () => {
			await appendEvents(
				gameId,
				'game',
				[{ type: GAME_EVENTS.started, body: { ...game, players: [...game.players] } }],
				() => database.games.put(row),
				[database.games],
				now
			);
			return createRound(round.value, context(gameId), now);
		}
	);
	return ok({ gameId, roundId });
}

function context(gameId: string) {
	return { gameId, tournamentId: null, round: null, table: null, startDraw: null };
}

/** Reads a game's setup from its first event, checking it. */
export async function loadGame(id: string): Promise<Result<StoredGame>> {
	const [first] = await streamEvents(id);
	if (!first) return fail(noGame(id));
	const started = gameStartedSchema.safeParse(first.body);
	if (first.type !== GAME_EVENTS.started || !started.success) {
		return fail({ code: 'damaged-game', id });
	}
	const setup: GameSetup = started.data;
	return ok({ id, setup, preset: presetOf(setup.rules), createdAt: first.at });
}

/** The summaries of a game's rounds in the order they were started; unreadable rows are skipped. */
async function roundRows(gameId: string): Promise<z.infer<typeof roundRowSchema>[]> {
	const rows: RoundRow[] = await db().rounds.where('gameId').equals(gameId).toArray();
	return rows
		.flatMap((row) => {
			const parsed = roundRowSchema.safeParse(row);
			return parsed.success ? [parsed.data] : [];
		})
		.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

/** Replays one of the game's rounds from its events. */
async function replayRound(id: string, createdAt: number): Promise<GameRound> {
	const stored = await loadRound(id);
	if (!stored.ok) return { id, createdAt, state: null, problem: stored.error };
	const replayed = replayLog(stored.value.setup, stored.value.entries);
	if (!replayed.ok) {
		// The problem alone, without the entry and action it was found at.
		const { entry: _entry, action: _action, ...problem } = replayed.error;
		return { id, createdAt, state: null, problem: problem as Problem };
	}
	return { id, createdAt, state: replayed.value.state, problem: null };
}

/** A game with its rounds replayed and its standing: everything the game view needs (read only). */
export async function loadGameView(id: string): Promise<Result<GameView>> {
	const game = await loadGame(id);
	if (!game.ok) return game;
	const rows = await roundRows(id);
	const rounds = await Promise.all(rows.map((row) => replayRound(row.id, row.createdAt)));
	const states = rounds.flatMap((r) => (r.state ? [r.state] : []));
	const standing = clubStanding(game.value.setup, states);
	const runningRound = rounds.find((r) => r.state && !isFinished(r.state));
	const lastStart = states.at(-1)?.setup.start;
	const seats = game.value.setup.players.length;
	const stored = gameRowSchema.safeParse(await db().games.get(id));
	return ok({
		game: game.value,
		rounds,
		standing,
		running: runningRound?.id ?? null,
		nextStart: lastStart === undefined ? 0 : (lastStart + 1) % seats,
		changedAt: Math.max(game.value.createdAt, ...rows.map((r) => r.updatedAt)),
		row: stored.success ? stored.data : null
	});
}

/** The summary row a game's view implies. */
function summaryOf(view: GameView): ClubGameRow {
	const { game, standing } = view;
	return {
		id: game.id,
		createdAt: game.createdAt,
		updatedAt: view.changedAt,
		players: [...game.setup.players],
		preset: game.preset,
		status: standing.over ? 'finished' : 'running',
		totals: [...standing.totals]
	};
}

/** Whether the stored summary row still matches the game's rounds. */
export function summaryIsCurrent(view: GameView): boolean {
	const row = view.row;
	const summary = summaryOf(view);
	return (
		!!row &&
		row.updatedAt === summary.updatedAt &&
		row.status === summary.status &&
		row.totals.length === summary.totals.length &&
		row.totals.every((t, i) => t === summary.totals[i])
	);
}

/**
 * Brings a game's summary row up to date with its rounds and records 'game.finished' when the game
 * has just been decided. Does nothing when the row is current; safe to call any time.
 */
export async function refreshGame(id: string, now: number = Date.now()): Promise<Result<ClubGameRow>> {
	const database = db();
	return database.transaction(
		'rw',
		[database.events, database.meta, database.games, database.rounds],
		async () => {
			const view = await loadGameView(id);
			if (!view.ok) return view;
			if (summaryIsCurrent(view.value) && view.value.row) return ok(view.value.row);
			const row = summaryOf(view.value);
			const finishedBefore = view.value.row?.status === 'finished';
			const { standing } = view.value;
			const events =
				standing.over && !finishedBefore
					? [
							{
								type: GAME_EVENTS.finished,
								body: gameFinishedSchema.parse({ totals: standing.totals, winners: standing.winners })
							}
						]
					: [];
			if (events.length > 0) {
				await appendEvents(id, 'game', events, () => database.games.put(row), [database.games], now);
			} else {
				await database.games.put(row);
			}
			return ok(row);
		}
	);
}

/**
 * Starts the game's next round with the same players in the same seats; `start` is the seat that
 * opens. Refused while a round is being played or once the game is over.
 */
export async function startNextRound(
	gameId: string,
	start: number,
	now: number = Date.now()
): Promise<Result<string>> {
	const database = db();
	return database.transaction(
		'rw',
		[database.events, database.meta, database.games, database.rounds],
		async () => {
			const view = await loadGameView(gameId);
			if (!view.ok) return view;
			const { game, standing, running } = view.value;
			if (running) {
				return fail({ code: 'round-running' });
			}
			if (standing.over) {
				return fail({ code: 'game-over' });
			}
			const round = startRound({ rules: game.setup.rules, players: game.setup.players, start });
			if (!round.ok) return round;
			const id = await createRound(round.value, context(gameId), now);
			await refreshGame(gameId, now);
			return ok(id);
		}
	);
}

/** Every game's summary, newest first, and how many rows could not be read. */
export async function listGames(): Promise<{ games: ClubGameRow[]; damaged: number }> {
	const rows: GameRow[] = await db().games.orderBy('updatedAt').reverse().toArray();
	const games: ClubGameRow[] = [];
	for (const row of rows) {
		const parsed = gameRowSchema.safeParse(row);
		if (parsed.success) games.push(parsed.data);
	}
	return { games, damaged: rows.length - games.length };
}

/** Refreshes the summaries of games whose rounds changed after the summary was written. */
export async function refreshStaleGames(now: number = Date.now()): Promise<void> {
	const database = db();
	const [games, rounds] = await Promise.all([
		database.games.toArray(),
		database.rounds.where('gameId').notEqual('').toArray()
	]);
	const latest = new Map<string, number>();
	for (const round of rounds) {
		if (round.gameId) latest.set(round.gameId, Math.max(latest.get(round.gameId) ?? 0, round.updatedAt));
	}
	for (const game of games) {
		if ((latest.get(game.id) ?? 0) > game.updatedAt) await refreshGame(game.id, now);
	}
}
