import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readRecord } from './notation/read';
import { roundOutcome } from './outcome';
import { rational, sum } from './rational';
import { TOURNAMENT } from './rules';
import { arbitraryRound } from './testing/rounds';
import { runs } from './testing/runs';

function outcomeOf(text: string) {
	const read = readRecord(text);
	if (!read.ok) throw new Error(JSON.stringify(read.error));
	return roundOutcome(read.value.state);
}

describe('round outcome (000 §Sieger, §Punktewertung)', () => {
	it('places and points are null while the round runs', () => {
		const outcome = outcomeOf('Players: Anna, Ben, Cara\nAnna: 7');
		expect(outcome.map((p) => [p.total, p.place, p.points])).toEqual([
			[7, null, null],
			[0, null, null],
			[0, null, null]
		]);
	});

	it('000: at a 4-table two second places share 3+2 = 2.5 each', () => {
		const outcome = outcomeOf(
			'Players: A, B, C, D\nPool: 0\nA: 9\nB: 5\nC: 5\nD: pass\nA: pass\nB: pass\nC: pass\nHands: A 20, B 24, C 24, D 30'
		);
		expect(outcome.map((p) => p.total)).toEqual([-21, -29, -29, -40]);
		expect(outcome.map((p) => p.place)).toEqual([1, 2, 2, 4]);
		expect(outcome.map((p) => p.points)).toEqual([rational(5), rational(5, 2), rational(5, 2), rational(1)]);
	});

	it('classic rules and tables of 2, 5 or 6 give no tournament points', () => {
		const classic = outcomeOf(
			'Rules: classic\nPlayers: A, B, C\nPool: 0\nA: pass\nB: pass\nC: pass\nHands: A 20, B 30, C 40'
		);
		// 001 §9: the losers of a blocked round lose nothing, so B and C share 2nd place.
		expect(classic.map((p) => p.total)).toEqual([40, -10, -10]);
		expect(classic.map((p) => p.place)).toEqual([1, 2, 2]);
		expect(classic.every((p) => p.points === null)).toBe(true);
		const two = outcomeOf('Players: A, B\nPool: 0\nA: pass\nB: pass\nHands: A 30, B 40');
		expect(two.every((p) => p.points === null)).toBe(true);
	});

	it('tournament points at a finished table add up to 9 (3 players) or 11 (4 players)', () => {
		fc.assert(
			fc.property(
				arbitraryRound({ players: fc.constantFrom(3, 4), rules: fc.constant(TOURNAMENT) }),
				({ state }) => {
					const outcome = roundOutcome(state);
					if (state.phase !== 'over') return;
					const total = sum(outcome.map((p) => p.points ?? rational(0)));
					expect(total).toEqual(rational(outcome.length === 3 ? 9 : 11));
				}
			),
			{ numRuns: runs(300) }
		);
	});
});
