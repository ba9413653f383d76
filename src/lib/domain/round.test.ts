import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readRecord } from './notation/read';
import { applyAction, legalActions, playRound, startRound, type RoundAction, type RoundState } from './round';
import { CLASSIC, KIDS, TOURNAMENT, initialPool, handSize } from './rules';
import { sheetOf } from './sheet';
import { arbitraryRound } from './testing/rounds';
import { runs } from './testing/runs';

/** Plays a record body (turn lines and `Hands:`) after a header; fails the test on a rule error. */
function play(header: string, body: string): RoundState {
	const read = readRecord(`${header}\n${body}`);
	if (!read.ok) throw new Error(`line ${read.error.line}: ${JSON.stringify(read.error)}`);
	return read.value.state;
}

/** The rule problem a record body runs into, with its line. */
function problemOf(header: string, body: string) {
	const read = readRecord(`${header}\n${body}`);
	if (read.ok) throw new Error('expected a rule error');
	return read.error;
}

const FOUR = 'Rules: tournament\nPlayers: Anna, Ben, Cara, Dirk';
const THREE = 'Rules: tournament\nPlayers: Anna, Ben, Cara';
const lastScore = (state: RoundState) => state.turns.at(-1)?.score;

describe('a turn’s points (000 §Spielsteine kaufen, §Sonderpunkte; RULES.md §2–3)', () => {
	it.each([
		['000 §Punktewertung, Ansage 1: two purchases, then a 7', 'Anna: d d 7', -3],
		['000 §Spielsteine kaufen: three purchases, no lay → −25', 'Anna: d d d pass', -25],
		['001 §5: 4+4+1 = 9 points', 'Anna: 4-4-1', 9],
		[
			'001 §5, the next player after 3x4 and 4-4-1: "1+4+3 = 8 Punkte für diesen Spieler"',
			'Anna: 4-4-4\nBen: 4-4-1\nCara: 1-4-3',
			8
		],
		['001 §3: no trio in tournament rules, 3+4+5 = 12', 'Anna: 3-4-5', 12],
		['RULES.md §2: the trio start bonus is classic only; a tournament 3-3-3 opening = 9', 'Anna: 3-3-3', 9],
		['RULES.md §2: the trio start bonus is classic only; a tournament 0-0-0 opening = 0', 'Anna: 0-0-0', 0]
	])('%s', (_source, line, score) => {
		expect(lastScore(play(FOUR, line))).toBe(score);
	});

	it.each([
		['001 §11 A: 4+4+1+40 = 49 (bridge)', '4-4-1 bridge', 49],
		['001 §11 B: 5+1+1+40 = 47 (bridge on two sides)', '5-1-1 bridge', 47],
		['001 §11 C: 0+5+5+50 = 60 (hexagon)', '0-5-5 hexagon', 60],
		['RULES.md §3 decision: an 8 closing a hexagon → 58, not 68', '8 hexagon', 58],
		['000 §Sonderpunkte: double hexagon 60', '8 double-hexagon', 68],
		['000 §Sonderpunkte: triple hexagon 70', '8 triple-hexagon', 78],
		['docs/NOTATION.md: German bonus words', '8 sechseck', 58]
	])('%s', (_source, tokens, score) => {
		expect(lastScore(play(FOUR, `Anna: 10\nBen: ${tokens}`))).toBe(score);
	});

	it('000 §Punktewertung, Ansage 2: one purchase, then the pool is empty → −15', () => {
		const state = play(`${FOUR}\nPool: 1`, 'Anna: d pass');
		expect(lastScore(state)).toBe(-15);
		expect(state.pool).toBe(0);
	});

	it('RULES.md §2: a pass on an empty pool without purchases costs −10', () => {
		expect(lastScore(play(`${FOUR}\nPool: 0`, 'Anna: pass'))).toBe(-10);
	});

	it('000 §Punktewertung ("minus fünf, minus zehn"): a turn in progress counts its purchases at once', () => {
		const state = play(FOUR, 'Anna: 7\nBen: d d');
		expect(state.turns.at(-1)).toMatchObject({ seat: 1, draws: 2, score: -10, total: -10 });
		expect(state.totals).toEqual([7, -10, 0, 0]);
		const third = applyAction(state, { type: 'draw' });
		expect(third.ok && third.value.totals).toEqual([7, -15, 0, 0]);
		const laid =
			third.ok && applyAction(third.value, { type: 'lay', value: 9, tile: null, bonus: null, out: false });
		expect(laid && laid.ok && laid.value.totals).toEqual([7, -6, 0, 0]);
	});

	it('RULES.md §2: at most 3 purchases a turn; after the third the player lays or passes with −10', () => {
		const bought = play(FOUR, 'Anna: d d d');
		expect(legalActions(bought)).toEqual({
			seat: 0,
			draw: false,
			lay: true,
			lastTile: false,
			bonus: false,
			pass: true,
			passPenalty: -10,
			settle: false
		});
		expect(applyAction(bought, { type: 'draw' })).toEqual({
			ok: false,
			error: { code: 'fourth-draw', player: 'Anna' }
		});
	});

	it('RULES.md §2: a player who passed may lay again on his next turn', () => {
		const state = play(FOUR, 'Anna: d d d pass\nBen: 5\nCara: 6\nDirk: 7\nAnna: 9');
		expect(state.totals[0]).toBe(-16);
	});
});

