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
	if (!read.ok) throw new Error(JSON.stringify(read.error));
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
		expect(standing.totals).toEqual([15 - 10 - 40, 10 - 10 - 40]);
	});

	it('reaching the target mid-round makes it the last round, and the winner need not be who reached it', () => {
		const read = readRecord('Rules: classic\nPlayers: Anna, Ben\nPool: 0\nAnna: 15\nBen: 10');
		if (!read.ok) throw new Error(JSON.stringify(read.error));
		const running = gameStanding(PLAYERS, [read.value.state], 12);
		expect(running.lastRound).toBe(0);
		expect(running.over).toBe(false);
		// Ben's hand is lower: he wins the blocked round, +40 − 20, and the game (5 against 20).
		const done = gameStanding(PLAYERS, [round(15, 10, 'Anna 40, Ben 20')], 12);
		expect(done.totals).toEqual([5, 20]);
		// Rounds recorded after the last one are not part of the game.
		const more = gameStanding(
			PLAYERS,
			Array.from({ length: 3 }, () => round(15, 10, 'Anna 40, Ben 20')),
			12
		);
		expect(more.totals).toEqual([5, 20]);
		expect(more.lastRound).toBe(0);
		expect(done.over).toBe(true);
		expect(done.winners).toEqual([1]);
		expect(done.places).toEqual([2, 1]);
	});
});

/** Classic, 2 players, empty pool: Anna lays 15, Ben 15, both pass (−10), the lower hand wins the blocked round. */
const annaWins = (credit: number) => round(15, 15, `Anna 20, Ben ${20 + credit}`);
const benWins = (credit: number) => round(15, 15, `Anna ${20 + credit}, Ben 20`);
/** The same, stopped after Anna's tile: the round is still running. */
function running(): RoundState {
	const read = readRecord('Rules: classic\nPlayers: Anna, Ben\nPool: 0\nAnna: 15');
	if (!read.ok) throw new Error(JSON.stringify(read.error));
	return read.value.state;
}
/** Nine rounds, nobody at 400: Anna 5 × (5 + 68) = 365 + 4 × 5 = 385, Ben 4 × (5 + 70) + 5 × 5 = 325. */
const nine = () => [
	annaWins(68),
	benWins(70),
	annaWins(68),
	benWins(70),
	annaWins(68),
	benWins(70),
	annaWins(68),
	benWins(70),
	annaWins(68)
];

describe('the classic game to the default 400 (RULES.md §2 "Classic end"; 001 §10)', () => {
	it.each([
		[
			'four rounds, nobody at 400 yet: the game goes on',
			() => Array.from({ length: 4 }, () => annaWins(80)),
			[340, 20],
			null,
			false,
			[]
		],
		[
			'Anna reaches 400 in round 5: that round is the last, she wins',
			() => Array.from({ length: 5 }, () => annaWins(80)),
			[425, 25],
			4,
			true,
			[0]
		],
		[
			'001 §10: a round recorded after the last one does not count',
			() => Array.from({ length: 6 }, () => annaWins(80)),
			[425, 25],
			4,
			true,
			[0]
		],
		['nine rounds close to 400', nine, [385, 325], null, false, []],
		[
			'001 §10: 400 reached mid-round (Anna lays 15 → 400): the round is played to its end',
			() => [...nine(), running()],
			[400, 325],
			9,
			false,
			[]
		],
		[
			'001 §10 "Achtung": Anna reached 400 first, ends at 390; Ben wins the blocked last round (+84) and the game',
			() => [...nine(), round(15, 15, 'Anna 102, Ben 18'), annaWins(80)],
			[385 + 5, 325 + 5 + 84],
			9,
			true,
			[1]
		],
		[
			'001 §10: Anna reaches exactly 400 mid-round (385 + 15), then ends the blocked round at 370: it is the last all the same',
			() => [...nine(), round(15, 15, 'Anna 20, Ben 20'), annaWins(80)],
			[385 + 15 - 10 - 20, 325 + 15 - 10 - 20],
			9,
			true,
			[0]
		],
		[
			"001 §10: Ben reaches exactly 400 only with the blocked round's credit (+ 90 − 20), after his last turn",
			() => [...nine(), round(10, 15, 'Anna 90, Ben 20'), annaWins(80)],
			[385, 325 + 15 - 10 - 20 + 90],
			9,
			true,
			[1]
		]
	] as const)('%s', (_case, rounds, totals, lastRound, over, winners) => {
		const standing = gameStanding(PLAYERS, rounds());
		expect(standing.totals).toEqual(totals);
		expect(standing.lastRound).toBe(lastRound);
		expect(standing.over).toBe(over);
		expect(standing.winners).toEqual(winners);
	});
});
