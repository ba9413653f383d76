import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { announce, announcementText, kidsAnnouncement } from './announce';
import { turnParts } from './arbitraries';
import { lay, pass } from './testing';

describe('announce (German, RULES.md §3)', () => {
	it.each([
		['000 §Punktewertung, Beispiel 1', () => lay(2, 7), 'minus fünf, minus zehn, sieben, ergibt minus drei'],
		[
			'RULES.md §3 decision (000 §Punktewertung, Beispiel 3 corrected: hexagon = 50)',
			() => lay(0, 8, [50]),
			'acht, Bonus fünfzig, ergibt achtundfünfzig'
		],
		['000 §Punktewertung, Beispiel 2', () => pass(1), 'minus fünf, minus fünfzehn'],
		[
			'000 §Punktewertung ("minus fünfundzwanzig") with RULES.md §3 purchases',
			() => pass(3),
			'minus fünf, minus zehn, minus fünfzehn, minus fünfundzwanzig'
		],
		['RULES.md §2: empty pool, nothing bought', () => pass(0), 'minus zehn'],
		['RULES.md §2: empty pool after two purchases', () => pass(2), 'minus fünf, minus zehn, minus zwanzig'],
		['RULES.md §2 decision: no tile in the final lap', () => pass(0, 0), 'passe, null'],
		['000 §Punktewertung: a plain lay says its points', () => lay(0, 7), 'sieben'],
		[
			'RULES.md §2: going out (+25)',
			() => lay(0, 12, [25]),
			'zwölf, Bonus fünfundzwanzig, ergibt siebenunddreißig'
		],
		['RULES.md §2 classic start: 0-0-0', () => lay(0, 0, [40]), 'null, Bonus vierzig, ergibt vierzig'],
		[
			'RULES.md §2: triple hexagon and going out after three purchases',
			() => lay(3, 15, [70, 25]),
			'minus fünf, minus zehn, minus fünfzehn, fünfzehn, Bonus siebzig, Bonus fünfundzwanzig, ergibt fünfundneunzig'
		]
	])('%s', (_source, turn, text) => {
		const parts = turn();
		expect(announcementText(parts)).toBe(text);
		expect(announce(parts)).toEqual(text.split(', '));
	});

	it('names only the purchases of a turn still running', () => {
		expect(announce({ draws: 2, tile: null, bonuses: [], pass: false, passPenalty: 0 })).toEqual([
			'minus fünf',
			'minus zehn'
		]);
	});
});

describe('announce (English)', () => {
	it.each([
		['000 §Punktewertung, Beispiel 1', () => lay(2, 7), 'minus five, minus ten, seven, makes minus three'],
		['RULES.md §3 decision', () => lay(0, 8, [50]), 'eight, bonus fifty, makes fifty-eight'],
		['RULES.md §2 decision: final lap', () => pass(0, 0), 'pass, zero'],
		['000 §Punktewertung, Beispiel 2', () => pass(1), 'minus five, minus fifteen'],
		[
			'RULES.md §2: 15 + 70 + 25',
			() => lay(0, 15, [70, 25]),
			'fifteen, bonus seventy, bonus twenty-five, makes one hundred ten'
		]
	])('%s', (_source, parts, text) => {
		expect(announcementText(parts(), 'en')).toBe(text);
	});
});

describe('announce, for every turn', () => {
	it('says one step per purchase, then the pass or the tile with a step per bonus and a result where needed', () => {
		fc.assert(
			fc.property(turnParts, (parts) => {
				const steps = announce(parts);
				const ending = parts.pass
					? parts.passPenalty === 0
						? 2
						: 1
					: 1 + parts.bonuses.length + (parts.draws > 0 || parts.bonuses.length > 0 ? 1 : 0);
				expect(steps).toHaveLength(parts.draws + ending);
				expect(steps.slice(0, parts.draws).every((s) => s.startsWith('minus '))).toBe(true);
			})
		);
	});
});

describe('kidsAnnouncement (001 §Tip: 1 per bridge or hexagon, 2 and 3 for two and three hexagons, 5 for the round)', () => {
	it.each([
		['a turn without a figure', 0, 'null Punkte', 'zero points'],
		['001 §Tip: "1 Punkt für eine Brücke"', 1, 'ein Punkt', 'one point'],
		['001 §Tip: "2 Punkte für 2 Sechsecke"', 2, 'zwei Punkte', 'two points'],
		['001 §Tip: "3 Punkte für 3 Sechsecke"', 3, 'drei Punkte', 'three points'],
		['001 §Tip: "5 Punkte für den, der eine Spielrunde gewinnt"', 5, 'fünf Punkte', 'five points'],
		['three hexagons with the last tile: 3 + 5', 8, 'acht Punkte', 'eight points']
	])('%s: %i → "%s" / "%s"', (_source, points, de, en) => {
		expect(kidsAnnouncement(points, 'de')).toBe(de);
		expect(kidsAnnouncement(points, 'en')).toBe(en);
	});

	it('says it in German unless asked otherwise (000: announcements are spoken in German)', () => {
		expect(kidsAnnouncement(2)).toBe('zwei Punkte');
		expect(kidsAnnouncement(1)).toBe('ein Punkt');
	});

	it('says every number in words, never in digits', () => {
		fc.assert(
			fc.property(
				fc.integer({ min: 0, max: 99 }),
				fc.constantFrom('de' as const, 'en' as const),
				(points, lang) => {
					expect(kidsAnnouncement(points, lang)).not.toMatch(/\d/);
				}
			)
		);
	});
});