describe('hands and pool (docs/NOTATION.md)', () => {
	it('deals 9 / 7 / 6 tiles by table size and leaves the rest in the pool (001 §2)', () => {
		expect([2, 3, 4, 5, 6].map(handSize)).toEqual([9, 7, 7, 6, 6]);
		expect(initialPool(4, 56)).toBe(28);
		expect(initialPool(2, 76)).toBe(58);
	});

	it('counts each purchase into the hand and out of the pool, each lay out of the hand', () => {
		const state = play(FOUR, 'Anna: d d 7\nBen: d d d pass');
		expect(state.hands).toEqual([8, 10, 7, 7]);
		expect(state.pool).toBe(28 - 5);
	});

	it.each([
		['a purchase from an empty pool', `${FOUR}\nPool: 0`, 'Anna: d 5', 'empty-pool'],
		['a pass with fewer than three purchases while the pool has tiles', FOUR, 'Anna: d pass', 'early-pass'],
		['a fourth purchase', FOUR, 'Anna: d d d d 5', 'too-many-draws'],
		['`out` while the hand is not empty', FOUR, 'Anna: 5 out', 'out-with-tiles'],
		['a bonus on the round’s first tile', FOUR, 'Anna: 5 bridge', 'opening-bonus'],
		['a turn out of order', FOUR, 'Ben: 5', 'out-of-turn'],
		['a tile named twice', FOUR, 'Anna: 3-4-5\nBen: 5-4-3', 'tile-twice'],
		['a tile whose numbers do not exist', FOUR, 'Anna: 3-4-6', 'bad-tile-number'],
		['a value no tile has', FOUR, 'Anna: 16', 'no-such-value']
	])('rejects %s', (_what, header, body, code) => {
		expect(problemOf(header, body).code).toBe(code);
	});

	it('rejects a last tile without `out`', () => {
		const body = ['Anna: 1', 'Ben: 1', 'Cara: 1'].join('\n');
		const lines = Array.from({ length: 6 }, () => body).join('\n');
		expect(problemOf(THREE, `${lines}\nAnna: 5`).code).toBe('last-tile-unmarked');
	});
});

/** A 3-player lap where nobody buys: everyone lays a 1. */
const lap = (n: number) => Array.from({ length: n }, () => 'Anna: 1\nBen: 1\nCara: 1').join('\n');

