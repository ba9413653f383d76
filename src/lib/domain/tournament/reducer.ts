import { LIMITS } from '../limits';
import { fail, ok, type Problem, type Result } from '../result';
import { checkScores, checkSeating } from './checks';
import type {
	FinalOpened,
	FinalReported,
	LotDrawn,
	PlayerId,
	PlayOffRecorded,
	ResultCorrected,
	RoundOpened,
	TableReported,
	TournamentCreated,
	TournamentEvent,
	TournamentOptions
} from './events';
import { finalCut } from './final';
import { at, IN_FINAL, refusal } from './problems';
import {
	defaultOptions,
	finalRounds,
	isComplete,
	prelimRounds,
	SeenIds,
	type Player,
	type Round,
	type TournamentState
} from './state';
import { FORMATS } from './tables';

type Step = Result<TournamentState>;

/** Applies one event; a refused event leaves the state as it was and says why (German and English). */
export function applyEvent(state: TournamentState | null, event: TournamentEvent): Step {
	return applyTo(state, event, null);
}

function applyTo(state: TournamentState | null, event: TournamentEvent, roster: Roster | null): Step {
	if (event.type === 'tournament-created') return state ? fail(refusal.alreadyCreated()) : create(event);
	if (!state) return fail(refusal.notCreated());
	if (state.seen.has(event.id)) return fail(refusal.duplicateEvent(event.id));
	const next = step(state, event, roster);
	return next.ok ? ok({ ...next.value, seen: state.seen.with(event.id) }) : next;
}

/** Folds a whole log; stops at the first refused event and names it. */
export function replay(
	events: readonly TournamentEvent[]
): Result<TournamentState, Problem & { index: number }> {
	let state: TournamentState | null = null;
	const roster = new Roster();
	for (const [index, event] of events.entries()) {
		const next = applyTo(state, event, roster);
		if (!next.ok) return fail({ ...next.error, index });
		state = next.value;
	}
	if (!state) return fail({ ...refusal.notCreated(), index: 0 });
	return ok(state);
}

const nameKey = (name: string) => name.toLocaleLowerCase('de');

/**
 * The players a replay registers and renames in place, with their names by key: nobody holds the states
 * between a replay's events, so it need not copy every player (and compare every name) per event, which
 * made a replay quadratic in the players. A state whose players another step replaced is adopted anew.
 */
class Roster {
	#players: Map<PlayerId, Player> | null = null;
	#names = new Map<string, PlayerId>();

