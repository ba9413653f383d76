import type { RoundProblem } from '$lib/domain/problems';
import { fail, ok, type Result } from '$lib/domain/result';
import { applyAction, type RoundSetup } from '$lib/domain/round';
import { replayLog, type LoggedRound, type RoundEntry } from '$lib/domain/roundLog';

/**
 * The round after one more entry. An action is applied to the state directly (a tap must not replay
 * the whole round); undo, corrections and claims replay the log, which stays the one definition.
 */
export function extendLog(
	setup: RoundSetup,
	entries: readonly RoundEntry[],
	round: LoggedRound,
	entry: RoundEntry
): Result<LoggedRound, RoundProblem> {
	if (entry.type === 'act') {
		const next = applyAction(round.state, entry.action);
		if (!next.ok) return next;
		return ok({
			...round,
			state: next.value,
			actions: [...round.actions, entry.action],
			undoable: round.undoable + 1
		});
	}
	const replayed = replayLog(setup, [...entries, entry]);
	return replayed.ok ? ok(replayed.value) : fail(replayed.error);
}
