import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ANNOUNCEMENT_WORDS, announce, announcementText, type Language } from './announce';
import { turnParts } from './arbitraries';
import { germanNumber } from './numbers-de';
import { parseAnnouncement, type Announcement } from './parse';
import { turnScore, type TurnParts } from './turn-parts';
import { runs } from '../testing/runs';

const read = (text: string): Announcement => {
	const result = parseAnnouncement(text);
	if (!result.ok) throw new Error(`unreadable: ${JSON.stringify(result.error)}`);
	return result.value;
};

/** The turn a reading describes, to compare with generated parts. */
const turnOf = (a: Announcement) => ({
	draws: a.draws,
	tile: a.tile,
	bonus: a.bonus,
	pass: a.pass,
	passPenalty: a.passPenalty
});
const expectedTurn = (parts: TurnParts) => ({
	draws: parts.draws,
	tile: parts.tile,
	bonus: parts.bonuses.reduce((s, b) => s + b, 0),
	pass: parts.pass,
	passPenalty: parts.passPenalty
});

describe('parseAnnouncement: the examples of the rules', () => {
	it.each([
		[
			'000 §Punktewertung, Beispiel 1, as printed',
			'minus fünf, minus zehn, sieben, (ergibt) minus 3',
			{ draws: 2, tile: 7, bonus: 0, pass: false, claimed: -3, score: -3, consistent: true }
		],
		[
			'000 §Punktewertung, Beispiel 1 / RULES.md §3',
			'minus fünf, minus zehn, sieben, ergibt minus drei',
			{ draws: 2, tile: 7, bonus: 0, pass: false, claimed: -3, score: -3, consistent: true }
		],
		[
			'000 §Punktewertung, Beispiel 1 without "ergibt" (000 puts it in parentheses)',
			'minus fünf, minus zehn, sieben, minus drei',
			{ draws: 2, tile: 7, claimed: -3, score: -3, consistent: true }
		],
		[
			'000 §Punktewertung, Beispiel 1 with the result left out',
			'minus fünf, minus zehn, sieben',
			{ draws: 2, tile: 7, claimed: -3, score: -3, consistent: true }
		],
		[
			'000 §Punktewertung, Beispiel 2',
			'minus fünf, minus fünfzehn',
			{ draws: 1, tile: null, pass: true, passPenalty: -10, claimed: -15, score: -15, consistent: true }
		],
		[
			'000 §Punktewertung, Beispiel 3 as printed: adds up, though a hexagon is 50 (see checkAnnouncement)',
			'acht, (Bonus) sechzig, (ergibt) achtundsechzig',
			{ draws: 0, tile: 8, bonuses: [60], bonus: 60, claimed: 68, score: 68, consistent: true }
		],
		[
			'RULES.md §3 decision: hexagon = 50',
			'acht, Bonus fünfzig, ergibt achtundfünfzig',
			{ tile: 8, bonuses: [50], bonus: 50, claimed: 58, score: 58, consistent: true }
		],
		[
			'RULES.md §3 decision, without the markers',
			'acht, fünfzig, achtundfünfzig',
			{ tile: 8, bonuses: [50], claimed: 58, consistent: true }
		],
		[
			'RULES.md §3 decision, result left out',
			'acht, Bonus fünfzig',
			{ tile: 8, bonuses: [50], claimed: 58, score: 58, consistent: true }
		],
		[
			'000 §Punktewertung: "minus fünfundzwanzig" after three purchases',
			'minus fünf, minus zehn, minus fünfzehn, minus fünfundzwanzig',
			{ draws: 3, tile: null, pass: true, claimed: -25, score: -25, consistent: true }
		],
		[
			'RULES.md §2: empty pool, nothing bought',
			'minus zehn',
			{ draws: 0, pass: true, passPenalty: -10, claimed: -10, consistent: true }
		],
		[
			'RULES.md §2: empty pool after two purchases',
			'minus fünf, minus zehn, minus zwanzig',
			{ draws: 2, pass: true, claimed: -20, consistent: true }
		],
		[
			'RULES.md §2 decision: no tile in the final lap',
			'passe, null',
			{ draws: 0, tile: null, pass: true, passPenalty: 0, claimed: 0, score: 0, consistent: true }
		],
		[
			'RULES.md §2 decision: final lap, only "passe" said',
			'ich passe',
			{ pass: true, passPenalty: 0, claimed: 0, consistent: true }
		],
		[
			'RULES.md §2: three purchases, then "passe" without the total',
			'minus fünf, minus zehn, minus fünfzehn, passe',
			{ draws: 3, pass: true, passPenalty: -10, claimed: -25, consistent: true }
		],
		[
			'RULES.md §3: typed with digits',
			'-5, -10, 7 = -3',
			{ draws: 2, tile: 7, claimed: -3, consistent: true }
		],
		[
			'RULES.md §3: Unicode minus and en dash, "gleich"',
			'−5 –10 7 gleich −3',
			{ draws: 2, tile: 7, claimed: -3, consistent: true }
		],
		[
			'RULES.md §3: speech recognition (case, ue, split compound, "…", "macht")',
			'MINUS FUENF … minus Zehn – sieben macht minus drei',
			{ draws: 2, tile: 7, claimed: -3, consistent: true }
		],
		[
			'RULES.md §3: "plus" before the bonus, "gibt", split compound',
			'acht plus fünfzig gibt acht und fünfzig',
			{ tile: 8, bonuses: [50], claimed: 58, consistent: true }
		],
		[
			'RULES.md §3: "sind", "ss"',
			'zwei, Bonus dreissig, sind zweiunddreissig',
			{ tile: 2, consistent: false }
		],
		[
			'RULES.md §2: going out with a hexagon, both bonuses',
			'acht, Bonus fünfzig, Bonus fünfundzwanzig, ergibt dreiundachtzig',
			{ tile: 8, bonuses: [50, 25], bonus: 75, claimed: 83, consistent: true }
		],
		[
			'RULES.md §3 in English',
			'minus five, minus ten, seven, makes minus three',
			{ draws: 2, tile: 7, claimed: -3, consistent: true }
		],
		[
			'RULES.md §3 decision in English',
			'eight, bonus fifty, makes fifty-eight',
			{ tile: 8, bonuses: [50], claimed: 58, consistent: true }
		],
		[
			'RULES.md §2 decision in English',
			'pass, zero',
			{ pass: true, passPenalty: 0, claimed: 0, consistent: true }
		]
	])('%s: %j', (_source, text, expected) => {
		expect(read(text)).toMatchObject(expected);
	});

	it('lists the steps as said', () => {
		expect(read('minus fünf, minus zehn, sieben, (ergibt) minus 3').steps).toEqual([
			{ kind: 'purchase', value: -5, said: 'minus fünf' },
			{ kind: 'purchase', value: -10, said: 'minus zehn' },
			{ kind: 'tile', value: 7, said: 'sieben' },
			{ kind: 'result', value: -3, said: 'ergibt minus 3' }
		]);
	});

	it('000 §Punktewertung, Beispiel 1 typed with signs: "-fünf, -zehn, sieben, ergibt -drei" (a sign before a word is "minus")', () => {
		expect(read('minus fünf, minus zehn, sieben, ergibt -drei')).toMatchObject({
			claimed: -3,
			score: -3,
			consistent: true,
			mistakes: []
		});
		expect(read('-fünf, −zehn, sieben, ergibt –drei').steps).toEqual([
			{ kind: 'purchase', value: -5, said: '- fünf' },
			{ kind: 'purchase', value: -10, said: '− zehn' },
			{ kind: 'tile', value: 7, said: 'sieben' },
			{ kind: 'result', value: -3, said: 'ergibt – drei' }
		]);
	});
});

