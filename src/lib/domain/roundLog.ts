import type { RoundProblem } from './problems';
import { fail, ok, type Result } from './result';
import {
	applyAction,
	playRound,
	startRound,
	type ActionProblem,
	type RoundAction,
	type RoundSetup,
	type RoundState
} from './round';

/**
 * What the scorer does to a round, as logged: an action, an undo, a correction the table agreed on,
 * or the outcome of an announcement check. Nothing is ever overwritten; the round is a fold of these.
 */
export type RoundEntry =
	| { readonly type: 'act'; readonly action: RoundAction }
	/** Takes back the latest act or correction still in effect. */
	| { readonly type: 'undo' }
	/** Replaces the actions of an earlier turn (or the settlement: turn = 'hands'). */
	| {
			readonly type: 'correct';
			readonly turn: number | 'hands';
			readonly actions: readonly RoundAction[];
			readonly reason: string;
	  }
	/** What the player announced for a turn, and whether the table accepted a mismatch. */
	| {
			readonly type: 'claim';
			readonly turn: number;
			readonly text: string;
			readonly consistent: boolean;
			readonly resolution: 'matched' | 'accepted' | 'corrected';
	  };

/** The round a log describes, with the actions in effect and each turn's claims. */
export interface LoggedRound {
	readonly state: RoundState;
	readonly actions: readonly RoundAction[];
	readonly claims: ReadonlyMap<number, Extract<RoundEntry, { type: 'claim' }>>;
	/** How many acts/corrections could be undone now. */
	readonly undoable: number;
	/** Turns that were corrected, with the reasons. */
	readonly corrections: readonly { turn: number | 'hands'; reason: string }[];
}

/** For each action, the turn it belongs to (settlement: 'hands'). */
export function turnOfActions(
	setup: RoundSetup,
	actions: readonly RoundAction[]
): Result<(number | 'hands')[], RoundProblem> {
	const started = startRound(setup);
	if (!started.ok) return started;
	let state = started.value;
	const turns: (number | 'hands')[] = [];
	for (const action of actions) {
		if (action.type === 'settle') turns.push('hands');
		else {
			const open = state.turns.at(-1);
			turns.push(open && !open.lay && !open.pass ? open.index : state.turns.length);
		}
		const next = applyAction(state, action);
		if (!next.ok) return next;
		state = next.value;
	}
	return ok(turns);
}

/** A whole turn: draws then one lay or pass; or exactly one settlement. */
function isWholeTurn(turn: number | 'hands', actions: readonly RoundAction[]): boolean {
	if (turn === 'hands') return actions.length === 1 && actions[0]?.type === 'settle';
	const end = actions.at(-1);
	return (
		!!end &&
		(end.type === 'lay' || end.type === 'pass') &&
		actions.slice(0, -1).every((a) => a.type === 'draw')
	);
}

/** The actions with turn `turn`'s actions replaced, checked against the rules. */
export function correctTurn(
	setup: RoundSetup,
	actions: readonly RoundAction[],
	turn: number | 'hands',
	replacement: readonly RoundAction[]
): Result<RoundAction[], ActionProblem> {
	const turns = turnOfActions(setup, actions);
	if (!turns.ok) return fail({ ...turns.error, action: -1 });
	const first = turns.value.indexOf(turn);
	if (first < 0) {
		return fail({
			code: 'no-such-turn',
			action: -1
		});
	}
	if (!isWholeTurn(turn, replacement)) {
		return fail({
			code: 'incomplete-correction',
			action: -1
		});
	}
	const last = turns.value.lastIndexOf(turn);
	const corrected = [...actions.slice(0, first), ...replacement, ...actions.slice(last + 1)];
	const replayed = playRound(setup, corrected);
	return replayed.ok ? ok(corrected) : fail(replayed.error);
}

/** Folds a log into the round; an entry the rules refuse is reported with its position. */
export function replayLog(
	setup: RoundSetup,
	entries: readonly RoundEntry[]
): Result<LoggedRound, ActionProblem & { entry: number }> {
	const started = startRound(setup);
	if (!started.ok) return fail({ ...started.error, action: -1, entry: -1 });
	let state = started.value;
	let actions: RoundAction[] = [];
	const history: { actions: RoundAction[]; state: RoundState; correction: boolean }[] = [];
	const claims = new Map<number, Extract<RoundEntry, { type: 'claim' }>>();
	let corrections: { turn: number | 'hands'; reason: string }[] = [];
	for (const [entry, item] of entries.entries()) {
		if (item.type === 'act') {
			const next = applyAction(state, item.action);
			if (!next.ok) return fail({ ...next.error, action: actions.length, entry });
			history.push({ actions, state, correction: false });
			actions = [...actions, item.action];
			state = next.value;
		} else if (item.type === 'undo') {
			const previous = history.pop();
			if (!previous) {
				return fail({
					code: 'nothing-to-undo',
					action: -1,
					entry
				});
			}
			if (previous.correction) corrections = corrections.slice(0, -1);
			({ actions, state } = previous);
		} else if (item.type === 'correct') {
			const corrected = correctTurn(setup, actions, item.turn, item.actions);
			if (!corrected.ok) return fail({ ...corrected.error, entry });
			const replayed = playRound(setup, corrected.value);
			if (!replayed.ok) return fail({ ...replayed.error, entry });
			history.push({ actions, state, correction: true });
			actions = corrected.value;
			state = replayed.value;
			corrections = [...corrections, { turn: item.turn, reason: item.reason }];
		} else {
			claims.set(item.turn, item);
		}
	}
	// A claim belongs to a turn that is still played; an undone turn takes its claim with it.
	const played = state.turns.filter((t) => t.lay || t.pass).length;
	for (const turn of claims.keys()) if (turn >= played) claims.delete(turn);
	return ok({ state, actions, claims, undoable: history.length, corrections });
}
