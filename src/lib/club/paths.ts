import { resolve } from '$app/paths';

/**
 * Links into screens that are planned but not built yet (the director's desk, joining a table):
 * not routes to the type checker yet, so `resolve` takes them as plain paths. Once a route exists,
 * link to it with `resolve()` directly and drop it here.
 */
const resolvePath = resolve as (path: string) => string;

export const elsewhere = {
	director: () => resolvePath('/turnier'),
	joinTable: () => resolvePath('/tisch')
};