describe('parseAnnouncement: mistakes name the step', () => {
	it.each([
		[
			'RULES.md §3: second purchase is "minus zehn"',
			'minus fünf, minus fünf, sieben, ergibt minus drei',
			{ code: 'purchase-step-wrong', step: 1, draw: 2, said: -5, expected: -10 }
		],
		[
			'RULES.md §1: tiles are worth 0..15',
			'siebzehn',
			{ code: 'tile-out-of-range', step: 0, value: 17, max: 15 }
		],
		[
			'000 §Punktewertung, Beispiel 1 added up wrongly',
			'minus fünf, minus zehn, sieben, ergibt minus zwei',
			{ code: 'result-wrong', step: 3, said: -2, score: -3 }
		],
		[
			'RULES.md §2: no such bonus',
			'acht, Bonus siebzehn, ergibt fünfundzwanzig',
			{ code: 'bonus-unknown', step: 1 }
		],
		[
			'RULES.md §2: only the single highest figure bonus applies',
			'acht, Bonus fünfzig, Bonus sechzig, ergibt einhundertachtzehn',
			{ code: 'bonus-twice', step: 2 }
		],
		[
			'RULES.md §2: pass after three purchases is −25',
			'minus fünf, minus zehn, minus fünfzehn, minus zwanzig',
			{ code: 'pass-total-wrong', step: 3, draws: 3, said: -20, expected: -25 }
		],
		[
			'RULES.md §3: once some purchases are called, the skipped ones are missing',
			'minus fünf, minus fünfundzwanzig',
			{ code: 'purchase-missing', step: 1 }
		],
		[
			'RULES.md §3: the second purchase is "minus zehn" — a tile follows, so "minus fünfzehn" is no pass',
			'minus fünf, minus fünfzehn, sieben, ergibt minus drei',
			{ code: 'purchase-step-wrong', step: 1, draw: 2, said: -15, expected: -10 }
		],
		[
			'RULES.md §3: the first purchase is "minus fünf" — a tile follows, so "minus zehn" is no pass',
			'minus zehn, sieben',
			{ code: 'purchase-step-wrong', step: 0, draw: 1, said: -10, expected: -5 }
		],
		[
			'RULES.md §3: a third purchase is "minus fünfzehn" — a tile follows, so "minus zwanzig" is no pass',
			'minus fünf, minus zehn, minus zwanzig, neun, ergibt minus sechs',
			{ code: 'purchase-step-wrong', step: 2, draw: 3, said: -20, expected: -15 }
		],
		[
			'RULES.md §2: a pass without purchases is −10 or 0',
			'passe, minus fünf',
			{ code: 'pass-total-wrong', step: 0 }
		]
	])('%s: %j', (_source, text, mistake) => {
		const said = read(text);
		expect(said.consistent).toBe(false);
		expect(said.mistakes).toEqual([expect.objectContaining(mistake)]);
	});

	it('a wrong result does not hide the turn: the parts still count', () => {
		expect(read('minus fünf, minus zehn, sieben, ergibt minus zwei')).toMatchObject({
			claimed: -2,
			score: -3
		});
		expect(read('minus fünf, minus fünfundzwanzig')).toMatchObject({ draws: 3, pass: true, score: -25 });
	});
});

