import { describe, expect, it } from 'vitest';
import { main } from '../main';
import { memoryIO, runCli } from '../testing';

/** Runs `tables ARGS` in-process. */
async function tables(...argv: string[]) {
	const run = memoryIO();
	const code = await main(['tables', ...argv], run.io);
	return { code, ...run };
}

describe('wertungsblatt tables', () => {
	it.each([
		['000 §Tischverteilung: 13 → three 3-tables, one 4-table', ['13'], [3, 3, 3, 4]],
		['000 §Tischverteilung: 36 → nine 4-tables', ['36', '--format', 'triominos'], Array(9).fill(4)],
		['RULES.md §7: swiss puts the 3-tables at the bottom', ['11', '--format', 'swiss'], [4, 4, 3]],
		['RULES.md §8: SET, sizes differ by at most one', ['13', '--format', 'set'], [3, 3, 3, 4]],
		['format names in any case', ['13', '--format', 'SET'], [3, 3, 3, 4]],
		['format names in any case', ['11', '--format', 'Swiss'], [4, 4, 3]],
		['leading zeros are still a decimal count', ['012', '--format', 'set'], [3, 3, 3, 3]],
		['the upper bound itself (LIMITS.players)', ['2000', '--format', 'swiss'], Array(500).fill(4)]
	])('answers --json for %s', async (_case, argv, sizes) => {
		const { code, json, stderr } = await tables(...argv, '--json');
		expect(code).toBe(0);
		expect(json()).toEqual({ tables: sizes });
		expect(stderr()).toBe('');
	});

	it('seats 3 or 4 Triominos players at one table, noting that it is no qualifier (RULES.md §6)', async () => {
		const json = await tables('4', '--json');
		expect(json.code).toBe(0);
		expect(json.json()).toEqual({ tables: [4] });
		expect(json.stderr()).toBe(
			'Hinweis: Mit 4 Spielern zählt das Turnier nicht als Qualifikation zur Deutschen Meisterschaft (mindestens 6).\n' +
				'Note: With 4 players the tournament does not count as a German championship qualifier (at least 6).'
		);
		const text = await tables('3');
		expect(text.stdout()).toBe(
			'3 Spieler: 1 Tisch zu 3  (3)\nHinweis: Mit 3 Spielern zählt das Turnier nicht als Qualifikation zur Deutschen Meisterschaft (mindestens 6).'
		);
	});

	it('prints the distribution in German for people', async () => {
		const { code, stdout } = await tables('7');
		expect(code).toBe(0);
		expect(stdout()).toBe('7 Spieler: 1 Tisch zu 3, 1 Tisch zu 4  (3 · 4)');
	});

	it.each([
		[
			'triominos',
			'5',
			'Mit 5 Spielern lassen sich keine Tische zu 3 oder 4 Spielern bilden: möglich ist ein einzelner Tisch mit 3 oder 4 Spielern oder ab 6 Spielern die Verteilung nach 000; als DM-Qualifikation zählt das Turnier erst ab 6 Spielern (RULES.md §6).',
			'5 players cannot be seated at tables of 3 or 4: possible are a single table of 3 or 4, or from 6 players the distribution of 000; the tournament counts as a German championship qualifier only from 6 players (RULES.md §6).'
		],
		[
			'triominos',
			'1',
			'Mit 1 Spieler lassen sich keine Tische zu 3 oder 4 Spielern bilden: möglich ist ein einzelner Tisch mit 3 oder 4 Spielern oder ab 6 Spielern die Verteilung nach 000; als DM-Qualifikation zählt das Turnier erst ab 6 Spielern (RULES.md §6).',
			'1 player cannot be seated at tables of 3 or 4: possible are a single table of 3 or 4, or from 6 players the distribution of 000; the tournament counts as a German championship qualifier only from 6 players (RULES.md §6).'
		],
		[
			'swiss',
			'5',
			'Mit 5 Spielern lassen sich keine Tische zu 3 oder 4 Spielern bilden: möglich sind 3, 4 oder ab 6 Spieler (RULES.md §7).',
			'5 players cannot be seated at tables of 3 or 4: possible are 3, 4, or 6 and more players (RULES.md §7).'
		],
		[
			'set',
			'4',
			'Ein SET-Turnier braucht mindestens 6 Spieler (RULES.md §8), nicht 4.',
			'A SET tournament needs at least 6 players (RULES.md §8), not 4.'
		],
		[
			'set',
			'999999999',
			'Höchstens 2000 Spieler je Turnier, nicht 999999999.',
			'At most 2,000 players per tournament, not 999999999.'
		],
		[
			'triominos',
			'9007199254740993',
			'Höchstens 2000 Spieler je Turnier, nicht 9007199254740993.',
			'At most 2,000 players per tournament, not 9007199254740993.'
		],
		[
			'swiss',
			'2001',
			'Höchstens 2000 Spieler je Turnier, nicht 2001.',
			'At most 2,000 players per tournament, not 2001.'
		]
	])('refuses %s with %s players in German and English, exit 1', async (format, n, de, en) => {
		const json = await tables(n, '--format', format, '--json');
		expect(json.code).toBe(1);
		expect(json.json()).toEqual({ error: { message: de, en } });
		const text = await tables(n, '--format', format);
		expect(text.code).toBe(1);
		expect(text.stderr()).toBe(`Fehler: ${de}\nError: ${en}`);
	});

	it.each([['1e2'], ['0x10'], [''], [' 12'], ['12.0'], ['+5'], ['-5'], ['-0'], ['zwölf']])(
		'refuses %j as a count: a usage error in German and English, exit 2',
		async (n) => {
			const { code, stderr, stdout } = await tables(n, '--json');
			expect(code).toBe(2);
			expect(stdout()).toBe('');
			expect(stderr()).toMatch(
				new RegExp(`^Fehler: „${n.replace(/[.+]/g, '\\$&')}“ ist keine Spielerzahl: .*\nError: "`, 's')
			);
			expect(stderr()).not.toContain('Unknown option');
		}
	);

	it.each([
		[[], /^Fehler: Aufruf: tables N/],
		[['12', '13'], /^Fehler: Aufruf: tables N/],
		[['12', '--format', 'chess'], /^Fehler: unbekanntes Format „chess“ .*\nError: unknown format "chess"/s],
		[['12', '--bogus'], /^Fehler: unbekannte Option „--bogus“ .*\nError: unknown option "--bogus"/s],
		[
			['12', '--format'],
			/^Fehler: Option „--format“ braucht einen Wert.*\nError: option "--format" needs a value/s
		]
	])('other usage errors in German and English, exit 2: %j', async (argv, message) => {
		const { code, stderr } = await tables(...argv);
		expect(code).toBe(2);
		expect(stderr()).toMatch(message);
	});

	it('answers `tables N --format F --json` and refuses -5 in German, as the command line', async () => {
		const ok = await runCli(['tables', '10', '--format', 'triominos', '--json']);
		expect(ok.code).toBe(0);
		expect(JSON.parse(ok.stdout)).toEqual({ tables: [3, 3, 4] });
		const negative = await runCli(['tables', '-5']);
		expect(negative.code).toBe(2);
		expect(negative.stderr).toContain('Fehler: „-5“ ist keine Spielerzahl');
	});
});
