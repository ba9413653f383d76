import { appendRoundEntry, loadRound } from './rounds';
import { replayLog } from '../domain/roundLog';
import { applyAction, type RoundAction, type RoundState } from '../domain/round';
import { handSize } from '../domain/rules';

/** Test support: plays actions into a stored round, entry by entry, as the sheet screen would. */
export async function playStored(
	roundId: string,
	actions: readonly RoundAction[],
	now = 1
): Promise<RoundState> {
	const stored = await loadRound(roundId);
	if (!stored.ok) throw new Error(JSON.stringify(stored.error));
	const replayed = replayLog(stored.value.setup, stored.value.entries);
	if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
	let state = replayed.value.state;
	for (const action of actions) {
		const next = applyAction(state, action);
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		state = next.value;
		await appendRoundEntry(roundId, { type: 'act', action }, state, now);
	}
	return state;
}

const lay = (value: number, bonus: 'hexagon' | null = null, out = false): RoundAction => ({
	type: 'lay',
	value,
	tile: null,
	bonus,
	out
});

/**
 * A whole round in which the start player goes out: he lays `value` every turn (with a hexagon from
 * his second tile on when `hexagons`), everyone else lays 5; the others keep one tile worth `left`
 * (under tournament rules they pass in the final lap: `finalLap`; kids' scoring needs no `settle`).
 * Under classic standard scoring the start player ends with value × hand + 50 × (hand − 1 when
 * hexagons) + 25 + left × (players − 1); the others with 5 × (hand − 1).
 */
export function goingOutRound(
	players: number,
	start: number,
	options: { value?: number; hexagons?: boolean; left?: number; settle?: boolean; finalLap?: boolean } = {}
): RoundAction[] {
	const { value = 10, hexagons = false, left = 12, settle = true, finalLap = false } = options;
	const hand = handSize(players);
	const actions: RoundAction[] = [];
	for (let tile = 0; tile < hand; tile++) {
		actions.push(lay(value, hexagons && tile > 0 ? 'hexagon' : null, tile === hand - 1));
		if (tile < hand - 1) for (let other = 1; other < players; other++) actions.push(lay(5));
	}
	// Tournament rules: the others pass their final-lap turn.
	if (finalLap) for (let other = 1; other < players; other++) actions.push({ type: 'pass' });
	if (settle) {
		const hands = Array.from({ length: players }, (_, seat) =>
			seat === start ? null : { sum: left, tiles: null }
		);
		actions.push({ type: 'settle', hands });
	}
	return actions;
}
