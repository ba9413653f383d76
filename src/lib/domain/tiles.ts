import type { RoundProblem } from './problems';
import { fail, ok, type Result } from './result';

/** A Triominos tile: three numbers 0–5, read clockwise. */
export type Tile = readonly [number, number, number];

/** The standard set (56 tiles) and the extended set (76) — 003 §Ausstattung, RULES.md §1. */
export const TILE_SETS = [56, 76] as const;
export type TileSetSize = (typeof TILE_SETS)[number];

/** A tile's value: the sum of its numbers (000 §Grundsätzliches), 0–15. */
export function tileValue(tile: Tile): number {
	return tile[0] + tile[1] + tile[2];
}

/** Three equal numbers: the "Trio" of the classic opening (001 §3). */
export function isTrio(tile: Tile): boolean {
	return tile[0] === tile[1] && tile[1] === tile[2];
}

/**
 * The tile's identity within a set. In the 56 set every triple exists in one orientation only,
 * so any order of the same numbers names the same tile; in the 76 set the two orientations of
 * an all-distinct triple are different tiles (rotations are the same tile).
 */
export function canonicalTile(tile: Tile, set: TileSetSize): Tile {
	if (set === 56) return [...tile].sort((a, b) => a - b) as unknown as Tile;
	const rotations: Tile[] = [tile, [tile[1], tile[2], tile[0]], [tile[2], tile[0], tile[1]]];
	return rotations.reduce((best, r) => (formatTile(r) < formatTile(best) ? r : best));
}

/** `a-b-c` */
export function formatTile(tile: Tile): string {
	return `${tile[0]}-${tile[1]}-${tile[2]}`;
}

/** Every tile of a set, canonical. */
export function tileSet(set: TileSetSize): Tile[] {
	const tiles: Tile[] = [];
	for (let a = 0; a <= 5; a++)
		for (let b = a; b <= 5; b++)
			for (let c = b; c <= 5; c++) {
				tiles.push([a, b, c]);
				if (set === 76 && a < b && b < c) tiles.push(canonicalTile([a, c, b], 76));
			}
	return tiles;
}

/** Parses `a-b-c` (numbers 0–5). */
export function parseTile(text: string): Result<Tile, RoundProblem> {
	const match = /^([0-9]+)-([0-9]+)-([0-9]+)$/.exec(text.trim());
	if (!match) {
		return fail({ code: 'bad-tile', text });
	}
	const numbers = [Number(match[1]), Number(match[2]), Number(match[3])] as const;
	if (numbers.some((n) => n > 5)) {
		return fail({ code: 'bad-tile-number', text });
	}
	return ok(numbers);
}

const valuesCache = new Map<TileSetSize, number[]>();

function sortedValues(set: TileSetSize): number[] {
	let values = valuesCache.get(set);
	if (!values) {
		values = tileSet(set)
			.map(tileValue)
			.sort((a, b) => a - b);
		valuesCache.set(set, values);
	}
	return values;
}

/** The smallest and largest sum that `count` different tiles of the set can have. */
export function handSumRange(count: number, set: TileSetSize): { min: number; max: number } {
	const values = sortedValues(set);
	const add = (list: number[]) => list.reduce((a, b) => a + b, 0);
	return { min: add(values.slice(0, count)), max: add(values.slice(values.length - count)) };
}
