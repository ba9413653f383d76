import { z } from 'zod/mini';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { couchProblem, request, type Database } from './couch';

/** The design document a season's database is set up with (README: "Eine Saison auf CouchDB"). */
export const DESIGN_ID = '_design/wertungsblatt';

/** What the design document says about the season (RULES.md §6a: move-up is configurable). */
export interface SeasonSettings {
	readonly moveUp: boolean;
}

const designSchema = z.object({
	season: z.optional(z.object({ moveUp: z.optional(z.boolean()) }))
});

export const notASeason = (url: string): Problem => ({ code: 'not-a-season', url, design: DESIGN_ID });

/** The database exists and was set up for a season; its settings. */
export async function openSeason(db: Database): Promise<Result<SeasonSettings>> {
	const info = await request(db, 'GET', '', { expect: [404] });
	if (!info.ok) return info;
	if (info.value.status === 404) return fail(couchProblem.noDatabase(db.url));
	const design = await request(db, 'GET', `/${DESIGN_ID}`, { expect: [404] });
	if (!design.ok) return design;
	const parsed = designSchema.safeParse(design.value.body);
	if (design.value.status === 404 || !parsed.success) return fail(notASeason(db.url));
	return ok({ moveUp: parsed.data.season?.moveUp ?? true });
}

/** The name the server knows the credentials by (null without credentials or users). */
export async function userName(db: Database): Promise<Result<string | null>> {
	const session = await request(db, 'GET', '/_session', { server: true });
	if (!session.ok) return session;
	const name = (session.value.body as { userCtx?: { name?: unknown } } | null)?.userCtx?.name;
	return ok(typeof name === 'string' ? name : null);
}

/**
 * Whether anyone may read the season (its `_security` names no members): then a live link without a
 * password works for every spectator; otherwise only with a reader's name and password in it.
 */
export async function readableByAnyone(db: Database): Promise<Result<boolean>> {
	const anonymous = { ...db, authorization: null };
	const info = await request(anonymous, 'GET', '', { expect: [401, 403] });
	if (info.ok) return ok(info.value.status === 200);
	return info.error.code === 'unauthorized' || info.error.code === 'forbidden' ? ok(false) : info;
}
