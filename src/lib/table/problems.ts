import type { RoundProblem } from '../domain/problems';
import type { ProblemOf } from '../domain/result';
import type { RoundRowProblem } from '../db/problems';

declare module '../domain/problems' {
	/** The table screen's own problems: the round closed, a write that failed, a correction refused. */
	interface ProblemCatalog {
		'round-confirmed': object;
		/** A write failed (`detail`: the browser's words); `takenBack`: the tap was taken off the sheet. */
		'save-failed': { detail: string; takenBack: boolean };
		'not-finished': object;
		/**
		 * A correction the rules refuse, told as what was tried (`draws`, then a lay of `lay`, or a pass:
		 * null) for the player in that lap; `later`: the later turn it breaks, if it is not this one.
		 */
		'correction-refused': {
			draws: number;
			lay: number | null;
			player: string;
			lap: number;
			later: { readonly player: string; readonly lap: number } | null;
			problem: RoundProblem;
		};
	}
}

/** Every problem the table screen shows: the round's, its own, and why a stored round cannot open. */
export type TableScreenProblem =
	| RoundProblem
	| RoundRowProblem
	| ProblemOf<'round-confirmed' | 'save-failed' | 'not-finished' | 'correction-refused'>;
