import type { RoundState, Turn } from '$lib/domain/round';
import { formatWhole } from '$lib/domain/numbers';
import type { SheetCell } from '$lib/domain/sheet';

/** A number as the sheet writes it: a real minus sign. */
export function points(n: number): string {
	return formatWhole(n);
}

/** A number with its sign: +40, −10, 0. */
export function signed(n: number): string {
	return n > 0 ? `+${n}` : points(n);
}

/** The three columns of a cell as text: left, middle (marks and points), right. */
export interface CellText {
	readonly left: string;
	readonly marks: string;
	readonly middle: string;
	readonly total: string;
}

/**
 * A cell as on paper: left the laid value minus purchases; middle a stroke per purchase, a slash for the
 * −10 (the slash stands for it, so its −10 is not written again) and the bonus points; right the total.
 * A final-lap pass without penalty reads "passt".
 */
export function cellText(cell: SheetCell, turn: Turn | null, passedWord: string): CellText {
	const slash = cell.marks.includes('/');
	const bonus = slash ? cell.middle + 10 : cell.middle;
	const passedFree = turn !== null && turn.pass && !slash;
	return {
		// The settlement is written in the middle column only (opponents' tiles or one's own, subtracted).
		left: cell.turn === null ? '' : points(cell.left),
		marks: cell.marks,
		middle: passedFree ? passedWord : bonus !== 0 ? signed(bonus) : '',
		total: points(cell.total)
	};
}

/** The index the next (or running) turn has; null once play has ended. */
export function currentTurnIndex(state: RoundState): number | null {
	if (!state.current) return null;
	const last = state.turns.at(-1);
	return last && !last.lay && !last.pass ? last.index : state.turns.length;
}
