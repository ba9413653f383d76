import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../main';
import { memoryIO, runCli } from '../testing';

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
	standings: {
		player: string;
		rank: number;
		points: number;
		pointsExact?: string;
		gamePoints: number;
		share?: number;
	}[];
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
		expect(Object.keys(answer)).toEqual(['standings', 'finalists', 'qualifiers', 'qualified', 'undecided']);
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
		// 10/3 is no float: the exact form comes beside it; whole and half points need none.
		const eva = answer.standings.find((r) => r.player === 'Eva');
		expect(Object.keys(eva!)).toEqual(['player', 'rank', 'points', 'pointsExact', 'gamePoints']);
		expect(eva?.pointsExact).toBe('10/3');
		expect(answer.standings.filter((r) => r.pointsExact).map((r) => r.player)).toEqual([
			'Eva',
			'Finn',
			'Gina'
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

	it('takes the options a tournament had: a swiss field of 30 with "maxPlayers": 40 (RULES.md §7)', async () => {
		const names = Array.from({ length: 30 }, (_, i) => `P${i + 1}`);
		const tables = Array.from({ length: 6 }, (_, t) =>
			Object.fromEntries(
				names.slice(t * 4, t * 4 + 4).map((name, seat) => [name, [10, 8, 6, 4][seat]!] as const)
			)
		);
		const threes = [0, 1].map((t) =>
			Object.fromEntries(names.slice(24 + t * 3, 27 + t * 3).map((name, seat) => [name, [9, 6, 3][seat]!]))
		);
		const swiss = { format: 'swiss', players: names, rounds: [[...tables, ...threes]] };
		const refused = await run(['standings', '--json', 's.json'], { 's.json': file(swiss) });
		expect(refused.code).toBe(1);
		expect(refused.json()).toEqual({
			error: {
				message:
					'Es sind höchstens 24 Spieler zugelassen. Mehr erlaubt in der Datei: "options": { "maxPlayers": 30 }.',
				en: 'At most 24 players may take part. To allow more, put in the file: "options": { "maxPlayers": 30 }.'
			}
		});
		const allowed = await run(['standings', '--json', 's.json'], {
			's.json': file({ ...swiss, options: { maxPlayers: 40 } })
		});
		expect(allowed.code).toBe(0);
		expect((allowed.json() as Answer).standings).toHaveLength(30);
	});

	it('takes a Triominos file with a sixth round when "rounds": 6 says so, and SET with "rounds": 4', async () => {
		const round = triominos.rounds[0]!;
		const six = { ...triominos, rounds: Array.from({ length: 6 }, () => round) };
		const refused = await run(['standings', '--json', 'a.json'], { 'a.json': file(six) });
		expect(refused.code).toBe(1);
		const allowed = await run(['standings', '--json', 'a.json'], {
			'a.json': file({ ...six, options: { rounds: 6, finalRounds: 3 } })
		});
		expect(allowed.code).toBe(0);
		const set = {
			format: 'set',
			players: ['A', 'B', 'C', 'D', 'E', 'F'],
			rounds: [
				[
					{ A: 5, B: 4, C: 3 },
					{ D: 7, E: 3, F: -1 }
				]
			],
			options: { rounds: 5 }
		};
		const five = await run(['standings', '--json', 'set.json'], { 'set.json': file(set) });
		expect(five.code).toBe(1);
		expect(five.json()).toMatchObject({ error: { en: expect.stringContaining('rounds') } });
	});

	it('refuses options it does not know or values out of range, naming the key', async () => {
		const typo = await run(['standings', '--json', 'a.json'], {
			'a.json': file({ ...triominos, options: { maxPlayer: 40 } })
		});
		expect(typo.code).toBe(1);
		expect(typo.json()).toMatchObject({
			error: { message: expect.stringContaining('maxPlayer'), en: expect.stringContaining('maxPlayer') }
		});
		const low = await run(['standings', '--json', 'a.json'], {
			'a.json': file({ ...triominos, options: { maxPlayers: 2 } })
		});
		expect(low.code).toBe(1);
		expect(low.json()).toMatchObject({ error: { en: expect.stringContaining('options.maxPlayers') } });
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
		expect(missing.json()).toEqual({
			error: { message: 'Datei „nope.json“ nicht gefunden.', en: 'File "nope.json" not found.' }
		});
		const broken = await run(['standings', 'b.json'], { 'b.json': '{"format": ' });
		expect(broken.code).toBe(1);
		expect(broken.stderr()).toBe(
			'Fehler: „b.json“ ist kein gültiges JSON (Zeile 1, Spalte 12).\nError: "b.json" is not valid JSON (line 1, column 12).'
		);
		// No English parser text on the German line: where it stopped, line and column.
		const comma = await run(['standings', '--json', 'c.json'], {
			'c.json': '{\n  "format": "set",\n  "players": ["A"] "rounds": []\n}'
		});
		expect(comma.json()).toEqual({
			error: {
				message: '„c.json“ ist kein gültiges JSON (Zeile 3, Spalte 20).',
				en: '"c.json" is not valid JSON (line 3, column 20).'
			}
		});
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

describe('the command line as a whole', () => {
	it('answers `standings --json FILE` from the disk and exits 1 on an unknown player', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'wb-standings-'));
		const good = join(dir, 'good.json');
		const bad = join(dir, 'bad.json');
		writeFileSync(good, file(triominos));
		writeFileSync(bad, file({ ...triominos, players: EIGHT.slice(1) }));
		const answer = await runCli(['standings', '--json', good]);
		expect(answer.code).toBe(0);
		expect((JSON.parse(answer.stdout) as Answer).standings[0]).toEqual({
			player: 'Anna',
			rank: 1,
			points: 5,
			gamePoints: 100
		});

		const failed = await runCli(['standings', bad]);
		expect(failed.code).toBe(1);
		expect(failed.stderr).toContain('Fehler: Unbekannter Spieler „Anna“');
		expect(failed.stderr).toContain('Error: Unknown player "Anna"');
	});
});
