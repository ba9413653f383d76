import type { Format } from './tournament/formats';

// The domain's problems: each code with the plain data its text needs. The texts are in lib/i18n/problems/.

/** Where at the tournament a problem is: a round, a table in it, or the final; null: nowhere in particular. */
export type Place = { readonly round: number; readonly table?: number } | { readonly final: true } | null;

/** Names at a table (a round, a club game) and at the registration. */
export interface NameProblems {
	'empty-name': { at: 'table' | 'registration' };
	'duplicate-name': { name: string; at: 'table' | 'registration' };
}

/** A round at the table: its setup, each action, the hands at the end, undo and corrections (round.ts, settlement.ts, roundLog.ts, tiles.ts). */
export interface RoundProblems extends NameProblems {
	'player-count': { count: number };
	/** The name as shown: line breaks and control characters replaced by ␣. */
	'bad-name': { name: string };
	'bad-start': object;
	'bad-pool': { pool: number; max: number };
	'draw-final-lap': { player: string };
	'fourth-draw': { player: string };
	'empty-pool': { player: string };
	'bad-value': { value: number };
	'value-mismatch': { tile: string; worth: number; value: number };
	/** A tile named twice: laid twice, or again in a hand at the end. */
	'tile-twice': { tile: string; at: 'laid' | 'hands' };
	'no-tiles': { player: string };
	'out-with-tiles': { player: string; held: number };
	'last-tile-unmarked': { player: string };
	'opening-bonus': object;
	'early-pass': { player: string; draws: number };
	'settle-early': { settled: boolean };
	'round-over': object;
	'hands-count': { players: number };
	'hand-missing': { player: string; held: number };
	'hand-size': { player: string; held: number; given: number };
	'hand-sum': { player: string; held: number; sum: number; min: number; max: number };
	'no-such-turn': object;
	'incomplete-correction': object;
	'nothing-to-undo': object;
	'bad-tile': { text: string };
	'bad-tile-number': { text: string };
}

/** Reading a `.trn` record (notation/). */
export interface NotationProblems {
	/** A record longer than `LIMITS.recordBytes`: refused before a line is read. */
	'record-too-large': { max: number };
	'open-quote': object;
	'after-quote': { name: string; rest: string };
	'empty-turn': { player: string };
	'too-many-draws': { player: string; draws: number };
	'after-pass': { rest: string };
	'no-such-value': { value: number };
	'draw-after': object;
	/** A word that is no part of a turn: at its start, or after the tile. */
	'bad-token': { token: string; after: 'start' | 'tile' };
	'two-bonuses': object;
	'bonus-after-out': object;
	'hands-player': { entry: string };
	'hands-twice': { player: string };
	'hands-empty': { player: string };
	/** A tile in a hand that cannot be read (`problem`: why). */
	'hands-token': { player: string; problem: Problem };
	'bad-rules': { rules: string };
	'bad-tiles': { tiles: string };
	'bad-scoring': { scoring: string };
	'kids-tournament': object;
	'no-players': object;
	'reserved-name': { name: string };
	'start-not-listed': { start: string };
	'pool-not-a-count': { pool: string };
	'no-colon': { statement: string };
	'late-header': { key: string };
	'header-twice': { key: string };
	'after-hands': object;
	'open-turn': { player: string };
	'unknown-key': { key: string; players: readonly string[] };
	/** A turn after the round's end; `settle`: only the hands are still missing. */
	'turn-after-end': { player: string; settle: boolean };
	'out-of-turn': { player: string; expected: string };
}

