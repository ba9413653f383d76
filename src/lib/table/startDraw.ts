/**
 * The tournament start draw (000 §Startspieler): everyone draws a tile, the highest value opens;
 * players tied on top draw again, only they, until one is alone on top.
 * A draw round is a list by seat: the value drawn, or null for a player who does not draw in it.
 */
export type DrawRound = readonly (number | null)[];

/** Where the draw stands: someone still has to draw, or the start player is found. */
export type DrawStatus =
	| {
			readonly kind: 'drawing';
			readonly round: number;
			readonly seats: readonly number[];
			readonly next: number | null;
	  }
	| { readonly kind: 'decided'; readonly start: number };

/** Who draws in round `index` of the draw, given the rounds before it. */
function drawersOf(players: number, rounds: readonly DrawRound[], index: number): number[] {
	let seats = Array.from({ length: players }, (_, seat) => seat);
	for (let r = 0; r < index; r++) {
		const values = seats.map((seat) => rounds[r]?.[seat] ?? -1);
		const top = Math.max(...values);
		seats = seats.filter((_, i) => values[i] === top);
	}
	return seats;
}

/** The state of the draw after the values entered so far. */
export function drawStatus(players: number, rounds: readonly DrawRound[]): DrawStatus {
	for (let index = 0; ; index++) {
		const seats = drawersOf(players, rounds, index);
		if (seats.length === 1 && index > 0) return { kind: 'decided', start: seats[0]! };
		const round = rounds[index];
		const missing = seats.filter((seat) => round?.[seat] === null || round?.[seat] === undefined);
		if (missing.length > 0 || !round) {
			return { kind: 'drawing', round: index, seats, next: missing[0] ?? null };
		}
		const top = Math.max(...seats.map((seat) => round[seat] ?? -1));
		const leaders = seats.filter((seat) => round[seat] === top);
		if (leaders.length === 1) return { kind: 'decided', start: leaders[0]! };
	}
}

/** Enters `value` for `seat` in draw round `round`; later rounds are dropped (they depended on it). */
export function enterDraw(
	players: number,
	rounds: readonly DrawRound[],
	round: number,
	seat: number,
	value: number
): DrawRound[] {
	const kept = rounds.slice(0, round + 1).map((r) => [...r]);
	while (kept.length <= round) kept.push(Array.from({ length: players }, () => null));
	kept[round]![seat] = value;
	return kept;
}
