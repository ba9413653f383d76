import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main';
import { memoryIO } from '../testing';

const EIGHT = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans'];

/** Two 4-tables (000 §Punktewertung): two second places share 2.5; three firsts share 10/3. */
const triominos = {
	format: 'triominos',
	players: EIGHT,
	rounds: [
		[
			{ Anna: 100, Ben: 50, Cara: 50, Dirk: 10 },
			{ Eva: 90, Finn: 90, Gina: 90, Hans: 10 }
		]
	]
};

const file = (value: unknown) => JSON.stringify(value);

interface Answer {
	standings: { player: string; rank: number; points: number; gamePoints: number; share?: number }[];
	finalists: string[];
	qualifiers?: number;
	undecided: string[];
}

async function run(args: string[], files: Record<string, string>) {
	const { io, json, stdout, stderr } = memoryIO(files);
	const code = await main(args, io);
	return { code, json, stdout, stderr };
}

describe('wertungsblatt standings --json', () => {
	it('answers in the contract’s shape: standings, finalists, qualifiers, undecided', async () => {
		const { code, json } = await run(['standings', '--json', 'a.json'], { 'a.json': file(triominos) });
		expect(code).toBe(0);
		const answer = json() as Answer;
		expect(Object.keys(answer)).toEqual(['standings', 'finalists', 'qualifiers', 'undecided']);
		expect(Object.keys(answer.standings[0]!)).toEqual(['player', 'rank', 'points', 'gamePoints']);
		expect(answer.standings.map((r) => [r.player, r.rank, r.points, r.gamePoints])).toEqual([
			['Anna', 1, 5, 100],
			['Eva', 2, 10 / 3, 90],
			['Finn', 2, 10 / 3, 90],
			['Gina', 2, 10 / 3, 90],
			['Ben', 5, 2.5, 50],
			['Cara', 5, 2.5, 50],
			['Dirk', 7, 1, 10],
			['Hans', 7, 1, 10]
		]);
		// Three finalists with 8 players; Eva, Finn and Gina are tied across the cut: a lot decides.
		expect(answer.finalists).toEqual(['Anna']);
		expect(answer.qualifiers).toBe(1);
		expect(answer.undecided).toEqual(expect.arrayContaining(['Eva', 'Finn', 'Gina', 'Ben', 'Cara']));
	});

	it('breaks a tie on points by game points (000 §Finale)', async () => {
		const second = [
			{ Anna: 10, Eva: 20, Ben: 30, Finn: 40 },
			{ Cara: 10, Gina: 20, Dirk: 30, Hans: 200 }
		];
		const { json } = await run(['standings', '--json', 'a.json'], {
			'a.json': file({ ...triominos, rounds: [...triominos.rounds, second] })
		});
		const answer = json() as Answer;
		const at = (name: string) => answer.standings.find((r) => r.player === name);
		// Hans and Anna both have 6 points; Hans 210 game points to Anna's 110.
		expect(at('Hans')).toMatchObject({ points: 6, gamePoints: 210 });
		expect(at('Anna')).toMatchObject({ points: 6, gamePoints: 110 });
		expect(at('Hans')!.rank).toBeLessThan(at('Anna')!.rank);
		expect(answer.undecided).not.toContain('Hans');
	});

	it('gives the swiss percentage share and no qualifiers (002 §3)', async () => {
		const swiss = {
			format: 'swiss',
			players: ['A', 'B', 'C', 'D', 'E', 'F', 'G'],
			rounds: [
				[
					{ A: 10, B: 8, C: 8, D: 6 },
					{ E: 8, F: 10, G: 6 }
				]
			]
		};
		const { code, json } = await run(['standings', '--json', 's.json'], { 's.json': file(swiss) });
		expect(code).toBe(0);
		const answer = json() as Answer;
		expect(answer.qualifiers).toBeUndefined();
		expect(answer.finalists).toEqual([]);
		expect(answer.standings.find((r) => r.player === 'A')).toEqual({
			player: 'A',
			rank: 1,
			points: 5,
			gamePoints: 10,
			share: 31.25
		});
		// 8 / (24 + 8) at the 3-table.
		expect(answer.standings.find((r) => r.player === 'E')?.share).toBe(25);
	});

	it('rounds SET points up (004 §2.3.2)', async () => {
		const set = {
			format: 'set',
			players: ['A', 'B', 'C', 'D', 'E', 'F'],
			rounds: [
				[
					{ A: 5, B: 5, C: 5 },
					{ D: 7, E: 3, F: -1 }
				]
			]
		};
		const { json } = await run(['standings', '--json', 'set.json'], { 'set.json': file(set) });
		const answer = json() as Answer;
		// Three tied firsts: (10 + 6 + 4) / 3 = 6.67, rounded up to 7.
		expect(answer.standings.find((r) => r.player === 'A')?.points).toBe(7);
		expect(answer.standings.find((r) => r.player === 'F')).toMatchObject({ points: 4, gamePoints: -1 });
	});

	it('prints a German table for people', async () => {
		const { code, stdout } = await run(['standings', 'a.json'], { 'a.json': file(triominos) });
		expect(code).toBe(0);
		expect(stdout()).toMatch(/Platz\s+Spieler\s+Punkte\s+Spielpunkte/);
		expect(stdout()).toMatch(/5\.\s+Ben\s+2,5\s+50/);
		expect(stdout()).toMatch(/2\.\s+Eva\s+3⅓/);
		expect(stdout()).toContain('Gleichstand, Los nötig: Eva, Finn, Gina');
	});
});