/** What a player announced, read and checked against the turn (announcement/). */
export interface AnnouncementProblems {
	'number-missing': { after: string | null };
	'number-out-of-range': { said: string; max: number };
	'number-unreadable': { word: string };
	'announcement-number-too-large': { said: string; max: number };
	'announcement-unreadable-word': { word: string };
	'announcement-number-missing': { word: string };
	'announcement-empty': object;
	'announcement-too-many': { said: string; previous: string };
	'announcement-pass-after-tile': { said: string };
	'announcement-bonus-without-tile': { said: string };
	'announcement-result-without-turn': { said: string };
	'result-wrong': { said: number; score: number };
	'pass-total-wrong': { draws: number; said: number; expected: number };
	'purchase-missing': { said: number; draws: number; missing: readonly number[] };
	'purchase-step-wrong': { draw: number; said: number; expected: number };
	'tile-out-of-range': { value: number; max: number };
	'bonus-unknown': { value: number };
	'bonus-twice': { value: number };
	'draws-mismatch': { said: number; bought: number };
	/** `said`: a pass was announced (but none made); else the pass is missing. */
	'pass-mismatch': { said: boolean };
	'pass-penalty-mismatch': { said: number; expected: number };
	'tile-mismatch': { said: number | null; laid: number | null };
	'bonus-mismatch': { said: readonly number[]; expected: readonly number[]; tile: number | null };
	'total-mismatch': { said: number; expected: number };
}

/** Why a table size is not allowed, from the rules behind the expected sizes (seating-rules.ts), or the plan's own count. */
export type DistributionRule = 'plan' | 'kept' | 'binding' | 'swiss' | 'set';

/** Why a seating request cannot be met (generate.ts). */
export type SeatingRequestFault =
	| { fault: 'players'; players: number }
	| { fault: 'rounds'; rounds: number }
	| { fault: 'lists'; lists: number; rounds: number }
	| { fault: 'table-size'; round: number; sizes: readonly number[] }
	| { fault: 'seats'; round: number; seats: number; players: number };

/** Seating plans: drawn, generated, validated (seating/), and the sizes the rules give (tournament/seating-rules.ts). */
export interface SeatingProblems {
	'drawn-twice': { players: readonly string[] };
	'bad-rounds': { rounds: number; max: number };
	'bad-seating-request': SeatingRequestFault;
	'not-a-player': { round: number; table: number; player: number; count: number };
	'plan-seated-twice': { round: number; player: number; tables: readonly number[] };
	missing: { round: number; players: readonly number[] };
	'table-too-small': { round: number; table: number; size: number };
	'size-not-allowed': {
		round: number;
		table: number;
		size: number;
		format: Format;
		min: number;
		max: number;
	};
	/** Table sizes that differ by more than one; `expected`: the sizes SET gives instead (null: a plan checked on its own). */
	'sizes-uneven': { round: number; least: number; most: number; expected: readonly number[] | null };
	'not-the-distribution': {
		round: number;
		sizes: readonly number[];
		expected: readonly number[];
		count: number;
		rule: DistributionRule;
	};
	'repeated-opponents': { players: readonly [number, number]; rounds: readonly number[] };
	/** `known`: the fewest repeats of a known plan, and whether these could have been avoided. */
	'repeats-total': {
		extra: number;
		lowerBound: number;
		known: { readonly minimum: number; readonly avoidable: boolean } | null;
	};
	'bad-count': { count: number };
	'no-rounds': object;
	'plan-seats-too-many': {
		seats: number;
		players: number;
		numbers: readonly number[];
		rounds: readonly number[];
	};
	'cannot-rebalance': object;
	'bad-move': { round: number; player: string; toTable: number };
	'sizes-unconfirmed': { warnings: readonly Problem[] };
}

/** What is wrong with one score (checks.ts). */
export type ScoreFault =
	| { fault: 'not-whole'; field: ScoreField; value: number; nonNegative: boolean }
	| { fault: 'set-needs-counts' }
	| { fault: 'points-here' };

/** The numbers of a score: game points, or SET's sets found and false calls. */
export type ScoreField = 'points' | 'found' | 'falseCalls';

/** Names and game points beyond `LIMITS` (bounds.ts): at the table's record, the desk and the command line. */
/** What of a file or code passes a bound of `LIMITS`: its bytes, its nesting, its events, its JSON values. */
export type SizeBound = 'bytes' | 'depth' | 'events' | 'values';

export interface BoundsProblems {
	'name-too-long': { name: string; length: number; max: number };
	/** A file or code past a bound of `LIMITS`, refused at the first element beyond it. */
	'too-large': { what: SizeBound; limit: number };
	'game-points-beyond-limit': { player: string; points: number; field: ScoreField; max: number };
}

