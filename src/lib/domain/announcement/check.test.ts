import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { announcementText } from './announce';
import { turnParts } from './arbitraries';
import { lay, pass } from './testing';
import { checkAnnouncement } from './check';
import type { TurnParts } from './turn-parts';
import { runs } from '../testing/runs';

describe('checkAnnouncement', () => {
	it('flags 000’s "acht, Bonus sechzig, ergibt achtundsechzig" as a wrong bonus for a hexagon (RULES.md §3 decision)', () => {
		const check = checkAnnouncement('acht, (Bonus) sechzig, (ergibt) achtundsechzig', lay(0, 8, [50]));
		expect(check.consistent).toBe(false);
		expect(check.announcement?.consistent).toBe(true);
		expect(check.mismatches).toEqual([
			{ code: 'bonus-mismatch', said: [60], expected: [50], tile: 8, step: 1 },
			{ code: 'total-mismatch', said: 68, expected: 58, step: 2 }
		]);
	});

	it.each([
		['RULES.md §3 decision', 'acht, Bonus fünfzig, ergibt achtundfünfzig', () => lay(0, 8, [50])],
		['000 §Punktewertung, Beispiel 1', 'minus fünf, minus zehn, sieben, (ergibt) minus 3', () => lay(2, 7)],
		['000 §Punktewertung, Beispiel 2', 'minus fünf, minus fünfzehn', () => pass(1)],
		['RULES.md §2 decision: final lap', 'passe, null', () => pass(0, 0)],
		['RULES.md §2 classic start: 0-0-0', 'null, Bonus vierzig, ergibt vierzig', () => lay(0, 0, [40])],
		['RULES.md §3, a total said with its sign', 'minus fünf, acht, ergibt plus drei', () => lay(1, 8)]
	])('accepts the right announcement: %s', (_source, text, parts) => {
		expect(checkAnnouncement(text, parts())).toMatchObject({ consistent: true, mismatches: [] });
	});

	it.each([
		[
			'000 §Punktewertung, Beispiel 1: the purchases were not announced',
			'sieben',
			() => lay(2, 7),
			[
				{ code: 'draws-mismatch', said: 0, bought: 2 },
				{ code: 'total-mismatch', said: 7, expected: -3, step: 0 }
			]
		],
		[
			'000 §Punktewertung, Beispiel 2: one purchase, not two',
			'minus fünf, minus zehn, minus zwanzig',
			() => pass(1),
			[{ code: 'draws-mismatch' }, { code: 'total-mismatch', said: -20, expected: -15 }]
		],
		[
			'RULES.md §2 decision: a final-lap pass costs nothing',
			'minus zehn',
			() => pass(0, 0),
			[{ code: 'pass-penalty-mismatch', said: -10, expected: 0, step: 0 }, { code: 'total-mismatch' }]
		],
		[
			'RULES.md §2: a pass on an empty pool costs −10',
			'passe, null',
			() => pass(0),
			[{ code: 'pass-penalty-mismatch' }, { code: 'total-mismatch' }]
		],
		[
			'RULES.md §3: the tile value',
			'acht',
			() => lay(0, 9),
			[{ code: 'tile-mismatch', said: 8, laid: 9, step: 0 }, { code: 'total-mismatch' }]
		],
		[
			'RULES.md §3: a bonus nobody earned',
			'sieben, Bonus fünfzig, ergibt siebenundfünfzig',
			() => lay(0, 7),
			[{ code: 'bonus-mismatch', said: [50], expected: [], step: 1 }, { code: 'total-mismatch' }]
		],
		[
			'RULES.md §2: classic trio is +10, only 0-0-0 is +40',
			'drei, Bonus vierzig, ergibt dreiundvierzig',
			() => lay(0, 3, [10]),
			[{ code: 'bonus-mismatch', said: [40], expected: [10], tile: 3 }, { code: 'total-mismatch' }]
		],
		[
			'RULES.md §3: a pass announced as a lay',
			'sieben',
			() => pass(0),
			[{ code: 'pass-mismatch', said: false }, { code: 'tile-mismatch' }, { code: 'total-mismatch' }]
		],
		[
			'RULES.md §3: the running penalty of the second purchase',
			'minus fünf, minus fünf, sieben, ergibt minus drei',
			() => lay(2, 7),
			[{ code: 'purchase-step-wrong', step: 1, draw: 2, said: -5, expected: -10 }]
		]
	])('flags what differs: %s', (_source, text, parts, mismatches) => {
		const check = checkAnnouncement(text, parts());
		expect(check.consistent).toBe(false);
		expect(check.mismatches).toEqual(mismatches.map((m) => expect.objectContaining(m)));
	});

	it('reports unreadable text as the one mismatch, without an announcement', () => {
		const check = checkAnnouncement('hallo', lay(0, 7));
		expect(check.consistent).toBe(false);
		expect(check.announcement).toBeUndefined();
		expect(check.mismatches).toHaveLength(1);
		expect(check.mismatches[0]).toEqual({ code: 'announcement-unreadable-word', word: 'hallo' });
	});

	it('agrees with a turn exactly when the announcement describes that turn', () => {
		const sameTurn = (a: TurnParts, b: TurnParts) =>
			a.draws === b.draws &&
			a.tile === b.tile &&
			a.pass === b.pass &&
			a.passPenalty === b.passPenalty &&
			[...a.bonuses].sort().join() === [...b.bonuses].sort().join();
		fc.assert(
			fc.property(
				turnParts,
				turnParts,
				fc.constantFrom('de' as const, 'en' as const),
				(said, happened, lang) => {
					const check = checkAnnouncement(announcementText(said, lang), happened);
					expect(check.consistent).toBe(sameTurn(said, happened));
					expect(check.mismatches.length === 0).toBe(check.consistent);
					expect(checkAnnouncement(announcementText(happened, lang), happened).consistent).toBe(true);
				}
			),
			{ numRuns: runs(500) }
		);
	});
});

