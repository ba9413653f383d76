import { describe, expect, it } from 'vitest';
import { drawStatus, enterDraw, type DrawRound } from './startDraw';

describe('tournament start draw (000 §Startspieler)', () => {
	it('asks every player to draw first, in seat order', () => {
		expect(drawStatus(4, [])).toEqual({ kind: 'drawing', round: 0, seats: [0, 1, 2, 3], next: 0 });
		expect(drawStatus(3, [[7, null, null]])).toMatchObject({ kind: 'drawing', next: 1 });
	});

	it('the highest value alone opens', () => {
		expect(drawStatus(3, [[7, 12, 3]])).toEqual({ kind: 'decided', start: 1 });
	});

	it('only the players tied on top draw again, until one is alone on top', () => {
		const rounds: DrawRound[] = [[5, 12, 12, 3]];
		expect(drawStatus(4, rounds)).toEqual({ kind: 'drawing', round: 1, seats: [1, 2], next: 1 });
		const tiedAgain: DrawRound[] = [...rounds, [null, 9, 9, null]];
		expect(drawStatus(4, tiedAgain)).toEqual({ kind: 'drawing', round: 2, seats: [1, 2], next: 1 });
		expect(drawStatus(4, [...tiedAgain, [null, 4, 10, null]])).toEqual({ kind: 'decided', start: 2 });
	});

	it('a changed value drops the redraws that depended on it', () => {
		const rounds = enterDraw(
			3,
			[
				[9, 9, 1],
				[null, 4, 2]
			],
			0,
			0,
			3
		);
		expect(rounds).toEqual([[3, 9, 1]]);
		expect(drawStatus(3, rounds)).toEqual({ kind: 'decided', start: 1 });
	});
});
