import { describe, expect, it } from 'vitest';
import { freshness, olderTable } from './standings';

const code = (tournamentId: string, round: number) => ({ tournamentId, round });
const byRound = (c: { round: number }) => c.round;

describe('which code a tablet goes by', () => {
	it('compares codes of one tournament; the first code, or one of another tournament, is newer', () => {
		expect(freshness(null, code('t-a', 1), byRound)).toBe('newer');
		expect(freshness(code('t-a', 1), code('t-a', 2), byRound)).toBe('newer');
		expect(freshness(code('t-a', 2), code('t-a', 2), byRound)).toBe('same');
		expect(freshness(code('t-a', 2), code('t-a', 1), byRound)).toBe('older');
		expect(freshness(code('t-a', 2), code('t-b', 1), byRound)).toBe('newer');
	});

	it('finds the newer table that makes a table code older, per tournament', () => {
		const joined = [code('t-a', 1), code('t-a', 3), code('t-b', 5)];
		expect(olderTable(joined, code('t-a', 2))).toEqual(code('t-a', 3));
		expect(olderTable(joined, code('t-a', 3))).toBeNull();
		expect(olderTable(joined, code('t-b', 6))).toBeNull();
		expect(olderTable(joined, code('t-c', 1))).toBeNull();
	});
});
