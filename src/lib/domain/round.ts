import {
	BONUS_POINTS,
	DRAW_PENALTY,
	KIDS_ROUND_WIN,
	MAX_DRAWS,
	MAX_PLAYERS,
	MIN_PLAYERS,
	OUT_BONUS,
	PASS_PENALTY,
	TRIO_BONUS,
	ZERO_TRIO_EXTRA,
	handSize,
	initialPool,
	type Bonus,
	type RuleOptions
} from './rules';
import type { RoundProblem } from './problems';
import { fail, ok, type Result } from './result';
import { checkHands, seatName as name, settlementPoints, type Hand, type RoundEnd } from './settlement';

export { ROUND_ENDS, type Hand, type RoundEnd } from './settlement';
import { canonicalTile, formatTile, isTrio, tileValue, type Tile } from './tiles';

/** Who plays, under which rules, who opens. */
export interface RoundSetup {
	readonly rules: RuleOptions;
	/** Names in seat order, clockwise. */
	readonly players: readonly string[];
	/** Seat index of the player who opens. */
	readonly start: number;
	/** Tiles in the pool after dealing; default: set size − players × hand size. */
	readonly pool?: number;
}

/** One thing that happens at the table. A turn is 0–3 draws, then a lay or a pass. */
export type RoundAction =
	| { readonly type: 'draw' }
	| {
			readonly type: 'lay';
			/** The tile's value, 0–15. */
			readonly value: number;
			/** The tile's numbers when known (required for the classic trio bonus). */
			readonly tile: Tile | null;
			readonly bonus: Bonus | null;
			/** It was the player's last tile. */
			readonly out: boolean;
	  }
	| { readonly type: 'pass' }
	/** The hands left at the end, by seat; null where a player holds nothing. */
	| { readonly type: 'settle'; readonly hands: readonly (Hand | null)[] };

/** The parts of a turn that its announcement names (RULES.md §3). */
export interface TurnParts {
	readonly draws: number;
	readonly tile: number | null;
	readonly bonuses: readonly number[];
	readonly pass: boolean;
	readonly passPenalty: 0 | -10;
}

/** A turn as it stands: finished, or in progress (no lay or pass yet). */
export interface Turn {
	/** 0-based turn number within the round. */
	readonly index: number;
	readonly seat: number;
	/** 0-based lap, counted from the round's start player. */
	readonly lap: number;
	readonly finalLap: boolean;
	readonly draws: number;
	readonly lay: Extract<RoundAction, { type: 'lay' }> | null;
	readonly pass: boolean;
	readonly parts: TurnParts;
	/** Points of the turn: laid value, bonuses, +25 for going out, purchases and penalty. */
	readonly score: number;
	/** The player's running total after the turn. */
	readonly total: number;
}

export const PHASES = ['play', 'finalLap', 'settle', 'over'] as const;
export type Phase = (typeof PHASES)[number];

/** Everything the table knows about a round. Derived from the setup and the actions, never edited. */
export interface RoundState {
	readonly setup: RoundSetup & { readonly pool: number };
	readonly phase: Phase;
	readonly end: RoundEnd | null;
	/** Finished turns, then the turn in progress (if any draws were made). */
	readonly turns: readonly Turn[];
	/** The seat to act and its purchases so far; null once play has ended. */
	readonly current: { readonly seat: number; readonly draws: number } | null;
	/** Tiles in each hand, by seat. */
	readonly hands: readonly number[];
	readonly pool: number;
	/** Running totals by seat: every finished turn, the purchases of the turn in progress, the settlement. */
	readonly totals: readonly number[];
	readonly firstOut: number | null;
	/** Turns still owed in the final lap. */
	readonly finalLapLeft: number;
	/** Consecutive penalty passes made on an empty pool. */
	readonly emptyPoolPasses: number;
	/** Points each seat received or lost in the settlement; null until settled. */
	readonly settlement: readonly number[] | null;
	readonly handsLeft: readonly (Hand | null)[] | null;
	/** Canonical keys of every tile named by its numbers so far (a tile exists once). */
	readonly namedTiles: readonly string[];
}

