import { describe, expect, it } from 'vitest';
import type { StandingsPayload, TableAssignment } from '../codecs/sync';
import { MAX_REVISION, MAX_ROUND } from '../domain/limits';
import { rational } from '../domain/rational';
import { LIMITS } from '../domain/limits';
import { logFromResults, replay, standings, type TournamentEvent } from '../domain/tournament';
import { sampleTournament } from '../domain/tournament/sample';
import { newSigningKey } from './keys';
import { CODE_POINTS_MAX, decodePayload, encodePayload } from './payload';
import {
	beyondTournament,
	codePoints,
	freshness,
	newerStandings,
	olderTable,
	standingsPayload
} from './standings';

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
		// Whatever the order they were joined in.
		expect(olderTable([code('t-a', 3), code('t-a', 1)], code('t-a', 2))).toEqual(code('t-a', 3));
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
		if (!wire.ok) throw new Error(JSON.stringify(wire.error));
		const back = await throughCode(wire.value);
		expect(back && rational(back.num, back.den)).toEqual(points);
	});

	it.each([
		rational(CODE_POINTS_MAX + 1),
		rational(-CODE_POINTS_MAX - 1),
		rational(1, 2 * CODE_POINTS_MAX + 1)
	])('refuses %o instead of writing a code that does not read', async (points) => {
		const refused = codePoints(points);
		expect(refused.ok).toBe(false);
		if (refused.ok) return;
		expect(refused.error).toMatchObject({ code: 'fraction-too-large', num: String(points.num) });
		// Written anyway, the code would not read back.
		expect(await throughCode({ num: Number(points.num), den: Number(points.den) })).toBeNull();
	});

	it('gives every row the standings’ exact points', () => {
		for (const format of ['triominos', 'swiss', 'set'] as const) {
			const state = replay(
				logFromResults(sampleTournament(format, 14, 4, format, 3), '2026-03-14T10:00:00Z')
			);
			if (!state.ok) throw new Error(JSON.stringify(state.error));
			const payload = standingsPayload(state.value, 't-a', 9);
			if (!payload.ok) throw new Error(JSON.stringify(payload.error));
			const rows = standings(state.value).rows;
			expect(payload.value.rows.map((row) => rational(row.points.num, row.points.den))).toEqual(
				rows.map((row) => row.points)
			);
			// Ties made halves and thirds (SET rounds up): the test would see a lost fraction.
			if (format !== 'set') expect(rows.some((row) => row.points.den > 1n)).toBe(true);
		}
	});
});

describe('what a tablet may believe of a director (beyondTournament)', () => {
	const standingsCode = (afterRound: number, revision: number, next: number | null): StandingsPayload => ({
		kind: 'standings',
		tournamentId: 't-a',
		tournamentName: 'Frühjahrsturnier',
		afterRound,
		revision,
		rows: [],
		next: next === null ? null : { round: next, tables: [] }
	});
	// Only the kind, the round and the revision are read: the rest of a table code does not matter here.
	const tableCode = (round: number, revision?: number) =>
		({ kind: 'assignment', tournamentId: 't-a', round, revision }) as unknown as TableAssignment;

	it.each([
		['a table code of the last round there can be', tableCode(MAX_ROUND, MAX_REVISION), null],
		[
			'a table code of a round after it',
			tableCode(MAX_ROUND + 1),
			{ code: 'beyond-tournament', round: MAX_ROUND + 1, revision: null }
		],
		['standings at both bounds', standingsCode(MAX_ROUND, MAX_REVISION, null), null],
		[
			'standings of a revision no log can have',
			standingsCode(1, MAX_REVISION + 1, null),
			{ code: 'beyond-tournament', round: null, revision: MAX_REVISION + 1 }
		],
		[
			'standings whose next round is beyond the bound',
			standingsCode(1, 2, MAX_ROUND + 1),
			{ code: 'beyond-tournament', round: MAX_ROUND + 1, revision: null }
		],
		[
			'standings beyond both',
			standingsCode(MAX_ROUND + 2, MAX_REVISION + 1, 1),
			{ code: 'beyond-tournament', round: MAX_ROUND + 2, revision: MAX_REVISION + 1 }
		]
	])('%s', (_, payload, expected) => {
		expect(beyondTournament(payload)).toEqual(expected);
	});

	it('keeps the standings of the higher revision; equal ones are the same, another tournament’s are new', () => {
		const at = (revision: number, tournamentId = 't-a') => ({
			...standingsCode(1, revision, null),
			tournamentId
		});
		expect(newerStandings(null, at(3))).toBe(true);
		expect(newerStandings(at(3), at(4))).toBe(true);
		expect(newerStandings(at(3), at(3))).toBe(false);
		expect(newerStandings(at(4), at(3))).toBe(false);
		expect(newerStandings(at(4), at(1, 't-b'))).toBe(true);
	});
});

