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
		? { left: 0, marks, middle: bonus, total: turn.total, turn: turn.index, open }
		: {
				left: (tile ?? 0) - 5 * draws,
				marks,
				middle: bonus + (turn.pass ? passPenalty : 0),
				total: turn.total,
				turn: turn.index,
				open
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
				open: false
			}))
		});
	}
	return { players: state.setup.players, rows, totals: state.totals };
}
