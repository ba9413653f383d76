import type { SetPlanChoice } from '../codecs/tournament';
import { fail, ok, type Problem, type Result } from '../domain/result';
import {
	applyEvent,
	applySeatMoves,
	type PlayerId,
	type RoundOpened,
	type SeatMove,
	type TournamentEvent,
	type TournamentState
} from '../domain/tournament';
import { OFFICIAL_SEED_PREFIX, proposeNextRound } from './seating';

/** What a re-check found: the seed gives the recorded seating, gives it after recorded hand moves, or not. */
export const DRAW_VERDICTS = ['as-drawn', 'edited', 'differs'] as const;
export type DrawVerdict = (typeof DRAW_VERDICTS)[number];

/** One prelim round's draw, checked again from its recorded seed. */
export interface DrawCheck {
	readonly round: number;
	readonly seed: string;
	readonly verdict: DrawVerdict;
	/** The seating the seed gives by the rules, before any hand move. */
	readonly drawn: readonly (readonly PlayerId[])[];
	/** The recorded seating. */
	readonly recorded: readonly (readonly PlayerId[])[];
	/** The hand moves recorded with the round. */
	readonly moves: readonly SeatMove[];
	/** Players whose table or seat differs between the seed's seating and the recorded one. */
	readonly changed: readonly PlayerId[];
	/** Why the seed gave no seating at all (verdict 'differs'). */
	readonly problem?: Problem;
}

const same = (a: readonly (readonly PlayerId[])[], b: readonly (readonly PlayerId[])[]) =>
	JSON.stringify(a) === JSON.stringify(b);

function seatsOf(tables: readonly (readonly PlayerId[])[]): Map<PlayerId, string> {
	return new Map(tables.flatMap((table, t) => table.map((id, s) => [id, `${t}:${s}`] as const)));
}

function check(state: TournamentState, event: RoundOpened, setPlan: SetPlanChoice): DrawCheck {
	const moves = event.moves ?? [];
	// An official SET plan records its seed with a prefix; the draw was made from the seed without it.
	const seed = event.seed.startsWith(OFFICIAL_SEED_PREFIX)
		? event.seed.slice(OFFICIAL_SEED_PREFIX.length)
		: event.seed;
	const base = { round: event.round, seed: event.seed, recorded: event.tables, moves };
	const proposal = proposeNextRound(state, setPlan, seed);
	if (!proposal.ok) return { ...base, verdict: 'differs', drawn: [], changed: [], problem: proposal.error };
	const drawn = proposal.value.event.tables;
	const recorded = seatsOf(event.tables);
	const changed = [...seatsOf(drawn)].filter(([id, at]) => recorded.get(id) !== at).map(([id]) => id);
	const reproduced =
		proposal.value.event.seed === event.seed && same(applySeatMoves(drawn, moves), event.tables);
	const verdict: DrawVerdict = !reproduced ? 'differs' : moves.length ? 'edited' : 'as-drawn';
	return { ...base, verdict, drawn, changed };
}

/**
 * Re-checks recorded draws: replays the log, and at each prelim round's opening draws again from its
 * recorded seed by the rules (and the SET plan chosen), applies the recorded hand moves and compares
 * with the recorded seating. `round` limits the check to one round. Pure: the same log gives the same
 * answer on any device. Fails only when the log itself does not replay.
 */
export function recheckDraws(
	events: readonly TournamentEvent[],
	setPlan: SetPlanChoice,
	round?: number
): Result<DrawCheck[]> {
	let state: TournamentState | null = null;
	const checks: DrawCheck[] = [];
	for (const event of events) {
		if (state && event.type === 'round-opened' && (round === undefined || event.round === round)) {
			checks.push(check(state, event, setPlan));
		}
		const next = applyEvent(state, event);
		if (!next.ok) return fail(next.error);
		state = next.value;
	}
	return ok(checks);
}
