import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkAnnouncement } from '../../domain/announcement/check';
import { parseAnnouncement } from '../../domain/announcement/parse';
import { lay, pass } from '../../domain/announcement/testing';
import { announcementProblemText, bonusName } from './announcement';
import { problemText } from './index';

// The words of what an announcement gets wrong, as the checker shows them (numbers said as words).

describe('what an announcement gets wrong, in words', () => {
	it('000’s "acht, Bonus sechzig, ergibt achtundsechzig": the bonus of a hexagon, and the total', () => {
		const check = checkAnnouncement('acht, (Bonus) sechzig, (ergibt) achtundsechzig', lay(0, 8, [50]));
		expect(check.mismatches.map((m) => announcementProblemText(m, 'de'))).toEqual([
			'Bonus: angesagt sechzig, richtig wäre fünfzig (Sechseck)',
			'Summe: angesagt achtundsechzig, richtig wäre achtundfünfzig'
		]);
		expect(check.mismatches.map((m) => announcementProblemText(m, 'en'))).toEqual([
			'bonus: announced sixty, should be fifty (hexagon)',
			'total: announced sixty-eight, should be fifty-eight'
		]);
	});

	it.each([
		[
			'sieben',
			lay(2, 7),
			['Käufe: angesagt 0, gekauft 2', 'Summe: angesagt sieben, richtig wäre minus drei']
		],
		[
			'minus fünf, minus zehn, minus zwanzig',
			pass(1),
			[null, 'Summe: angesagt minus zwanzig, richtig wäre minus fünfzehn']
		],
		['minus zehn', pass(0, 0), ['Strafe fürs Passen: angesagt minus zehn, richtig wäre null (Schlussrunde)']],
		['acht', lay(0, 9), ['Stein: angesagt acht, gelegt neun']],
		[
			'sieben, Bonus fünfzig, ergibt siebenundfünfzig',
			lay(0, 7),
			['Bonus: angesagt fünfzig, richtig wäre keiner']
		],
		[
			'drei, Bonus vierzig, ergibt dreiundvierzig',
			lay(0, 3, [10]),
			['Bonus: angesagt vierzig, richtig wäre zehn (Trio-Eröffnung)']
		],
		['sieben', pass(0), ['Passen fehlt: der Zug endete ohne Stein']],
		[
			'minus fünf, minus fünf, sieben, ergibt minus drei',
			lay(2, 7),
			['2. Kauf: angesagt minus fünf, richtig wäre minus zehn']
		]
	])('%j: %j (null: not looked at)', (text, parts, expected) => {
		const said = checkAnnouncement(text, parts).mismatches.map((m) => announcementProblemText(m, 'de'));
		for (const [i, line] of expected.entries()) if (typeof line === 'string') expect(said[i]).toBe(line);
	});

	it.each([
		[
			'minus fünf, minus fünf, sieben, ergibt minus drei',
			'2. Kauf: angesagt minus fünf, richtig wäre minus zehn',
			'purchase 2: said minus five, should be minus ten'
		],
		[
			'siebzehn',
			'kein Stein hat den Wert 17 (Steine zählen 0 bis 15)',
			'no tile is worth 17 (tiles count 0 to 15)'
		],
		[
			'minus fünf, minus zehn, sieben, ergibt minus zwei',
			'Ergebnis: angesagt minus zwei, richtig wäre minus drei',
			'result: said minus two, should be minus three'
		],
		[
			'minus fünf, minus zehn, minus fünfzehn, minus zwanzig',
			'Passen nach 3 Käufen: angesagt minus zwanzig, richtig wäre minus fünfundzwanzig',
			'pass after 3 purchases: said minus twenty, should be minus twenty-five'
		],
		[
			'minus fünf, minus fünfzehn, sieben, ergibt minus drei',
			'2. Kauf: angesagt minus fünfzehn, richtig wäre minus zehn',
			'purchase 2: said minus fifteen, should be minus ten'
		],
		[
			'minus zehn, sieben',
			'1. Kauf: angesagt minus zehn, richtig wäre minus fünf',
			'purchase 1: said minus ten, should be minus five'
		],
		[
			'minus fünf, minus zehn, minus zwanzig, neun, ergibt minus sechs',
			'3. Kauf: angesagt minus zwanzig, richtig wäre minus fünfzehn',
			'purchase 3: said minus twenty, should be minus fifteen'
		]
	])('the mistake in %j', (text, de, en) => {
		const read = parseAnnouncement(text);
		if (!read.ok) throw new Error(problemText(read.error, 'en'));
		expect(read.value.mistakes.map((m) => problemText(m, 'de'))).toEqual([de]);
		expect(read.value.mistakes.map((m) => problemText(m, 'en'))).toEqual([en]);
	});

	it.each([
		['', 'keine Zahl', 'no number'],
		[' ,;… ', 'keine Zahl', 'no number'],
		['hallo', '„hallo“', '"hallo"'],
		['minus fünf, minus hallo', '„hallo“', '"hallo"'],
		['sieben acht neun zehn elf', '„neun“', '"neun"'],
		['Bonus fünfzig', 'Bonus ohne Stein', 'bonus without a tile'],
		['acht, Bonus', 'nach „Bonus“ fehlt', 'after "Bonus"'],
		['acht ergibt', 'nach „ergibt“ fehlt', 'after "ergibt"'],
		['minus', 'nach „minus“ fehlt', 'after "minus"'],
		['sieben, passe', 'gepasst, obwohl', 'a pass after a tile'],
		['ergibt sieben', 'ohne Kauf und ohne Stein', 'without a purchase or a tile'],
		[
			'1000',
			'„1000“ ist zu groß für eine Ansage (höchstens 999)',
			'"1000" is too large for an announcement (at most 999)'
		],
		['minus fünf, minus zehn, minus fünfzehn, minus fünfundzwanzig, sieben', '„sieben“', '"sieben"']
	])('unreadable %j: %s', (text, de, en) => {
		const result = parseAnnouncement(text);
		if (result.ok) throw new Error('expected it unreadable');
		expect(problemText(result.error, 'de')).toContain(de);
		expect(problemText(result.error, 'en')).toContain(en);
		expect(problemText(result.error, 'de')).toMatch(/^Ansage nicht lesbar: /);
		expect(problemText(result.error, 'en')).toMatch(/^Cannot read the announcement: /);
	});

	it('says every refusal of random text in German and in English, with no blank in it', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (text) => {
				const result = parseAnnouncement(text);
				if (result.ok) return;
				for (const lang of ['de', 'en'] as const) {
					const said = announcementProblemText(result.error, lang);
					expect(said).not.toMatch(/undefined|NaN|\[object/);
					expect(said.length).toBeGreaterThan(20);
				}
			}),
			{ numRuns: 2000 }
		);
	});
});

describe("bonusName: what a bonus is for, in the table's words", () => {
	it.each([
		[50, 'de', 'Sechseck'],
		[60, 'en', 'double hexagon'],
		[10, 'de', 'Trio-Eröffnung'],
		[75, 'de', 'Sechseck + letzter Stein'],
		[95, 'en', 'triple hexagon + going out'],
		[35, 'de', null]
	] as const)('%i in %s is %s', (value, lang, name) => {
		expect(bonusName(value, lang)).toBe(name);
	});
});