describe('the normal end (000 §Spielende)', () => {
	// After five laps of 1s each player holds 2 tiles; a "d" keeps a hand from shrinking.
	it('start player goes out first: all others play once more, then the settlement', () => {
		const state = play(
			THREE,
			`${lap(5)}\nAnna: 1\nBen: d 1\nCara: d 1\nAnna: 2 out\nBen: 3\nCara: pass\nHands: Ben 9, Cara 11`
		);
		expect(state.end).toBe('out');
		expect(state.turns.slice(-3).map((t) => [t.seat, t.score, t.finalLap])).toEqual([
			[0, 27, false],
			[1, 3, true],
			[2, 0, true]
		]);
		expect(state.settlement).toEqual([20, 0, 0]);
		expect(state.totals).toEqual([6 + 27 + 20, 5 - 4 + 3, 5 - 4]);
	});

	it('the last player of the lap goes out first: nobody plays again', () => {
		const body = `${lap(6)}\nAnna: d 1\nBen: d 1\nCara: 5 out`;
		const state = play(THREE, body);
		expect(state.phase).toBe('settle');
		expect(legalActions(state).settle).toBe(true);
		expect(problemOf(THREE, `${body}\nAnna: 3`).code).toBe('turn-after-end');
		const settled = play(THREE, `${body}\nHands: Anna 4, Ben 9`);
		expect(settled).toMatchObject({ end: 'out', firstOut: 2, settlement: [0, 0, 13] });
	});

	it('after the first player out the round’s end is known while the final lap is played', () => {
		const state = play(THREE, `${lap(6)}\nAnna: 2 out`);
		expect(state).toMatchObject({
			phase: 'finalLap',
			end: 'out',
			firstOut: 0,
			finalLapLeft: 2,
			current: { seat: 1, draws: 0 }
		});
		// Ben holds his last tile; no buying, a pass costs nothing (RULES.md §2 decision).
		expect(legalActions(state)).toEqual({
			seat: 1,
			draw: false,
			lay: true,
			lastTile: true,
			bonus: true,
			pass: true,
			passPenalty: 0,
			settle: false
		});
		// The hands are given after the final lap, not during it.
		const hands = [null, { sum: 3, tiles: null }, { sum: 3, tiles: null }];
		expect(applyAction(state, { type: 'settle', hands })).toEqual({
			ok: false,
			error: { code: 'settle-early', settled: false }
		});
	});

	it('no buying in the final lap (000 §Spielende)', () => {
		expect(problemOf(THREE, `${lap(6)}\nAnna: 2 out\nBen: d 3`).code).toBe('draw-final-lap');
	});

	it('a second player going out in the final lap gets neither the 25 nor the opponents’ tiles', () => {
		const state = play(
			THREE,
			`${lap(5)}\nAnna: 1\nBen: 1\nCara: d 1\nAnna: 2 out\nBen: 3 out\nCara: 4\nHands: Cara 11`
		);
		expect(state.turns.at(-2)?.score).toBe(3);
		expect(state.settlement).toEqual([11, 0, 0]);
	});

	const creditBody = `${lap(5)}\nAnna: d 1\nBen: 1\nCara: d 1\nAnna: 1\nBen: 2 out\nCara: 4`;

	it('the first player out is credited all tiles left in the other hands; nobody else loses points', () => {
		const state = play(THREE, `${creditBody}\nHands: Anna 9, Cara 3-4-4`);
		expect(state.settlement).toEqual([0, 9 + 11, 0]);
		expect(state.totals).toEqual([5 - 4 + 1, 6 + 27 + 20, 5 - 4 + 4]);
	});

	it.each([
		['must list every player who still holds tiles', 'Hands: Anna 9', 'hand-missing'],
		['given as tiles must match the count the table kept', 'Hands: Anna 9, Cara 1-1-1 0-0-0', 'hand-size'],
		['with a sum no single tile has is refused', 'Hands: Anna 9, Cara 16', 'hand-sum'],
		['of the player who went out must be empty', 'Hands: Anna 9, Ben 3, Cara 4', 'hand-sum'],
		['cannot name a tile twice', 'Hands: Anna 3-4-4, Cara 4-3-4', 'tile-twice']
	])('a Hands line %s', (_what, hands, code) => {
		expect(problemOf(THREE, `${creditBody}\n${hands}`).code).toBe(code);
	});
});

