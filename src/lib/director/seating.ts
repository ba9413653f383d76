import type { SetPlanChoice } from '../codecs/tournament';
import { seededRandom, shuffled } from '../domain/random';
import { ok, type Problem, type Result } from '../domain/result';
import { OFFICIAL_SET_PLANS, type OfficialPlan } from '../domain/seating/official-set-plans';
import { officialPlanReport } from '../domain/seating/official-plans-note';
import type { PlanReport } from '../domain/seating/validate';
import {
	activePlayers,
	keepsTables,
	nextRoundSeating,
	prelimRounds,
	type PlayerId,
	type RoundOpened,
	type TournamentState
} from '../domain/tournament';

/** Seeds of rounds seated by an official SET plan start with this; the rest numbers the players. */
export const OFFICIAL_SEED_PREFIX = 'offizieller-plan:';

/** What the SET guidelines offer for this many players: the official plan and the validator's verdict. */
export interface OfficialPlanInfo {
	readonly plan: OfficialPlan;
	readonly report: PlanReport;
	/** Valid and long enough for the tournament's prelims. */
	readonly usable: boolean;
}

const reports = new Map<number, PlanReport>();

/** The official SET plan (004 §3) for a player count, checked, or null when the guidelines have none. */
export function officialPlanFor(players: number, rounds: number): OfficialPlanInfo | null {
	const plan = OFFICIAL_SET_PLANS.find((p) => p.players === players);
	if (!plan) return null;
	let report = reports.get(players);
	if (!report) {
		report = officialPlanReport(plan);
		reports.set(players, report);
	}
	return { plan, report, usable: report.valid && plan.rounds.length >= rounds };
}

/** The players of round 1 in their plan numbers (1 = first), as a seed numbers them. */
function numbering(players: readonly PlayerId[], seed: string): PlayerId[] {
	return shuffled(players, seededRandom(seed));
}

function fromPlan(plan: OfficialPlan, round: number, numbered: readonly PlayerId[]): PlayerId[][] {
	return (plan.rounds[round - 1] ?? []).map((table) => table.map((k) => numbered[k - 1] as PlayerId));
}

/** True when round 1 was seated by the official plan with this seed's numbering. */
function followsOfficialPlan(state: TournamentState): { plan: OfficialPlan; numbered: PlayerId[] } | null {
	const first = prelimRounds(state)[0];
	if (!first?.seed.startsWith(OFFICIAL_SEED_PREFIX)) return null;
	const players = first.tables.flat();
	const info = officialPlanFor(players.length, state.options.rounds);
	if (!info?.usable) return null;
	const numbered = numbering(activePlayers(state, 1), first.seed);
	const same = JSON.stringify(fromPlan(info.plan, 1, numbered)) === JSON.stringify(first.tables);
	return same ? { plan: info.plan, numbered } : null;
}

/** How the next round's seating came about, for the director's note. */
export const SEATING_METHODS = ['official', 'generated', 'draw', 'avoiding', 'kept', 'standings'] as const;
export type SeatingMethod = (typeof SEATING_METHODS)[number];

/** A proposed next round: the event to record and how it was seated. */
export interface ProposedRound {
	readonly event: Omit<RoundOpened, 'id' | 'at'>;
	readonly method: SeatingMethod;
}

/**
 * The seating of the next prelim round from a fresh seed. SET with the official plan chosen: round 1
 * numbers the players by the seed and seats them by the plan of 004 §3 when it is valid for this many
 * players; later rounds follow that plan as long as nobody has withdrawn. Everything else is the
 * engine's `nextRoundSeating`.
 */
