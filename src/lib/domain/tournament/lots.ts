import { seededRandom, shuffled } from '../random';
import type { LotDrawn, PlayerId, Stage } from './events';
import type { Decision, TournamentState } from './state';

/** The order a seeded lot gives to these players, best first; the same seed always gives the same order. */
export function drawLot(players: readonly PlayerId[], seed: string): PlayerId[] {
	return shuffled([...players].sort(), seededRandom(`lot:${seed}`));
}

/** A `lot-drawn` event for a tie the standings list as undecided; the caller passes id, time and seed. */
export function lotEvent(
	players: readonly PlayerId[],
	stage: Stage,
	meta: { id: string; at: string; seed: string }
): LotDrawn {
	return { type: 'lot-drawn', ...meta, stage, players: drawLot(players, meta.seed) };
}

/**
 * How a group of tied players is ordered by a recorded lot or play-off: the latest one of the stage
 * that includes every member of the group decides it all; lots over only part of a group do not count
 * (so a later tie that grew after a correction needs a new lot). Null while undecided.
 */
export function decidedOrder(
	state: TournamentState,
	stage: Stage,
	group: readonly PlayerId[]
): { order: PlayerId[]; decision: Decision } | null {
	const members = new Set(group);
	for (let i = state.decisions.length - 1; i >= 0; i--) {
		const decision = state.decisions[i] as Decision;
		if (decision.stage !== stage) continue;
		const drawn = new Set(decision.players);
		if (group.every((id) => drawn.has(id))) {
			return { order: decision.players.filter((id) => members.has(id)), decision };
		}
	}
	return null;
}
