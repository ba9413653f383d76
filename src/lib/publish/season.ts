import { DOCUMENT_CHARS, publishedEventSchema, publishedKey, type PublishedHead } from '../codecs/published';
import { fail, ok, type Problem, type Result } from '../domain/result';
import {
	replay,
	samePlayerKey,
	seasonQualified,
	standings,
	type TournamentEvent,
	type TournamentState
} from '../domain/tournament';
import { couchProblem, query, request, type Database, type Reply } from './couch';
import { checkedHead } from './publish';
import type { NotATournament } from './problems';
import { openSeason } from './season-db';
import { keyFingerprint, verifiedHead } from './signing';

/** What a season reader takes from a server at most: tournaments, and bytes over all its answers. */
export const SEASON_BOUNDS = { tournaments: 500, bytes: 100_000_000 } as const;

/** Ids (and events) asked for in one request. */
const PAGE = 500;

/** One tournament of the season as the readers show it. */
export interface SeasonEntry {
	/** The counted copy's key (`owner:id`), which its live link names. */
	readonly key: string;
	readonly name: string;
	readonly date: string;
	readonly players: number;
	readonly qualified: readonly string[];
	/** Who published it: the counted copy's owner first, then the owners of copies with the same result. */
	readonly publishedBy: readonly string[];
	/** The fingerprint of the key that signed the counted copy. */
	readonly signedBy: string;
}

/** A copy of a tournament as one director published it. */
export interface Copy {
	readonly key: string;
	readonly owner: string;
	readonly signedBy: string;
	readonly publishedAt: string;
}

/** The season as the command line answers it (`season --from URL --json`) and `/saison` shows it. */
export interface SeasonAnswer {
	readonly tournaments: readonly SeasonEntry[];
	readonly qualified: readonly { readonly player: string; readonly tournament: string }[];
	/** Tournaments the season could not read (a damaged document, a signature that does not hold): left out. */
	readonly skipped: readonly { readonly id: string; readonly problem: Problem }[];
	/**
	 * One tournament (same name and date, or the same id) published by several directors with different
	 * results: left out until the season's admin removes the wrong copy (RULES.md §6a).
	 */
	readonly disputed: readonly {
		readonly name: string;
		readonly date: string;
		readonly copies: readonly Copy[];
	}[];
}

const damaged = (id: string, why: NotATournament): Problem => ({ code: 'not-a-tournament', id, ...why });

