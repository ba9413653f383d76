import type { Problem } from '../result';

/** Fewer players do not make a DM qualifier (000 §Spielregel). */
export const MIN_QUALIFIER_PLAYERS = 6;

/** One qualifier per started 9 participants: 1–9 → 1, 10–18 → 2, … (000 §Spielregel). */
export function qualifierCount(participants: number): number {
	return Math.ceil(Math.max(0, participants) / 9);
}

/** Finalists: the best 3 with up to 18 participants, the best 4 above (000 §Turnierdauer). */
export function triominosFinalSize(participants: number): number {
	return participants <= 18 ? 3 : 4;
}

/** The warning for a tournament too small to count as a qualifier, or null. */
export function qualifierWarning(participants: number): Problem | null {
	if (participants >= MIN_QUALIFIER_PLAYERS) return null;
	return { code: 'not-a-qualifier', players: participants, min: MIN_QUALIFIER_PLAYERS };
}