/** 14 players at four tables (4, 4, 3, 3), two rounds played: the tournament's log, event by event. */
const twoRounds = logFromResults(sampleTournament('triominos', 14, 2, 'code-next'), '2026-03-14T10:00:00Z');

/** The log up to and with the `count`-th event of `type`. */
function through(log: TournamentEvent[], type: TournamentEvent['type'], count: number): TournamentEvent[] {
	let seen = 0;
	const end = log.findIndex((event) => event.type === type && ++seen === count);
	if (end < 0) throw new Error(`no ${count}. ${type}`);
	return log.slice(0, end + 1);
}

function payloadOf(log: TournamentEvent[], revision = log.length) {
	const state = replay(log);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	const payload = standingsPayload(state.value, 't-a', revision);
	if (!payload.ok) throw new Error(JSON.stringify(payload.error));
	return { state: state.value, payload: payload.value };
}

const seating = (log: TournamentEvent[], round: number) =>
	log.flatMap((event) => (event.type === 'round-opened' && event.round === round ? [event.tables] : []))[0];

describe('the standings code of a tournament (PROTOCOL.md, standings: afterRound, next round drawn)', () => {
	// afterRound: the last round whose results are all in; the next round's seating only while it is drawn
	// and none of its results has come (a tablet takes its table from it).
	it.each([
		['registered, no round drawn', through(twoRounds, 'player-registered', 14), 0, null],
		['round 1 drawn, no result in', through(twoRounds, 'round-opened', 1), 0, 1],
		['round 1, one table of four in', through(twoRounds, 'table-reported', 1), 0, null],
		['round 1, three tables of four in', through(twoRounds, 'table-reported', 3), 0, null],
		['round 1 complete', through(twoRounds, 'table-reported', 4), 1, null],
		['round 2 drawn, no result in', through(twoRounds, 'round-opened', 2), 1, 2],
		['round 2, its last table missing', through(twoRounds, 'table-reported', 7), 1, null],
		['both rounds complete', twoRounds, 2, null]
	] as const)('%s: after round %i, the seating of round %s', (_, log, afterRound, nextRound) => {
		const { payload } = payloadOf([...log]);
		expect(payload.afterRound).toBe(afterRound);
		expect(payload.next).toEqual(
			nextRound === null ? null : { round: nextRound, tables: seating(twoRounds, nextRound) }
		);
	});

	it('carries the tournament, the revision and every row as the standings have it', () => {
		const { state, payload } = payloadOf(twoRounds, 41);
		expect(payload).toMatchObject({
			kind: 'standings',
			tournamentId: 't-a',
			tournamentName: state.name,
			revision: 41
		});
		expect(payload.rows).toEqual(
			standings(state).rows.map((row) => ({
				player: row.player,
				name: row.name,
				rank: row.rank,
				points: { num: Number(row.points.num), den: Number(row.points.den) },
				gamePoints: row.gamePoints,
				withdrawn: row.withdrawn
			}))
		);
	});

	it('says who withdrew, and cuts a name stored before the limit to what a code carries', () => {
		const long = 'Maximiliane '.repeat(8).trim();
		expect(long.length).toBeGreaterThan(LIMITS.nameLength);
		const [created, first, ...rest] = twoRounds;
		const log: TournamentEvent[] = [
			created!,
			{ ...first!, type: 'player-registered', name: long } as TournamentEvent,
			...rest,
			{ type: 'player-withdrawn', id: 'e-w', at: '2026-03-14T18:00:00Z', player: 'P02', fromRound: 3 }
		];
		const { payload } = payloadOf(log);
		const row = (player: string) => payload.rows.find((r) => r.player === player);
		expect(row('P01')?.name).toBe(`${long.slice(0, LIMITS.nameLength - 1)}…`);
		expect(row('P02')?.withdrawn).toBe(true);
		expect(payload.rows.filter((r) => r.withdrawn).map((r) => r.player)).toEqual(['P02']);
	});
});