describe('parseAnnouncement: a pass total said alone is the whole turn (000 §Ansagen; RULES.md §3)', () => {
	// 000: "„minus fünfundzwanzig“, wenn er nicht legt und an den nächsten Spieler abgibt" — the purchases were
	// called as they were made, so the closing call alone is a complete and consistent announcement.
	it.each([
		['RULES.md §2: empty pool, nothing bought', 'minus zehn', 0],
		['000 §Punktewertung, Beispiel 2: one purchase, then the pool was empty', 'minus fünfzehn', 1],
		['RULES.md §2: two purchases, then the pool was empty', 'minus zwanzig', 2],
		['000 §Ansagen: three purchases, no tile', 'minus fünfundzwanzig', 3],
		['000 §Ansagen in digits', '-25', 3]
	])('%s: %j → %i purchases and the pass', (_source, text, draws) => {
		const said = read(text);
		expect(said).toMatchObject({
			draws,
			tile: null,
			pass: true,
			passPenalty: -10,
			consistent: true,
			mistakes: []
		});
		expect(said.claimed).toBe(said.score);
		expect(said.score).toBe(-5 * draws - 10);
	});
});

describe('parseAnnouncement: unreadable text', () => {
	it.each([
		['', { code: 'announcement-empty' }],
		[' ,;… ', { code: 'announcement-empty' }],
		['hallo', { code: 'announcement-unreadable-word', word: 'hallo' }],
		['minus fünf, minus hallo', { code: 'announcement-unreadable-word', word: 'hallo' }],
		['sieben acht neun zehn elf', { code: 'announcement-too-many', said: 'neun', previous: 'acht' }],
		['Bonus fünfzig', { code: 'announcement-bonus-without-tile', said: 'Bonus fünfzig' }],
		['acht, Bonus', { code: 'announcement-number-missing', word: 'Bonus' }],
		['acht ergibt', { code: 'announcement-number-missing', word: 'ergibt' }],
		['minus', { code: 'announcement-number-missing', word: 'minus' }],
		['sieben, passe', { code: 'announcement-pass-after-tile', said: 'passe' }],
		['ergibt sieben', { code: 'announcement-result-without-turn', said: 'ergibt sieben' }],
		['1000', { code: 'announcement-number-too-large', said: '1000', max: 999 }],
		[
			'minus fünf, minus zehn, minus fünfzehn, minus fünfundzwanzig, sieben',
			{ code: 'announcement-too-many', said: 'sieben', previous: 'minus fünfundzwanzig' }
		]
	])('%j', (text, error) => {
		expect(parseAnnouncement(text)).toEqual({ ok: false, error });
	});
});