/** What one season read may still take from the server, in bytes. */
class Budget {
	#left: number = SEASON_BOUNDS.bytes;
	constructor(readonly db: Database) {}
	/** One request within what is left; an answer past it ends the read (a too-large season). */
	async request(
		method: 'GET' | 'POST',
		path: string,
		options: { body?: unknown; maxBytes?: number } = {}
	): Promise<Result<Reply>> {
		const maxBytes = Math.min(options.maxBytes ?? this.#left, this.#left);
		const reply = await request(this.db, method, path, { ...options, maxBytes });
		if (reply.ok) this.#left -= reply.value.bytes;
		else if (reply.error.code === 'answer-too-large' && maxBytes < (options.maxBytes ?? Infinity)) {
			return fail(couchProblem.tooLarge(this.db.origin, SEASON_BOUNDS.bytes));
		}
		return reply;
	}
}

/** The ids of every head in the database: at most `SEASON_BOUNDS.tournaments`, else refused. */
async function headIds(budget: Budget): Promise<Result<string[]>> {
	const limit = SEASON_BOUNDS.tournaments;
	const reply = await budget.request(
		'GET',
		`/_all_docs${query({ startkey: '"tournament:"', endkey: '"tournament:\ufff0"', limit: limit + 1 })}`,
		{ maxBytes: 10_000 + (limit + 1) * 1_000 }
	);
	if (!reply.ok) return reply;
	const rows = (reply.value.body as { rows?: unknown }).rows;
	if (!Array.isArray(rows)) return fail(couchProblem.notCouch(budget.db.origin, reply.value.status));
	if (rows.length > limit) return fail({ code: 'too-many-tournaments', origin: budget.db.origin, limit });
	return ok(rows.map((row) => String((row as { id?: unknown }).id)));
}

/** Documents by id, in pages: each row's id and document (undefined when missing). */
async function documents(
	budget: Budget,
	ids: readonly string[],
	perDocument: number
): Promise<Result<{ key: string; doc: unknown }[]>> {
	const found: { key: string; doc: unknown }[] = [];
	for (let i = 0; i < ids.length; i += PAGE) {
		const keys = ids.slice(i, i + PAGE);
		const reply = await budget.request('POST', `/_all_docs${query({ include_docs: true })}`, {
			body: { keys },
			maxBytes: 10_000 + keys.length * (perDocument * 3 + 1_000)
		});
		if (!reply.ok) return reply;
		const rows = (reply.value.body as { rows?: unknown }).rows;
		if (!Array.isArray(rows) || rows.length !== keys.length) {
			return fail(couchProblem.notCouch(budget.db.origin, reply.value.status));
		}
		rows.forEach((row: { doc?: unknown }, j) => found.push({ key: keys[j] as string, doc: row?.doc }));
	}
	return ok(found);
}

/**
 * A published tournament replayed from its own events (not from the snapshot): each event must be the
 * head owner's, of the head's tournament, and signed by the head's key.
 */
async function replayHead(budget: Budget, head: PublishedHead): Promise<Result<TournamentState>> {
	const verifier = await verifiedHead(head);
	if (!verifier) return fail(damaged(head._id, { why: 'signature' }));
	const key = publishedKey(head.owner, head.tournament.id);
	const ids = head.events.map((event) => `event:${key}:${event}`);
	const rows = await documents(budget, ids, DOCUMENT_CHARS.event);
	if (!rows.ok) return rows;
	const events: TournamentEvent[] = [];
	for (const row of rows.value) {
		const doc = publishedEventSchema.safeParse(row.doc);
		if (!doc.success || doc.data._id !== row.key) return fail(damaged(row.key, { why: 'event' }));
		if (doc.data.owner !== head.owner || doc.data.tournament !== head.tournament.id) {
			return fail(damaged(row.key, { why: 'foreign-event' }));
		}
		if (!(await verifier.event(doc.data))) return fail(damaged(row.key, { why: 'signature' }));
		events.push(doc.data.event);
	}
	const state = replay(events);
	if (!state.ok) return fail(damaged(head._id, { why: 'log', problem: state.error }));
	return state;
}

/** A published tournament replayed from its own events, checked as the season checks it. */
export async function replayPublished(db: Database, head: PublishedHead): Promise<Result<TournamentState>> {
	return replayHead(new Budget(db), head);
}

/** Failures of the server itself end the read; a tournament's own damage only leaves it out. */
const isDamage = (problem: Problem) => problem.code === 'not-a-tournament';

/** A tournament read: its head, its replayed state and what the season compares copies by. */
interface Read {
	readonly head: PublishedHead;
	readonly state: TournamentState;
	readonly ranking: { player: string; rank: number }[];
	readonly result: string;
}

/** The season's identity of a tournament: its format, name (as people type it) and date. */
const identity = (head: PublishedHead) =>
	JSON.stringify([head.tournament.format, samePlayerKey(head.tournament.name), head.tournament.date]);

/**
 * Copies of one tournament: heads with the same identity or the same tournament id belong together.
 * Groups in the order of their first head.
 */
function groups(reads: readonly Read[]): Read[][] {
	const parent = reads.map((_, i) => i);
	const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i] as number)));
	const first = new Map<string, number>();
	reads.forEach((read, i) => {
		for (const mark of [`name:${identity(read.head)}`, `id:${read.head.tournament.id}`]) {
			const seen = first.get(mark);
			if (seen === undefined) first.set(mark, i);
			else parent[root(i)] = root(seen);
		}
	});
	const byRoot = new Map<number, Read[]>();
	reads.forEach((read, i) => byRoot.set(root(i), [...(byRoot.get(root(i)) ?? []), read]));
	return [...byRoot.values()];
}

