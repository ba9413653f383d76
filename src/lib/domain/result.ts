/** A parser's or rule check's answer: a value, or an error a person can read. */
export type Result<T, E = Problem> = { ok: true; value: T } | { ok: false; error: E };

/** A rule violation or a bad input: a stable code plus German and English text. */
export interface Problem {
	readonly code: string;
	readonly de: string;
	readonly en: string;
}

export function ok<T>(value: T): { ok: true; value: T } {
	return { ok: true, value };
}

export function fail<E = Problem>(error: E): { ok: false; error: E } {
	return { ok: false, error };
}

/** Builds a Problem from its code and both texts. */
export function problem(code: string, de: string, en: string): Problem {
	return { code, de, en };
}
