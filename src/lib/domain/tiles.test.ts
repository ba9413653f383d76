import { describe, expect, it } from 'vitest';
import { canonicalTile, formatTile, handSumRange, isTrio, parseTile, tileSet, tileValue } from './tiles';

describe('tile sets (003 §Ausstattung, RULES.md §1)', () => {
	it('the standard set has 56 tiles, every multiset of 0–5 once', () => {
		const tiles = tileSet(56);
		expect(tiles).toHaveLength(56);
		expect(new Set(tiles.map(formatTile)).size).toBe(56);
	});

	it('the extended set has 76: both orientations of the 20 all-distinct triples', () => {
		const tiles = tileSet(76);
		expect(tiles).toHaveLength(76);
		expect(new Set(tiles.map(formatTile)).size).toBe(76);
		const distinct = tiles.filter(([a, b, c]) => a !== b && b !== c && a !== c);
		expect(distinct).toHaveLength(40);
	});

	it('values run from 0 (0-0-0) to 15 (5-5-5), the value is the sum (000 §Grundsätzliches)', () => {
		const values = tileSet(56).map(tileValue);
		expect(Math.min(...values)).toBe(0);
		expect(Math.max(...values)).toBe(15);
		expect(tileValue([3, 4, 5])).toBe(12);
	});

	it.each([
		['001 §3: "3+3+3"', [3, 3, 3], 9],
		['001 §3: "3+4+5 = 12 Punkte"', [3, 4, 5], 12],
		['001 §5: "4+4+1 = 9 Punkte"', [4, 4, 1], 9],
		['001 §5: "1+4+3 = 8 Punkte für diesen Spieler"', [1, 4, 3], 8],
		['001 §11 C: "0+5+5+50", the tile 0+5+5', [0, 5, 5], 10]
	] as const)('%s: %j is worth %i', (_source, tile, value) => {
		expect(tileValue(tile)).toBe(value);
	});

	it('six trios (001 §3)', () => {
		expect(tileSet(56).filter(isTrio).map(formatTile)).toEqual([
			'0-0-0',
			'1-1-1',
			'2-2-2',
			'3-3-3',
			'4-4-4',
			'5-5-5'
		]);
	});

	it('the 56 set knows one orientation, the 76 set two', () => {
		expect(formatTile(canonicalTile([5, 4, 3], 56))).toBe('3-4-5');
		expect(formatTile(canonicalTile([4, 5, 3], 76))).toBe('3-4-5');
		expect(formatTile(canonicalTile([3, 5, 4], 76))).toBe('3-5-4');
	});
});

describe('parseTile', () => {
	it.each([
		['3-4-5', [3, 4, 5]],
		[' 0-0-0 ', [0, 0, 0]]
	])('reads %s', (text, tile) => {
		expect(parseTile(text)).toEqual({ ok: true, value: tile });
	});

	it.each([
		['3-4-6', 'bad-tile-number'],
		['3-4', 'bad-tile'],
		['a-b-c', 'bad-tile'],
		['', 'bad-tile']
	])('refuses %j with a reason', (text, code) => {
		const parsed = parseTile(text);
		expect(parsed).toEqual({ ok: false, error: { code, text } });
	});
});

describe('handSumRange', () => {
	it('gives the smallest and largest sums k different tiles can have', () => {
		expect(handSumRange(0, 56)).toEqual({ min: 0, max: 0 });
		expect(handSumRange(1, 56)).toEqual({ min: 0, max: 15 });
		expect(handSumRange(2, 56)).toEqual({ min: 1, max: 29 });
	});
});
