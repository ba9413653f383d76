import { fail, ok, type Problem, type Result } from '$lib/domain/result';
import type { RoundAction, RoundSetup } from '$lib/domain/round';
import { correctTurn } from '$lib/domain/roundLog';
import type { Bonus } from '$lib/domain/rules';

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
 * The actions replacing a turn. Whether the lay is the player's last tile follows from the hand
 * count (the purchases change it), so the scorer never has to say so: both readings are tried.
 */
export function turnReplacement(
	setup: RoundSetup,
	actions: readonly RoundAction[],
	turn: number,
	edit: TurnEdit,
	wasOut: boolean
): Result<Replacement, Problem> {
	const first = actionsOf(edit, wasOut);
	const tried = correctTurn(setup, actions, turn, first);
	if (tried.ok) return ok({ turn: first, all: tried.value });
	const flip = tried.error.code === 'last-tile-unmarked' || tried.error.code === 'out-with-tiles';
	if (edit.play.kind === 'pass' || !flip) return fail(tried.error);
	const second = actionsOf(edit, !wasOut);
	const retried = correctTurn(setup, actions, turn, second);
	return retried.ok ? ok({ turn: second, all: retried.value }) : fail(retried.error);
}
