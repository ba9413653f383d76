import { formatWhole } from './numbers';
import type { RoundState, Turn } from './round';

/** One cell of the paper sheet for one player (000 §Punktewertung und Aufschrieb). */
export interface SheetCell {
	/** Left column: laid points minus purchases. */
	readonly left: number;
	/** Middle column, marks: `|` per tile bought, `/` for the −10 penalty. */
	readonly marks: string;
	/** Middle column, points: bonuses, +25, opponents' tiles, the −10 the slash stands for. */
	readonly middle: number;
	/** Right column: the running total. */
	readonly total: number;
	/** The turn this cell records; null for the settlement. */
	readonly turn: number | null;
	/** The turn is still in progress (purchases so far). */
	readonly open: boolean;
	/** The turn was passed (with the −10, or free in the final lap). */
	readonly passed: boolean;
}

/** One line of the sheet: a lap (one turn per player from the start player) or the settlement. */
export interface SheetRow {
	readonly kind: 'lap' | 'settlement';
	readonly lap: number;
	/** By seat; null where the player has no turn in this lap (yet). */
	readonly cells: readonly (SheetCell | null)[];
}

/** The whole sheet of a round. */
export interface Sheet {
	readonly players: readonly string[];
	readonly rows: readonly SheetRow[];
	readonly totals: readonly number[];
}

/** The cell for a turn: left = laid value − purchases; middle = bonuses and the pass penalty. */
export function turnCell(turn: Turn, kids = false): SheetCell {
	const { draws, tile, bonuses, passPenalty } = turn.parts;
	const marks = '|'.repeat(draws) + (passPenalty < 0 ? '/' : '');
	const bonus = bonuses.reduce((a, b) => a + b, 0);
	const open = !turn.lay && !turn.pass;
	return kids
		? { left: 0, marks, middle: bonus, total: turn.total, turn: turn.index, open, passed: turn.pass }
		: {
				left: (tile ?? 0) - 5 * draws,
				marks,
				middle: bonus + (turn.pass ? passPenalty : 0),
				total: turn.total,
				turn: turn.index,
				open,
				passed: turn.pass
			};
}

/** The three-column sheet, one row per lap, then the settlement row once settled. */
export function sheetOf(state: RoundState): Sheet {
	const n = state.setup.players.length;
	const kids = state.setup.rules.scoring === 'kids';
	const rows: SheetRow[] = [];
	for (const turn of state.turns) {
		let row = rows[turn.lap];
		if (!row) {
			row = { kind: 'lap', lap: turn.lap, cells: Array.from({ length: n }, () => null) };
			rows[turn.lap] = row;
		}
		(row.cells as (SheetCell | null)[])[turn.seat] = turnCell(turn, kids);
	}
	if (state.settlement) {
		rows.push({
			kind: 'settlement',
			lap: rows.length,
			cells: state.settlement.map((points, seat) => ({
				left: 0,
				marks: '',
				middle: points,
				total: state.totals[seat] ?? 0,
				turn: null,
				open: false,
				passed: false
			}))
		});
	}
	return { players: state.setup.players, rows, totals: state.totals };
}

/** A number as the sheet writes it: a real minus sign. */
export function sheetNumber(n: number): string {
	return formatWhole(n);
}

/** A number with its sign: +40, −10, 0. */
export function signedNumber(n: number): string {
	return n > 0 ? `+${n}` : sheetNumber(n);
}

/** A cell's three columns as written: left, middle (marks, then points or the pass word), right. */
export interface CellColumns {
	readonly left: string;
	readonly marks: string;
	readonly middle: string;
	readonly total: string;
	/** The turn was passed: with the slash's −10, or free in the final lap (the middle holds the word). */
	readonly passed: boolean;
}

/**
 * How the paper sheet writes a cell — the one rendering of the app, the print view and the command
 * line (000 §Punktewertung und Aufschrieb). Left the laid value minus purchases, blank in the settlement
 * row (it is written in the middle only); middle a stroke per purchase and a slash for the −10 — the
 * slash stands for it, so the −10 is not written again — then the bonus points; a final-lap pass writes
 * the pass word instead; right the running total.
 */
export function cellColumns(cell: SheetCell, passedWord: string): CellColumns {
	const slash = cell.marks.includes('/');
	const points = slash ? cell.middle + 10 : cell.middle;
	const passedFree = cell.passed && !slash;
	return {
		left: cell.turn === null ? '' : sheetNumber(cell.left),
		marks: cell.marks,
		middle: passedFree ? passedWord : points !== 0 ? signedNumber(points) : '',
		total: sheetNumber(cell.total),
		passed: cell.passed
	};
}