export function proposeNextRound(
	state: TournamentState,
	setPlan: SetPlanChoice,
	seed: string
): Result<ProposedRound> {
	const done = prelimRounds(state);
	const round = done.length + 1;
	const players = activePlayers(state, round);
	if (state.format === 'set' && setPlan === 'official' && round <= state.options.rounds) {
		if (round === 1) {
			const info = officialPlanFor(players.length, state.options.rounds);
			if (info?.usable) {
				const official = `${OFFICIAL_SEED_PREFIX}${seed}`;
				const tables = fromPlan(info.plan, 1, numbering(players, official));
				return ok({ event: { type: 'round-opened', round, seed: official, tables }, method: 'official' });
			}
		} else {
			const follow = followsOfficialPlan(state);
			if (
				follow &&
				follow.numbered.every((id) => players.includes(id)) &&
				players.length === follow.numbered.length
			) {
				const tables = fromPlan(follow.plan, round, follow.numbered);
				const first = done[0]?.seed ?? seed;
				return ok({ event: { type: 'round-opened', round, seed: first, tables }, method: 'official' });
			}
		}
	}
	const seating = nextRoundSeating(state, seed);
	if (!seating.ok) return seating;
	const method: SeatingMethod = keepsTables(state.format, round)
		? 'kept'
		: state.format === 'swiss' && round > 1
			? 'standings'
			: state.format === 'set'
				? 'generated'
				: round > 1 && state.options.avoidRepeats
					? 'avoiding'
					: 'draw';
	return ok({
		event: { type: 'round-opened', round, seed: seating.value.seed, tables: seating.value.tables },
		method
	});
}

/** The places of the standings each table holds when seated by them: 4 + 3 + 3 → 1–4, 5–7, 8–10. */
export function placesByTable(
	tables: readonly (readonly PlayerId[])[]
): { table: number; first: number; last: number }[] {
	let before = 0;
	return tables.map((table, t) => {
		const first = before + 1;
		before += table.length;
		return { table: t + 1, first, last: before };
	});
}

/** One line of "Wer sitzt wo?": a player, his table and seat (1 = first in seat order). */
export interface SeatLine {
	readonly player: PlayerId;
	readonly name: string;
	readonly table: number;
	readonly seat: number;
}

/** Everyone seated at these tables, alphabetically by name (German collation). */
export function whoSitsWhere(state: TournamentState, tables: readonly (readonly PlayerId[])[]): SeatLine[] {
	return tables
		.flatMap((table, t) =>
			table.map((player, s) => ({
				player,
				name: state.players.get(player)?.name ?? player,
				table: t + 1,
				seat: s + 1
			}))
		)
		.sort((a, b) => a.name.localeCompare(b.name, 'de', { sensitivity: 'base' }) || a.table - b.table);
}

/** A fresh seed for a draw, from the platform's cryptographic random source; recorded with the draw. */
export function freshSeed(): string {
	const bytes = crypto.getRandomValues(new Uint8Array(8));
	return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The seat order of the final table, drawn from a seed. */
export function finalSeating(finalists: readonly PlayerId[], seed: string): PlayerId[] {
	return shuffled([...finalists].sort(), seededRandom(`final:${seed}`));
}

/** Why a SET draw cannot use the official plan, or null when it can. */
export function officialPlanProblem(players: number, rounds: number): Problem | null {
	const info = officialPlanFor(players, rounds);
	if (info?.usable) return null;
	if (!info) {
		return { code: 'no-official-plan', players };
	}
	return { code: 'official-plan-invalid', players, errors: info.report.errors.length };
}

/** Two players who meet again at these tables, having met in an earlier prelim round. */
export interface RepeatedMeeting {
	readonly table: number;
	readonly players: readonly [PlayerId, PlayerId];
}

/**
 * Who would meet again: pairs at the proposed tables that already sat together in an earlier prelim
 * round. The second game of a Triominos draw keeps its tables on purpose, so it is not asked about.
 */
export function repeatedMeetings(
	state: TournamentState,
	tables: readonly (readonly PlayerId[])[]
): RepeatedMeeting[] {
	const met = new Set<string>();
	const key = (a: PlayerId, b: PlayerId) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);
	for (const round of prelimRounds(state)) {
		for (const table of round.tables) {
			table.forEach((a, i) => table.slice(i + 1).forEach((b) => met.add(key(a, b))));
		}
	}
	const again: RepeatedMeeting[] = [];
	tables.forEach((table, t) =>
		table.forEach((a, i) =>
			table.slice(i + 1).forEach((b) => {
				if (met.has(key(a, b))) again.push({ table: t + 1, players: [a, b] });
			})
		)
	);
	return again;
}
