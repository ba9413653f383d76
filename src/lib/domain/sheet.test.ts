import { describe, expect, it } from 'vitest';
import { cellColumns, turnCell, type SheetCell } from './sheet';
import { playRound } from './round';
import { TOURNAMENT } from './rules';

const cell = (over: Partial<SheetCell>): SheetCell => ({
	left: 0,
	marks: '',
	middle: 0,
	total: 0,
	turn: 0,
	open: false,
	passed: false,
	...over
});

describe('cellColumns: one way to write a cell, for the app, the print view and the command line', () => {
	it.each([
		// 000 §Punktewertung und Aufschrieb: laid value left, bonus in the middle, total right.
		['a bridge: 12 laid, +40', cell({ left: 12, middle: 40, total: 52 }), ['12', '', '+40', '52']],
		// 000 §Ansagen, example 1: two purchases, then a 7.
		['two purchases then a 7', cell({ left: -3, marks: '||', total: -3 }), ['−3', '||', '', '−3']],
		// The slash stands for the −10: it is not written again.
		[
			'three purchases and a pass',
			cell({ left: -15, marks: '|||/', middle: -10, total: -25, passed: true }),
			['−15', '|||/', '', '−25']
		],
		// RULES.md, final lap: a pass costs nothing and is written as such.
		['a final-lap pass', cell({ total: 68, passed: true }), ['0', '', 'passt', '68']],
		// The settlement is written in the middle column only.
		['the settlement', cell({ turn: null, middle: 56, total: 166 }), ['', '', '+56', '166']]
	] as const)('%s', (_, given, [left, marks, middle, total]) => {
		expect(cellColumns(given, 'passt')).toMatchObject({ left, marks, middle, total });
	});
});

describe('turnCell (000 §Punktewertung und Aufschrieb)', () => {
	it('writes a standard turn unless told the scoring is kids’: two purchases, then a 7 → −3 left, || marks', () => {
		const played = playRound({ rules: TOURNAMENT, players: ['Anna', 'Ben'], start: 0 }, [
			{ type: 'draw' },
			{ type: 'draw' },
			{ type: 'lay', value: 7, tile: null, bonus: null, out: false }
		]);
		if (!played.ok) throw new Error(JSON.stringify(played.error));
		const [turn] = played.value.turns;
		if (!turn) throw new Error('no turn');
		const cell = { marks: '||', middle: 0, total: -3, turn: 0, open: false, passed: false };
		expect(turnCell(turn)).toEqual({ left: -3, ...cell });
		expect(turnCell(turn, true)).toEqual({ left: 0, ...cell });
	});
});
