import { describe, expect, it } from 'vitest';
import { validatePlan } from '../../lib/domain/seating/validate';
import { main } from '../main';
import { memoryIO, runCli } from '../testing';

interface Plan {
	rounds: number[][][];
	repeats: number;
	seed: string;
	byStandings?: { fromRound: number; toRound: number; places: number[][] };
}

async function seat(...args: string[]) {
	const { io, json, stdout, stderr } = memoryIO();
	const code = await main(['seat', ...args], io);
	return { code, json: () => json() as Plan, stdout, stderr };
}

const everyoneOnce = (round: number[][], n: number) =>
	expect(round.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));

describe('wertungsblatt seat --json', () => {
	it('seats SET in tables of 3 with no repeated opponents, the same plan for the same seed', async () => {
		const first = await seat('--format', 'set', '--players', '9', '--rounds', '4', '--seed', 'S', '--json');
		expect(first.code).toBe(0);
		const plan = first.json();
		expect(plan.rounds).toHaveLength(4);
		for (const round of plan.rounds) {
			expect(round.map((t) => t.length)).toEqual([3, 3, 3]);
			everyoneOnce(round, 9);
		}
		expect(plan.repeats).toBe(0);
		expect(validatePlan(plan.rounds, 9, { format: 'set' })).toMatchObject({ valid: true, errors: [] });
		expect(plan.seed).toBe('S');
		const again = await seat('--format', 'set', '--players', '9', '--rounds', '4', '--seed', 'S', '--json');
		expect(again.json().rounds).toEqual(plan.rounds);
	});

	it('keeps Triominos tables for the second round of each game and draws the third anew (000)', async () => {
		const { code, json } = await seat(
			'--format',
			'triominos',
			'--players',
			'10',
			'--rounds',
			'4',
			'--seed',
			'T',
			'--json'
		);
		expect(code).toBe(0);
		const { rounds } = json();
		// 10 players: two 3-tables and one 4-table (000 §Tischverteilung).
		for (const round of rounds) {
			expect(round.map((t) => t.length)).toEqual([3, 3, 4]);
			everyoneOnce(round, 10);
		}
		expect(rounds[1]).toEqual(rounds[0]);
		expect(rounds[3]).toEqual(rounds[2]);
		expect(rounds[2]).not.toEqual(rounds[0]);
	});

	it('draws only round 1 of the swiss format, 4-tables first', async () => {
		const { code, json } = await seat('--format', 'swiss', '--players', '13', '--seed', 'K', '--json');
		expect(code).toBe(0);
		const { rounds } = json();
		expect(rounds).toHaveLength(1);
		expect(rounds[0]!.map((t) => t.length)).toEqual([4, 3, 3, 3]);
		everyoneOnce(rounds[0]!, 13);
		expect(json().byStandings).toBeUndefined();
	});

	it('answers swiss with --rounds 5: round 1 drawn, rounds 2–5 as the standings rule (RULES.md §7)', async () => {
		const { code, json } = await seat(
			'--format',
			'swiss',
			'--players',
			'13',
			'--rounds',
			'5',
			'--seed',
			'K',
			'--json'
		);
		expect(code).toBe(0);
		const plan = json();
		expect(plan.rounds).toHaveLength(1);
		everyoneOnce(plan.rounds[0]!, 13);
		// Table 1 = places 1–4, the 3-tables at the bottom.
		expect(plan.byStandings).toEqual({
			fromRound: 2,
			toRound: 5,
			places: [
				[1, 2, 3, 4],
				[5, 6, 7],
				[8, 9, 10],
				[11, 12, 13]
			]
		});
		const again = await seat('--format', 'swiss', '--players', '13', '--seed', 'K', '--json');
		expect(again.json().rounds).toEqual(plan.rounds);
	});
});