/** Why a lot or play-off cannot be recorded (reducer.ts). */
export type DecisionFault = 'lot-at-set' | 'play-off-not-set' | 'too-few';

/** Why the final cannot open yet (reducer.ts). */
export type FinalFault =
	| { fault: 'running' }
	| { fault: 'prelims'; started: number; rounds: number }
	| { fault: 'undecided'; players: readonly string[]; format: Format };

/** A tournament's event log, its players, formats and bounds (tournament/, bounds.ts). */
export interface TournamentProblems extends NameProblems {
	'not-created': object;
	'already-created': object;
	'duplicate-event': { id: string };
	'bad-option': { name: string; value: string };
	'duplicate-player': { id: string };
	'registration-closed': object;
	/** More players than allowed: `given` the count asked for, beyond the most any tournament seats; null: beyond the tournament's own maximum. */
	'too-many-players': { max: number; given: string | null };
	'unknown-player': { id: string; at: Place };
	'player-withdrawn': { id: string; round: number };
	'already-withdrawn': { id: string };
	'withdraw-too-late': { round: number };
	'wrong-round': { round: number; expected: number };
	'too-many-rounds': { round: number; rounds: number };
	'round-incomplete': { round: number; tables: readonly number[] };
	'table-size': { size: number; round: number; table: number; min: number; max: number };
	'seated-twice': { id: string; at: Place };
	'not-seated': { id: string; at: Place };
	'round-not-opened': { round: number };
	'no-such-table': { round: number; table: number };
	'round-locked': { round: number };
	'already-locked': { round: number };
	'already-reported': { round: number; table: number };
	'not-reported': { round: number; table: number };
	'not-at-table': { id: string; at: Place };
	'missing-score': { id: string; at: Place };
	'bad-score': { id: string; at: Place } & ScoreFault;
	'no-reason': object;
	'bad-decision': { fault: DecisionFault };
	'no-final': object;
	'final-not-ready': FinalFault;
	'final-not-opened': object;
	'final-round': { round: number };
	'too-few-players': { players: number; format: Format };
	'not-a-qualifier': { players: number; min: number };
	/** A fraction too large to write exactly into a code or file (its parts in decimal: they are bigints). */
	'fraction-too-large': { num: string; den: string; max: string };
}

/** A problem of a round at the table: what the table screen shows as the round is played. */
export type RoundProblem = ProblemIn<RoundProblems>;

/** A problem of a `.trn` record: how it is written, the round's rules, a name beyond the bound. */
export type RecordProblem = ProblemIn<NotationProblems & RoundProblems & BoundsProblems>;

/** A problem of an announcement: unreadable, or what it says wrong. */
export type AnnouncementProblem = ProblemIn<AnnouncementProblems>;

/**
 * Every problem's parameters, by its code. The domain's codes are in this file; each layer above adds
 * its own in its `problems.ts` (`declare module` into this interface), so `Problem` is the union of every
 * layer's problems without the domain importing any of them. Their German and English texts are in
 * `lib/i18n/problems/`, one for every code: a code without a text does not compile.
 */
export interface ProblemCatalog
	extends
		RoundProblems,
		NotationProblems,
		AnnouncementProblems,
		SeatingProblems,
		TournamentProblems,
		BoundsProblems {}

/** A code that names a problem. */
export type ProblemCode = keyof ProblemCatalog;

/** The problems of the given codes: each its code and the plain data its text needs (numbers, names, a wrapped problem). */
export type ProblemOf<C extends ProblemCode> = C extends ProblemCode
	? { readonly code: C } & Readonly<ProblemCatalog[C]>
	: never;

/** A rule violation or a bad input: a stable code and its parameters; no text (that is `lib/i18n`'s). */
export type Problem = ProblemOf<ProblemCode>;

/** The problems of one catalog (a part of the domain's, say): a screen that shows only these loads only their texts. */
export type ProblemIn<Catalog> = ProblemOf<keyof Catalog & ProblemCode>;
