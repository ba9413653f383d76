import { publishedEventSchema, publishedHeadSchema, type PublishedHead } from '../codecs/published';
import { fail, ok, type Problem, type Result } from '../domain/result';
import {
	replay,
	seasonQualified,
	standings,
	type TournamentEvent,
	type TournamentState
} from '../domain/tournament';
import { query, request, type Database } from './couch';
import type { NotATournament } from './problems';
import { openSeason } from './season-db';

/** The season as the command line answers it (`season --from URL --json`). */
export interface SeasonAnswer {
	readonly tournaments: readonly {
		/** The tournament's id: its live page is `/live?db=…&t=<id>`. */
		readonly id: string;
		readonly name: string;
		readonly date: string;
		readonly players: number;
		readonly qualified: readonly string[];
	}[];
	readonly qualified: readonly { readonly player: string; readonly tournament: string }[];
}

const damaged = (id: string, why: NotATournament): Problem => ({ code: 'not-a-tournament', id, ...why });

/** Every head document of the database, checked. */
async function heads(db: Database): Promise<Result<PublishedHead[]>> {
	const reply = await request(
		db,
		'GET',
		`/_all_docs${query({ startkey: '"tournament:"', endkey: '"tournament:\ufff0"', include_docs: true })}`
	);
	if (!reply.ok) return reply;
	const rows = (reply.value.body as { rows?: { id: string; doc?: unknown }[] }).rows ?? [];
	const found: PublishedHead[] = [];
	for (const row of rows) {
		const head = publishedHeadSchema.safeParse(row.doc);
		if (!head.success) {
			return fail(damaged(row.id, { why: 'head' }));
		}
		found.push(head.data);
	}
	return ok(found);
}

/**
 * A published tournament replayed from its own events (not from the snapshot, which anyone with the
 * director's credentials could have written by hand): only events of the head's owner count.
 */
export async function replayPublished(db: Database, head: PublishedHead): Promise<Result<TournamentState>> {
	const ids = head.events.map((event) => `event:${head.tournament.id}:${event}`);
	const reply = await request(db, 'POST', `/_all_docs${query({ include_docs: true })}`, {
		body: { keys: ids }
	});
	if (!reply.ok) return reply;
	const rows = (reply.value.body as { rows?: { key: string; doc?: unknown }[] }).rows ?? [];
	const events: TournamentEvent[] = [];
	for (const row of rows) {
		const doc = publishedEventSchema.safeParse(row.doc);
		if (!doc.success) {
			return fail(damaged(row.key, { why: 'event' }));
		}
		if (doc.data.owner !== head.owner || doc.data.tournament !== head.tournament.id) {
			return fail(damaged(row.key, { why: 'foreign-event' }));
		}
		events.push(doc.data.event);
	}
	const state = replay(events);
	if (!state.ok) return fail(damaged(head._id, { why: 'log', problem: state.error }));
	return state;
}

/**
 * The season (RULES.md §6a): every published Triominos tournament replayed, its own qualifiers by its
 * ranking (§6), and the season's list with move-up as the database's design document sets it.
 */
export async function readSeason(db: Database): Promise<Result<SeasonAnswer>> {
	const settings = await openSeason(db);
	if (!settings.ok) return settings;
	const found = await heads(db);
	if (!found.ok) return found;
	const tournaments = [];
	for (const head of found.value.filter((h) => h.tournament.format === 'triominos')) {
		const state = await replayPublished(db, head);
		if (!state.ok) return state;
		const table = standings(state.value);
		tournaments.push({
			id: head.tournament.id,
			name: state.value.name,
			date: state.value.date,
			participants: state.value.players.size,
			ranking: table.rows.map((row) => ({ player: row.name, rank: row.rank }))
		});
	}
	const season = seasonQualified(tournaments, { moveUp: settings.value.moveUp });
	return ok({
		tournaments: season.tournaments.map((t) => ({
			id: t.id,
			name: t.name,
			date: t.date,
			players: t.participants,
			qualified: t.qualified
		})),
		qualified: season.qualified
	});
}
