import { describe, expect, it } from 'vitest';
import { logFromResults, type PlainTournament } from './from-results';
import { replay } from './reducer';
import { finalRounds, prelimRounds } from './state';

const AT = '2026-03-14T10:00:00Z';
const meta = (n: number) => ({ id: `e${n}`, at: AT });

/**
 * A Triominos qualifier of six (000, RULES.md §6) over one prelim round: A and D win their tables, B and E
 * tie for third on places and game points, and a lot puts E ahead: A, D and E play the final's two rounds.
 */
const qualifier = (): PlainTournament => ({
	format: 'triominos',
	name: 'Stadtmeisterschaft',
	date: '2026-03-14',
	players: ['A', 'B', 'C', 'D', 'E', 'F'],
	options: { rounds: 1 },
	rounds: [
		[
			{ A: 100, B: 50, C: 10 },
			{ D: 90, E: 50, F: 20 }
		]
	],
	lots: [['E', 'B']],
	final: [[{ A: 30, D: 20, E: 10 }], [{ D: 40, A: 20, E: 10 }]]
});

describe('logFromResults: the event log for plain results (the command line reads them)', () => {
	it('records each lot for the prelims and the final, then opens the final with its first table and reports its rounds after the prelims', () => {
		expect(logFromResults(qualifier(), AT).slice(7)).toEqual([
			{
				type: 'round-opened',
				...meta(8),
				round: 1,
				seed: 'given',
				tables: [
					['A', 'B', 'C'],
					['D', 'E', 'F']
				]
			},
			{
				type: 'table-reported',
				...meta(9),
				round: 1,
				table: 1,
				scores: [
					{ player: 'A', points: 100 },
					{ player: 'B', points: 50 },
					{ player: 'C', points: 10 }
				]
			},
			{
				type: 'table-reported',
				...meta(10),
				round: 1,
				table: 2,
				scores: [
					{ player: 'D', points: 90 },
					{ player: 'E', points: 50 },
					{ player: 'F', points: 20 }
				]
			},
			{ type: 'lot-drawn', ...meta(11), stage: 'prelim', seed: 'given', players: ['E', 'B'] },
			{ type: 'lot-drawn', ...meta(12), stage: 'final', seed: 'given', players: ['E', 'B'] },
			{ type: 'final-opened', ...meta(13), seed: 'given', players: ['A', 'D', 'E'] },
			{
				type: 'final-reported',
				...meta(14),
				round: 2,
				scores: [
					{ player: 'A', points: 30 },
					{ player: 'D', points: 20 },
					{ player: 'E', points: 10 }
				]
			},
			{
				type: 'final-reported',
				...meta(15),
				round: 3,
				scores: [
					{ player: 'D', points: 40 },
					{ player: 'A', points: 20 },
					{ player: 'E', points: 10 }
				]
			}
		]);
	});

	it('gives a log the rules accept: the lot decides the cut, and the final is played out', () => {
		const state = replay(logFromResults(qualifier(), AT));
		if (!state.ok) throw new Error(JSON.stringify(state.error));
		expect(prelimRounds(state.value).map((round) => round.number)).toEqual([1]);
		expect(
			finalRounds(state.value).map((round) => [round.number, round.tables, round.results.length])
		).toEqual([
			[2, [['A', 'D', 'E']], 1],
			[3, [['A', 'D', 'E']], 1]
		]);
		expect(state.value.decisions.map((d) => [d.kind, d.stage, d.seed, d.players])).toEqual([
			['lot', 'prelim', 'given', ['E', 'B']],
			['lot', 'final', 'given', ['E', 'B']]
		]);
	});

	it('records a SET tie as a play-off (004 §2.5.3, first to 3 SETs), for the prelims and the final', () => {
		const plain: PlainTournament = {
			format: 'set',
			players: ['A', 'B', 'C', 'D', 'E', 'F'],
			rounds: [],
			lots: [['C', 'A', 'B']]
		};
		expect(logFromResults(plain, AT).slice(7)).toEqual([
			{ type: 'play-off-recorded', ...meta(8), stage: 'prelim', players: ['C', 'A', 'B'] },
			{ type: 'play-off-recorded', ...meta(9), stage: 'final', players: ['C', 'A', 'B'] }
		]);
	});

	it('opens no final without a table in it', () => {
		for (const final of [[], [[]]]) {
			const events = logFromResults({ ...qualifier(), lots: [], final }, AT);
			expect(events.map((event) => event.type).filter((type) => type.startsWith('final'))).toEqual([]);
			expect(events).toHaveLength(10);
		}
	});
});
