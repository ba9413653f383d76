import { CLASSIC_TARGET } from './rules';
import { places } from './placement';
import { isFinished, type RoundState } from './round';

/** The classic game: round after round until someone reaches the target (001 §10). */
export interface GameStanding {
	readonly players: readonly string[];
	/** Game totals by seat over all finished rounds (and the running one). */
	readonly totals: readonly number[];
	/** Someone reached the target: the round in which that happened is the last. */
	readonly lastRound: number | null;
	readonly over: boolean;
	/** Seats with the highest total once the game is over. */
	readonly winners: readonly number[];
	readonly places: readonly number[] | null;
}

/** Kids' scoring has no 400; its default target (configurable). */
export const KIDS_TARGET = 10;

/**
 * Game totals across rounds, all with the same players in the same seats. The round in which a
 * running total first reaches the target — even mid-round — is played to its end and is the last;
 * the highest total then wins (it need not be the player who reached the target first). Rounds
 * after the last one are not part of the game and are not counted.
 */
export function gameStanding(
	players: readonly string[],
	rounds: readonly RoundState[],
	target = CLASSIC_TARGET
): GameStanding {
	const totals = players.map(() => 0);
	let lastRound: number | null = null;
	for (const [r, round] of rounds.entries()) {
		if (lastRound !== null) break;
		const base = [...totals];
		for (const turn of round.turns) {
			if (lastRound === null && base[turn.seat]! + turn.total >= target) lastRound = r;
		}
		round.totals.forEach((t, seat) => {
			totals[seat] = base[seat]! + t;
			if (lastRound === null && totals[seat]! >= target) lastRound = r;
		});
	}
	const finalRound = lastRound === null ? undefined : rounds[lastRound];
	const over = !!finalRound && isFinished(finalRound);
	const best = Math.max(...totals);
	return {
		players,
		totals,
		lastRound,
		over,
		winners: over ? totals.flatMap((t, seat) => (t === best ? [seat] : [])) : [],
		places: over ? places(totals) : null
	};
}
