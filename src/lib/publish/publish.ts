import {
	DOCUMENT_CHARS,
	headId,
	headVersionSchema,
	isIdPart,
	publishedHeadSchema,
	publishedKey,
	type PublishedHead
} from '../codecs/published';
import { fail, ok, type Problem, type Result } from '../domain/result';
import { sameJson } from '../protocol/digest';
import type { SigningKey } from '../protocol/keys';
import { SPECTATOR_CHARS, spectatorId } from '../codecs/spectator';
import { couchProblem, reasonOf, request, type Database } from './couch';
import { DESIGN_ID, notASeason } from './season-db';
import { keyFingerprint, signerOf, verifiedHead, type Signer } from './signing';
import { eventDocOf, headOf, type Publishable } from './snapshot';
import { spectatorOf, spectatorUpdate } from './spectator';

/** What one publish did: events sent now, events the server had already, and the head document. */
export interface Published {
	readonly sent: number;
	readonly already: number;
	readonly head: 'created' | 'updated' | 'unchanged';
	/** When it was stored (the head's `publishedAt`, or the earlier one when nothing changed). */
	readonly at: string;
	/** The published tournament's key (`owner:id`), which the live link names. */
	readonly key: string;
	/** The fingerprint of the key that signed it, as readers show it. */
	readonly signedBy: string;
}

/** Events go in batches: a cut connection loses at most one batch, which the next publish sends again. */
const BATCH = 250;

const notATournament = (id: string): Problem => ({ code: 'not-a-tournament', id, why: 'document' });
const otherKey = (stored: string, ours: string): Problem => ({ code: 'other-key', stored, ours });

/** Bytes of an `_all_docs` or `_bulk_docs` answer for `keys` ids without documents: an id, a revision and a little. */
const rowsBytes = (keys: number) => 10_000 + keys * 1_000;

/** One row of an `_all_docs` answer asked by keys: `error` for an id never written, `deleted` for a removed one. */
interface Row {
	readonly key: string;
	readonly error?: string;
	readonly value?: { readonly rev?: string; readonly deleted?: boolean };
	readonly doc?: unknown;
}

/** The rows of an `_all_docs` answer by `keys`, by key; a missing database is `no-database`. */
async function rowsOf(
	db: Database,
	keys: readonly string[],
	options: { docs?: boolean; maxBytes: number }
): Promise<Result<Map<string, Row>>> {
	const reply = await request(db, 'POST', `/_all_docs${options.docs ? '?include_docs=true' : ''}`, {
		body: { keys },
		expect: [404],
		maxBytes: options.maxBytes
	});
	if (!reply.ok) return reply;
	if (reply.value.status === 404) return fail(couchProblem.noDatabase(db.url));
	const rows = (reply.value.body as { rows?: Row[] } | null)?.rows ?? [];
	return ok(new Map(rows.map((row) => [row.key, row])));
}

/** A row of a document that is there (not never written, not removed). */
const present = (row: Row | undefined): row is Row => !!row && !row.error && !row.value?.deleted;

/**
 * What the server holds of a tournament before a publish, asked in one round trip (two requests at once):
 * whether the database is a season (its design document), which of the events it lacks, and the head and
 * spectators' document as stored (null: none), the head checked.
 */
interface Stored {
	readonly missing: ReadonlySet<string>;
	readonly head: PublishedHead | null;
	/** The spectators' document as stored, unread (publish/spectator.ts decides whether it says the same). */
	readonly spectators: unknown;
}

async function storedOf(
	db: Database,
	ids: { head: string; spectators: string; events: readonly string[] }
): Promise<Result<Stored>> {
	const [listed, documents] = await Promise.all([
		rowsOf(db, [DESIGN_ID, ...ids.events], { maxBytes: rowsBytes(ids.events.length + 1) }),
		summaries(db, ids)
	]);
	if (!listed.ok) return listed;
	// The design document holds the validate function that binds every document to its owner: without it
	// this is no season, and nothing is written (the admin sets it up, README).
	if (!present(listed.value.get(DESIGN_ID))) return fail(notASeason(db.url));
	if (!documents.ok) return documents;
	const missing = new Set(ids.events.filter((id) => !present(listed.value.get(id))));
	return ok({ missing, ...documents.value });
}