	/** Registers or renames `id` unless another player has the name; the players, grown in place. */
	name(state: TournamentState, id: PlayerId, player: Player): Result<ReadonlyMap<PlayerId, Player>> {
		if (this.#players !== state.players) {
			this.#players = new Map(state.players);
			this.#names = new Map([...this.#players.values()].map((p) => [nameKey(p.name), p.id]));
		}
		const key = nameKey(player.name);
		const holder = this.#names.get(key);
		if (holder !== undefined && holder !== id) return fail(refusal.duplicateName(player.name));
		const before = this.#players.get(id);
		if (before) this.#names.delete(nameKey(before.name));
		this.#names.set(key, id);
		return ok(this.#players.set(id, player));
	}
}

function step(
	state: TournamentState,
	event: Exclude<TournamentEvent, TournamentCreated>,
	roster: Roster | null
): Step {
	switch (event.type) {
		case 'player-registered': {
			if (state.players.has(event.player)) return fail(refusal.duplicatePlayerId(event.player));
			if (state.rounds.length > 0) return fail(refusal.registrationClosed());
			// The tournament's own limit (swiss: 24 unless set), and the one every tournament has.
			const max = Math.min(state.options.maxPlayers ?? LIMITS.players, LIMITS.players);
			if (state.players.size >= max) return fail(refusal.tooManyPlayers(max));
			return withName(state, event.player, event.name, null, roster);
		}
		case 'player-renamed': {
			const player = state.players.get(event.player);
			if (!player) return fail(refusal.unknownPlayer(event.player));
			return withName(state, event.player, event.name, player.withdrawnFrom, roster);
		}
		case 'player-withdrawn': {
			const player = state.players.get(event.player);
			if (!player) return fail(refusal.unknownPlayer(event.player));
			if (player.withdrawnFrom !== null) return fail(refusal.alreadyWithdrawn(event.player));
			const opened = state.rounds.length;
			if (!Number.isInteger(event.fromRound) || event.fromRound < 1) {
				return fail(refusal.badOption('fromRound', event.fromRound));
			}
			if (event.fromRound <= opened) return fail(refusal.withdrawTooLate(opened));
			const players = new Map(state.players).set(player.id, { ...player, withdrawnFrom: event.fromRound });
			return ok({ ...state, players });
		}
		case 'round-opened':
			return openRound(state, event);
		case 'table-reported':
			return report(state, event);
		case 'round-locked': {
			const index = state.rounds.findIndex((round) => round.number === event.round);
			const round = state.rounds[index];
			if (!round) return fail(refusal.roundNotOpened(event.round));
			if (round.locked) return fail(refusal.alreadyLocked(event.round));
			const incomplete = missingTables(round);
			if (incomplete.length) return fail(refusal.roundIncomplete(round.number, incomplete));
			return ok(withRound(state, index, { ...round, locked: true }));
		}
		case 'result-corrected':
			return correct(state, event);
		case 'lot-drawn':
		case 'play-off-recorded':
			return decide(state, event);
		case 'final-opened':
			return openFinal(state, event);
		case 'final-reported':
			return report(state, event);
	}
}

function create(event: TournamentCreated): Step {
	if (!FORMATS.includes(event.format)) return fail(refusal.badOption('format', event.format));
	const options: TournamentOptions = { ...defaultOptions(event.format), ...event.options };
	const bad = badOption(event.format, options);
	if (bad) return fail(bad);
	return ok({
		format: event.format,
		name: event.name,
		date: event.date,
		options,
		players: new Map(),
		rounds: [],
		decisions: [],
		seen: new SeenIds().with(event.id)
	});
}

function badOption(format: TournamentCreated['format'], options: TournamentOptions): Problem | null {
	const whole = (value: number, min: number) => Number.isInteger(value) && value >= min;
	if (!whole(options.rounds, 1) || (format === 'set' && options.rounds !== 3 && options.rounds !== 4)) {
		return refusal.badOption('rounds', options.rounds);
	}
	if (!whole(options.finalRounds, 1)) return refusal.badOption('finalRounds', options.finalRounds);
	if (options.finalSize !== null && !whole(options.finalSize, 3)) {
		return refusal.badOption('finalSize', options.finalSize);
	}
	if (options.maxPlayers !== null && !whole(options.maxPlayers, 3)) {
		return refusal.badOption('maxPlayers', options.maxPlayers);
	}
	return null;
}

function withName(
	state: TournamentState,
	id: string,
	name: string,
	withdrawnFrom: number | null,
	roster: Roster | null
): Step {
	const clean = name.trim();
	if (!clean) return fail(refusal.emptyName());
	if (roster) {
		const players = roster.name(state, id, { id, name: clean, withdrawnFrom });
		return players.ok ? ok({ ...state, players: players.value }) : players;
	}
	const key = nameKey(clean);
	for (const other of state.players.values()) {
		if (other.id !== id && nameKey(other.name) === key) return fail(refusal.duplicateName(clean));
	}
	return ok({ ...state, players: new Map(state.players).set(id, { id, name: clean, withdrawnFrom }) });
}

function withRound(state: TournamentState, index: number, round: Round): TournamentState {
	return { ...state, rounds: state.rounds.map((old, i) => (i === index ? round : old)) };
}

function missingTables(round: Round): number[] {
	return round.results.flatMap((result, i) => (result ? [] : [i + 1]));
}

function openRound(state: TournamentState, event: RoundOpened): Step {
	if (finalRounds(state).length) return fail(refusal.finalNotReady({ fault: 'running' }));
	const prelims = prelimRounds(state);
	if (event.round !== prelims.length + 1) return fail(refusal.wrongRound(event.round, prelims.length + 1));
	if (event.round > state.options.rounds)
		return fail(refusal.tooManyRounds(event.round, state.options.rounds));
	const previous = prelims.at(-1);
	if (previous && missingTables(previous).length) {
		return fail(refusal.roundIncomplete(previous.number, missingTables(previous)));
	}
	const seating = checkSeating(state, event.round, event.tables, true);
	if (!seating.ok) return seating;
	const locked = state.rounds.map((round) => (round.locked ? round : { ...round, locked: true }));
	const round: Round = {
		number: event.round,
		stage: 'prelim',
		seed: event.seed,
		tables: event.tables.map((table) => [...table]),
		results: event.tables.map(() => undefined),
		locked: false,
		moves: event.moves ?? []
	};
	return ok({ ...state, rounds: [...locked, round] });
}

function report(state: TournamentState, event: TableReported | FinalReported): Step {
	const index = state.rounds.findIndex((round) => round.number === event.round);
	const round = state.rounds[index];
	const final = event.type === 'final-reported';
	if (!round)
		return fail(
			final && !finalRounds(state).length ? refusal.finalNotOpened() : refusal.roundNotOpened(event.round)
		);
	if (!final && round.stage === 'final') return fail(refusal.useFinalReported(round.number));
	if (final && round.stage === 'prelim') return fail(refusal.finalNotOpened());
	const table = final ? 1 : event.table;
	const players = round.tables[table - 1];
	if (!players) return fail(refusal.noSuchTable(round.number, table));
	if (round.locked) return fail(refusal.roundLocked(round.number));
	if (round.results[table - 1]) return fail(refusal.alreadyReported(round.number, table));
	const before = final
		? state.rounds.find((r) => r.stage === 'final' && r.number < round.number && !isComplete(r))
		: undefined;
	if (before) return fail(refusal.roundIncomplete(before.number, missingTables(before)));
	const scores = checkScores(state.format, players, event.scores, at(round.number, table));
	if (!scores.ok) return scores;
	const results = round.results.map((r, i) =>
		i === table - 1 ? { scores: event.scores, corrections: [] } : r
	);
	const next = withRound(state, index, { ...round, results });
	if (!final) return ok(next);
	// A final round that reports has started, so the final rounds before it lock (RULES.md §6).
	const rounds = next.rounds.map((r) =>
		r.stage === 'final' && r.number < round.number ? { ...r, locked: true } : r
	);
	return ok({ ...next, rounds });
}

function correct(state: TournamentState, event: ResultCorrected): Step {
	const index = state.rounds.findIndex((round) => round.number === event.round);
	const round = state.rounds[index];
	if (!round) return fail(refusal.roundNotOpened(event.round));
	const players = round.tables[event.table - 1];
	const previous = round.results[event.table - 1];
	if (!players) return fail(refusal.noSuchTable(round.number, event.table));
	if (!previous) return fail(refusal.notReported(round.number, event.table));
	if (!event.reason.trim()) return fail(refusal.noReason());
	if (round.locked && event.override !== true) return fail(refusal.roundLocked(round.number));
	const scores = checkScores(state.format, players, event.scores, at(round.number, event.table));
	if (!scores.ok) return scores;
	const correction = {
		eventId: event.id,
		at: event.at,
		reason: event.reason.trim(),
		override: round.locked,
		previous: previous.scores
	};
	const result = { scores: event.scores, corrections: [...previous.corrections, correction] };
	const results = round.results.map((r, i) => (i === event.table - 1 ? result : r));
	return ok(withRound(state, index, { ...round, results }));
}

function decide(state: TournamentState, event: LotDrawn | PlayOffRecorded): Step {
	const lot = event.type === 'lot-drawn';
	if (lot === (state.format === 'set')) {
		return fail(lot ? refusal.badDecision('lot-at-set') : refusal.badDecision('play-off-not-set'));
	}
	if (event.players.length < 2 || new Set(event.players).size !== event.players.length) {
		return fail(refusal.badDecision('too-few'));
	}
	const unknown = event.players.find((id) => !state.players.has(id));
	if (unknown !== undefined) return fail(refusal.unknownPlayer(unknown));
	const decision = {
		eventId: event.id,
		kind: lot ? ('lot' as const) : ('playOff' as const),
		stage: event.stage,
		seed: lot ? event.seed : null,
		players: [...event.players]
	};
	return ok({ ...state, decisions: [...state.decisions, decision] });
}

function openFinal(state: TournamentState, event: FinalOpened): Step {
	if (state.format === 'swiss') return fail(refusal.noFinal());
	if (finalRounds(state).length) return fail(refusal.finalNotReady({ fault: 'running' }));
	const prelims = prelimRounds(state);
	const last = prelims.at(-1);
	if (prelims.length < state.options.rounds || !last) {
		return fail(
			refusal.finalNotReady({ fault: 'prelims', started: prelims.length, rounds: state.options.rounds })
		);
	}
	if (!isComplete(last)) return fail(refusal.roundIncomplete(last.number, missingTables(last)));
	const cut = finalCut(state);
	if (cut.undecided.length) {
		return fail(refusal.finalNotReady({ fault: 'undecided', players: cut.undecided, format: state.format }));
	}
	const number = last.number + 1;
	const outsider = event.players.find((id) => !cut.finalists.includes(id));
	const absent = cut.finalists.find((id) => !event.players.includes(id));
	if (outsider !== undefined) return fail(refusal.notAtTable(outsider, IN_FINAL));
	if (absent !== undefined) return fail(refusal.notSeated(absent, IN_FINAL));
	const seating = checkSeating(state, number, [event.players], false);
	if (!seating.ok) return seating;
	const rounds: Round[] = Array.from({ length: state.options.finalRounds }, (_, i) => ({
		number: number + i,
		stage: 'final',
		seed: event.seed,
		tables: [[...event.players]],
		results: [undefined],
		locked: false,
		moves: []
	}));
	const locked = state.rounds.map((round) => (round.locked ? round : { ...round, locked: true }));
	return ok({ ...state, rounds: [...locked, ...rounds] });
}
