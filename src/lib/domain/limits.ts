/**
 * The one set of bounds every door checks: registration, `.trn` import, scanned codes, files, stored rows
 * and the command line. A value inside these bounds can always be stored, shown, encoded and opened again;
 * a value outside them is refused at the door with its reason, and nothing is stored.
 */
export const LIMITS = {
	/** Characters of a player's name: short enough that every table and standings code still fits. */
	nameLength: 60,
	/** Players of one tournament. */
	players: 2000,
	/** Events one file or code may carry (a tournament file: its log and every round's events). */
	eventsPerFile: 20_000,
	/** Bytes of one file's or code's decoded body. */
	bodyBytes: 4_000_000,
	/** Nesting depth of one event body. */
	bodyDepth: 16
} as const;