describe('the early end (000 §Vorzeitiges Spielende)', () => {
	// The seed's example: player 1 buys three and passes, player 2 draws the last tile and passes,
	// player 3 passes, player 1 passes again → the round ends.
	const body = 'Anna: d d d pass\nBen: d pass\nCara: pass\nAnna: pass';

	it('ends when, after the pool is empty, every player in a row took the −10', () => {
		const state = play(`${THREE}\nPool: 4`, body);
		expect(state.end).toBe('early');
		expect(state.phase).toBe('settle');
		expect(state.totals).toEqual([-25 - 10, -15, -10]);
	});

	it('every player loses his own tiles, nobody gets the 25', () => {
		const state = play(`${THREE}\nPool: 4`, `${body}\nHands: Anna 30, Ben 20, Cara 14`);
		expect(state.settlement).toEqual([-30, -20, -14]);
		expect(state.totals).toEqual([-65, -35, -24]);
	});

	it('a lay in between starts the count again', () => {
		const state = play(`${THREE}\nPool: 4`, 'Anna: d d d pass\nBen: d pass\nCara: 5\nAnna: pass\nBen: pass');
		expect(state.phase).toBe('play');
	});
});

describe('classic rules (001)', () => {
	const CLASSIC_THREE = 'Rules: classic\nPlayers: Anna, Ben, Cara';

	it.each([
		['001 §3: 3+3+3+10 = 19', '3-3-3', 19],
		['001 §3–4: the 0-0-0 trio scores 40 in all', '0-0-0', 40],
		['001 §3: without a trio, value only: 3+4+5 = 12', '3-4-5', 12],
		['docs/NOTATION.md: a trio written as a value earns no start bonus', '9', 9]
	])('%s', (_source, tile, score) => {
		expect(lastScore(play(CLASSIC_THREE, `Anna: ${tile}`))).toBe(score);
	});

	it('the trio bonus is for the opening tile only', () => {
		expect(lastScore(play(CLASSIC_THREE, 'Anna: 3-4-5\nBen: 2-2-2'))).toBe(6);
	});

	it('001 §8: going out ends the round at once: +25 and the others’ tiles, losers lose nothing', () => {
		const state = play(CLASSIC_THREE, `${lap(6)}\nAnna: 2 out\nHands: Ben 9, Cara 11`);
		expect(state.end).toBe('out');
		expect(state.settlement).toEqual([20, 0, 0]);
		expect(state.totals).toEqual([6 + 27 + 20, 6, 6]);
	});

	it('001 §9: blocked — the lowest hand wins: its own sum subtracted, the others credited', () => {
		const state = play(
			`${CLASSIC_THREE}\nPool: 0`,
			'Anna: pass\nBen: pass\nCara: pass\nHands: Anna 30, Ben 24, Cara 40'
		);
		expect(state.end).toBe('blocked');
		expect(state.settlement).toEqual([0, 70 - 24, 0]);
	});

	it.each([
		['three players, two tied lowest', 'Hands: Anna 20, Ben 40, Cara 20', 'standard', [20, 0, 20]],
		['all tied: nobody is credited anything', 'Hands: Anna 30, Ben 30, Cara 30', 'standard', [-30, -30, -30]],
		['kids’ scoring: each winner gets the 5', 'Hands: Anna 20, Ben 40, Cara 20', 'kids', [5, 0, 5]]
	])(
		'docs/RULES.md D1 (001 §9 is silent on ties): tied lowest hands all win the blocked round — %s',
		(_case, hands, scoring, settlement) => {
			const state = play(
				`${CLASSIC_THREE}\nScoring: ${scoring}\nPool: 0`,
				`Anna: pass\nBen: pass\nCara: pass\n${hands}`
			);
			expect(state.end).toBe('blocked');
			expect(state.settlement).toEqual(settlement);
		}
	);

	it('001 §Tip, kids’ scoring: only figures and winning score, so an opening trio earns nothing', () => {
		expect(lastScore(play('Rules: classic\nScoring: kids\nPlayers: Anna, Ben, Cara', 'Anna: 3-3-3'))).toBe(0);
	});

	it('001 §Tip, kids’ scoring: 1 per bridge or hexagon, 2 double, 3 triple, 5 for winning', () => {
		const state = play(
			'Rules: classic\nScoring: kids\nPlayers: Anna, Ben, Cara',
			'Anna: 5\nBen: 7 bridge\nCara: d 9 hexagon\nAnna: 4 double-hexagon\nBen: 3 triple-hexagon'
		);
		expect(state.turns.map((t) => t.score)).toEqual([0, 1, 1, 2, 3]);
		const won = play('Rules: classic\nScoring: kids\nPlayers: Anna, Ben, Cara', `${lap(6)}\nAnna: 2 out`);
		expect(won.phase).toBe('over');
		expect(won.totals).toEqual([5, 0, 0]);
	});
});

