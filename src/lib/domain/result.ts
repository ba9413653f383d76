import type {
	AnnouncementProblems,
	BoundsProblems,
	NotationProblems,
	RoundProblems,
	SeatingProblems,
	TournamentProblems
} from './problems';

/** A parser's or rule check's answer: a value, or an error a person can read. */
export type Result<T, E = Problem> = { ok: true; value: T } | { ok: false; error: E };

/**
 * Every problem's parameters, by its code. The domain's codes are in `problems.ts`; each layer above adds
 * its own in its `problems.ts` (`declare module` into this interface), so `Problem` is the union of every
 * layer's problems without the domain importing any of them. Their German and English texts are in
 * `lib/i18n/problems/`, one for every code: a code without a text does not compile.
 */
export interface ProblemCatalog
	extends
		RoundProblems,
		NotationProblems,
		AnnouncementProblems,
		SeatingProblems,
		TournamentProblems,
		BoundsProblems {}

/** A code that names a problem. */
export type ProblemCode = keyof ProblemCatalog;

/** The problems of the given codes: each its code and the plain data its text needs (numbers, names, a wrapped problem). */
export type ProblemOf<C extends ProblemCode> = C extends ProblemCode
	? { readonly code: C } & Readonly<ProblemCatalog[C]>
	: never;

/** A rule violation or a bad input: a stable code and its parameters; no text (that is `lib/i18n`'s). */
export type Problem = ProblemOf<ProblemCode>;

/** The problems of one catalog (a part of the domain's, say): a screen that shows only these loads only their texts. */
export type ProblemIn<Catalog> = ProblemOf<keyof Catalog & ProblemCode>;

export function ok<T>(value: T): { ok: true; value: T } {
	return { ok: true, value };
}

export function fail<E = Problem>(error: E): { ok: false; error: E } {
	return { ok: false, error };
}
