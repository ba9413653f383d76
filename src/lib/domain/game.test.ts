import { describe, expect, it } from 'vitest';
import { gameStanding } from './game';
import { readRecord } from './notation/read';
import type { RoundState } from './round';

const PLAYERS = ['Anna', 'Ben'];

/** A finished 2-player classic round: Anna lays `value` then both pass on an empty pool. */
function round(anna: number, ben: number, hands = 'Anna 40, Ben 40'): RoundState {
	const read = readRecord(
		`Rules: classic\nPlayers: Anna, Ben\nPool: 0\nAnna: ${anna}\nBen: ${ben}\nAnna: pass\nBen: pass\nHands: ${hands}`
	);
	if (!read.ok) throw new Error(read.error.en);
	return read.value.state;
}

describe('the classic game to 400 (001 §10)', () => {
	it('adds the rounds up and is not over before someone reaches 400', () => {
		const standing = gameStanding(PLAYERS, [round(15, 10), round(12, 14)]);
		// Blocked rounds with equal hands: both win, each credited nothing (losers' sum 0), own 40 off.
		expect(standing.totals).toEqual([15 - 10 - 40 + 12 - 10 - 40, 10 - 10 - 40 + 14 - 10 - 40]);
		expect(standing.over).toBe(false);
		expect(standing.winners).toEqual([]);
	});

	it('the round in which someone reaches the target is played to its end, then the highest total wins', () => {
		const rounds = [round(15, 10), round(12, 14), round(9, 8)];
		const standing = gameStanding(PLAYERS, rounds, -60);
		expect(standing.lastRound).toBe(0);
		expect(standing.over).toBe(true);
	});

	it('reaching the target mid-round makes it the last round, and the winner need not be who reached it', () => {
		const read = readRecord('Rules: classic\nPlayers: Anna, Ben\nPool: 0\nAnna: 15\nBen: 10');
		if (!read.ok) throw new Error(read.error.en);
		const running = gameStanding(PLAYERS, [read.value.state], 12);
		expect(running.lastRound).toBe(0);
		expect(running.over).toBe(false);
		// Ben's hand is lower: he wins the blocked round, +40 − 20, and the game (5 against 20).
		const done = gameStanding(PLAYERS, [round(15, 10, 'Anna 40, Ben 20')], 12);
		expect(done.totals).toEqual([5, 20]);
		expect(done.over).toBe(true);
		expect(done.winners).toEqual([1]);
		expect(done.places).toEqual([2, 1]);
	});
});