/** The number each canonical step carries (null for "passe"), worked out from the rules, not the generator. */
function stepValues(parts: TurnParts): (number | null)[] {
	const purchases = Array.from({ length: parts.draws }, (_, i) => -5 * (i + 1));
	const total = turnScore(parts);
	if (parts.pass) return parts.passPenalty === 0 ? [...purchases, null, total] : [...purchases, total];
	const result = parts.draws > 0 || parts.bonuses.length > 0 ? [total] : [];
	return [...purchases, parts.tile, ...parts.bonuses, ...result];
}

const SEPARATORS = [', ', ',', ' , ', '. ', ' … ', ' – ', '; ', ' ', '! ', '...', ' - ', ' / '];
const AFTER_MARKER = [' ', ': ', ' … ', ', '];
const RESULT_WORDS = {
	de: ['ergibt', 'gibt', 'macht', 'sind', 'gleich', '='],
	en: ['makes', 'equals', 'gives', '=']
};
const BONUS_WORDS = ['Bonus', 'bonus', 'plus', '+'];
const DIGITS = ['words', 'digits', 'unicode minus', 'en dash', 'minus word'] as const;

const noise = fc.record({
	separators: fc.array(fc.constantFrom(...SEPARATORS), { minLength: 8, maxLength: 8 }),
	afterMarker: fc.array(fc.constantFrom(...AFTER_MARKER), { minLength: 8, maxLength: 8 }),
	digits: fc.array(fc.constantFrom(...DIGITS), { minLength: 8, maxLength: 8 }),
	marker: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
	parentheses: fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
	upper: fc.array(fc.boolean(), { minLength: 64, maxLength: 64 })
});
type Noise = typeof noise extends fc.Arbitrary<infer N> ? N : never;

function pick<T>(list: readonly T[], n: number): T {
	return list[n % list.length] as T;
}

/** The canonical phrase as a person might type or dictate it: other marker words, punctuation, digits, case. */
function noisy(parts: TurnParts, lang: Language, how: Noise): string {
	const numberWord = ANNOUNCEMENT_WORDS[lang].number;
	const values = stepValues(parts);
	const steps = announce(parts, lang).map((step, i) => {
		const value = values[i];
		if (value === null || value === undefined) return step;
		const words = numberWord(value);
		expect(step.endsWith(words)).toBe(true);
		const prefix = step.slice(0, step.length - words.length).trim();
		const magnitude = Math.abs(value);
		const number = {
			words,
			digits: String(value),
			'unicode minus': value < 0 ? `−${magnitude}` : String(value),
			'en dash': value < 0 ? `–${magnitude}` : String(value),
			'minus word': value < 0 ? `minus ${magnitude}` : String(value)
		}[pick(how.digits, i)];
		if (prefix === '') return number;
		const markers = prefix === ANNOUNCEMENT_WORDS[lang].bonus ? BONUS_WORDS : RESULT_WORDS[lang];
		const marker = pick(markers, pick(how.marker, i));
		return `${pick(how.parentheses, i) ? `(${marker})` : marker}${pick(how.afterMarker, i)}${number}`;
	});
	const text = steps.map((step, i) => (i === 0 ? step : pick(how.separators, i) + step)).join('');
	return [...text].map((c, i) => (pick(how.upper, i) ? c.toUpperCase() : c.toLowerCase())).join('');
}

