import type { EventDraft } from '../db/tournaments';
import type { Problem } from '../domain/result';
import { admitEvent, applyEvent, type TournamentState } from '../domain/tournament';

/**
 * The names in a pasted list: one per line or separated by commas or semicolons; a leading list number
 * ("1. ", "12) ") and surrounding blanks are dropped, empty entries skipped.
 */
export function namesFromList(text: string): string[] {
	return text
		.split(/[\n\r,;\t]+/)
		.map((entry) =>
			entry
				.replace(/^\s*\d+[.)]\s+/, '')
				.replace(/\s+/g, ' ')
				.trim()
		)
		.filter((name) => name.length > 0);
}

/** What registering a list would do: the events for the names the rules accept, and the refused ones. */
export interface RegistrationPlan {
	readonly drafts: EventDraft[];
	readonly refused: { readonly name: string; readonly problem: Problem }[];
}

/**
 * Checks names one after the other against the tournament (and each other), as the engine will when
 * they are written: duplicates (also within the list, ignoring case), a closed registration, the player
 * limit, a name too long for the codes. `newPlayerId` makes each new player's id.
 */
export function planRegistration(
	state: TournamentState,
	names: readonly string[],
	newPlayerId: () => string
): RegistrationPlan {
	const drafts: EventDraft[] = [];
	const refused: { name: string; problem: Problem }[] = [];
	let current = state;
	for (const name of names) {
		const draft = { type: 'player-registered', player: newPlayerId(), name } as const;
		const event = { ...draft, id: `check-${drafts.length}-${refused.length}`, at: '' };
		const admitted = admitEvent(current, event);
		const next = admitted.ok ? applyEvent(current, event) : admitted;
		if (!next.ok) {
			refused.push({ name, problem: next.error });
			continue;
		}
		current = next.value;
		drafts.push(draft);
	}
	return { drafts, refused };
}
