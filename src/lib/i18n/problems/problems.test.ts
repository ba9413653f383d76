import { describe, expect, it } from 'vitest';
import type { Problem, ProblemCode } from '../../domain/result';
import { PROBLEM_TEXT_TABLES, problemText } from './index';
import { announcementProblemText, announcementTexts } from './announcement';
import { boundsTexts } from './bounds';
import { notationTexts, recordProblemText } from './notation';
import { roundTexts } from './round';
import { tableProblemText, tableTexts } from './table';
import { problemTexts, type ProblemTexts } from './texts';
import { SAMPLES } from './testing';

/** Problems whose text is the same in both languages: the browser's own words, which it gives in one. */
const SAME_IN_BOTH: readonly ProblemCode[] = ['storage'];

const samples = Object.values(SAMPLES).flat() as Problem[];

describe('every problem has a German and an English text', () => {
	it.each(samples.map((problem) => [JSON.stringify(problem), problem] as const))('%s', (_, problem) => {
		const [de, en] = [problemText(problem, 'de'), problemText(problem, 'en')];
		for (const text of [de, en]) {
			expect(text.trim().length).toBeGreaterThan(0);
			expect(text).not.toMatch(/undefined|NaN|\[object|\$\{/);
		}
		if (!SAME_IN_BOTH.includes(problem.code)) expect(de).not.toBe(en);
	});

	it('each code in exactly one table of texts, and a sample of each', () => {
		const codes = Object.values(PROBLEM_TEXT_TABLES).flatMap((table) => Object.keys(table));
		expect(new Set(codes).size).toBe(codes.length);
		expect([...codes].sort()).toEqual(Object.keys(SAMPLES).sort());
	});

	it.each([
		['the table screen', tableProblemText, { ...roundTexts, ...tableTexts }],
		['a record’s import', recordProblemText, { ...notationTexts, ...roundTexts, ...boundsTexts }],
		['the announcement checker', announcementProblemText, announcementTexts]
	] as const)('%s says its problems as everywhere else, with its own texts alone', (_, say, texts) => {
		const own = samples.filter((p) => p.code in texts);
		expect(own.length).toBeGreaterThan(20);
		for (const problem of own) {
			for (const lang of ['de', 'en'] as const) {
				expect((say as (p: Problem, lang: 'de' | 'en') => string)(problem, lang)).toBe(
					problemText(problem, lang)
				);
			}
		}
	});

	it('a table of texts names only codes, each with both languages (checked when compiled)', () => {
		// @ts-expect-error: no such code
		problemTexts({ 'no-such-code': { de: 'x', en: 'x' } });
		// @ts-expect-error: the English is missing
		problemTexts({ 'no-final': { de: 'x' } });
		// @ts-expect-error: a code's texts are missing (all but the round's)
		const incomplete: ProblemTexts<ProblemCode> = { ...roundTexts };
		expect(incomplete).toBe(incomplete);
	});
});