describe('setup', () => {
	it.each([
		[['Anna'], 0, 'player-count'],
		[['Anna', 'Ben', 'Cara', 'Dirk', 'Emil', 'Frida', 'Gregor'], 0, 'player-count'],
		[['Anna', 'anna'], 0, 'duplicate-name'],
		[['Anna', ' '], 0, 'empty-name'],
		[['Anna', 'Ben\nCara'], 0, 'bad-name'],
		[['Anna', 'Ben\tX'], 0, 'bad-name'],
		[['Anna', 'Ben\u2028X'], 0, 'bad-name'],
		[['Anna', 'Ben'], 2, 'bad-start']
	])('rejects %j starting at %i', (players, start, code) => {
		const started = startRound({ rules: TOURNAMENT, players, start });
		expect(started.ok ? null : started.error.code).toBe(code);
	});

	it.each([
		// docs/NOTATION.md: a name stands on one line; the problem shows where the break was.
		['a blank name', { players: ['Anna', ' '] }, { code: 'empty-name', at: 'table' }],
		['a line feed', { players: ['Anna', 'Ben\nCara'] }, { code: 'bad-name', name: 'Ben␣Cara' }],
		['a line separator', { players: ['Anna', 'Ben\u2028X'] }, { code: 'bad-name', name: 'Ben␣X' }],
		['a paragraph separator', { players: ['Anna', 'Ben\u2029X'] }, { code: 'bad-name', name: 'Ben␣X' }],
		['a start seat below 0', { start: -1 }, { code: 'bad-start' }],
		['a start seat between two seats', { start: 0.5 }, { code: 'bad-start' }],
		['a negative pool', { pool: -1 }, { code: 'bad-pool', pool: -1, max: 38 }],
		['a pool of half a tile', { pool: 2.5 }, { code: 'bad-pool', pool: 2.5, max: 38 }]
	])('names the problem of %s exactly', (_what, change, error) => {
		expect(startRound({ rules: TOURNAMENT, players: ['Anna', 'Ben'], start: 0, ...change })).toEqual({
			ok: false,
			error
		});
	});

	it('rejects a pool larger than what is left after dealing', () => {
		const started = startRound({ rules: CLASSIC, players: ['A', 'B'], start: 0, pool: 39 });
		expect(started.ok ? null : started.error.code).toBe('bad-pool');
	});
});

