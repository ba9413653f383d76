import type { RoundState } from '$lib/domain/round';

/** Numbers as the sheet writes them (one rendering with the print view and the command line). */
export { sheetNumber as points, signedNumber as signed } from '$lib/domain/sheet';

/** The index the next (or running) turn has; null once play has ended. */
export function currentTurnIndex(state: RoundState): number | null {
	if (!state.current) return null;
	const last = state.turns.at(-1);
	return last && !last.lay && !last.pass ? last.index : state.turns.length;
}
