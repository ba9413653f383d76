/** A table: its players in seat order (seat 1 first). */
export type Table<P = number> = readonly P[];
/** One round: its tables in table order (table 1 first). */
export type SeatingRound<P = number> = readonly Table<P>[];
/** A seating plan: its rounds in order (round 1 first). */
export type SeatingPlan<P = number> = readonly SeatingRound<P>[];

/** Two players who sat at the same table in more than one round, and those rounds (1-based). */
export interface RepeatedPair<P = number> {
	readonly players: readonly [P, P];
	readonly rounds: readonly number[];
}

const natural = <P>(a: P, b: P): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every pair that met more than once, ordered by its players. A pair meets once per round
 * even where a faulty plan puts one of them at two tables.
 */
export function repeatedPairs<P>(plan: SeatingPlan<P>): RepeatedPair<P>[] {
	const met = new Map<P, Map<P, number[]>>();
	plan.forEach((round, r) => {
		for (const table of round) {
			for (let i = 0; i < table.length; i++) {
				for (let j = 0; j < table.length; j++) {
					const a = table[i] as P;
					const b = table[j] as P;
					if (natural(a, b) >= 0) continue;
					const rounds = met.get(a)?.get(b) ?? [];
					if (rounds.at(-1) !== r + 1) rounds.push(r + 1);
					if (!met.has(a)) met.set(a, new Map());
					met.get(a)?.set(b, rounds);
				}
			}
		}
	});
	const pairs: RepeatedPair<P>[] = [];
	for (const [a, partners] of met) {
		for (const [b, rounds] of partners) {
			if (rounds.length > 1) pairs.push({ players: [a, b], rounds });
		}
	}
	return pairs.sort((x, y) => natural(x.players[0], y.players[0]) || natural(x.players[1], y.players[1]));
}

/** Meetings beyond the first, summed over all pairs: a pair that meets three times counts two. */
export function extraMeetings<P>(pairs: readonly RepeatedPair<P>[]): number {
	return pairs.reduce((sum, pair) => sum + pair.rounds.length - 1, 0);
}