/** The head and the spectators' document as stored: one `_all_docs` with both documents. */
async function summaries(
	db: Database,
	ids: { head: string; spectators: string }
): Promise<Result<Omit<Stored, 'missing'>>> {
	const rows = await rowsOf(db, [ids.head, ids.spectators], {
		docs: true,
		maxBytes: (DOCUMENT_CHARS.head + SPECTATOR_CHARS) * 3
	});
	if (!rows.ok) return rows;
	const head = rows.value.get(ids.head);
	const spectators = rows.value.get(ids.spectators);
	const checked = present(head) ? await checkedHead(ids.head, head.doc) : ok(null);
	if (!checked.ok) return checked;
	return ok({ head: checked.value, spectators: present(spectators) ? (spectators.doc ?? null) : null });
}

/**
 * The head document as stored, null when there is none, checked: its schema and the director's signature.
 * A head of an older version, or one whose signature does not hold, is refused with its id.
 */
export async function readHead(
	db: Database,
	id: string,
	options: { signal?: AbortSignal } = {}
): Promise<Result<PublishedHead | null>> {
	const reply = await request(db, 'GET', `/${encodeURIComponent(id)}`, {
		expect: [404],
		maxBytes: DOCUMENT_CHARS.head * 3,
		...options
	});
	if (!reply.ok) return reply;
	if (reply.value.status === 404) return ok(null);
	return checkedHead(id, reply.value.body);
}

/** A head read back, checked: its schema, its version and its signature. */
export async function checkedHead(id: string, body: unknown): Promise<Result<PublishedHead>> {
	const head = publishedHeadSchema.safeParse(body);
	// Its id names its owner and tournament (an admin may have stored anything anywhere).
	const named = head.success && headId(publishedKey(head.data.owner, head.data.tournament.id));
	if (!head.success || head.data._id !== id || named !== id) {
		const older = headVersionSchema.safeParse(body);
		const why = older.success && older.data.schema < 2 ? 'old-version' : 'head';
		return fail({ code: 'not-a-tournament', id, why });
	}
	if (!(await verifiedHead(head.data))) return fail({ code: 'not-a-tournament', id, why: 'signature' });
	return ok(head.data);
}

/**
 * Publishes a tournament, signed with the director's key: the events the server lacks first, then the
 * head that orders them together with the spectators' document, so a reader never sees a head whose
 * events are missing. Idempotent: the documents' ids are the owner's name and the events' ids, so a second
 * run (or a second device of the same director) sends nothing the server has; a cut run is resumed by
 * running it again, and its problem says how much was stored. Head and spectators' document are written
 * only when they say something new. Lean, as a crowd may be asking the same server (docs/ARCHITECTURE.md,
 * "A live page for a crowd"): one round trip to learn what the server has, one `_bulk_docs` per batch of
 * events, one for head and spectators' document — three in all for a round's results, one read when
 * nothing is new. The owner is the name the credentials give; the server checks it on every write.
 */
export async function publishTournament(
	db: Database,
	tournament: Publishable,
	options: { key: SigningKey; now?: () => string; batch?: number }
): Promise<Result<Published>> {
	const now = options.now ?? (() => new Date().toISOString());
	const batch = options.batch ?? BATCH;
	const owner = credentialsName(db);
	if (owner === null) return fail({ code: 'no-user', origin: db.origin });
	for (const part of [owner, tournament.id]) {
		if (!isIdPart(part)) return fail({ code: 'not-an-id-part', value: part });
	}
	const signer = await signerOf(options.key);
	const head = headOf(tournament, owner, signer.key);
	const key = publishedKey(owner, tournament.id);
	const docs = tournament.events.map((event) => eventDocOf(tournament.id, event, owner));
	const ids = { head: head._id, spectators: spectatorId(key), events: docs.map((doc) => doc._id) };
	const stored = await storedOf(db, ids);
	if (!stored.ok) return stored.error.code === 'not-a-tournament' ? fail(notATournament(head._id)) : stored;
	if (stored.value.head && stored.value.head.key !== signer.key) {
		return fail(otherKey(await keyFingerprint(stored.value.head.key), await keyFingerprint(signer.key)));
	}

	const toSend = docs.filter((doc) => stored.value.missing.has(doc._id));
	let sent = 0;
	const cut = (cause: Problem): Result<Published> =>
		fail(sent ? { code: 'publish-cut', stored: sent, events: toSend.length, cause } : cause);
	for (let i = 0; i < toSend.length; i += batch) {
		const part = toSend.slice(i, i + batch);
		const signed = await Promise.all(
			part.map(async (doc) => ({ ...doc, signature: await signer.event(doc.tournament, doc.event) }))
		);
		const written = await bulk(db, signed);
		if (!written.ok) return cut(written.error);
		// A conflict is an event another device of the same owner published in the meantime: the same event.
		const refused = written.value.find((r) => r.error && r.error !== 'conflict');
		sent += written.value.filter((r) => !r.error).length;
		if (refused) return cut(couchProblem.forbidden(reasonOf(refused)));
	}
	const written = await writeSummaries(db, tournament, { head, signer, owner, now }, stored.value, ids);
	if (!written.ok) return cut(written.error);
	return ok({
		sent,
		already: docs.length - toSend.length,
		...written.value,
		key,
		signedBy: await keyFingerprint(signer.key)
	});
}

