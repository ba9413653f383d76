import type { Format } from './tables';

/** A player's id: stable across renames; the UI makes them, the command line uses the names. */
export type PlayerId = string;

/** Per-tournament settings (RULES.md §6–8); what is not given takes the format's default. */
export interface TournamentOptions {
	/** Prelim rounds: Triominos 4 (two games of two rounds), swiss 5, SET 3 or 4. */
	readonly rounds: number;
	/** Players in the final; default Triominos 3 (≤ 18 participants) or 4, SET 5, swiss none. */
	readonly finalSize: number | null;
	/** Rounds the final plays at its one table: Triominos 2, SET 1. */
	readonly finalRounds: number;
	/** Draws after the first try to keep players apart who have met (Triominos round 3, SET). */
	readonly avoidRepeats: boolean;
	/** Registration limit: swiss 24 (002), otherwise none (null). */
	readonly maxPlayers: number | null;
}

/** One player's game result at a Triominos or swiss table: the game points he scored. */
export interface GameScore {
	readonly player: PlayerId;
	readonly points: number;
	/** He left the running game: 0 game points and last place, whatever was written down. */
	readonly left?: boolean;
}

/** One player's SET prelim result: SET points = found − false calls (004 §2.2.2). */
export interface SetScore {
	readonly player: PlayerId;
	readonly found: number;
	readonly falseCalls: number;
	readonly left?: boolean;
}

/** What a table reports for one player. */
export type Score = GameScore | SetScore;

/** Where a lot or a play-off applies: the prelim ranking or the final's. */
export const STAGES = ['prelim', 'final'] as const;
export type Stage = (typeof STAGES)[number];

interface Base {
	/** Unique within the log; an event applied twice is refused. */
	readonly id: string;
	/** When it happened (ISO 8601), passed in by the caller. */
	readonly at: string;
}

/** The tournament starts: format, name, date and options. Always the first event. */
export interface TournamentCreated extends Base {
	readonly type: 'tournament-created';
	readonly format: Format;
	readonly name: string;
	readonly date: string;
	readonly options?: Partial<TournamentOptions>;
}

/** A player joins (only before round 1 opens). */
export interface PlayerRegistered extends Base {
	readonly type: 'player-registered';
	readonly player: PlayerId;
	readonly name: string;
}

/** A player's name is corrected. */
export interface PlayerRenamed extends Base {
	readonly type: 'player-renamed';
	readonly player: PlayerId;
	readonly name: string;
}

/** A player drops out and is not seated from `fromRound` on; what he played still counts. */
export interface PlayerWithdrawn extends Base {
	readonly type: 'player-withdrawn';
	readonly player: PlayerId;
	readonly fromRound: number;
}

/** A player the director moved by hand after the draw: to the last seat of table `toTable` (1-based). */
export interface SeatMove {
	readonly player: PlayerId;
	readonly toTable: number;
}

/**
 * A prelim round starts with its seating: the seed of the draw and the tables, in seat order. When the
 * director changed the drawn seating by hand, `moves` lists the changes in order (the seed's seating
 * plus these moves gives `tables`, so a re-check knows), and `sizesConfirmed` that table sizes which
 * differ from the rules' distribution were confirmed (see `sizeWarnings`).
 */
export interface RoundOpened extends Base {
	readonly type: 'round-opened';
	readonly round: number;
	readonly seed: string;
	readonly tables: readonly (readonly PlayerId[])[];
	readonly moves?: readonly SeatMove[];
	readonly sizesConfirmed?: boolean;
}

/** A table hands in its result for a prelim round (table numbers start at 1). */
export interface TableReported extends Base {
	readonly type: 'table-reported';
	readonly round: number;
	readonly table: number;
	readonly scores: readonly Score[];
}

/** No more changes to a round without a director override (also implied by the next round opening). */
export interface RoundLocked extends Base {
	readonly type: 'round-locked';
	readonly round: number;
}

/** A reported result is replaced; on a locked round only with `override` (a director override, kept). */
export interface ResultCorrected extends Base {
	readonly type: 'result-corrected';
	readonly round: number;
	readonly table: number;
	readonly scores: readonly Score[];
	readonly reason: string;
	readonly override?: boolean;
}

/** A lot orders tied players (Triominos, swiss); `players` is the drawn order, best first. */
export interface LotDrawn extends Base {
	readonly type: 'lot-drawn';
	readonly stage: Stage;
	readonly seed: string;
	readonly players: readonly PlayerId[];
}

/** A SET play-off (first to 3 SETs, 004 §2.5.3) orders tied players, winner first. */
export interface PlayOffRecorded extends Base {
	readonly type: 'play-off-recorded';
	readonly stage: Stage;
	readonly players: readonly PlayerId[];
}

/** The final starts at one table, seat order as given; it takes the rounds after the prelims. */
export interface FinalOpened extends Base {
	readonly type: 'final-opened';
	readonly seed: string;
	readonly players: readonly PlayerId[];
}

/** The final table's result for one of its rounds (numbered on from the prelims: 5 and 6 after 4). */
export interface FinalReported extends Base {
	readonly type: 'final-reported';
	readonly round: number;
	readonly scores: readonly Score[];
}

/** Everything that can happen to a tournament; the state is a fold over a log of these. */
export type TournamentEvent =
	| TournamentCreated
	| PlayerRegistered
	| PlayerRenamed
	| PlayerWithdrawn
	| RoundOpened
	| TableReported
	| RoundLocked
	| ResultCorrected
	| LotDrawn
	| PlayOffRecorded
	| FinalOpened
	| FinalReported;

/** The event types, for parsers and exhaustive switches. */
export const EVENT_TYPES = [
	'tournament-created',
	'player-registered',
	'player-renamed',
	'player-withdrawn',
	'round-opened',
	'table-reported',
	'round-locked',
	'result-corrected',
	'lot-drawn',
	'play-off-recorded',
	'final-opened',
	'final-reported'
] as const satisfies readonly TournamentEvent['type'][];

/** The SET-style score check. */
export function isSetScore(score: Score): score is SetScore {
	return 'found' in score;
}
