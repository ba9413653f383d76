import type { PlayerId, Score, SeatMove, Stage, TournamentOptions } from './events';
import type { Format } from './tables';

/** A registered player; `withdrawnFrom` is the first round he is no longer seated in. */
export interface Player {
	readonly id: PlayerId;
	readonly name: string;
	readonly withdrawnFrom: number | null;
}

/** A replaced result, kept in the record with its reason. */
export interface Correction {
	readonly eventId: string;
	readonly at: string;
	readonly reason: string;
	/** The round was locked: a director override. */
	readonly override: boolean;
	readonly previous: readonly Score[];
}

/** What one table reported, in the end, and how it got there. */
export interface TableResult {
	readonly scores: readonly Score[];
	readonly corrections: readonly Correction[];
}

/** A round: its seating (seat order per table) and the results so far. */
export interface Round {
	readonly number: number;
	readonly stage: Stage;
	readonly seed: string;
	readonly tables: readonly (readonly PlayerId[])[];
	/** By table index; undefined until the table reports. */
	readonly results: readonly (TableResult | undefined)[];
	readonly locked: boolean;
	/** Players the director moved by hand after the draw (recorded with the round; none for the final). */
	readonly moves: readonly SeatMove[];
}

/** A recorded lot or play-off: the order it gave, best first. */
export interface Decision {
	readonly eventId: string;
	readonly kind: 'lot' | 'playOff';
	readonly stage: Stage;
	readonly seed: string | null;
	readonly players: readonly PlayerId[];
}

/** Everything the log says so far. Standings, seating and the final are computed from it. */
export interface TournamentState {
	readonly format: Format;
	readonly name: string;
	readonly date: string;
	readonly options: TournamentOptions;
	readonly players: ReadonlyMap<PlayerId, Player>;
	/** Prelim rounds first, then the final's rounds. */
	readonly rounds: readonly Round[];
	readonly decisions: readonly Decision[];
	/** Ids of the applied events. */
	readonly seen: SeenIds;
}

/**
 * The ids of applied events. Each state sees the first `size` ids of a record it shares with the states
 * after it, so applying an event appends one id instead of copying them all (a replay of n events stays
 * linear); a state that is not the newest on its record copies the ids it sees before it appends.
 */
export class SeenIds {
	readonly #order: Map<string, number>;
	readonly size: number;

	constructor(order = new Map<string, number>(), size = 0) {
		this.#order = order;
		this.size = size;
	}

	has(id: string): boolean {
		const index = this.#order.get(id);
		return index !== undefined && index < this.size;
	}

	/** These ids and one more. */
	with(id: string): SeenIds {
		const order =
			this.#order.size === this.size
				? this.#order
				: new Map([...this.#order].filter(([, index]) => index < this.size));
		order.set(id, this.size);
		return new SeenIds(order, this.size + 1);
	}
}

/** The defaults of RULES.md §6–8 for a format. */
export function defaultOptions(format: Format): TournamentOptions {
	return {
		rounds: format === 'triominos' ? 4 : format === 'swiss' ? 5 : 3,
		finalSize: null,
		finalRounds: format === 'set' ? 1 : 2,
		avoidRepeats: format !== 'swiss',
		maxPlayers: format === 'swiss' ? 24 : null
	};
}

/** The prelim rounds opened so far. */
export function prelimRounds(state: TournamentState): readonly Round[] {
	return state.rounds.filter((round) => round.stage === 'prelim');
}

/** The final's rounds, empty until it opens. */
export function finalRounds(state: TournamentState): readonly Round[] {
	return state.rounds.filter((round) => round.stage === 'final');
}

/** Players still playing in a round (not withdrawn before it), in registration order. */
export function activePlayers(state: TournamentState, round: number): PlayerId[] {
	return [...state.players.values()]
		.filter((player) => player.withdrawnFrom === null || player.withdrawnFrom > round)
		.map((player) => player.id);
}

/** True when every table of the round has reported. */
export function isComplete(round: Round): boolean {
	return round.results.every((result) => result !== undefined);
}