/** Starts a round; rejects impossible setups. */
export function startRound(setup: RoundSetup): Result<RoundState, RoundProblem> {
	const { players, start, rules } = setup;
	if (players.length < MIN_PLAYERS || players.length > MAX_PLAYERS) {
		return fail({ code: 'player-count', count: players.length });
	}
	const names = players.map((p) => p.trim());
	if (names.some((n) => n === '')) {
		return fail({ code: 'empty-name', at: 'table' });
	}
	// A line break cannot stand in a one-line record (docs/NOTATION.md) nor on one line of the sheet.
	const broken = names.find((n) => /[\p{Cc}\p{Zl}\p{Zp}]/u.test(n));
	if (broken !== undefined) {
		return fail({ code: 'bad-name', name: broken.replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, '␣') });
	}
	const twice = names.find((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) !== i);
	if (twice) {
		return fail({ code: 'duplicate-name', name: twice, at: 'table' });
	}
	if (!Number.isInteger(start) || start < 0 || start >= players.length) {
		return fail({ code: 'bad-start' });
	}
	const maxPool = initialPool(players.length, rules.tiles);
	const pool = setup.pool ?? maxPool;
	if (!Number.isInteger(pool) || pool < 0 || pool > maxPool) {
		return fail({ code: 'bad-pool', pool, max: maxPool });
	}
	const n = players.length;
	return ok({
		setup: { ...setup, players: names, pool },
		phase: 'play',
		end: null,
		turns: [],
		current: { seat: start, draws: 0 },
		hands: Array.from({ length: n }, () => handSize(n)),
		pool,
		totals: Array.from({ length: n }, () => 0),
		firstOut: null,
		finalLapLeft: 0,
		emptyPoolPasses: 0,
		settlement: null,
		handsLeft: null,
		namedTiles: []
	});
}

/** The number of turns completed so far. */
function finishedTurns(state: RoundState): number {
	const last = state.turns.at(-1);
	return last && (last.lay || last.pass) ? state.turns.length : state.turns.length - (last ? 1 : 0);
}

function seatOf(state: RoundState, index: number): number {
	return (state.setup.start + index) % state.setup.players.length;
}

/** The turn in progress with the given purchases and outcome. */
function buildTurn(
	state: RoundState,
	draws: number,
	lay: Turn['lay'],
	pass: boolean,
	passPenalty: 0 | -10,
	bonuses: number[]
): Turn {
	const index = finishedTurns(state);
	const seat = seatOf(state, index);
	const kids = state.setup.rules.scoring === 'kids';
	const parts: TurnParts = { draws, tile: lay ? lay.value : null, bonuses, pass, passPenalty };
	const score = kids
		? bonuses.reduce((a, b) => a + b, 0)
		: DRAW_PENALTY * draws + (lay?.value ?? 0) + bonuses.reduce((a, b) => a + b, 0) + passPenalty;
	// The running total keeps the purchases of the turn in progress; count from before the turn.
	const open = state.turns.at(-1);
	const before = open && !open.lay && !open.pass ? open.total - open.score : (state.totals[seat] ?? 0);
	return {
		index,
		seat,
		lap: Math.floor(index / state.setup.players.length),
		finalLap: state.phase === 'finalLap',
		draws,
		lay,
		pass,
		parts,
		score,
		total: before + score
	};
}

/** Replaces the in-progress turn (if any) by `turn`. */
function withTurn(state: RoundState, turn: Turn): readonly Turn[] {
	const last = state.turns.at(-1);
	const open = last && !last.lay && !last.pass;
	return open ? [...state.turns.slice(0, -1), turn] : [...state.turns, turn];
}

function replaceAt<T>(list: readonly T[], index: number, value: T): T[] {
	return list.map((item, i) => (i === index ? value : item));
}

/** What the current player may do now; the table screen offers only these. */
export interface LegalActions {
	readonly seat: number | null;
	readonly draw: boolean;
	readonly lay: boolean;
	/** Any lay now is the player's last tile. */
	readonly lastTile: boolean;
	readonly bonus: boolean;
	readonly pass: boolean;
	/** What a pass would cost now (−10, or 0 in the final lap). */
	readonly passPenalty: 0 | -10;
	readonly settle: boolean;
}

export function legalActions(state: RoundState): LegalActions {
	const none: LegalActions = {
		seat: null,
		draw: false,
		lay: false,
		lastTile: false,
		bonus: false,
		pass: false,
		passPenalty: 0,
		settle: state.phase === 'settle'
	};
	const current = state.current;
	if (!current || (state.phase !== 'play' && state.phase !== 'finalLap')) return none;
	const finalLap = state.phase === 'finalLap';
	const held = state.hands[current.seat] ?? 0;
	return {
		seat: current.seat,
		draw: !finalLap && current.draws < MAX_DRAWS && state.pool > 0,
		lay: held > 0,
		lastTile: held === 1,
		bonus: state.turns.some((t) => t.lay),
		pass: finalLap || current.draws === MAX_DRAWS || state.pool === 0,
		passPenalty: finalLap ? 0 : PASS_PENALTY,
		settle: false
	};
}