describe('checkAnnouncement: every mismatch in full', () => {
	it.each([
		[
			'RULES.md §2: going out is +25 — not said, so the bonus mismatch has no step to point at',
			'sieben',
			() => lay(0, 7, [25]),
			[
				{ code: 'bonus-mismatch', said: [], expected: [25], tile: 7 },
				{ code: 'total-mismatch', said: 7, expected: 32, step: 0 }
			]
		],
		[
			'RULES.md §3: a pass announced for a tile laid — the pass step is named, the tile step is not there',
			'minus zehn',
			() => lay(0, 7),
			[
				{ code: 'pass-mismatch', said: true, step: 0 },
				{ code: 'tile-mismatch', said: null, laid: 7 },
				{ code: 'total-mismatch', said: -10, expected: 7, step: 0 }
			]
		],
		[
			'000 §Punktewertung, Beispiel 1 added up wrongly: one total mismatch, not a second "result wrong"',
			'minus fünf, minus zehn, sieben, ergibt minus zwei',
			() => lay(2, 7),
			[{ code: 'total-mismatch', said: -2, expected: -3, step: 3 }]
		],
		[
			'RULES.md §2: 25 is not 2 and 5 — the bonuses are compared as numbers',
			'acht, Bonus zwei, Bonus fünf, ergibt fünfzehn',
			() => lay(0, 8, [25]),
			[
				{ code: 'bonus-mismatch', said: [2, 5], expected: [25], tile: 8, step: 1 },
				{ code: 'bonus-unknown', value: 2, step: 1 },
				{ code: 'bonus-unknown', value: 5, step: 2 },
				{ code: 'total-mismatch', said: 15, expected: 33, step: 3 }
			]
		]
	])('%s', (_source, text, parts, mismatches) => {
		const check = checkAnnouncement(text, parts());
		expect(check.consistent).toBe(false);
		expect(check.mismatches).toEqual(mismatches);
	});

	it('RULES.md §2: going out with a hexagon — the bonuses may be said in any order', () => {
		expect(
			checkAnnouncement(
				'acht, Bonus fünfundzwanzig, Bonus fünfzig, ergibt dreiundachtzig',
				lay(0, 8, [50, 25])
			)
		).toMatchObject({ consistent: true, mismatches: [] });
		expect(
			checkAnnouncement(
				'acht, Bonus fünfzig, Bonus fünfundzwanzig, ergibt dreiundachtzig',
				lay(0, 8, [25, 50])
			)
		).toMatchObject({ consistent: true, mismatches: [] });
	});
});