/** Each owner's newest copy (a director who published a tournament twice meant the later one). */
function newestPerOwner(copies: readonly Read[]): Read[] {
	const newest = new Map<string, Read>();
	for (const read of copies) {
		const held = newest.get(read.head.owner);
		const later =
			!held ||
			read.head.publishedAt > held.head.publishedAt ||
			(read.head.publishedAt === held.head.publishedAt && read.head._id > held.head._id);
		if (later) newest.set(read.head.owner, read);
	}
	return [...newest.values()].sort((a, b) => a.head.publishedAt.localeCompare(b.head.publishedAt));
}

async function copyOf(read: Read): Promise<Copy> {
	return {
		key: publishedKey(read.head.owner, read.head.tournament.id),
		owner: read.head.owner,
		signedBy: await keyFingerprint(read.head.key),
		publishedAt: read.head.publishedAt
	};
}

/**
 * The season (RULES.md §6a): every published Triominos tournament replayed from its signed events, its own
 * qualifiers by its ranking (§6), and the season's list with move-up as the database's design document
 * sets it. A tournament that cannot be read is left out and named; one published more than once counts
 * once (§6a). Every answer is read within `SEASON_BOUNDS`.
 */
export async function readSeason(db: Database): Promise<Result<SeasonAnswer>> {
	const settings = await openSeason(db);
	if (!settings.ok) return settings;
	const budget = new Budget(db);
	const ids = await headIds(budget);
	if (!ids.ok) return ids;
	const rows = await documents(budget, ids.value, DOCUMENT_CHARS.head);
	if (!rows.ok) return rows;
	const skipped: { id: string; problem: Problem }[] = [];
	const reads: Read[] = [];
	for (const row of rows.value) {
		const head = await checkedHead(row.key, row.doc);
		if (!head.ok) {
			skipped.push({ id: row.key, problem: head.error });
			continue;
		}
		if (head.value.tournament.format !== 'triominos') continue;
		const state = await replayHead(budget, head.value);
		if (!state.ok) {
			if (!isDamage(state.error)) return state;
			skipped.push({ id: row.key, problem: state.error });
			continue;
		}
		const ranking = standings(state.value).rows.map((r) => ({ player: r.name, rank: r.rank }));
		const result = JSON.stringify([
			state.value.players.size,
			ranking.map((r) => [samePlayerKey(r.player), r.rank])
		]);
		reads.push({ head: head.value, state: state.value, ranking, result });
	}

	const counted: (Read & { copies: Read[] })[] = [];
	const disputed: SeasonAnswer['disputed'][number][] = [];
	for (const group of groups(reads)) {
		const copies = newestPerOwner(group);
		const [first] = copies;
		if (!first) continue;
		if (copies.every((copy) => copy.result === first.result)) counted.push({ ...first, copies });
		else {
			disputed.push({
				name: first.state.name,
				date: first.state.date,
				copies: await Promise.all(copies.map(copyOf))
			});
		}
	}
	const season = seasonQualified(
		counted.map((read) => ({
			read,
			name: read.state.name,
			date: read.state.date,
			participants: read.state.players.size,
			ranking: read.ranking
		})),
		{ moveUp: settings.value.moveUp }
	);
	return ok({
		tournaments: await Promise.all(
			season.tournaments.map(async (t) => ({
				key: publishedKey(t.read.head.owner, t.read.head.tournament.id),
				name: t.name,
				date: t.date,
				players: t.participants,
				qualified: t.qualified,
				publishedBy: t.read.copies.map((copy) => copy.head.owner),
				signedBy: await keyFingerprint(t.read.head.key)
			}))
		),
		qualified: season.qualified,
		skipped,
		disputed
	});
}