describe('parseAnnouncement ∘ announcementText', () => {
	const expectSameTurn = (text: string, parts: TurnParts) => {
		const said = read(text);
		expect(turnOf(said)).toEqual(expectedTurn(parts));
		expect(said.mistakes).toEqual([]);
		expect(said.consistent).toBe(true);
		expect(said.claimed).toBe(turnScore(parts));
		expect(said.score).toBe(turnScore(parts));
	};

	it.each(['de', 'en'] as const)('reads back every generated turn (%s)', (lang) => {
		fc.assert(fc.property(turnParts, (parts) => expectSameTurn(announcementText(parts, lang), parts)));
	});

	it.each(['de', 'en'] as const)(
		'reads it back through case, punctuation, marker words and digits (%s)',
		(lang) => {
			fc.assert(
				fc.property(turnParts, noise, (parts, how) => expectSameTurn(noisy(parts, lang, how), parts)),
				{ numRuns: runs(500) }
			);
		}
	);

	it.each([
		['de', /^(Bonus|ergibt) /],
		['en', /^(bonus|makes) /]
	] as const)('reads it back without "Bonus" and "ergibt" (%s)', (lang, marker) => {
		fc.assert(
			fc.property(turnParts, (parts) => {
				const text = announce(parts, lang)
					.map((step) => step.replace(marker, ''))
					.join(', ');
				expectSameTurn(text, parts);
			})
		);
	});

	it('notices when exactly one number is changed: inconsistent, unreadable, or another turn', () => {
		fc.assert(
			fc.property(turnParts, fc.nat(), fc.integer({ min: -40, max: 130 }), (parts, which, value) => {
				const values = stepValues(parts);
				const numbered = values.flatMap((v, i) => (v === null ? [] : [i]));
				const at = pick(numbered, which);
				const old = values[at] as number;
				fc.pre(value !== old);
				const steps = announce(parts);
				const step = steps[at] as string;
				steps[at] = step.slice(0, step.length - germanNumber(old).length) + germanNumber(value);
				const result = parseAnnouncement(steps.join(', '));
				const changed =
					!result.ok ||
					!result.value.consistent ||
					JSON.stringify(turnOf(result.value)) !== JSON.stringify(expectedTurn(parts)) ||
					result.value.claimed !== turnScore(parts);
				expect(changed).toBe(true);
			}),
			{ numRuns: runs(1000) }
		);
	});
});

describe('parseAnnouncement never throws', () => {
	const VOCABULARY = [
		'minus',
		'fünf',
		'zehn',
		'sieben',
		'acht',
		'zwanzig',
		'und',
		'hundert',
		'null',
		'eins',
		'ergibt',
		'Bonus',
		'plus',
		'passe',
		'pass',
		'fifty-eight',
		'makes',
		'-5',
		'−3',
		'17',
		'999',
		'1000',
		'=',
		'+',
		',',
		'…',
		'(',
		')',
		'hallo'
	];
	const soup = fc.array(fc.constantFrom(...VOCABULARY), { maxLength: 12 }).map((words) => words.join(' '));

	it('on 10,000 random strings, and what it reads holds together', () => {
		fc.assert(
			fc.property(fc.oneof(fc.string({ unit: 'binary' }), fc.string(), soup), (text) => {
				const result = parseAnnouncement(text);
				if (!result.ok) {
					expect(result.error.code).toMatch(/^(announcement|number)-/);
					return;
				}
				const said = result.value;
				expect(said.score).toBe(turnScore(said));
				expect(said.bonus).toBe(said.bonuses.reduce((s, b) => s + b, 0));
				expect(said.consistent).toBe(said.mistakes.length === 0 && said.claimed === said.score);
				for (const mistake of said.mistakes) expect(said.steps[mistake.step]).toBeDefined();
			}),
			{ numRuns: runs(10_000) }
		);
	});
});

