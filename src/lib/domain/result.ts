import type { Problem } from './problems';

export type { Problem, ProblemCatalog, ProblemCode, ProblemIn, ProblemOf } from './problems';

/** A parser's or rule check's answer: a value, or an error a person can read. */
export type Result<T, E = Problem> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
	return { ok: true, value };
}

export function fail<E = Problem>(error: E): { ok: false; error: E } {
	return { ok: false, error };
}
