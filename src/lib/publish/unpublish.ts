import { eventDocId, headId } from '../codecs/published';
import { fail, ok, type Result } from '../domain/result';
import { couchProblem, query, reasonOf, request, type Database } from './couch';

/** Ids listed and deleted in one request. */
const PAGE = 500;

/** What removing a tournament did: its head (if there was one) and how many of its events. */
export interface Unpublished {
	readonly head: boolean;
	readonly events: number;
}

/**
 * Removes a published tournament from the season (the season's admin, README: "removing a wrong
 * tournament"): its head first, so no reader sees it any more, then every document under its key's event
 * ids. `key`: the tournament's key as the readers name it (`tom:t-3k9…`; an older version's head has no
 * owner in it: `t-3k9…`). The validate function lets only admins delete.
 */
export async function unpublishTournament(db: Database, key: string): Promise<Result<Unpublished>> {
	const id = headId(key);
	const stored = await request(db, 'GET', `/${encodeURIComponent(id)}`, { expect: [404] });
	if (!stored.ok) return stored;
	const rev = (stored.value.body as { _rev?: unknown } | null)?._rev;
	const head = stored.value.status !== 404 && typeof rev === 'string';
	if (head) {
		const removed = await remove(db, [{ id, rev }]);
		if (!removed.ok) return removed;
	}
	const prefix = eventDocId(key, '');
	let events = 0;
	for (;;) {
		const page = await request(
			db,
			'GET',
			`/_all_docs${query({ startkey: JSON.stringify(prefix), endkey: JSON.stringify(`${prefix}\ufff0`), limit: PAGE })}`,
			{ maxBytes: 10_000 + PAGE * 1_000 }
		);
		if (!page.ok) return page;
		const rows = (page.value.body as { rows?: { id: string; value?: { rev?: string } }[] }).rows ?? [];
		const docs = rows.flatMap((row) => (row.value?.rev ? [{ id: row.id, rev: row.value.rev }] : []));
		if (!docs.length) break;
		const removed = await remove(db, docs);
		if (!removed.ok) return removed;
		events += docs.length;
	}
	return ok({ head, events });
}

async function remove(db: Database, docs: readonly { id: string; rev: string }[]): Promise<Result<null>> {
	const reply = await request(db, 'POST', '/_bulk_docs', {
		body: { docs: docs.map((doc) => ({ _id: doc.id, _rev: doc.rev, _deleted: true })) },
		maxBytes: 10_000 + docs.length * 1_000
	});
	if (!reply.ok) return reply;
	const refused = (reply.value.body as { error?: string; reason?: string }[]).find((r) => r.error);
	return refused ? fail(couchProblem.forbidden(reasonOf(refused))) : ok(null);
}