describe('parseAnnouncement: bonuses said twice (000 §Sonderpunkte: "einmalig die höheren Sonderpunkte"; RULES.md §2)', () => {
	it.each([
		[
			'RULES.md §2: going out is +25 once — said within 75 (hexagon + going out) and again',
			'acht, Bonus fünfundsiebzig, Bonus fünfundzwanzig, ergibt einhundertacht',
			{
				tile: 8,
				bonuses: [75, 25],
				claimed: 108,
				mistakes: [{ code: 'bonus-twice', value: 25, step: 2 }]
			}
		],
		[
			'000 §Sonderpunkte: one figure only — said within 75 (hexagon + going out) and again',
			'acht, Bonus fünfundsiebzig, Bonus fünfzig, ergibt einhundertdreiunddreißig',
			{
				tile: 8,
				bonuses: [75, 50],
				claimed: 133,
				mistakes: [{ code: 'bonus-twice', value: 50, step: 2 }]
			}
		],
		[
			'000 §Sonderpunkte: one figure only — said alone and again within 75 (hexagon + going out)',
			'acht, Bonus fünfzig, Bonus fünfundsiebzig, ergibt einhundertdreiunddreißig',
			{
				tile: 8,
				bonuses: [50, 75],
				claimed: 133,
				mistakes: [{ code: 'bonus-twice', value: 75, step: 2 }]
			}
		],
		[
			'RULES.md §2: going out is +25 once — said alone and again within 75 (hexagon + going out)',
			'acht, Bonus fünfundzwanzig, Bonus fünfundsiebzig, ergibt einhundertacht',
			{
				tile: 8,
				bonuses: [25, 75],
				claimed: 108,
				mistakes: [{ code: 'bonus-twice', value: 75, step: 2 }]
			}
		],
		[
			'001 §3: the trio (3-3-3) opens with +10 once',
			'neun, Bonus zehn, Bonus zehn, ergibt neunundzwanzig',
			{ tile: 9, bonuses: [10, 10], claimed: 29, mistakes: [{ code: 'bonus-twice', value: 10, step: 2 }] }
		],
		[
			'001 §3: the opening +10 (3-3-3) is no figure, so a figure beside it is not said twice',
			'neun, Bonus zehn, Bonus fünfzig, ergibt neunundsechzig',
			{ tile: 9, bonuses: [10, 50], claimed: 69, mistakes: [] }
		],
		[
			'RULES.md §2: a number that is no bonus is not the figure a real figure repeats',
			'acht, Bonus siebzehn, Bonus fünfzig, ergibt fünfundsiebzig',
			{ tile: 8, bonuses: [17, 50], claimed: 75, mistakes: [{ code: 'bonus-unknown', value: 17, step: 1 }] }
		]
	])('%s: %j', (_source, text, expected) => {
		const said = read(text);
		expect(said).toMatchObject({ draws: 0, tile: expected.tile, pass: false, score: expected.claimed });
		expect(said.bonuses).toEqual(expected.bonuses);
		expect(said.claimed).toBe(expected.claimed);
		expect(said.mistakes).toEqual(expected.mistakes);
		expect(said.consistent).toBe(expected.mistakes.length === 0);
	});
});

