import { describe, expect, it } from 'vitest';
import type { StandingsPayload } from '../codecs/sync';
import { rational } from '../domain/rational';
import { logFromResults, replay, standings } from '../domain/tournament';
import { sampleTournament } from '../domain/tournament/sample';
import { newSigningKey } from './keys';
import { CODE_POINTS_MAX, decodePayload, encodePayload } from './payload';
import { codePoints, freshness, olderTable, standingsPayload } from './standings';

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

const director = await newSigningKey();

/** A standings code with one row holding these points, as the tablet reads it back. */
async function throughCode(points: { num: number; den: number }) {
	const payload: StandingsPayload = {
		kind: 'standings',
		tournamentId: 't-a',
		tournamentName: 'Frühjahrsturnier',
		afterRound: 1,
		revision: 3,
		rows: [{ player: 'p-a', name: 'Anna', rank: 1, points, gamePoints: 12, withdrawn: false }],
		next: null
	};
	const decoded = await decodePayload(await encodePayload(payload, director));
	return decoded.ok && decoded.value.payload.kind === 'standings'
		? decoded.value.payload.rows[0]?.points
		: null;
}

describe('points in a standings code', () => {
	it.each([
		rational(10, 3),
		rational(-5, 2),
		rational(CODE_POINTS_MAX),
		rational(-CODE_POINTS_MAX),
		rational(1, CODE_POINTS_MAX)
	])('carries %o exactly, as the tablet reads it back', async (points) => {
		const wire = codePoints(points);
		if (!wire.ok) throw new Error(wire.error.en);
		const back = await throughCode(wire.value);
		expect(back && rational(back.num, back.den)).toEqual(points);
	});

	it.each([
		rational(CODE_POINTS_MAX + 1),
		rational(-CODE_POINTS_MAX - 1),
		rational(1, 2 * CODE_POINTS_MAX + 1)
	])('refuses %o, in German and English, instead of writing a code that does not read', async (points) => {
		const refused = codePoints(points);
		expect(refused.ok).toBe(false);
		if (refused.ok) return;
		expect(refused.error.code).toBe('fraction-too-large');
		expect(refused.error.de).toMatch(/^Der Bruch .* ist zu groß für einen Code oder eine Datei/);
		expect(refused.error.en).toMatch(/^The fraction .* is too large for a code or file/);
		// Written anyway, the code would not read back.
		expect(await throughCode({ num: Number(points.num), den: Number(points.den) })).toBeNull();
	});

	it('gives every row the standings’ exact points', () => {
		for (const format of ['triominos', 'swiss', 'set'] as const) {
			const state = replay(
				logFromResults(sampleTournament(format, 14, 4, format, 3), '2026-03-14T10:00:00Z')
			);
			if (!state.ok) throw new Error(state.error.en);
			const payload = standingsPayload(state.value, 't-a', 9);
			if (!payload.ok) throw new Error(payload.error.en);
			const rows = standings(state.value).rows;
			expect(payload.value.rows.map((row) => rational(row.points.num, row.points.den))).toEqual(
				rows.map((row) => row.points)
			);
			// Ties made halves and thirds (SET rounds up): the test would see a lost fraction.
			if (format !== 'set') expect(rows.some((row) => row.points.den > 1n)).toBe(true);
		}
	});
});
