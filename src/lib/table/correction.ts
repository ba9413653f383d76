import { fail, ok, type Result } from '$lib/domain/result';
import { playRound, type ActionProblem, type RoundAction, type RoundSetup } from '$lib/domain/round';
import { correctTurn, turnOfActions } from '$lib/domain/roundLog';
import type { Bonus } from '$lib/domain/rules';
import type { TableScreenProblem } from './problems';

/** A whole turn as the correction dialog edits it. */
export interface TurnEdit {
	readonly draws: number;
	readonly play:
		| { readonly kind: 'lay'; readonly value: number; readonly bonus: Bonus | null }
		| { readonly kind: 'pass' };
}

function actionsOf(edit: TurnEdit, out: boolean): RoundAction[] {
	const actions: RoundAction[] = Array.from({ length: edit.draws }, () => ({ type: 'draw' as const }));
	if (edit.play.kind === 'pass') actions.push({ type: 'pass' });
	else actions.push({ type: 'lay', value: edit.play.value, tile: null, bonus: edit.play.bonus, out });
	return actions;
}

/** A checked correction: the turn's new actions, and all actions of the round with them in place. */
export interface Replacement {
	readonly turn: RoundAction[];
	readonly all: RoundAction[];
}

/**
 * The rules' objection, with what was tried and where the round objects (its text says what to do
 * instead): a correction may break a later turn (one more purchase, and the later "last tile" is not the
 * last one).
 */
function explained(
	setup: RoundSetup,
	actions: readonly RoundAction[],
	turn: number,
	edit: TurnEdit,
	error: ActionProblem
): TableScreenProblem {
	const played = playRound(setup, actions);
	const turns = turnOfActions(setup, actions);
	const at = (index: number) => {
		const found = played.ok ? played.value.turns[index] : undefined;
		return { player: setup.players[found?.seat ?? -1] ?? '', lap: (found?.lap ?? 0) + 1 };
	};
	const edited = at(turn);
	const replaced = edit.draws + 1;
	const span = turns.ok ? turns.value.lastIndexOf(turn) - turns.value.indexOf(turn) + 1 : 0;
	const later =
		turns.ok && error.action >= turns.value.indexOf(turn) + replaced
			? turns.value[error.action - replaced + span]
			: undefined;
	return {
		code: 'correction-refused',
		draws: edit.draws,
		lay: edit.play.kind === 'lay' ? edit.play.value : null,
		...edited,
		later: typeof later === 'number' && later !== turn ? at(later) : null,
		problem: error
	};
}

/**
 * The actions replacing a turn. Whether the lay is the player's last tile follows from the hand
 * count (the purchases change it), so the scorer never has to say so: both readings of the edited
 * lay are tried. An objection is explained (what was tried, what to do instead).
 */
export function turnReplacement(
	setup: RoundSetup,
	actions: readonly RoundAction[],
	turn: number,
	edit: TurnEdit,
	wasOut: boolean
): Result<Replacement, TableScreenProblem> {
	const first = actionsOf(edit, wasOut);
	const tried = correctTurn(setup, actions, turn, first);
	if (tried.ok) return ok({ turn: first, all: tried.value });
	const turns = turnOfActions(setup, actions);
	// Only an objection to the edited lay itself is about its reading; a later turn's is not.
	const atLay = turns.ok && tried.error.action === turns.value.indexOf(turn) + edit.draws;
	const flip = tried.error.code === 'last-tile-unmarked' || tried.error.code === 'out-with-tiles';
	if (edit.play.kind === 'pass' || !flip || !atLay)
		return fail(explained(setup, actions, turn, edit, tried.error));
	const second = actionsOf(edit, !wasOut);
	const retried = correctTurn(setup, actions, turn, second);
	return retried.ok
		? ok({ turn: second, all: retried.value })
		: fail(explained(setup, actions, turn, edit, retried.error));
}
