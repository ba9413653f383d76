import { describe, expect, it } from 'vitest';
import { finalCut, replay, type TournamentEvent } from '../domain/tournament';
import { logFromResults } from '../domain/tournament/from-results';
import { currentRound, nextStep, resultSources } from './progress';
import type { StoredTournamentEvent } from '../codecs/tournament';

const players = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
const table = (a: string, b: string, c: string, [x, y, z]: number[]) => ({ [a]: x!, [b]: y!, [c]: z! });

function after(rounds: Record<string, number>[][], extra: TournamentEvent[] = [], options = {}) {
	const events = [...logFromResults({ format: 'triominos', players, rounds, options }, 'x'), ...extra];
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return state.value;
}

/** Both tables in the same order; the second scores double, so no one is level across the tables. */
const round = (scores: number[]) => [
	table('Anna', 'Ben', 'Cara', scores),
	table(
		'Dirk',
		'Eva',
		'Finn',
		scores.map((s) => 2 * s)
	)
];

describe('the next step', () => {
	it('goes from registration through the rounds to the final and its end', () => {
		// Two players cannot be seated yet; six can: the next step is the first draw, not the registration.
		const two = replay([
			{ type: 'tournament-created', id: 'c', at: '', format: 'triominos', name: 'T', date: '2026-05-16' },
			{ type: 'player-registered', id: 'r1', at: '', player: 'a', name: 'Anna' },
			{ type: 'player-registered', id: 'r2', at: '', player: 'b', name: 'Ben' }
		]);
		expect(two.ok && nextStep(two.value)).toEqual({ kind: 'register' });
		expect(nextStep(after([]))).toEqual({ kind: 'draw', round: 1 });
		expect(nextStep(after([round([3, 2, 1])]))).toEqual({ kind: 'draw', round: 2 });
		const four = [round([3, 2, 1]), round([1, 2, 3]), round([5, 4, 3]), round([9, 8, 7])];
		expect(nextStep(after(four))).toEqual({ kind: 'openFinal' });
		// An open table of the last round first.
		const open = after(four.slice(0, 3), [
			{
				type: 'round-opened',
				id: 'o4',
				at: '',
				round: 4,
				seed: 's',
				tables: [
					['Anna', 'Ben', 'Cara'],
					['Dirk', 'Eva', 'Finn']
				]
			}
		]);
		expect(nextStep(open)).toEqual({ kind: 'results', round: 4, missing: 2 });
		expect(currentRound(open)?.number).toBe(4);
	});

	it('asks for the final’s results while a final round is open, and ends once they are in', () => {
		const four = [round([3, 2, 1]), round([1, 2, 3]), round([5, 4, 3]), round([9, 8, 7])];
		const finalists = [...finalCut(after(four)).finalists];
		expect(finalists).toHaveLength(3);
		const opened = after(four, [{ type: 'final-opened', id: 'f', at: '', seed: 's', players: finalists }], {
			finalRounds: 2
		});
		expect(nextStep(opened)).toEqual({ kind: 'finalResults' });
		const reported = (round: number, points: number[]): TournamentEvent => ({
			type: 'final-reported',
			id: `f${round}`,
			at: '',
			round,
			scores: finalists.map((player, i) => ({ player, points: points[i] ?? 0 }))
		});
		const once = after(
			four,
			[{ type: 'final-opened', id: 'f', at: '', seed: 's', players: finalists }, reported(5, [3, 2, 1])],
			{
				finalRounds: 2
			}
		);
		// The second final round opens with the first one's report: its results are next.
		expect(nextStep(once)).toEqual({ kind: 'finalResults' });
		const done = after(
			four,
			[
				{ type: 'final-opened', id: 'f', at: '', seed: 's', players: finalists },
				reported(5, [3, 2, 1]),
				reported(6, [3, 2, 1])
			],
			{ finalRounds: 2 }
		);
		expect(nextStep(done)).toEqual({ kind: 'finished' });
	});

	it('asks for a lot when the cut to the final is tied', () => {
		const tied = [round([3, 3, 1]), round([3, 3, 1]), round([3, 3, 1]), round([3, 3, 1])];
		// Dirk and Eva share first, Anna and Ben third: two players for the last final place.
		expect(nextStep(after(tied))).toEqual({ kind: 'decide' });
	});
});

describe('result sources', () => {
	it('keeps the last report or correction of each table', () => {
		const base = { id: 'x', at: '' };
		const events = [
			{
				...base,
				type: 'table-reported',
				round: 1,
				table: 1,
				scores: [],
				source: { kind: 'tablet', roundId: 'r-1' }
			},
			{ ...base, type: 'table-reported', round: 1, table: 2, scores: [] },
			{ ...base, type: 'result-corrected', round: 1, table: 1, scores: [], reason: 'x' },
			{ ...base, type: 'final-reported', round: 5, scores: [], source: { kind: 'tablet' } }
		] as StoredTournamentEvent[];
		const sources = resultSources(events);
		expect(sources.get('1:1')).toEqual({ kind: 'hand' });
		expect(sources.get('1:2')).toEqual({ kind: 'hand' });
		expect(sources.get('5:1')).toEqual({ kind: 'tablet' });
	});
});
