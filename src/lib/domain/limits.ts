/**
 * The one set of bounds every door checks: registration, `.trn` import, scanned codes, files, stored rows
 * and the command line. A value inside these bounds can always be stored, shown, encoded and opened again;
 * a value outside them is refused at the door with its reason, and nothing is stored.
 */
export const LIMITS = {
	/** Characters of a player's name: short enough that every table and standings code still fits. */
	nameLength: 60,
	/** Characters of the name a tablet chose for itself ("Tablet 3 (blau)"): it travels in every result code. */
	tabletName: 30,
	/** Players of one tournament. */
	players: 2000,
	/** Prelim rounds a tournament may be set to, and rounds of its final (its options, RULES.md §6–8). */
	prelimRounds: 20,
	finalRounds: 6,
	/** Events one file or code may carry (a tournament file: its log and every round's events). */
	eventsPerFile: 20_000,
	/** Events of one table's round (a result code, each round in a tournament file). */
	eventsPerRound: 5000,
	/**
	 * Bytes of one file's or code's decoded body (a tournament file's payload, its log as JSON, an
	 * export's log): a log of 2,000 players over 20 rounds takes 5.7 MB, and 20,000 events about 10 MB.
	 */
	bodyBytes: 16_000_000,
	/** Nesting depth of one event body. */
	bodyDepth: 16,
	/**
	 * Values (each number, string, list and object) of the JSON one file holds where it is read: a log of
	 * 20,000 events holds about 700,000. JSON.parse of a million empty objects takes some 64 MB.
	 */
	jsonValues: 1_000_000,
	/**
	 * Bytes of a file read as a tournament's file (a backup, an export, a result file): its size is checked
	 * before it is read. An export repeats its log in the standings' words: 2,000 players over 20 rounds make
	 * 42 MB (`codecs/json-walk.ts` walks what a reader does not keep, and builds nothing of it).
	 */
	fileBytes: 64_000_000,
	/** Bytes of one round's record (`.trn`): a round of 76 tiles takes a few kilobytes. */
	recordBytes: 1_000_000,
	/**
	 * Game points of one player in one game, either sign (SET: SETs found, and false calls, each).
	 * What the rules let a game score, with room to spare:
	 * - Triominos, one round (RULES.md §2, `limits.test.ts` works it out from `tiles.ts` and `rules.ts`):
	 *   at most every tile's value (56 set: 420, 76 set: 570), a 70 bonus on every tile, +25 for going
	 *   out and the classic opening's +40: 4,405 and 5,955. At least −5 for every tile bought, −10 for
	 *   every pass (after three purchases: a third of the tiles; on an empty pool: once per tile laid,
	 *   and once more, for a second pass in a row by everyone ends the round) and the whole set in hand:
	 *   −1,450 and −1,970.
	 * - Kingdomino (002): a kingdom of 5 × 5 has 24 land squares with at most 3 crowns each, and a
	 *   property scores squares × crowns: at most 24 × 72 + 10 (middle) + 5 (harmony) = 1,743.
	 * - SET (004): 81 cards make at most 27 SETs.
	 * Sums over a tournament's rounds (20 at most, and the final's 6) stay far inside every code's numbers.
	 */
	gamePoints: 10_000
} as const;

/**
 * The highest round number of any tournament: its prelim rounds and its final's. A code that names a later
 * round (or the standings after one) comes from no director: a tablet refuses it (`beyond-tournament`).
 */
export const MAX_ROUND = LIMITS.prelimRounds + LIMITS.finalRounds;

/**
 * The highest revision (length of the director's log) a code may name: a log longer than one file holds
 * could not be backed up either.
 */
export const MAX_REVISION = LIMITS.eventsPerFile;

/** Tables of one round within `LIMITS.players`: everyone at a table of 3, the smallest there is. */
export const TABLES_PER_ROUND = Math.ceil(LIMITS.players / 3);