/** The user name of the database's credentials (`Basic name:password`), null without any. */
function credentialsName(db: Database): string | null {
	const basic = /^Basic (.+)$/.exec(db.authorization ?? '')?.[1];
	if (!basic) return null;
	const text = new TextDecoder().decode(Uint8Array.from(atob(basic), (c) => c.charCodeAt(0)));
	const colon = text.indexOf(':');
	return colon > 0 ? text.slice(0, colon) : null;
}

/** One `_bulk_docs`: each document's result (an `error` for those the server refused or found in conflict). */
async function bulk(
	db: Database,
	docs: readonly object[]
): Promise<Result<{ id: string; error?: string; reason?: string }[]>> {
	const reply = await request(db, 'POST', '/_bulk_docs', {
		body: { docs },
		maxBytes: rowsBytes(docs.length)
	});
	if (!reply.ok) return reply;
	return ok(reply.value.body as { id: string; error?: string; reason?: string }[]);
}

type Unsigned = Omit<PublishedHead, 'publishedAt' | 'signature'>;

/** The head as it says something: without revision, time and signature. */
function content(head: PublishedHead): Unsigned {
	const { _rev, publishedAt, signature, ...rest } = head;
	void _rev;
	void publishedAt;
	void signature;
	return rest;
}

/**
 * Writes head and spectators' document, each only when it says something new, in one `_bulk_docs`; the
 * spectators' document carries the head's time. Also when the head is unchanged: a tournament published
 * before there was a spectators' document, or one whose last run stored the head but not it, gets it now.
 * A conflict is another device of the same director writing in between: read both again and compare.
 */
async function writeSummaries(
	db: Database,
	tournament: Publishable,
	by: { head: Unsigned; signer: Signer; owner: string; now: () => string },
	first: Omit<Stored, 'missing'>,
	ids: { head: string; spectators: string }
): Promise<Result<Pick<Published, 'head' | 'at'>>> {
	let stored = first;
	let done: 'created' | 'updated' | null = null;
	for (let attempt = 0; attempt < 3; attempt++) {
		const current = stored.head;
		const unchanged = current !== null && sameJson(content(current), by.head);
		const at = unchanged ? current.publishedAt : by.now();
		const docs: object[] = [];
		if (!unchanged) {
			const signed = { ...by.head, publishedAt: at };
			docs.push({
				...signed,
				signature: await by.signer.head(signed),
				...(current?._rev ? { _rev: current._rev } : {})
			});
		}
		const view = spectatorOf(tournament, by.owner, by.signer.key, at);
		const spectators = await spectatorUpdate(stored.spectators, view, by.signer);
		if (spectators) docs.push(spectators);
		if (docs.length) {
			const written = await bulk(db, docs);
			if (!written.ok) return written;
			const refused = written.value.find((r) => r.error && r.error !== 'conflict');
			if (refused) return fail(couchProblem.forbidden(reasonOf(refused)));
			if (!unchanged && !written.value.find((r) => r.id === ids.head)?.error)
				done = current ? 'updated' : 'created';
			if (written.value.some((r) => r.error === 'conflict')) {
				const again = await summaries(db, ids);
				if (!again.ok) return again;
				stored = again.value;
				continue;
			}
		}
		return ok({ head: done ?? (unchanged ? 'unchanged' : current ? 'updated' : 'created'), at });
	}
	return fail({ code: 'busy' });
}
