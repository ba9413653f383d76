import type { DecisionFault, FinalFault, Place, ScoreFault } from '../problems';
import type { Problem } from '../result';

/** Why an event was refused; `at` names the round, table or final it concerns. */
export const refusal = {
	notCreated: (): Problem => ({ code: 'not-created' }),
	alreadyCreated: (): Problem => ({ code: 'already-created' }),
	duplicateEvent: (id: string): Problem => ({ code: 'duplicate-event', id }),
	badOption: (name: string, value: unknown): Problem => ({ code: 'bad-option', name, value: String(value) }),
	emptyName: (): Problem => ({ code: 'empty-name', at: 'registration' }),
	duplicateName: (name: string): Problem => ({ code: 'duplicate-name', name, at: 'registration' }),
	duplicatePlayerId: (id: string): Problem => ({ code: 'duplicate-player', id }),
	registrationClosed: (): Problem => ({ code: 'registration-closed' }),
	tooManyPlayers: (max: number): Problem => ({ code: 'too-many-players', max, given: null }),
	unknownPlayer: (id: string, at: Place = null): Problem => ({ code: 'unknown-player', id, at }),
	withdrawn: (id: string, round: number): Problem => ({ code: 'player-withdrawn', id, round }),
	alreadyWithdrawn: (id: string): Problem => ({ code: 'already-withdrawn', id }),
	withdrawTooLate: (round: number): Problem => ({ code: 'withdraw-too-late', round }),
	wrongRound: (round: number, expected: number): Problem => ({ code: 'wrong-round', round, expected }),
	tooManyRounds: (round: number, rounds: number): Problem => ({ code: 'too-many-rounds', round, rounds }),
	roundIncomplete: (round: number, tables: readonly number[]): Problem => ({
		code: 'round-incomplete',
		round,
		tables
	}),
	tableSize: (size: number, round: number, table: number, min: number, max: number): Problem => ({
		code: 'table-size',
		size,
		round,
		table,
		min,
		max
	}),
	seatedTwice: (id: string, at: Place): Problem => ({ code: 'seated-twice', id, at }),
	notSeated: (id: string, at: Place): Problem => ({ code: 'not-seated', id, at }),
	roundNotOpened: (round: number): Problem => ({ code: 'round-not-opened', round }),
	noSuchTable: (round: number, table: number): Problem => ({ code: 'no-such-table', round, table }),
	roundLocked: (round: number): Problem => ({ code: 'round-locked', round }),
	alreadyLocked: (round: number): Problem => ({ code: 'already-locked', round }),
	alreadyReported: (round: number, table: number): Problem => ({ code: 'already-reported', round, table }),
	notReported: (round: number, table: number): Problem => ({ code: 'not-reported', round, table }),
	notAtTable: (id: string, at: Place): Problem => ({ code: 'not-at-table', id, at }),
	missingScore: (id: string, at: Place): Problem => ({ code: 'missing-score', id, at }),
	badScore: (id: string, fault: ScoreFault, at: Place): Problem => ({ code: 'bad-score', id, at, ...fault }),
	noReason: (): Problem => ({ code: 'no-reason' }),
	badDecision: (fault: DecisionFault): Problem => ({ code: 'bad-decision', fault }),
	noFinal: (): Problem => ({ code: 'no-final' }),
	finalNotReady: (fault: FinalFault): Problem => ({ code: 'final-not-ready', ...fault }),
	finalNotOpened: (): Problem => ({ code: 'final-not-opened' }),
	useFinalReported: (round: number): Problem => ({ code: 'final-round', round })
} satisfies Record<string, (...args: never[]) => Problem>;

/** The place of a round, or of a table in it. */
export function at(round: number, table?: number): Place {
	return table === undefined ? { round } : { round, table };
}

/** The final, as the place of a problem. */
export const IN_FINAL: Place = { final: true };
