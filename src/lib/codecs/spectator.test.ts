// The spectators' document as the live pages read it (publish/spectator.test.ts: as it is written).
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import { readSpectator, spectatorId, spectatorSchema, type SpectatorDocument } from './spectator';

const KEY = 'A'.repeat(87);
const SIGNATURE = 'A'.repeat(86);

/** Three players, one round at one table (Cara left it), Ben withdrew; Anna and Cara in the final. */
const small: SpectatorDocument = {
	_id: 'live:lea:t-1',
	type: 'wertungsblatt.live',
	schema: 2,
	owner: 'lea',
	tournament: { id: 't-1', name: 'Quali', date: '2027-04-10', format: 'triominos' },
	publishedAt: '2027-04-10T18:00:00.000Z',
	status: 'final',
	prelimRounds: 1,
	players: ['Anna', 'Ben', 'Cara'],
	standings: {
		rank: [1, 2, 3],
		points: ['4', '2', '1'],
		gamePoints: [120, 60, -5],
		withdrawn: [1],
		final: { players: [2, 0], rank: [1, 2], points: ['4', '2'], gamePoints: [90, 40] }
	},
	rounds: [
		{
			stage: 'prelim',
			tables: [[0, 1, 2]],
			places: [[1, 2, 3]],
			points: [['4', '2', '1']],
			gamePoints: [[120, 60, -5]],
			left: [[2]]
		},
		{ stage: 'final', tables: [[2, 0]], places: [[]], points: [[]], gamePoints: [[]] }
	],
	final: { size: 2, finalists: [0, 2], complete: false },
	qualifiers: { count: 1, players: [], pending: { players: [0, 2], places: 1 } },
	key: KEY,
	signature: SIGNATURE
};

describe('readSpectator: the rows the pages show', () => {
	it('names for numbers, a row per player, each round numbered in the tournament and in its stage', () => {
		expect(spectatorSchema.safeParse(small).success).toBe(true);
		expect(readSpectator(small)).toEqual({
			tournament: small.tournament,
			publishedAt: small.publishedAt,
			status: 'final',
			prelimRounds: 1,
			rounds: [
				{
					round: 1,
					stage: 'prelim',
					ofStage: 1,
					tables: [
						{
							players: ['Anna', 'Ben', 'Cara'],
							result: { places: [1, 2, 3], points: ['4', '2', '1'], gamePoints: [120, 60, -5], left: [2] }
						}
					]
				},
				{ round: 2, stage: 'final', ofStage: 1, tables: [{ players: ['Cara', 'Anna'] }] }
			],
			standings: [
				{
					rank: 1,
					player: 'Anna',
					points: '4',
					gamePoints: 120,
					withdrawn: false,
					final: { rank: 2, points: '2', gamePoints: 40 }
				},
				{ rank: 2, player: 'Ben', points: '2', gamePoints: 60, withdrawn: true },
				{
					rank: 3,
					player: 'Cara',
					points: '1',
					gamePoints: -5,
					withdrawn: false,
					final: { rank: 1, points: '4', gamePoints: 90 }
				}
			],
			final: { size: 2, finalists: ['Anna', 'Cara'], complete: false },
			qualifiers: { count: 1, players: [], pending: { players: ['Anna', 'Cara'], places: 1 } }
		});
	});

	it.each([
		['a table names a player the list lacks', { rounds: [{ ...small.rounds[0]!, tables: [[0, 1, 3]] }] }],
		['a finalist the list lacks', { final: { ...small.final, finalists: [0, 5] } }],
		['a standings column shorter than the list', { standings: { ...small.standings, rank: [1, 2] } }],
		['results for fewer tables than the round has', { rounds: [{ ...small.rounds[0]!, places: [] }] }],
		[
			'a result for fewer seats than the table has',
			{ rounds: [{ ...small.rounds[0]!, points: [['4', '2']] }] }
		],
		[
			'a final column shorter than its players',
			{ standings: { ...small.standings, final: { ...small.standings.final, rank: [1] } } }
		]
	])('does not read when %s (signed, of the right shape, but it does not fit together)', (_, change) => {
		const doc = { ...small, ...change } as SpectatorDocument;
		expect(spectatorSchema.safeParse(doc).success).toBe(true);
		expect(readSpectator(doc)).toBeNull();
	});

	it('a swiss round where nobody left: no `left` on its result, and each row has its share (in percent)', () => {
		const { left, ...prelim } = small.rounds[0]!;
		void left;
		const swiss = {
			...small,
			tournament: { ...small.tournament, format: 'swiss' },
			standings: { ...small.standings, share: [75, 50, 25] },
			rounds: [prelim]
		} as SpectatorDocument;
		expect(spectatorSchema.safeParse(swiss).success).toBe(true);
		const read = readSpectator(swiss);
		expect(read?.rounds[0]?.tables[0]?.result).toEqual({
			places: [1, 2, 3],
			points: ['4', '2', '1'],
			gamePoints: [120, 60, -5]
		});
		expect(read?.standings.map((row) => row.share)).toEqual([75, 50, 25]);
		// Without shares (every format but swiss) a row has none.
		expect(readSpectator(small)?.standings.every((row) => !('share' in row))).toBe(true);
	});
});

describe('spectatorSchema: the document a live page takes', () => {
	it('reads back whole: every field of every part (tournament, standings and final, rounds, final, qualifiers and their lots)', () => {
		expect(spectatorSchema.parse(small)).toEqual(small);
	});

	it('refuses a document outside its bounds in any of its parts', () => {
		const [prelim] = small.rounds;
		for (const doc of [
			{ ...small, tournament: { ...small.tournament, format: 'schach' } },
			{ ...small, standings: { ...small.standings, rank: [1, 2, -3] } },
			{ ...small, standings: { ...small.standings, final: { ...small.standings.final, players: [2, -1] } } },
			{ ...small, rounds: [{ ...prelim!, stage: 'halbfinale' }] },
			{ ...small, final: { ...small.final, size: -1 } },
			{ ...small, final: { ...small.final, pending: { players: [0], places: -1 } } },
			{ ...small, qualifiers: { ...small.qualifiers!, count: -1 } },
			{ ...small, qualifiers: { ...small.qualifiers!, pending: { players: [0, 2], places: 1.5 } } }
		])
			expect(spectatorSchema.safeParse(doc).success, JSON.stringify(doc)).toBe(false);
	});

	it('a player is his number in `players`, which holds LIMITS.players at most: 0 to LIMITS.players − 1', () => {
		const finalists = (...players: number[]) => ({ ...small, final: { ...small.final, finalists: players } });
		expect(spectatorSchema.safeParse(finalists(0, LIMITS.players - 1)).success).toBe(true);
		expect(spectatorSchema.safeParse(finalists(0, LIMITS.players)).success).toBe(false);
		expect(spectatorSchema.safeParse(finalists(-1)).success).toBe(false);
	});
});

describe('spectatorId', () => {
	it('is `live:` and the tournament’s published key (`owner:id`), beside its head `tournament:<key>`', () => {
		expect(spectatorId('lea:t-1')).toBe(small._id);
	});
});
