import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { logFromResults } from './from-results';
import { drawLot, lotEvent } from './lots';
import { applyEvent, replay } from './reducer';
import { standings } from './standings';

describe('lots (000 §Finale: "entscheidet das Los")', () => {
	it('a seeded lot is a permutation that does not depend on how the players were listed', () => {
		fc.assert(
			fc.property(
				fc.uniqueArray(fc.string(), { minLength: 2, maxLength: 8 }),
				fc.string(),
				(players, seed) => {
					const order = drawLot(players, seed);
					expect([...order].sort()).toEqual([...players].sort());
					expect(drawLot([...players].reverse(), seed)).toEqual(order);
				}
			)
		);
	});

	it('a lot over the whole tie decides it; one over part of it does not', () => {
		const players = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I'];
		const log = logFromResults(
			{
				format: 'triominos',
				players,
				rounds: [
					[
						{ A: 9, B: 5, C: 1 },
						{ D: 9, E: 5, F: 1 },
						{ G: 9, H: 5, I: 1 }
					]
				]
			},
			'2026-03-14T10:00:00Z'
		);
		const state = replay(log);
		if (!state.ok) throw new Error(JSON.stringify(state.error));
		expect(standings(state.value).undecided[0]?.players).toEqual(['A', 'D', 'G']);
		const partial = applyEvent(state.value, {
			type: 'lot-drawn',
			id: 'l1',
			at: 'x',
			stage: 'prelim',
			seed: 's',
			players: ['A', 'D']
		});
		expect(partial.ok && standings(partial.value).undecided[0]?.players).toEqual(['A', 'D', 'G']);
		const lot = lotEvent(['A', 'D', 'G'], 'prelim', { id: 'l2', at: 'x', seed: 'los-1' });
		const decided = applyEvent(state.value, lot);
		expect(
			decided.ok &&
				standings(decided.value)
					.rows.slice(0, 3)
					.map((r) => [r.player, r.rank])
		).toEqual(lot.players.map((p, i) => [p, i + 1]));
		expect(decided.ok && standings(decided.value).undecided.map((u) => u.players)).toEqual([
			['B', 'E', 'H'],
			['C', 'F', 'I']
		]);
	});
});