describe('invariants (property tests)', () => {
	it('the running totals equal the sum of the sheet’s cells, a turn in progress included', () => {
		fc.assert(
			fc.property(arbitraryRound(), ({ state }) => {
				const sheet = sheetOf(state);
				state.setup.players.forEach((_, seat) => {
					const cells = sheet.rows.flatMap((row) => {
						const cell = row.cells[seat];
						return cell ? [cell] : [];
					});
					expect(cells.reduce((sum, c) => sum + c.left + c.middle, 0)).toBe(state.totals[seat]);
					expect(cells.at(-1)?.total ?? 0).toBe(state.totals[seat]);
				});
			}),
			{ numRuns: runs(300) }
		);
	});

	it('no tile is lost: hands + pool + tiles laid = tiles dealt + pool at the start', () => {
		fc.assert(
			fc.property(arbitraryRound(), ({ state }) => {
				const n = state.setup.players.length;
				const laid = state.turns.filter((t) => t.lay).length;
				const inHands = state.hands.reduce((a, b) => a + b, 0);
				expect(inHands + state.pool + laid).toBe(n * handSize(n) + state.setup.pool);
			}),
			{ numRuns: runs(300) }
		);
	});

	it('replaying the actions gives the same state; dropping the last action gives the state before it', () => {
		fc.assert(
			fc.property(arbitraryRound(), ({ state, actions }) => {
				const again = playRound(state.setup, actions);
				expect(again.ok && again.value).toEqual(state);
				if (actions.length === 0) return;
				const before = playRound(state.setup, actions.slice(0, -1));
				if (!before.ok) throw new Error(JSON.stringify(before.error));
				const redo = applyAction(before.value, actions.at(-1) as RoundAction);
				expect(redo.ok && redo.value).toEqual(state);
			}),
			{ numRuns: runs(200) }
		);
	});

	it('legalActions offers exactly what applyAction accepts', () => {
		fc.assert(
			fc.property(arbitraryRound(), ({ state }) => {
				const legal = legalActions(state);
				expect(applyAction(state, { type: 'draw' }).ok).toBe(legal.draw);
				expect(applyAction(state, { type: 'pass' }).ok).toBe(legal.pass);
				const laid = applyAction(state, {
					type: 'lay',
					value: 5,
					tile: null,
					bonus: null,
					out: legal.lastTile
				});
				expect(laid.ok).toBe(legal.lay);
				if (legal.lay) {
					const withBonus = applyAction(state, {
						type: 'lay',
						value: 5,
						tile: null,
						bonus: 'bridge',
						out: legal.lastTile
					});
					expect(withBonus.ok).toBe(legal.bonus);
				}
			}),
			{ numRuns: runs(300) }
		);
	});

	it('uses kids and classic presets without error', () => {
		expect(startRound({ rules: KIDS, players: ['A', 'B'], start: 1 }).ok).toBe(true);
	});
});

