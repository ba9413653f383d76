import type { Problem, ProblemOf } from '../domain/result';

/** Which part of a stored round cannot be read: its start, or the entry with this event id. */
export type DamagedPart = { readonly start: true } | { readonly entry: string };

declare module '../domain/problems' {
	/** Storage on this device: rows that cannot be read, games and tournaments not found, and the sync's own refusals. */
	interface ProblemCatalog {
		/** Storage itself failed; `detail`: what the browser said (its own words, in no particular language). */
		storage: { detail: string };
		'no-round': { id: string };
		'damaged-round': { id: string; part: DamagedPart };
		'no-game': { id: string };
		'damaged-game': { id: string };
		'bad-target': { max: number };
		'round-running': object;
		'game-over': object;
		'no-tournament': { id: string };
		/** A stored event that cannot be read (`detail`: zod's words, or its type) or that the rules refuse (`problem`). */
		'damaged-tournament': { id: string; index: number } & ({ detail: string } | { problem: Problem });
		/** A tournament's setup zod refuses; `detail`: zod's words. */
		'bad-setup': { detail: string };
		'no-name': object;
		'bad-source': object;
		'no-round-yet': object;
		'not-triominos': object;
		'scan-table-code': { round: number };
		/** "Wechsel rückgängig machen" with no key change of the players' to undo. */
		'no-key-change': object;
		/** "Turnier verlassen" on the director's own device: its tournament is not left this way. */
		'own-tournament': object;
		'not-a-tournament-round': object;
		'cannot-take': object;
	}
}

/** Why a stored round cannot be opened (round-rows.ts): the table screen shows these before anything else loads. */
export type RoundRowProblem = ProblemOf<'no-round' | 'damaged-round'>;
