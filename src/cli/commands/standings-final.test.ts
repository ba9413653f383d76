// The command line follows a tournament to its end: the final, lots, the qualified players, and the
// desk's own files ("Alles (JSON)" export, backup) as input.
import { describe, expect, it } from 'vitest';
import { tournamentJson } from '../../lib/protocol/tournament-file';
import { logFromResults, replay, type TournamentEvent } from '../../lib/domain/tournament';
import { main } from '../main';
import { backupFile, memoryIO } from '../testing';

const PLAYERS = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L', 'M', 'N'];

/**
 * 14 players (2 qualify, a final of 3: 000) over one prelim round: A, E, I and L win their tables on 5
 * points, game points put A, E, I into the final. A wins both final rounds; E and I tie on the final's
 * points and game points, so only a lot separates them.
 */
const leipzig = {
	format: 'triominos',
	name: 'Quali Leipzig',
	date: '2027-03-06',
	options: { rounds: 1 },
	players: PLAYERS,
	rounds: [
		[
			{ A: 100, B: 50, C: 40, D: 10 },
			{ E: 90, F: 60, G: 30, H: 20 },
			{ I: 80, J: 40, K: 10 },
			{ L: 70, M: 30, N: 5 }
		]
	],
	final: [[{ A: 90, E: 80, I: 80 }], [{ A: 60, E: 40, I: 40 }]]
};

interface Answer {
	standings: { player: string; rank: number; points: number }[];
	finalists: string[];
	qualifiers?: number;
	qualified?: string[];
	undecided: string[];
	error?: { message: string; en: string };
}

async function standings(files: Record<string, string>, path = 'f.json') {
	const { io, json, stderr } = memoryIO(files);
	const code = await main(['standings', '--json', path], io);
	return { code, answer: json() as Answer, stderr };
}

const file = (value: unknown) => JSON.stringify(value);

describe('standings --json with a final and lots (RULES.md §6)', () => {
	it('without a final, `qualified` is the prelim ranking’s first ceil(n/9) (§6)', async () => {
		const { code, answer } = await standings({ 'f.json': file({ ...leipzig, final: undefined }) });
		expect(code).toBe(0);
		expect(answer.qualifiers).toBe(2);
		expect(answer.qualified).toEqual(['A', 'E']);
	});

	it('finalists are ranked by the final, a final tie across the last place stays open (§6 "then lot")', async () => {
		const { answer } = await standings({ 'f.json': file(leipzig) });
		expect(answer.standings.slice(0, 4).map((r) => [r.player, r.rank])).toEqual([
			['A', 1],
			['E', 2],
			['I', 2],
			['L', 4]
		]);
		expect(answer.qualified).toEqual(['A']);
		expect(answer.undecided).toEqual(expect.arrayContaining(['E', 'I']));
	});

	it('a lot decides the final’s tie: first = ahead, and he qualifies (§6 "still tied → lot")', async () => {
		const { answer } = await standings({ 'f.json': file({ ...leipzig, lots: [['I', 'E']] }) });
		expect(answer.standings.slice(0, 3).map((r) => r.player)).toEqual(['A', 'I', 'E']);
		expect(answer.qualified).toEqual(['A', 'I']);
		expect(answer.qualifiers).toBe(2);
	});

	it('refuses a final round of two tables and a lot naming an unknown player, in German and English', async () => {
		const twoTables = await standings({
			'f.json': file({
				...leipzig,
				final: [
					[
						{ A: 1, E: 2, I: 3 },
						{ B: 1, C: 2, D: 3 }
					]
				]
			})
		});
		expect(twoTables.code).toBe(1);
		expect(twoTables.answer.error?.message).toContain('final[0]');
		const stranger = await standings({ 'f.json': file({ ...leipzig, lots: [['I', 'Zora']] }) });
		expect(stranger.code).toBe(1);
		expect(stranger.answer.error).toEqual({
			message: expect.stringContaining('Zora') as string,
			en: expect.stringContaining('Unknown player "Zora"') as string
		});
	});
});

describe('standings reads the desk’s own files', () => {
	const events = logFromResults({ ...leipzig, lots: [['I', 'E']] } as never, '2027-03-06T09:00:00Z');
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));

	it('the "Alles (JSON)" export', async () => {
		const exported = tournamentJson('t-leipzig', state.value, events);
		const { code, answer } = await standings({ 'alles.json': file(exported) }, 'alles.json');
		expect(code).toBe(0);
		expect(answer.qualified).toEqual(['A', 'I']);
	});

	const backup = (log: readonly TournamentEvent[]) =>
		backupFile({ id: 't-leipzig', name: 'Quali Leipzig' }, log);

	it('the backup file (.wbsync)', async () => {
		const text = await backup(events);
		const { code, answer } = await standings({ 'quali.wbsync': text }, 'quali.wbsync');
		expect(code).toBe(0);
		expect(answer.qualified).toEqual(['A', 'I']);
		expect(answer.finalists).toEqual(['A', 'I', 'E']);
	});

	it('refuses a damaged backup and a round-only backup with the reason', async () => {
		const text = await backup(events);
		const damaged = text.replace(/\n(.)/, (_, c: string) => `\n${c === 'A' ? 'B' : 'A'}`);
		const broken = await standings({ 'b.wbsync': damaged }, 'b.wbsync');
		expect(broken.code).toBe(1);
		expect(broken.answer.error?.en).toMatch(/checksum|unreadable/);
		const empty = await standings({ 'r.wbsync': await backup([]) }, 'r.wbsync');
		expect(empty.code).toBe(1);
		expect(empty.answer.error?.en).toContain('backs up one round');
	});
});

describe('SET: a table of 2 is a legal table (RULES.md §8; 004 "2-8 Teilnehmer pro Tisch")', () => {
	it('standings take a round with tables of 3, 2 and 2', async () => {
		const set = {
			format: 'set',
			players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
			rounds: [
				[
					{ A: 9, B: 5, C: 1 },
					{ D: 7, E: 3 },
					{ F: 4, G: -1 }
				]
			]
		};
		const { code, answer } = await standings({ 'set.json': file(set) }, 'set.json');
		expect(code).toBe(0);
		// Per table 10/6/4 by place (§8): the table of 2 gives its winner 10 and the other 6.
		const points = Object.fromEntries(answer.standings.map((r) => [r.player, r.points]));
		expect(points).toEqual({ A: 10, D: 10, F: 10, B: 6, E: 6, G: 6, C: 4 });
	});
});
