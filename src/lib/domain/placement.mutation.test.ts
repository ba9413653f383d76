import { describe, expect, it } from 'vitest';
import { TRIOMINOS_3, TRIOMINOS_4, triominosPointsTable } from './placement';

describe('triominosPointsTable (000: the Triominos places table exists for tables of 3 and 4 players only)', () => {
	it.each([
		[2, null],
		[3, TRIOMINOS_3],
		[4, TRIOMINOS_4],
		[5, null],
		[6, null]
	])('a table of %i players: %j', (players, table) => {
		expect(triominosPointsTable(players)).toEqual(table);
	});
});
