import { publishedHeadSchema, type PublishedHead } from '../codecs/published';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { sameJson } from '../protocol/digest';
import { couchProblem, reasonOf, request, type Database } from './couch';
import { openSeason, userName } from './season-db';
import { eventDocOf, headOf, type Publishable } from './snapshot';
import { spectatorOf, writeSpectator } from './spectator';

/** What one publish did: events sent now, events the server had already, and the head document. */
export interface Published {
	readonly sent: number;
	readonly already: number;
	readonly head: 'created' | 'updated' | 'unchanged';
	/** When it was stored (the head's `publishedAt`, or the earlier one when nothing changed). */
	readonly at: string;
}

/** Events go in batches: a cut connection loses at most one batch, which the next publish sends again. */
const BATCH = 250;

const otherOwner = (owner: string | null): Problem => ({ code: 'other-owner', owner });

const notATournament = (id: string): Problem => ({ code: 'not-a-tournament', id, why: 'document' });

/** The ids of these documents the database does not hold yet. */
async function missing(db: Database, ids: readonly string[]): Promise<Result<Set<string>>> {
	const reply = await request(db, 'POST', '/_all_docs', { body: { keys: ids } });
	if (!reply.ok) return reply;
	const rows =
		(reply.value.body as { rows?: { key: string; error?: string; value?: { deleted?: boolean } }[] }).rows ??
		[];
	return ok(new Set(rows.filter((row) => row.error || row.value?.deleted).map((row) => row.key)));
}

/** The head document as stored, null when there is none; refused when it is something else. */
export async function readHead(db: Database, id: string): Promise<Result<PublishedHead | null>> {
	const reply = await request(db, 'GET', `/${encodeURIComponent(id)}`, { expect: [404] });
	if (!reply.ok) return reply;
	if (reply.value.status === 404) return ok(null);
	const head = publishedHeadSchema.safeParse(reply.value.body);
	return head.success ? ok(head.data) : fail(notATournament(id));
}

/**
 * Publishes a tournament: the events the server lacks first, then the head that orders them, so a
 * reader never sees a head whose events are missing. Idempotent: the documents' ids are the events'
 * ids, so a second run (or a second device) sends nothing the server has; a cut run is resumed by
 * running it again. A head is written only when it says something new.
 */
export async function publishTournament(
	db: Database,
	tournament: Publishable,
	options: { now?: () => string; batch?: number } = {}
): Promise<Result<Published>> {
	const now = options.now ?? (() => new Date().toISOString());
	const batch = options.batch ?? BATCH;
	const season = await openSeason(db);
	if (!season.ok) return season;
	const owner = await userName(db);
	if (!owner.ok) return owner;
	const head = headOf(tournament, owner.value);
	const stored = await readHead(db, head._id);
	if (!stored.ok) return stored;
	if (stored.value && stored.value.owner !== owner.value) return fail(otherOwner(stored.value.owner));

	const docs = tournament.events.map((event) => eventDocOf(tournament.id, event, owner.value));
	const absent = await missing(
		db,
		docs.map((doc) => doc._id)
	);
	if (!absent.ok) return absent;
	const toSend = docs.filter((doc) => absent.value.has(doc._id));
	for (let i = 0; i < toSend.length; i += batch) {
		const reply = await request(db, 'POST', '/_bulk_docs', { body: { docs: toSend.slice(i, i + batch) } });
		if (!reply.ok) return reply;
		const results = reply.value.body as { id: string; error?: string; reason?: string }[];
		// A conflict is an event another device published in the meantime: the same event, already there.
		const refused = results.find((r) => r.error && r.error !== 'conflict');
		if (refused) return fail(couchProblem.forbidden(reasonOf(refused)));
	}
	const written = await writeHead(db, head, stored.value, toSend.length, docs.length - toSend.length, now);
	if (!written.ok) return written;
	// Last, the spectators' document (./spectator.ts): what the live pages read, at the head's time.
	const spectators = await writeSpectator(db, spectatorOf(tournament, owner.value, written.value.at));
	return spectators.ok ? written : spectators;
}

async function writeHead(
	db: Database,
	head: Omit<PublishedHead, 'publishedAt'>,
	stored: PublishedHead | null,
	sent: number,
	already: number,
	now: () => string
): Promise<Result<Published>> {
	let current = stored;
	for (let attempt = 0; attempt < 3; attempt++) {
		if (current) {
			const { _rev, publishedAt, ...was } = current;
			void _rev;
			if (sameJson(was, head)) return ok({ sent, already, head: 'unchanged', at: publishedAt });
		}
		const at = now();
		const body = { ...head, publishedAt: at, ...(current?._rev ? { _rev: current._rev } : {}) };
		const reply = await request(db, 'PUT', `/${encodeURIComponent(head._id)}`, { body, expect: [409] });
		if (!reply.ok) return reply;
		if (reply.value.status !== 409) return ok({ sent, already, head: current ? 'updated' : 'created', at });
		// Another device wrote the head in between: read it again and compare.
		const again = await readHead(db, head._id);
		if (!again.ok) return again;
		if (again.value && again.value.owner !== head.owner) return fail(otherOwner(again.value.owner));
		current = again.value;
	}
	return fail({ code: 'busy' });
}