describe('what applyAction refuses, and says (docs/NOTATION.md: "rejects what the rules forbid")', () => {
	const lay = (value: number, tile: [number, number, number] | null = null) =>
		({ type: 'lay', value, tile, bonus: null, out: false }) as const;

	function started(rules = TOURNAMENT): RoundState {
		const round = startRound({ rules, players: ['Anna', 'Ben', 'Cara'], start: 0 });
		if (!round.ok) throw new Error(JSON.stringify(round.error));
		return round.value;
	}

	it.each([
		// docs/NOTATION.md, Turn lines: "a tile: its value `0`–`15`".
		['0, the lowest tile', 0, true],
		['15, the highest tile', 15, true],
		['16', 16, false],
		['−1', -1, false],
		['2.5', 2.5, false]
	])('a lay worth %s (value %s) is legal: %s', (_what, value, legal) => {
		const laid = applyAction(started(), lay(value));
		expect(laid.ok ? laid.value.totals : laid.error).toEqual(
			legal ? [value, 0, 0] : { code: 'bad-value', value }
		);
	});

	it('a tile named by its numbers must be worth the value given (3-4-5 is 12, not 9)', () => {
		expect(applyAction(started(), lay(9, [3, 4, 5]))).toEqual({
			ok: false,
			error: { code: 'value-mismatch', tile: '3-4-5', worth: 12, value: 9 }
		});
		const laid = applyAction(started(), lay(12, [3, 4, 5]));
		expect(laid.ok && laid.value.namedTiles).toEqual(['3-4-5']);
	});

	it('a seat that holds no tile cannot lay: legalActions does not offer it, applyAction refuses it', () => {
		const empty: RoundState = { ...started(), hands: [0, 7, 7] };
		expect(legalActions(empty).lay).toBe(false);
		expect(applyAction(empty, lay(5))).toEqual({ ok: false, error: { code: 'no-tiles', player: 'Anna' } });
		const last: RoundState = { ...started(), hands: [1, 7, 7] };
		expect(legalActions(last)).toMatchObject({ lay: true, lastTile: true });
		const out = applyAction(last, { ...lay(5), out: true });
		expect(out.ok && out.value.hands).toEqual([0, 7, 7]);
	});

	it('001 §Tip, kids’ scoring: going out ends the round scored; the hands may still be given, once', () => {
		const KIDS_THREE = 'Rules: classic\nScoring: kids\nPlayers: Anna, Ben, Cara';
		const won = play(KIDS_THREE, `${lap(6)}\nAnna: 2 out`);
		expect(won).toMatchObject({ phase: 'over', end: 'out', settlement: null, totals: [5, 0, 0] });
		const hands = [null, { sum: 9, tiles: null }, { sum: 11, tiles: null }];
		const settled = applyAction(won, { type: 'settle', hands });
		if (!settled.ok) throw new Error(JSON.stringify(settled.error));
		expect(settled.value).toMatchObject({
			phase: 'over',
			end: 'out',
			settlement: [0, 0, 0],
			handsLeft: hands,
			totals: [5, 0, 0]
		});
		expect(applyAction(settled.value, { type: 'settle', hands })).toEqual({
			ok: false,
			error: { code: 'settle-early', settled: true }
		});
	});

	it('000 §Spielende: a settled round is not settled again; one still played is not settled yet', () => {
		const body = `${lap(5)}\nAnna: 1\nBen: 1\nCara: d 1\nAnna: 2 out\nBen: 3 out\nCara: 4\nHands: Cara 11`;
		const settled = play(THREE, body);
		expect(settled).toMatchObject({ phase: 'over', end: 'out', settlement: [11, 0, 0] });
		const hands = [null, null, { sum: 11, tiles: null }];
		expect(applyAction(settled, { type: 'settle', hands })).toEqual({
			ok: false,
			error: { code: 'settle-early', settled: true }
		});
		expect(applyAction(started(), { type: 'settle', hands })).toEqual({
			ok: false,
			error: { code: 'settle-early', settled: false }
		});
	});

	it('RULES.md §2: laps are counted from the round’s start player', () => {
		const state = play(`${THREE}\nStart: Ben`, 'Ben: 1\nCara: 1\nAnna: 1\nBen: 1\nCara: 1');
		expect(state.turns.map((t) => [t.seat, t.lap])).toEqual([
			[1, 0],
			[2, 0],
			[0, 0],
			[1, 1],
			[2, 1]
		]);
	});

	it('RULES.md §1: a tile exists once; naming it again at a lay is refused with the tile', () => {
		const first = applyAction(started(), lay(12, [3, 4, 5]));
		if (!first.ok) throw new Error(JSON.stringify(first.error));
		expect(applyAction(first.value, lay(12, [5, 4, 3]))).toEqual({
			ok: false,
			error: { code: 'tile-twice', tile: '3-4-5', at: 'laid' }
		});
	});

	it('a round whose play has ended takes no turn, and offers only the settlement while it waits for it', () => {
		const waiting = play(`${THREE}\nPool: 0`, 'Anna: pass\nBen: pass\nCara: pass');
		const settled = play(
			`${THREE}\nPool: 0`,
			'Anna: pass\nBen: pass\nCara: pass\nHands: Anna 30, Ben 20, Cara 14'
		);
		const none = {
			seat: null,
			draw: false,
			lay: false,
			lastTile: false,
			bonus: false,
			pass: false,
			passPenalty: 0
		};
		expect(legalActions(waiting)).toEqual({ ...none, settle: true });
		expect(legalActions(settled)).toEqual({ ...none, settle: false });
		for (const state of [waiting, settled]) {
			for (const action of [{ type: 'draw' }, { type: 'pass' }, lay(5)] as const) {
				expect(applyAction(state, action)).toEqual({ ok: false, error: { code: 'round-over' } });
			}
		}
	});

	it('playRound names the action a problem stands at; −1 for the setup itself', () => {
		expect(playRound({ rules: TOURNAMENT, players: ['Anna'], start: 0 }, [])).toEqual({
			ok: false,
			error: { code: 'player-count', count: 1, action: -1 }
		});
		expect(
			playRound({ rules: TOURNAMENT, players: ['Anna', 'Ben'], start: 0 }, [lay(5), { type: 'pass' }])
		).toEqual({ ok: false, error: { code: 'early-pass', player: 'Ben', draws: 0, action: 1 } });
	});
});
