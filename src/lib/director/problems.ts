import type { Problem } from '../domain/result';

/** Why a file is not restored: what it is not, or the rule its log breaks (past a bound: `too-large`). */
export type RestoreRefusal =
	| {
			why:
				| 'already-here'
				| 'not-a-tournament-file'
				| 'not-a-backup'
				| 'round-only'
				| 'unreadable-entry'
				| 'not-json'
				| 'not-an-export'
				| 'not-text';
	  }
	/** An entry (0-based) the rules refuse. */
	| { why: 'refused-entry'; index: number; problem: Problem };

declare module '../domain/problems' {
	/** The director's desk: results typed in, ties decided, the official SET plans, a file restored. */
	interface ProblemCatalog {
		'missing-value': { player: string };
		'not-a-whole-number': { player: string };
		'play-off-order': object;
		'no-official-plan': { players: number };
		'official-plan-invalid': { players: number; errors: number };
		'restore-refused': RestoreRefusal;
	}
}
