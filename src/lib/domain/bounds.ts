import { LIMITS } from './limits';
import type { BoundsProblems, ScoreField, SizeBound } from './problems';
import type { ProblemIn } from './result';
import { isSetScore, type PlayerId, type Score, type TournamentEvent } from './tournament/events';
import type { Player, TournamentState } from './tournament/state';

/** A name or game points beyond `LIMITS`. */
export type BoundsProblem = ProblemIn<BoundsProblems>;
/** A player's name longer than `LIMITS.nameLength` (as stored: trimmed), or null. */
export function nameBeyondLimit(name: string): BoundsProblem | null {
	const length = name.trim().length;
	if (length <= LIMITS.nameLength) return null;
	return { code: 'name-too-long', name: name.trim(), length, max: LIMITS.nameLength };
}

/**
 * Game points (SET: SETs found, false calls) outside ±`LIMITS.gamePoints`, or not a whole number, or
 * null. `field` names the number, `who` the player.
 */
export function gamePointsBeyondLimit(
	points: number,
	who: string,
	field: ScoreField = 'points'
): BoundsProblem | null {
	if (Number.isSafeInteger(points) && Math.abs(points) <= LIMITS.gamePoints) return null;
	return { code: 'game-points-beyond-limit', player: who, points, field, max: LIMITS.gamePoints };
}

/**
 * What a director adds to a tournament's log now, beyond the bounds (a name, a score); null within them.
 * (The number of players is the engine's own rule: `reducer.ts`.) Stored logs are replayed as they are, so a tournament stored before a bound
 * keeps loading: this is checked only where an event comes in.
 */
export function tournamentEventBeyondBounds(
	state: TournamentState,
	event: TournamentEvent
): BoundsProblem | null {
	switch (event.type) {
		case 'player-registered':
		case 'player-renamed':
			return nameBeyondLimit(event.name);
		case 'table-reported':
		case 'result-corrected':
		case 'final-reported':
			return scoresBeyondLimit(event.scores, (id) => state.players.get(id)?.name ?? id);
		default:
			return null;
	}
}

/** The first score beyond `LIMITS.gamePoints`, or null. */
export function scoresBeyondLimit(
	scores: readonly Score[],
	name: (id: PlayerId) => string
): BoundsProblem | null {
	for (const score of scores) {
		const who = name(score.player);
		const beyond = isSetScore(score)
			? (gamePointsBeyondLimit(score.found, who, 'found') ??
				gamePointsBeyondLimit(score.falseCalls, who, 'falseCalls'))
			: gamePointsBeyondLimit(score.points, who);
		if (beyond) return beyond;
	}
	return null;
}

/**
 * A name as the codes carry it. A tournament stored before `LIMITS.nameLength` may hold longer names:
 * they are cut to fit and end in "…", so every table and standings code still reads on the tablets
 * (the desk asks the director to rename them: `namesTooLongForCodes`).
 */
export function nameForCodes(name: string): string {
	return name.length <= LIMITS.nameLength ? name : `${name.slice(0, LIMITS.nameLength - 1)}…`;
}

/** The players whose names are longer than the codes carry (stored before the limit): to be renamed. */
export function namesTooLongForCodes(state: TournamentState): Player[] {
	return [...state.players.values()].filter((player) => player.name.length > LIMITS.nameLength);
}

/**
 * A tournament's current names and results beyond the bounds, or null: what a file may leave after it is
 * merged. Its history may hold a longer name since renamed (stored by a version before the limit).
 */
export function stateBeyondBounds(state: TournamentState): BoundsProblem | null {
	for (const player of state.players.values()) {
		const beyond = nameBeyondLimit(player.name);
		if (beyond) return beyond;
	}
	return resultsBeyondBounds(state);
}

/** The first current result beyond `LIMITS.gamePoints` (stored before the bound), or null. */
export function resultsBeyondBounds(state: TournamentState): BoundsProblem | null {
	const name = (id: PlayerId) => state.players.get(id)?.name ?? id;
	for (const round of state.rounds) {
		for (const result of round.results) {
			const beyond = result ? scoresBeyondLimit(result.scores, name) : null;
			if (beyond) return beyond;
		}
	}
	return null;
}

/**
 * Raised by a reader at the first element past a bound of `LIMITS` (its bytes, nesting, events, JSON
 * values), before it builds anything more; the door refuses the file or code with `problem`.
 */
export class BeyondBounds extends Error {
	constructor(
		readonly what: SizeBound,
		readonly limit: number
	) {
		super(`more than ${limit} (${what})`);
	}

	get problem(): BoundsProblem {
		return { code: 'too-large', what: this.what, limit: this.limit };
	}
}

/**
 * What one file or code may still hold while it is read: its events (a log's, and every round's) and
 * its JSON values, shared by all its parts, so that the reader stops at the first one past the bound.
 */
export class Allowance {
	#events: number;
	#values: number;

	constructor(
		readonly limits: { readonly events: number; readonly values: number } = {
			events: LIMITS.eventsPerFile,
			values: LIMITS.jsonValues
		}
	) {
		this.#events = limits.events;
		this.#values = limits.values;
	}

	/** Takes `count` events; past the bound, raises `BeyondBounds`. */
	events(count: number): void {
		this.#events -= count;
		if (this.#events < 0) throw new BeyondBounds('events', this.limits.events);
	}

	/** Takes `count` JSON values; past the bound, raises `BeyondBounds`. */
	values(count: number): void {
		this.#values -= count;
		if (this.#values < 0) throw new BeyondBounds('values', this.limits.values);
	}
}

/** A file of `size` bytes past `limit`: refused by its size, before a byte of it is read; else null. */
export function bytesBeyond(size: number, limit: number): BoundsProblem | null {
	return size > limit ? { code: 'too-large', what: 'bytes', limit } : null;
}
