import { fail, ok, type Problem, type Result } from '../result';
import { seededRandom } from '../random';
import { tableSizes, type Format } from '../tournament/tables';
import { drawAvoidingRepeats, drawTables } from './draw';
import { generateSeating } from './generate';

/** Rounds a seating may be asked for in advance. */
export const MAX_ROUNDS = 6;

/** The seating of a format's rounds that can be drawn in advance, with its seed. */
export interface FormatSeating {
	/** Per round its tables (in the format's table order), players 1..n in seat order. */
	readonly rounds: number[][][];
	readonly seed: string;
	/** Meetings again with an opponent of an earlier draw (Triominos: rounds 1 and 2 are one draw). */
	readonly repeats: number;
	/** True when each round (SET) or draw (Triominos) reached the counting bound: none could have fewer. */
	readonly optimal: boolean;
	/**
	 * Swiss rounds after the first: seated by the standings of the round before (RULES.md §7), so not
	 * known before the results. `places` are the tables in places of the standings (table 1 = places
	 * 1–4, the 3-tables at the bottom), valid while nobody drops out; seat order is drawn at each table.
	 */
	readonly byStandings?: {
		readonly fromRound: number;
		readonly toRound: number;
		readonly places: number[][];
	};
}

const badRounds = (rounds: number): Problem => ({ code: 'bad-rounds', rounds, max: MAX_ROUNDS });

/** Tables as places of the standings: sizes in table order, places counted on (1–4, 5–8, …). */
function placesBySize(sizes: readonly number[]): number[][] {
	let next = 0;
	return sizes.map((size) => Array.from({ length: size }, () => ++next));
}

/**
 * Seating for players 1..n: SET — every round generated with as few repeated opponents as possible (004 §2.1);
 * Triominos — a draw for rounds 1+2 and a new draw for 3+4 (and 5+6) avoiding earlier opponents (000);
 * Swiss — round 1 by draw; the later rounds follow the standings (002), which no one knows before the
 * results: they come as the rule (`byStandings`), not as players.
 */
export function seatingForFormat(
	format: Format,
	players: number,
	rounds: number,
	seed: string
): Result<FormatSeating> {
	if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_ROUNDS) return fail(badRounds(rounds));
	const sizes = tableSizes(players, format);
	if (!sizes.ok) return sizes;
	if (format === 'set') {
		const plan = generateSeating({ players, rounds, tableSizes: sizes.value, seed });
		if (!plan.ok) return plan;
		const { repeats, optimal } = plan.value;
		return ok({ rounds: plan.value.rounds, seed, repeats, optimal });
	}
	const ids = Array.from({ length: players }, (_, i) => i + 1);
	const random = seededRandom(seed);
	const first = drawTables(ids, sizes.value, random);
	if (!first.ok) return first;
	if (format === 'swiss') {
		const later =
			rounds > 1 ? { byStandings: { fromRound: 2, toRound: rounds, places: placesBySize(sizes.value) } } : {};
		return ok({ rounds: [first.value], seed, repeats: 0, optimal: true, ...later });
	}
	const draws = [first.value];
	let repeats = 0;
	let optimal = true;
	while (draws.length * 2 < rounds) {
		const next = drawAvoidingRepeats(ids, sizes.value, draws, random);
		if (!next.ok) return next;
		draws.push(next.value.tables);
		repeats += next.value.repeats;
		optimal &&= next.value.repeats === next.value.lowerBound;
	}
	const perRound = draws.flatMap((draw) => [draw, draw.map((table) => [...table])]);
	return ok({ rounds: perRound.slice(0, rounds), seed, repeats, optimal });
}
