import { describe, expect, it } from 'vitest';
import type { TournamentEvent } from './events';
import { logFromResults } from './from-results';
import { replay } from './reducer';
import { statusOf, TOURNAMENT_STATUSES, type TournamentStatus } from './status';

const AT = '2026-03-14T10:00:00Z';

/** Each event of the log with the tournament's status once it is applied. */
function statuses(events: readonly TournamentEvent[]): [TournamentEvent['type'], TournamentStatus][] {
	return events.map((event, i) => {
		const state = replay(events.slice(0, i + 1));
		if (!state.ok) throw new Error(`${state.error.index}: ${JSON.stringify(state.error)}`);
		return [event.type, statusOf(state.value)];
	});
}

/**
 * A Triominos qualifier of six (000, RULES.md §6) over one prelim round: A and D win their tables, E
 * beats B on game points for third, so A, D and E play a final of two rounds.
 */
const qualifier = () =>
	logFromResults(
		{
			format: 'triominos',
			players: ['A', 'B', 'C', 'D', 'E', 'F'],
			options: { rounds: 1 },
			rounds: [
				[
					{ A: 100, B: 50, C: 10 },
					{ D: 90, E: 60, F: 20 }
				]
			],
			final: [[{ A: 30, D: 20, E: 10 }], [{ D: 40, A: 20, E: 10 }]]
		},
		AT
	);

/** A swiss tournament (002, RULES.md §7) of six at two tables of 3, over three rounds, without a final. */
const swiss = () => {
	const round = { A: 10, B: 8, C: 6 };
	const other = { D: 9, E: 7, F: 5 };
	return logFromResults(
		{
			format: 'swiss',
			players: ['A', 'B', 'C', 'D', 'E', 'F'],
			options: { rounds: 3 },
			rounds: [
				[round, other],
				[round, other],
				[round, other]
			]
		},
		AT
	);
};

describe('statusOf: where a tournament stands, for lists', () => {
	it('Triominos (RULES.md §6): registration until the first draw, prelims until the final opens, finished when the final is played', () => {
		expect(statuses(qualifier())).toEqual([
			['tournament-created', 'registration'],
			...Array.from({ length: 6 }, () => ['player-registered', 'registration']),
			['round-opened', 'prelims'],
			['table-reported', 'prelims'],
			// Every prelim round reported: the final is still to come.
			['table-reported', 'prelims'],
			['final-opened', 'final'],
			// One of the final's two rounds played (RULES.md §6: the final is one game of 2 rounds).
			['final-reported', 'final'],
			['final-reported', 'finished']
		]);
	});

	it('swiss (RULES.md §7, no final): finished when the last of its rounds is reported, not before', () => {
		expect(statuses(swiss()).slice(7)).toEqual([
			['round-opened', 'prelims'],
			['table-reported', 'prelims'],
			['table-reported', 'prelims'],
			['round-opened', 'prelims'],
			['table-reported', 'prelims'],
			['table-reported', 'prelims'],
			// The last round drawn, its tables still playing, after earlier rounds all reported.
			['round-opened', 'prelims'],
			['table-reported', 'prelims'],
			['table-reported', 'finished']
		]);
	});

	it('never goes back along a log: registration, prelims, final, finished', () => {
		for (const log of [qualifier(), swiss()]) {
			const order = statuses(log).map(([, status]) => TOURNAMENT_STATUSES.indexOf(status));
			expect(order).toEqual([...order].sort((a, b) => a - b));
		}
	});
});