describe('wertungsblatt seat refuses bad input', () => {
	it('refuses too few players for a table of 3, in German and English, and exits 1', async () => {
		const json = await seat('--format', 'triominos', '--players', '2', '--rounds', '4', '--json');
		expect(json.code).toBe(1);
		expect(json.json()).toEqual({
			error: {
				message:
					'Mit 2 Spielern lassen sich keine Tische zu 3 oder 4 Spielern bilden: möglich ist ein einzelner Tisch mit 3 oder 4 Spielern oder ab 6 Spielern die Verteilung nach 000; als DM-Qualifikation zählt das Turnier erst ab 6 Spielern (RULES.md §6).',
				en: '2 players cannot be seated at tables of 3 or 4: possible are a single table of 3 or 4, or from 6 players the distribution of 000; the tournament counts as a German championship qualifier only from 6 players (RULES.md §6).'
			}
		});
		const text = await seat('--format', 'set', '--players', '5');
		expect(text.code).toBe(1);
		expect(text.stderr()).toBe(
			'Fehler: Ein SET-Turnier braucht mindestens 6 Spieler (RULES.md §8), nicht 5.\nError: A SET tournament needs at least 6 players (RULES.md §8), not 5.'
		);
	});

	it('refuses a count beyond 2000 as given, even one beyond exact numbers, and exits 1', async () => {
		const huge = await seat('--format', 'set', '--players', '9007199254740993', '--json');
		expect(huge.code).toBe(1);
		expect(huge.json()).toEqual({
			error: {
				message: 'Höchstens 2000 Spieler je Turnier, nicht 9007199254740993.',
				en: 'At most 2,000 players per tournament, not 9007199254740993.'
			}
		});
	});

	it('reads the format in any case', async () => {
		const { code, json } = await seat(
			'--format',
			'SET',
			'--players',
			'9',
			'--rounds',
			'1',
			'--seed',
			'S',
			'--json'
		);
		expect(code).toBe(0);
		expect(json().rounds).toHaveLength(1);
	});

	it('prints the swiss rule for later rounds in German and English', async () => {
		const { code, stdout } = await seat(
			'--format',
			'swiss',
			'--players',
			'8',
			'--rounds',
			'2',
			'--seed',
			'K'
		);
		expect(code).toBe(0);
		expect(stdout()).toContain(
			'Runde 2: nach der Rangliste der Runde davor – erst nach deren Ergebnissen bekannt\n  Tisch 1: Plätze 1–4\n  Tisch 2: Plätze 5–8'
		);
		expect(stdout()).toContain(
			'(Round 2: by the standings of the round before, known only after its results;'
		);
	});

	it('refuses impossible round counts with exit 1', async () => {
		const many = await seat('--format', 'set', '--players', '9', '--rounds', '9');
		expect(many.code).toBe(1);
		expect(many.stderr()).toMatch(/Ungültige Rundenzahl: 9.*\nError: Invalid number of rounds: 9/);
	});

	it('refuses an unknown format or a count that is not a number as a usage error (exit 2)', async () => {
		const format = await seat('--format', 'chess', '--players', '9');
		expect(format.code).toBe(2);
		expect(format.stderr()).toMatch(
			/^Fehler: unbekanntes oder fehlendes Format „chess“.*\nError: unknown or missing format "chess"/s
		);
		const players = await seat('--format', 'set', '--players', 'neun');
		expect(players.code).toBe(2);
	});

	it('names an unknown option or a missing value in German and English (exit 2)', async () => {
		const bogus = await seat('--format', 'set', '--players', '9', '--bogus');
		expect(bogus.code).toBe(2);
		expect(bogus.stderr()).toBe(
			'Fehler: unbekannte Option „--bogus“ bei „seat“; Hilfe: seat --help\nError: unknown option "--bogus" for "seat"; help: seat --help'
		);
		const value = await seat('--players', '9', '--format');
		expect(value.code).toBe(2);
		expect(value.stderr()).toBe(
			'Fehler: Option „--format“ braucht einen Wert; Hilfe: seat --help\nError: option "--format" needs a value; help: seat --help'
		);
	});

	it('prints a plan for people with the seed to repeat it', async () => {
		const { code, stdout } = await seat('--format', 'set', '--players', '9', '--rounds', '3', '--seed', 'S');
		expect(code).toBe(0);
		expect(stdout()).toMatch(/^Runde 1\n {2}Tisch 1: \d+ · \d+ · \d+/);
		expect(stdout()).toContain('keine wiederholten Gegner — Seed: S (wiederholen mit --seed "S")');
	});
});

// A printed seed repeats its plan (`--seed`): these plans were recorded from the command line as it shipped and
// must never change, or a plan handed out with its seed could no longer be repeated.
describe('seat --seed: recorded plans', () => {
	it('SET, 9 players, 3 rounds, seed "S"', async () => {
		const { code, json } = await seat(
			'--format',
			'set',
			'--players',
			'9',
			'--rounds',
			'3',
			'--seed',
			'S',
			'--json'
		);
		expect(code).toBe(0);
		expect(json()).toEqual({
			rounds: [
				[
					[5, 7, 3],
					[9, 1, 2],
					[4, 6, 8]
				],
				[
					[6, 9, 5],
					[2, 4, 3],
					[7, 1, 8]
				],
				[
					[6, 7, 2],
					[4, 1, 5],
					[8, 9, 3]
				]
			],
			repeats: 0,
			seed: 'S'
		});
	});

	it('swiss, 11 players, seed "Vereinsabend": round 1 drawn', async () => {
		const { code, json } = await seat(
			'--format',
			'swiss',
			'--players',
			'11',
			'--rounds',
			'3',
			'--seed',
			'Vereinsabend',
			'--json'
		);
		expect(code).toBe(0);
		expect(json()).toMatchObject({
			rounds: [
				[
					[7, 1, 8, 5],
					[6, 11, 4, 10],
					[9, 2, 3]
				]
			],
			repeats: 0,
			seed: 'Vereinsabend'
		});
	});
});

describe('the command line as a whole', () => {
	it('answers `seat … --json` with a plan and exits 1 on too few players', async () => {
		const plan = await runCli([
			'seat',
			'--format',
			'set',
			'--players',
			'12',
			'--rounds',
			'3',
			'--seed',
			'npm',
			'--json'
		]);
		expect(plan.code).toBe(0);
		const rounds = (JSON.parse(plan.stdout) as Plan).rounds;
		expect(rounds).toHaveLength(3);
		rounds.forEach((round) => everyoneOnce(round, 12));

		const failed = await runCli(['seat', '--format', 'swiss', '--players', '5']);
		expect(failed.code).toBe(1);
		expect(failed.stderr).toContain(
			'Fehler: Mit 5 Spielern lassen sich keine Tische zu 3 oder 4 Spielern bilden'
		);
		expect(failed.stderr).toContain('Error: 5 players cannot be seated at tables of 3 or 4');
	});
});
