import { describe, expect, it } from 'vitest';
import { replay } from '../domain/tournament';
import { logFromResults } from '../domain/tournament/from-results';
import { BOM, csvField, csvNumber, exportFileName, resultsCsv, standingsCsv, toCsv } from './export';

/** A plain CSV reader for the round trip: semicolons, quotes doubled, CRLF between rows. */
function readCsv(text: string): string[][] {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	const body = text.startsWith(BOM) ? text.slice(1) : text;
	for (let i = 0; i < body.length; i++) {
		const c = body[i];
		const next = body[i + 1];
		if (quoted && c === '"' && next === '"') {
			field += '"';
			i++;
		} else if (c === '"') {
			quoted = !quoted;
		} else if (!quoted && c === ';') {
			row.push(field);
			field = '';
		} else if (!quoted && c === '\r' && next === '\n') {
			row.push(field);
			rows.push(row);
			row = [];
			field = '';
			i++;
		} else {
			field += c;
		}
	}
	return rows;
}

function state(format: 'triominos' | 'swiss', rounds: Record<string, number>[][], players: string[]) {
	const replayed = replay(logFromResults({ format, players, rounds }, '2025-05-17T10:00:00Z'));
	if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
	return replayed.value;
}

describe('CSV for German Excel', () => {
	it('writes numbers with a decimal comma and at most four decimals', () => {
		expect(csvNumber(2.5)).toBe('2,5');
		expect(csvNumber(10 / 3)).toBe('3,3333');
		expect(csvNumber(-15)).toBe('-15');
		expect(csvNumber(0.5625)).toBe('0,5625');
	});

	it('quotes separators, quotes and line breaks, and defuses formulas; a reader gets the text back', () => {
		const fields = ['Müller; Jr.', 'Anna "die Schnelle"', 'zwei\r\nZeilen', '=SUMME(A1)', '-5 Punkte', 'Ben'];
		expect(csvField('=SUMME(A1)')).toBe("'=SUMME(A1)");
		const text = toCsv([fields, [1, 2.5, null, undefined, '', 'x']]);
		expect(text.startsWith(BOM)).toBe(true);
		expect(text.endsWith('\r\n')).toBe(true);
		expect(readCsv(text)).toEqual([
			['Müller; Jr.', 'Anna "die Schnelle"', 'zwei\r\nZeilen', "'=SUMME(A1)", "'-5 Punkte", 'Ben'],
			['1', '2,5', '', '', '', 'x']
		]);
	});

	it('defuses what a spreadsheet may still read as a formula: full-width signs, invisible controls first, a pipe', () => {
		// Excel and LibreOffice fold the full-width ＝ ＋ － ＠ to = + - @; an invisible zero-width or bidi
		// control hides the sign after it from a reader of the name; | starts a DDE link in older Excel.
		const dangerous = [
			'\uff1dHYPERLINK(A1)',
			'\uff0b1+1',
			'\uff0d1',
			'\uff20SUMME(A1)',
			'\u200b=1+1',
			'\u200c=1',
			'\u200d=1',
			'\u2060=1',
			'\ufeff=1',
			'\u200e=1',
			'\u200f=1',
			'\u202a=1',
			'\u202e=1',
			'\u2066=1',
			'\u2069=1',
			'\u061c=1',
			'|cmd!A0'
		];
		for (const name of dangerous) expect(csvField(name)).toBe(`'${name}`);
		// A name with such a character inside is a name: left as it is.
		for (const name of ['Anna\u200bLena', 'Müller | Schmidt', 'Jörg\uff0b'])
			expect(csvField(name)).toBe(name);
	});

	it('exports the standings with exact points as decimals, finalists, qualifiers and ties', () => {
		const players = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans'];
		const s = state(
			'triominos',
			[
				[
					{ Anna: 100, Ben: 50, Cara: 50, Dirk: 10 },
					{ Eva: 90, Finn: 90, Gina: 90, Hans: 10 }
				]
			],
			players
		);
		const rows = readCsv(standingsCsv(s, 'de'));
		expect(rows[0]).toEqual([
			'Platz',
			'Spieler',
			'Turnierpunkte',
			'Spielpunkte',
			'Finalist',
			'Qualifiziert',
			'Abgemeldet ab Runde',
			'Gleichstand'
		]);
		expect(rows[1]).toEqual(['1', 'Anna', '5', '100', 'ja', 'ja', '', '']);
		const eva = rows.find((r) => r[1] === 'Eva');
		expect(eva?.slice(0, 4)).toEqual(['2', 'Eva', '3,3333', '90']);
		expect(eva?.[7]).toContain('Gleichstand mit Finn: noch nicht entschieden');
		expect(rows.find((r) => r[1] === 'Ben')?.[2]).toBe('2,5');
		expect(readCsv(standingsCsv(s, 'en'))[0]?.[0]).toBe('Rank');
	});

	it('exports every result, one line per player and round, with the swiss share in the standings', () => {
		const players = ['Anna', 'Ben', 'Cara', 'Dirk'];
		const s = state('swiss', [[{ Anna: 10, Ben: 8, Cara: 8, Dirk: 6 }]], players);
		const results = readCsv(resultsCsv(s, 'de'));
		expect(results[0]).toEqual([
			'Runde',
			'Phase',
			'Tisch',
			'Sitz',
			'Spieler',
			'Spielpunkte',
			'Verlassen',
			'Platzierung',
			'Turnierpunkte',
			'Korrektur'
		]);
		expect(results.slice(1)).toEqual([
			['1', 'Vorrunde', '1', '1', 'Anna', '10', '', '1', '5', ''],
			['1', 'Vorrunde', '1', '2', 'Ben', '8', '', '2', '2,5', ''],
			['1', 'Vorrunde', '1', '3', 'Cara', '8', '', '2', '2,5', ''],
			['1', 'Vorrunde', '1', '4', 'Dirk', '6', '', '4', '1', '']
		]);
		const standings = readCsv(standingsCsv(s, 'de'));
		expect(standings[0]?.[4]).toBe('Anteil %');
		expect(standings[1]?.slice(0, 5)).toEqual(['1', 'Anna', '5', '10', '31,25']);
	});
});

describe('file names', () => {
	it('names files after the tournament and its date', () => {
		const s = {
			...state('triominos', [], ['A', 'B', 'C']),
			name: 'Qualifikation Köln/Süd',
			date: '2025-05-17'
		};
		expect(exportFileName(s, 'rangliste', 'csv')).toBe('qualifikation-koeln-sued-2025-05-17-rangliste.csv');
		expect(exportFileName(s, '', 'json')).toBe('qualifikation-koeln-sued-2025-05-17.json');
	});
});