describe('parseAnnouncement: every reading, in full', () => {
	it.each([
		[
			'RULES.md §2: three purchases, "minus fünfundzwanzig" and then "passe" — the pass said twice',
			'minus fünf, minus zehn, minus fünfzehn, minus fünfundzwanzig, passe',
			{
				draws: 3,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -25,
				score: -25,
				consistent: true,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'purchase', value: -10, said: 'minus zehn' },
					{ kind: 'purchase', value: -15, said: 'minus fünfzehn' },
					{ kind: 'pass', value: -25, said: 'minus fünfundzwanzig' }
				],
				mistakes: []
			}
		],
		[
			'RULES.md §2: empty pool, nothing bought — "minus zehn, ich passe"',
			'minus zehn, ich passe',
			{
				draws: 0,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -10,
				score: -10,
				consistent: true,
				steps: [{ kind: 'pass', value: -10, said: 'minus zehn' }],
				mistakes: []
			}
		],
		[
			'000 §Punktewertung, Beispiel 2 with the purchase not called, then "passe"',
			'minus fünfzehn, passe',
			{
				draws: 1,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -15,
				score: -15,
				consistent: true,
				steps: [{ kind: 'pass', value: -15, said: 'minus fünfzehn' }],
				mistakes: []
			}
		],
		[
			'RULES.md §3: "minus fünfundzwanzig" after one purchase — the second and third were not called',
			'minus fünf, minus fünfundzwanzig, passe',
			{
				draws: 3,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -25,
				score: -25,
				consistent: false,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'pass', value: -25, said: 'minus fünfundzwanzig' }
				],
				mistakes: [{ code: 'purchase-missing', said: -25, draws: 3, missing: [-10, -15], step: 1 }]
			}
		],
		[
			'RULES.md §2: "minus zwanzig" after one purchase — the second was not called',
			'minus fünf, minus zwanzig',
			{
				draws: 2,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -20,
				score: -20,
				consistent: false,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'pass', value: -20, said: 'minus zwanzig' }
				],
				mistakes: [{ code: 'purchase-missing', said: -20, draws: 2, missing: [-10], step: 1 }]
			}
		],
		[
			'000 §Punktewertung, Beispiel 2 with "ergibt": the pass total',
			'minus fünf, ergibt minus fünfzehn',
			{
				draws: 1,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -15,
				score: -15,
				consistent: true,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'pass', value: -15, said: 'ergibt minus fünfzehn' }
				],
				mistakes: []
			}
		],
		[
			'RULES.md §3: two purchases and their sum, before the tile (a turn still running)',
			'minus fünf, minus zehn, ergibt minus zehn',
			{
				draws: 2,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: false,
				passPenalty: 0,
				claimed: -10,
				score: -10,
				consistent: true,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'purchase', value: -10, said: 'minus zehn' },
					{ kind: 'result', value: -10, said: 'ergibt minus zehn' }
				],
				mistakes: []
			}
		],
		[
			'RULES.md §1: a number said with "plus" is laid, never bought — and no tile is worth less than 0',
			'plus minus fünf',
			{
				draws: 0,
				tile: -5,
				bonuses: [],
				bonus: 0,
				pass: false,
				passPenalty: 0,
				claimed: -5,
				score: -5,
				consistent: false,
				steps: [{ kind: 'tile', value: -5, said: 'plus minus fünf' }],
				mistakes: [{ code: 'tile-out-of-range', value: -5, max: 15, step: 0 }]
			}
		],
		[
			'RULES.md §2: at most three purchases, a pass costs at most −25 — "minus dreißig" is a wrong first purchase',
			'minus dreißig',
			{
				draws: 1,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: false,
				passPenalty: 0,
				claimed: -30,
				score: -5,
				consistent: false,
				steps: [{ kind: 'purchase', value: -30, said: 'minus dreißig' }],
				mistakes: [{ code: 'purchase-step-wrong', draw: 1, said: -30, expected: -5, step: 0 }]
			}
		],
		[
			'RULES.md §3: the first purchase is "minus fünf", and −7 is no pass total',
			'minus sieben',
			{
				draws: 1,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: false,
				passPenalty: 0,
				claimed: -7,
				score: -5,
				consistent: false,
				steps: [{ kind: 'purchase', value: -7, said: 'minus sieben' }],
				mistakes: [{ code: 'purchase-step-wrong', draw: 1, said: -7, expected: -5, step: 0 }]
			}
		],
		[
			'RULES.md §3: the second purchase is "minus zehn", and −5 is no pass total',
			'minus fünf, minus fünf',
			{
				draws: 2,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: false,
				passPenalty: 0,
				claimed: -5,
				score: -10,
				consistent: false,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'purchase', value: -5, said: 'minus fünf' }
				],
				mistakes: [{ code: 'purchase-step-wrong', draw: 2, said: -5, expected: -10, step: 1 }]
			}
		],
		[
			'RULES.md §3: "plus" marks the bonus, also when it is the last number after a purchase',
			'minus fünf, acht, plus fünfzig',
			{
				draws: 1,
				tile: 8,
				bonuses: [50],
				bonus: 50,
				pass: false,
				passPenalty: 0,
				claimed: 53,
				score: 53,
				consistent: true,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'tile', value: 8, said: 'acht' },
					{ kind: 'bonus', value: 50, said: 'plus fünfzig' }
				],
				mistakes: []
			}
		],
		[
			'001 §4: 0-0-0 opens with 0 + 10 + 30 = 40 — said as the result without "Bonus", it is a wrong sum',
			'null, ergibt vierzig',
			{
				draws: 0,
				tile: 0,
				bonuses: [],
				bonus: 0,
				pass: false,
				passPenalty: 0,
				claimed: 40,
				score: 0,
				consistent: false,
				steps: [
					{ kind: 'tile', value: 0, said: 'null' },
					{ kind: 'result', value: 40, said: 'ergibt vierzig' }
				],
				mistakes: [{ code: 'result-wrong', said: 40, score: 0, step: 1 }]
			}
		],
		[
			'RULES.md §3 decision without "Bonus" and with the result left out: the one number after the tile is the bonus',
			'acht, fünfzig',
			{
				draws: 0,
				tile: 8,
				bonuses: [50],
				bonus: 50,
				pass: false,
				passPenalty: 0,
				claimed: 58,
				score: 58,
				consistent: true,
				steps: [
					{ kind: 'tile', value: 8, said: 'acht' },
					{ kind: 'bonus', value: 50, said: 'fünfzig' }
				],
				mistakes: []
			}
		],
		[
			'000 §Punktewertung, Beispiel 1 with one purchase: "minus fünf, fünfzehn, (ergibt) zehn" — after a purchase the last number is the result',
			'minus fünf, fünfzehn, zehn',
			{
				draws: 1,
				tile: 15,
				bonuses: [],
				bonus: 0,
				pass: false,
				passPenalty: 0,
				claimed: 10,
				score: 10,
				consistent: true,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'tile', value: 15, said: 'fünfzehn' },
					{ kind: 'result', value: 10, said: 'zehn' }
				],
				mistakes: []
			}
		],
		[
			'RULES.md §3: the first purchase is "minus fünf" — with "passe, minus fünfzehn" still to come, "minus zehn" is a wrong purchase call, not the pass',
			'minus zehn, passe, minus fünfzehn',
			{
				draws: 1,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -15,
				score: -15,
				consistent: false,
				steps: [
					{ kind: 'purchase', value: -10, said: 'minus zehn' },
					{ kind: 'pass', value: -15, said: 'passe minus fünfzehn' }
				],
				mistakes: [{ code: 'purchase-step-wrong', draw: 1, said: -10, expected: -5, step: 0 }]
			}
		],
		[
			'RULES.md §2: a pass without purchases is −10 (or 0 in the final lap), not −5',
			'passe, minus fünf',
			{
				draws: 0,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: -5,
				score: -10,
				consistent: false,
				steps: [{ kind: 'pass', value: -5, said: 'passe minus fünf' }],
				mistakes: [{ code: 'pass-total-wrong', draws: 0, said: -5, expected: -10, step: 0 }]
			}
		],
		[
			'RULES.md §2 decision: a final-lap pass costs nothing — said with a wrong positive total, it keeps no penalty',
			'passe, fünf',
			{
				draws: 0,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: 0,
				claimed: 5,
				score: 0,
				consistent: false,
				steps: [{ kind: 'pass', value: 5, said: 'passe fünf' }],
				mistakes: [{ code: 'pass-total-wrong', draws: 0, said: 5, expected: -10, step: 0 }]
			}
		],
		[
			'RULES.md §2: after a purchase the pass costs −10 (the final lap has no buying) — "passe, null" is wrong',
			'minus fünf, passe, null',
			{
				draws: 1,
				tile: null,
				bonuses: [],
				bonus: 0,
				pass: true,
				passPenalty: -10,
				claimed: 0,
				score: -15,
				consistent: false,
				steps: [
					{ kind: 'purchase', value: -5, said: 'minus fünf' },
					{ kind: 'pass', value: 0, said: 'passe null' }
				],
				mistakes: [{ code: 'pass-total-wrong', draws: 1, said: 0, expected: -15, step: 1 }]
			}
		]
	])('%s: %j', (_source, text, expected) => {
		expect(read(text)).toEqual(expected);
	});
});

describe('parseAnnouncement: nothing but a bare "passe" follows the end of a pass', () => {
	it.each([
		[
			'000 §Punktewertung, Beispiel 1 with a "passe" after the result',
			'minus fünf, sieben, ergibt zwei, passe',
			{ code: 'announcement-too-many', said: 'passe', previous: 'ergibt zwei' }
		],
		[
			'RULES.md §2 decision: "passe, null" said twice',
			'passe null, passe null',
			{ code: 'announcement-too-many', said: 'passe null', previous: 'passe null' }
		]
	])('%s: %j', (_source, text, error) => {
		expect(parseAnnouncement(text)).toEqual({ ok: false, error });
	});
});
