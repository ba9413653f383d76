import { seededRandom, shuffled } from '../random';
import { fail, ok, type Result } from '../result';
import { drawAvoidingRepeats, drawTables } from '../seating/draw';
import { generateSeating } from '../seating/generate';
import type { PlayerId, RoundOpened } from './events';
import { prelimRanking } from './prelim';
import { refusal } from './problems';
import { activePlayers, prelimRounds, type TournamentState } from './state';
import { tableSizes, type Format } from './tables';

type Tables = PlayerId[][];

/** A Triominos game is two rounds at the same tables: rounds 2, 4, … keep the round before's (000). */
export function keepsTables(format: Format, round: number): boolean {
	return format === 'triominos' && round % 2 === 0;
}

/**
 * Closes the gaps drop-outs leave in a seating: empty tables go, and a table left with 1 or 2 players
 * takes one from a 4-table (002 §5); with no 4-table left, its players join 3-tables instead.
 */
export function rebalance(tables: readonly (readonly PlayerId[])[]): Result<Tables> {
	const seats = tables.filter((table) => table.length > 0).map((table) => [...table]);
	for (;;) {
		const short = seats.findIndex((table) => table.length < 3);
		if (short < 0) return ok(seats);
		const table = seats[short] as PlayerId[];
		const donor = seats.findLastIndex((t, i) => i !== short && t.length === 4);
		if (donor >= 0) {
			table.push((seats[donor] as PlayerId[]).pop() as PlayerId);
			continue;
		}
		const hosts = seats.flatMap((t, i) => (i !== short && t.length === 3 ? [i] : []));
		if (hosts.length < table.length) {
			return fail({ code: 'cannot-rebalance' });
		}
		table.forEach((player, k) => (seats[hosts[k] as number] as PlayerId[]).push(player));
		seats.splice(short, 1);
	}
}

/** Players in the order they stand (swiss seating by standings: table 1 = places 1–4, …). */
function byStandings(state: TournamentState, players: readonly PlayerId[]): PlayerId[] {
	return prelimRanking(state)
		.placed.map((p) => p.entry.player)
		.filter((id) => players.includes(id));
}

function chunk(players: readonly PlayerId[], sizes: readonly number[]): Tables {
	let next = 0;
	return sizes.map((size) => players.slice(next, (next += size)));
}

/** A seating and the seed that produced it (recorded in the round-opened event). */
export interface Seating {
	readonly tables: Tables;
	readonly seed: string;
}

/** SET: the whole plan from a seed, players numbered in registration order (004 §2.1, RULES.md §8). */
function setPlan(state: TournamentState, players: readonly PlayerId[], sizes: number[], seed: string) {
	const plan = generateSeating({
		players: players.length,
		rounds: state.options.rounds,
		tableSizes: sizes,
		seed
	});
	if (!plan.ok) return plan;
	return ok(
		plan.value.rounds.map((round) => round.map((table) => table.map((k) => players[k - 1] as PlayerId)))
	);
}

const same = (a: readonly (readonly PlayerId[])[], b: readonly (readonly PlayerId[])[]) =>
	JSON.stringify(a) === JSON.stringify(b);

/**
 * The seating of the next prelim round, as the rules have it (RULES.md §6–8):
 * Triominos — a draw for rounds 1, 3, … (after round 1 avoiding earlier opponents when the option is
 * on), the same tables for the game's second round (drop-outs rebalanced);
 * swiss — round 1 by draw, later rounds by the standings, 4-tables first, start player by draw;
 * SET — one plan for all rounds with as few repeated opponents as possible, generated from round 1's
 * seed; when round 1 was seated otherwise or someone dropped out, each round is drawn avoiding earlier
 * opponents.
 */
export function nextRoundSeating(state: TournamentState, seed: string): Result<Seating> {
	const done = prelimRounds(state);
	const round = done.length + 1;
	if (round > state.options.rounds) return fail(refusal.tooManyRounds(round, state.options.rounds));
	const players = activePlayers(state, round);
	const previous = done.at(-1);
	const random = seededRandom(seed);
	const seated = (tables: Result<Tables>, used = seed): Result<Seating> =>
		tables.ok ? ok({ tables: tables.value, seed: used }) : tables;
	if (keepsTables(state.format, round) && previous) {
		const kept = previous.tables.map((table) => table.filter((id) => players.includes(id)));
		return seated(rebalance(kept), previous.seed);
	}
	const sizes = tableSizes(players.length, state.format);
	if (!sizes.ok) return sizes;
	if (state.format === 'swiss') {
		if (!previous) return seated(drawTables(players, sizes.value, random));
		return seated(
			ok(chunk(byStandings(state, players), sizes.value).map((table) => shuffled(table, random)))
		);
	}
	if (state.format === 'set') {
		const first = done[0];
		const plan = setPlan(state, players, sizes.value, first?.seed ?? seed);
		if (!plan.ok) return plan;
		if (!first || same(plan.value[0] ?? [], first.tables)) {
			return seated(ok(plan.value[round - 1] ?? []), first?.seed ?? seed);
		}
	}
	if (!previous || !state.options.avoidRepeats) return seated(drawTables(players, sizes.value, random));
	const drawn = drawAvoidingRepeats(
		players,
		sizes.value,
		done.map((r) => r.tables),
		random
	);
	return seated(drawn.ok ? ok(drawn.value.tables) : drawn);
}

/** The `round-opened` event for the next round; the caller passes id, time and a fresh seed. */
export function openNextRound(
	state: TournamentState,
	meta: { id: string; at: string; seed: string }
): Result<RoundOpened> {
	const seating = nextRoundSeating(state, meta.seed);
	if (!seating.ok) return seating;
	const { tables, seed } = seating.value;
	return ok({
		type: 'round-opened',
		id: meta.id,
		at: meta.at,
		seed,
		round: prelimRounds(state).length + 1,
		tables
	});
}
