import { announce, kidsAnnouncement, type Language } from '$lib/domain/announcement/announce';
import type { RoundState, Turn } from '$lib/domain/round';

/** What the table hears now: the turn in progress (its purchases so far) or the turn just finished. */
export interface SpokenTurn {
	readonly turn: Turn;
	readonly player: string;
	readonly steps: readonly string[];
	/** The turn is finished (laid or passed); otherwise only purchases were made. */
	readonly finished: boolean;
}

/** The announcement to show large: the open turn's "minus fünf, minus zehn", else the last turn's. */
export function spokenTurn(state: RoundState, lang: Language): SpokenTurn | null {
	const turn = state.turns.at(-1);
	if (!turn) return null;
	const finished = turn.lay !== null || turn.pass;
	// Kids' scoring counts figures only: the turn is announced by its points (as the command line does).
	const kids = state.setup.rules.scoring === 'kids';
	const kidsText = kidsAnnouncement(turn.score, lang);
	return {
		turn,
		player: state.setup.players[turn.seat] ?? '',
		steps: kids ? (finished ? [kidsText] : []) : announce(turn.parts, lang),
		finished
	};
}

/** The steps a new state adds to what was already said (to be spoken aloud). */
export function newSteps(before: SpokenTurn | null, after: SpokenTurn | null): readonly string[] {
	if (!after) return [];
	if (!before || before.turn.index !== after.turn.index) return after.steps;
	return after.steps.slice(before.steps.length);
}

/** The last finished turn, whose announcement the table checks. */
export function lastFinishedTurn(state: RoundState): Turn | null {
	for (let i = state.turns.length - 1; i >= 0; i--) {
		const turn = state.turns[i]!;
		if (turn.lay || turn.pass) return turn;
	}
	return null;
}