function draw(state: RoundState): Result<RoundState, RoundProblem> {
	const current = state.current!;
	const who = name(state, current.seat);
	if (state.phase === 'finalLap') {
		return fail({ code: 'draw-final-lap', player: who });
	}
	if (current.draws >= MAX_DRAWS) {
		return fail({ code: 'fourth-draw', player: who });
	}
	if (state.pool === 0) {
		return fail({ code: 'empty-pool', player: who });
	}
	const draws = current.draws + 1;
	const turn = buildTurn(state, draws, null, false, 0, []);
	return ok({
		...state,
		turns: withTurn(state, turn),
		current: { seat: current.seat, draws },
		// The sheet's running total shows each purchase at once (000 §Punktewertung: "minus fünf, minus zehn").
		totals: replaceAt(state.totals, current.seat, turn.total),
		pool: state.pool - 1,
		hands: replaceAt(state.hands, current.seat, (state.hands[current.seat] ?? 0) + 1)
	});
}

/** Moves on to the next turn, or to the settlement when nothing is owed. */
function advance(state: RoundState, turn: Turn): RoundState {
	const nextSeat = seatOf(state, turn.index + 1);
	return { ...state, current: { seat: nextSeat, draws: 0 } };
}

function finishPlay(state: RoundState, end: RoundEnd): RoundState {
	const kidsOut = end === 'out' && state.setup.rules.scoring === 'kids';
	return { ...state, end, current: null, phase: kidsOut ? 'over' : 'settle' };
}

type Lay = Extract<RoundAction, { type: 'lay' }>;

/** The laid tile's value and, when named, the tile itself: the tiles named so far with it. */
function checkTile(state: RoundState, action: Lay): Result<readonly string[], RoundProblem> {
	if (!Number.isInteger(action.value) || action.value < 0 || action.value > 15) {
		return fail({ code: 'bad-value', value: action.value });
	}
	if (!action.tile) return ok(state.namedTiles);
	if (tileValue(action.tile) !== action.value) {
		return fail({
			code: 'value-mismatch',
			tile: formatTile(action.tile),
			worth: tileValue(action.tile),
			value: action.value
		});
	}
	const key = formatTile(canonicalTile(action.tile, state.setup.rules.tiles));
	if (state.namedTiles.includes(key)) {
		return fail({ code: 'tile-twice', tile: key, at: 'laid' });
	}
	return ok([...state.namedTiles, key]);
}

/** The tiles the player holds before laying: at least one, and "out" exactly on the last. */
function checkHeld(state: RoundState, seat: number, action: Lay): Result<number, RoundProblem> {
	const who = name(state, seat);
	const held = state.hands[seat] ?? 0;
	if (held === 0) {
		return fail({ code: 'no-tiles', player: who });
	}
	const lastTile = held === 1;
	if (action.out && !lastTile) {
		return fail({ code: 'out-with-tiles', player: who, held });
	}
	if (!action.out && lastTile) {
		return fail({ code: 'last-tile-unmarked', player: who });
	}
	return ok(held);
}

/** The bonuses a lay earns: the shape it makes, a trio opening (classic), going out first. */
function layBonuses(
	state: RoundState,
	action: Lay,
	opening: boolean,
	goesOutFirst: boolean
): Result<number[], RoundProblem> {
	const { rules } = state.setup;
	if (opening && action.bonus) {
		return fail({ code: 'opening-bonus' });
	}
	const bonuses: number[] = [];
	if (action.bonus) bonuses.push(BONUS_POINTS[rules.scoring][action.bonus]);
	if (
		opening &&
		rules.preset === 'classic' &&
		rules.scoring === 'standard' &&
		action.tile &&
		isTrio(action.tile)
	) {
		bonuses.push(TRIO_BONUS + (action.value === 0 ? ZERO_TRIO_EXTRA : 0));
	}
	if (goesOutFirst) bonuses.push(rules.scoring === 'kids' ? KIDS_ROUND_WIN : OUT_BONUS);
	return ok(bonuses);
}

/** Where the round goes after the first player went out: over (classic) or a final lap (000 §Spielende). */
function afterFirstOut(state: RoundState, laid: RoundState, turn: Turn, seat: number): RoundState {
	if (state.setup.rules.preset === 'classic') return { ...finishPlay(laid, 'out'), firstOut: seat };
	// 000 §Spielende: everyone who has not yet played in this lap lays once more.
	const n = state.setup.players.length;
	const owed = n - 1 - (turn.index % n);
	const out: RoundState = { ...laid, firstOut: seat, end: 'out' };
	return owed > 0 ? { ...advance(out, turn), phase: 'finalLap', finalLapLeft: owed } : finishPlay(out, 'out');
}

