import type { Locale } from '../../domain/numbers';
import type { Problem, ProblemCode, ProblemOf } from '../../domain/result';

/** A problem's text in the language being written, for a problem that wraps another. */
export type Say = (problem: Problem) => string;

/** One language's text of a problem: fixed, or made from its parameters. */
export type Text<P> = string | ((problem: P, say: Say) => string);

/** The German and the English text of each of the given codes. */
export type ProblemTexts<C extends ProblemCode> = {
	readonly [K in C]: { readonly de: Text<ProblemOf<K>>; readonly en: Text<ProblemOf<K>> };
};

/** A table of problem texts: its keys must be codes, each with both languages (`index.ts` checks none is missing). */
export function problemTexts<C extends ProblemCode>(texts: ProblemTexts<C>): ProblemTexts<C> {
	return texts;
}

/**
 * A problem's text from a table that holds its code; `say` writes a problem it wraps (in the same
 * language).
 */
export function textIn<C extends ProblemCode>(
	texts: ProblemTexts<C>,
	problem: ProblemOf<C>,
	lang: Locale,
	say: Say
): string {
	const text = texts[problem.code as C][lang] as Text<ProblemOf<C>>;
	return typeof text === 'string' ? text : text(problem, say);
}
