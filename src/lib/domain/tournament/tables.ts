import { LIMITS } from '../limits';
import { fail, ok, type Problem, type Result } from '../result';
import { FORMATS, type Format } from './formats';

export { FORMATS, type Format };

/**
 * The binding table distribution of 000 §Tischverteilung: players → [3-tables, 4-tables].
 * Copied row by row from the seed; 36 is nine 4-tables, 48 is sixteen 3-tables.
 */
export const TRIOMINOS_DISTRIBUTION: Readonly<Record<number, readonly [number, number]>> = {
	6: [2, 0],
	7: [1, 1],
	8: [0, 2],
	9: [3, 0],
	10: [2, 1],
	11: [1, 2],
	12: [4, 0],
	13: [3, 1],
	14: [2, 2],
	15: [5, 0],
	16: [0, 4],
	17: [3, 2],
	18: [6, 0],
	19: [5, 1],
	20: [0, 5],
	21: [7, 0],
	22: [6, 1],
	23: [5, 2],
	24: [8, 0],
	25: [7, 1],
	26: [6, 2],
	27: [9, 0],
	28: [0, 7],
	29: [7, 2],
	30: [10, 0],
	31: [9, 1],
	32: [0, 8],
	33: [11, 0],
	34: [10, 1],
	35: [9, 2],
	36: [0, 9],
	37: [11, 1],
	38: [10, 2],
	39: [13, 0],
	40: [0, 10],
	41: [11, 2],
	42: [14, 0],
	43: [13, 1],
	44: [0, 11],
	45: [15, 0],
	46: [14, 1],
	47: [13, 2],
	48: [16, 0],
	49: [15, 1],
	50: [14, 2]
};

/** RULES.md §6 decision beyond 50: all 3s if n÷3, else all 4s if n÷4, else 3-tables plus (n mod 3) 4-tables. */
function triominosBeyond50(n: number): [number, number] {
	if (n % 3 === 0) return [n / 3, 0];
	if (n % 4 === 0) return [0, n / 4];
	const fours = n % 3;
	return [(n - 4 * fours) / 3, fours];
}

function repeat(size: number, count: number): number[] {
	return Array.from({ length: count }, () => size);
}

/** The most players a tournament seats (`LIMITS.players`); a larger count is refused at every door. */
export const MAX_TOURNAMENT_PLAYERS = LIMITS.players;

/** More players than any tournament seats; `shown` is the count as given (it may be beyond exact numbers). */
export function tooManyPlayers(shown: string): Problem {
	return { code: 'too-many-players', max: MAX_TOURNAMENT_PLAYERS, given: shown };
}

/** Why n players (0–2 or 5) cannot be seated in a format; SET asks for 6 (RULES.md §6–8). */
function tooFew(n: number, format: Format): Problem {
	return { code: 'too-few-players', players: n, format };
}

/**
 * Table sizes for n players in a format, in table order.
 * triominos: 3-tables then 4-tables (000); 3 or 4 players make a single table, which does not count as a
 * qualifier (`qualifierWarning`); swiss: 4-tables first, the 3-tables at the bottom (RULES.md §7);
 * set: ⌊n/3⌋ tables of 3, the rest spread one each (004 §2.1, sizes differ by at most one), from 6 players.
 */
export function tableSizes(n: number, format: Format): Result<number[]> {
	if (!Number.isInteger(n) || n < 0) {
		return fail({ code: 'bad-count', count: n });
	}
	if (n > MAX_TOURNAMENT_PLAYERS) return fail(tooManyPlayers(String(n)));
	switch (format) {
		case 'triominos': {
			if (n === 3 || n === 4) return ok([n]);
			if (n < 6) return fail(tooFew(n, format));
			const [threes, fours] = TRIOMINOS_DISTRIBUTION[n] ?? triominosBeyond50(n);
			return ok([...repeat(3, threes), ...repeat(4, fours)]);
		}
		case 'swiss': {
			if (n === 3) return ok([3]);
			if (n < 4 || n === 5) return fail(tooFew(n, format));
			const threes = (4 - (n % 4)) % 4;
			return ok([...repeat(4, (n - 3 * threes) / 4), ...repeat(3, threes)]);
		}
		case 'set': {
			if (n < 6) return fail(tooFew(n, format));
			const tables = Math.floor(n / 3);
			const larger = n - 3 * tables;
			return ok([...repeat(3, tables - larger), ...repeat(4, larger)]);
		}
	}
}
