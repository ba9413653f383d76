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
import { couchProblem, reasonOf, request, type Database } from './couch';
import { openSeason, userName } from './season-db';
import { keyFingerprint, signerOf, verifiedHead, type Signer } from './signing';
import { eventDocOf, headOf, type Publishable } from './snapshot';
import { spectatorOf, writeSpectator } from './spectator';

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

/** Bytes of an `_all_docs` answer for `keys` ids without documents: a row is an id, a revision and a little. */
const rowsBytes = (keys: number) => 10_000 + keys * 1_000;

/** The ids of these documents the database does not hold yet. */
async function missing(db: Database, ids: readonly string[]): Promise<Result<Set<string>>> {
	const reply = await request(db, 'POST', '/_all_docs', {
		body: { keys: ids },
		maxBytes: rowsBytes(ids.length)
	});
	if (!reply.ok) return reply;
	const rows =
		(reply.value.body as { rows?: { key: string; error?: string; value?: { deleted?: boolean } }[] }).rows ??
		[];
	return ok(new Set(rows.filter((row) => row.error || row.value?.deleted).map((row) => row.key)));
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
 * head that orders them, so a reader never sees a head whose events are missing. Idempotent: the
 * documents' ids are the owner's name and the events' ids, so a second run (or a second device of the
 * same director) sends nothing the server has; a cut run is resumed by running it again, and its problem
 * says how much was stored. A head is written only when it says something new.
 */
export async function publishTournament(
	db: Database,
	tournament: Publishable,
	options: { key: SigningKey; now?: () => string; batch?: number }
): Promise<Result<Published>> {
	const now = options.now ?? (() => new Date().toISOString());
	const batch = options.batch ?? BATCH;
	const season = await openSeason(db);
	if (!season.ok) return season;
	const user = await userName(db);
	if (!user.ok) return user;
	const owner = user.value;
	if (owner === null) return fail({ code: 'no-user', origin: db.origin });
	for (const part of [owner, tournament.id]) {
		if (!isIdPart(part)) return fail({ code: 'not-an-id-part', value: part });
	}
	const signer = await signerOf(options.key);
	const head = headOf(tournament, owner, signer.key);
	const stored = await readHead(db, head._id);
	if (!stored.ok) return stored.error.code === 'not-a-tournament' ? fail(notATournament(head._id)) : stored;
	if (stored.value && stored.value.key !== signer.key) {
		return fail(otherKey(await keyFingerprint(stored.value.key), await keyFingerprint(signer.key)));
	}

	const docs = tournament.events.map((event) => eventDocOf(tournament.id, event, owner));
	const absent = await missing(
		db,
		docs.map((doc) => doc._id)
	);
	if (!absent.ok) return absent;
	const toSend = docs.filter((doc) => absent.value.has(doc._id));
	let sent = 0;
	const cut = (cause: Problem): Result<Published> =>
		fail(sent ? { code: 'publish-cut', stored: sent, events: toSend.length, cause } : cause);
	for (let i = 0; i < toSend.length; i += batch) {
		const part = toSend.slice(i, i + batch);
		const signed = await Promise.all(
			part.map(async (doc) => ({ ...doc, signature: await signer.event(doc.tournament, doc.event) }))
		);
		const reply = await request(db, 'POST', '/_bulk_docs', {
			body: { docs: signed },
			maxBytes: rowsBytes(part.length)
		});
		if (!reply.ok) return cut(reply.error);
		const results = reply.value.body as { id: string; error?: string; reason?: string }[];
		// A conflict is an event another device of the same owner published in the meantime: the same event.
		const refused = results.find((r) => r.error && r.error !== 'conflict');
		sent += results.filter((r) => !r.error).length;
		if (refused) return cut(couchProblem.forbidden(reasonOf(refused)));
	}
	const written = await writeHead(db, head, signer, stored.value, now);
	if (!written.ok) return cut(written.error);
	// Last, the spectators' document (./spectator.ts): what the live pages read, at the head's time.
	const spectators = await writeSpectator(
		db,
		spectatorOf(tournament, owner, signer.key, written.value.at),
		signer
	);
	if (!spectators.ok) return cut(spectators.error);
	return ok({
		sent,
		already: docs.length - toSend.length,
		...written.value,
		key: publishedKey(owner, tournament.id),
		signedBy: await keyFingerprint(signer.key)
	});
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

async function writeHead(
	db: Database,
	head: Unsigned,
	signer: Signer,
	stored: PublishedHead | null,
	now: () => string
): Promise<Result<Pick<Published, 'head' | 'at'>>> {
	let current = stored;
	for (let attempt = 0; attempt < 3; attempt++) {
		if (current && sameJson(content(current), head))
			return ok({ head: 'unchanged', at: current.publishedAt });
		const at = now();
		const signed = { ...head, publishedAt: at };
		const body = {
			...signed,
			signature: await signer.head(signed),
			...(current?._rev ? { _rev: current._rev } : {})
		};
		const reply = await request(db, 'PUT', `/${encodeURIComponent(head._id)}`, { body, expect: [409] });
		if (!reply.ok) return reply;
		if (reply.value.status !== 409) return ok({ head: current ? 'updated' : 'created', at });
		// Another device of the same director wrote the head in between: read it again and compare.
		const again = await readHead(db, head._id);
		if (!again.ok) return again;
		current = again.value;
	}
	return fail({ code: 'busy' });
}