describe('wertungsblatt standings refuses bad input', () => {
	it('names an unknown player, in German and English, and exits 1', async () => {
		const bad = {
			...triominos,
			rounds: [[{ Anna: 100, Ben: 50, Zora: 50, Dirk: 10 }, triominos.rounds[0]![1]]]
		};
		const { code, json } = await run(['standings', '--json', 'bad.json'], { 'bad.json': file(bad) });
		expect(code).toBe(1);
		expect(json()).toEqual({
			error: {
				message: 'Unbekannter Spieler „Zora“ an Tisch 1 in Runde 1.',
				en: 'Unknown player "Zora" at table 1 in round 1.'
			}
		});
	});

	it('refuses a table of 2, in German and English, and exits 1', async () => {
		const two = {
			format: 'triominos',
			players: ['A', 'B', 'C', 'D', 'E', 'F'],
			rounds: [
				[
					{ A: 100, B: 50 },
					{ C: 1, D: 2, E: 3, F: 4 }
				]
			]
		};
		const { code, stderr, stdout } = await run(['standings', 'two.json'], { 'two.json': file(two) });
		expect(code).toBe(1);
		expect(stdout()).toBe('');
		expect(stderr()).toBe(
			'Fehler: Tisch 1 in Runde 1 hat 2 Spieler – erlaubt sind 3–4.\nError: Table 1 in round 1 has 2 players; 3–4 are allowed.'
		);
	});

	it('refuses a missing file, broken JSON and a wrong shape with exit 1, and a missing argument with 2', async () => {
		const missing = await run(['standings', '--json', 'nope.json'], {});
		expect(missing.code).toBe(1);
		expect(missing.json()).toMatchObject({
			error: { message: expect.stringContaining('nicht lesbar'), en: expect.stringContaining('Cannot read') }
		});
		const broken = await run(['standings', 'b.json'], { 'b.json': '{"format": ' });
		expect(broken.code).toBe(1);
		expect(broken.stderr()).toMatch(/^Fehler: .*\nError: /);
		const shape = await run(['standings', '--json', 's.json'], {
			's.json': file({ format: 'chess', players: [], rounds: [] })
		});
		expect(shape.code).toBe(1);
		expect(shape.json()).toMatchObject({
			error: { message: expect.stringContaining('format'), en: expect.stringContaining('format') }
		});
		const usage = await run(['standings'], {});
		expect(usage.code).toBe(2);
		expect(usage.stderr()).toMatch(/Aufruf: standings.*\nError: usage: standings/s);
	});
});

describe('a real run through npm', () => {
	it('answers `npm run --silent cli -- standings --json FILE` and exits 1 on an unknown player', () => {
		const dir = mkdtempSync(join(tmpdir(), 'wb-standings-'));
		const good = join(dir, 'good.json');
		const bad = join(dir, 'bad.json');
		writeFileSync(good, file(triominos));
		writeFileSync(bad, file({ ...triominos, players: EIGHT.slice(1) }));
		const out = execFileSync('npm', ['run', '--silent', 'cli', '--', 'standings', '--json', good], {
			encoding: 'utf8'
		});
		expect((JSON.parse(out) as Answer).standings[0]).toEqual({
			player: 'Anna',
			rank: 1,
			points: 5,
			gamePoints: 100
		});

		const failed = spawnSync('npm', ['run', '--silent', 'cli', '--', 'standings', bad], { encoding: 'utf8' });
		expect(failed.status).toBe(1);
		expect(failed.stderr).toContain('Fehler: Unbekannter Spieler „Anna“');
		expect(failed.stderr).toContain('Error: Unknown player "Anna"');
	});
});