function lay(state: RoundState, action: Lay): Result<RoundState, RoundProblem> {
	const current = state.current!;
	const namedTiles = checkTile(state, action);
	if (!namedTiles.ok) return namedTiles;
	const held = checkHeld(state, current.seat, action);
	if (!held.ok) return held;
	const opening = !state.turns.some((t) => t.lay);
	const goesOutFirst = action.out && state.firstOut === null;
	const bonuses = layBonuses(state, action, opening, goesOutFirst);
	if (!bonuses.ok) return bonuses;

	const turn = buildTurn(state, current.draws, action, false, 0, bonuses.value);
	const laid: RoundState = {
		...state,
		turns: withTurn(state, turn),
		hands: replaceAt(state.hands, current.seat, held.value - 1),
		totals: replaceAt(state.totals, current.seat, turn.total),
		emptyPoolPasses: 0,
		namedTiles: namedTiles.value
	};
	if (state.phase === 'finalLap') return closeFinalLapTurn(laid, turn);
	if (goesOutFirst) return ok(afterFirstOut(state, laid, turn, current.seat));
	return ok(advance(laid, turn));
}

function closeFinalLapTurn(state: RoundState, turn: Turn): Result<RoundState, RoundProblem> {
	const left = state.finalLapLeft - 1;
	if (left > 0) return ok({ ...advance(state, turn), finalLapLeft: left });
	return ok({ ...finishPlay(state, 'out'), finalLapLeft: 0 });
}

function pass(state: RoundState): Result<RoundState, RoundProblem> {
	const current = state.current!;
	const who = name(state, current.seat);
	if (state.phase === 'finalLap') {
		// RULES.md §2 decision: a player who cannot or will not lay in the final lap scores 0.
		const turn = buildTurn(state, 0, null, true, 0, []);
		return closeFinalLapTurn({ ...state, turns: withTurn(state, turn) }, turn);
	}
	if (current.draws < MAX_DRAWS && state.pool > 0) {
		return fail({ code: 'early-pass', player: who, draws: current.draws });
	}
	const turn = buildTurn(state, current.draws, null, true, PASS_PENALTY, []);
	const emptyPoolPasses = state.pool === 0 ? state.emptyPoolPasses + 1 : 0;
	const passed: RoundState = {
		...state,
		turns: withTurn(state, turn),
		totals: replaceAt(state.totals, current.seat, turn.total),
		emptyPoolPasses
	};
	// 000 §Vorzeitiges Spielende / 001 §9: pool empty, then every player in a row passed.
	if (emptyPoolPasses >= state.setup.players.length) {
		return ok(finishPlay(passed, state.setup.rules.preset === 'classic' ? 'blocked' : 'early'));
	}
	return ok(advance(passed, turn));
}

function settle(state: RoundState, hands: readonly (Hand | null)[]): Result<RoundState, RoundProblem> {
	const checked = checkHands(state, hands);
	if (!checked.ok) return checked;
	const settlement = settlementPoints(state, checked.value);
	return ok({
		...state,
		phase: 'over',
		settlement,
		handsLeft: hands,
		totals: state.totals.map((t, seat) => t + (settlement[seat] ?? 0))
	});
}

/** Applies one action; a rule violation comes back as a Problem and the state is unchanged. */
export function applyAction(state: RoundState, action: RoundAction): Result<RoundState, RoundProblem> {
	if (action.type === 'settle') {
		if (state.phase === 'over' && state.settlement === null && state.end === 'out') {
			return settle(state, action.hands); // kids' scoring: hands are optional after going out
		}
		if (state.phase !== 'settle') {
			return fail({ code: 'settle-early', settled: state.phase === 'over' });
		}
		return settle(state, action.hands);
	}
	if (!state.current) {
		return fail({ code: 'round-over' });
	}
	switch (action.type) {
		case 'draw':
			return draw(state);
		case 'lay':
			return lay(state, action);
		case 'pass':
			return pass(state);
	}
}

/** A rule violation at a given action. */
export type ActionProblem = RoundProblem & { readonly action: number };

/** Plays a whole list of actions from the setup. */
export function playRound(
	setup: RoundSetup,
	actions: readonly RoundAction[]
): Result<RoundState, ActionProblem> {
	const started = startRound(setup);
	if (!started.ok) return fail({ ...started.error, action: -1 });
	let state = started.value;
	for (const [i, action] of actions.entries()) {
		const next = applyAction(state, action);
		if (!next.ok) return fail({ ...next.error, action: i });
		state = next.value;
	}
	return ok(state);
}

/** The round is over and settled (or needs no settlement). */
export function isFinished(state: RoundState): boolean {
	return state.phase === 'over';
}
