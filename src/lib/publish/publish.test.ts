// Publishing to a real CouchDB-protocol server (express-pouchdb on loopback), and reading the season back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logFromResults, replay, standings, type PlainTournament } from '../domain/tournament';
import { database, type Database } from './couch';
import { publishTournament } from './publish';
import { readSeason, replayPublished } from './season';
import { readHead } from './publish';
import type { Publishable } from './snapshot';
import { addUser, asAdmin, setUpSeason, startCouch, type CouchServer } from './testing/couch-server';
import { freePort } from './testing/free-port';

/** A tournament as the desk would publish it: its log with the desk's own event ids. */
function tournament(id: string, plain: PlainTournament): Publishable {
	const events = logFromResults(plain, `${plain.date ?? '2027-01-01'}T09:00:00Z`).map((e) => ({
		...e,
		id: `${id}-${e.id}`
	}));
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return { id, events, state: state.value };
}

const LEIPZIG_PLAYERS = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gina', 'Hans', 'Ida', 'Jörg'];
/** 10 players (2 qualify), one prelim round: Anna, Eva and Ida win their tables, game points order them. */
const leipzig = {
	format: 'triominos',
	name: 'Quali Leipzig',
	date: '2027-03-06',
	options: { rounds: 1 },
	players: LEIPZIG_PLAYERS,
	rounds: [
		[
			{ Anna: 100, Ben: 50, Cara: 40, Dirk: 10 },
			{ Eva: 90, Finn: 60, Gina: 30 },
			{ Ida: 80, Jörg: 40, Hans: 10 }
		]
	]
} as const satisfies PlainTournament;

/** Bonn, three months later: Anna again (already qualified), then Kai, Lena, … (7 players: 1 qualifies). */
const bonn = {
	format: 'triominos',
	name: 'Quali Bonn',
	date: '2027-06-12',
	options: { rounds: 1 },
	players: ['Anna', 'Kai', 'Lena', 'Mia', 'Nils', 'Olga', 'Paul'],
	rounds: [
		[
			{ Anna: 120, Kai: 60, Lena: 40, Mia: 10 },
			{ Nils: 70, Olga: 50, Paul: 20 }
		]
	]
} as const satisfies PlainTournament;

let server: CouchServer;
let lea: { name: string; password: string };
let tom: { name: string; password: string };
let zoe: { name: string; password: string };

const as = (
	user: { name: string; password: string } | null,
	path = '/dm-2027',
	fetcher?: typeof fetch
): Database => {
	const db = database(user ? server.url(path, user) : server.url(path), fetcher ? { fetch: fetcher } : {});
	if (!db.ok) throw new Error(JSON.stringify(db.error));
	return db.value;
};

async function docCount(name = 'dm-2027'): Promise<number> {
	return ((await asAdmin(server, 'GET', `/${name}`)) as { doc_count: number }).doc_count;
}

beforeAll(async () => {
	server = await startCouch();
	lea = await addUser(server, 'lea', 'lea-pw', ['director']);
	tom = await addUser(server, 'tom', 'tom-pw', ['director']);
	zoe = await addUser(server, 'zoe', 'zoe-pw', ['reader']);
	await setUpSeason(server, 'dm-2027');
}, 60_000);
afterAll(async () => server?.stop());

describe('publishing a tournament', () => {
	const t = tournament('t-leipzig', leipzig);

	it('stores every event once and the head; publishing again stores nothing new', async () => {
		const before = await docCount();
		const first = await publishTournament(as(lea), t, { now: () => '2027-03-06T18:00:00Z' });
		expect(first).toEqual({
			ok: true,
			value: { sent: t.events.length, already: 0, head: 'created', at: '2027-03-06T18:00:00Z' }
		});
		expect(await docCount()).toBe(before + t.events.length + 1);

		const again = await publishTournament(as(lea), t, { now: () => '2027-03-06T19:00:00Z' });
		expect(again).toEqual({
			ok: true,
			value: { sent: 0, already: t.events.length, head: 'unchanged', at: '2027-03-06T18:00:00Z' }
		});
		expect(await docCount()).toBe(before + t.events.length + 1);
	});

	it('a reader replays exactly the published log: the same standings as the desk', async () => {
		const head = await readHead(as(zoe), 'tournament:t-leipzig');
		if (!head.ok || !head.value) throw new Error('no head');
		expect(head.value.owner).toBe('lea');
		const state = await replayPublished(as(zoe), head.value);
		if (!state.ok) throw new Error(JSON.stringify(state.error));
		expect(standings(state.value).rows).toEqual(standings(t.state).rows);
		expect(head.value.snapshot.qualifiers).toEqual({ count: 2, players: ['Anna', 'Eva'] });
	});

	it('a second director cannot change it, even by writing the documents himself', async () => {
		const refused = await publishTournament(as(tom), t);
		expect(refused.ok).toBe(false);
		if (!refused.ok) expect(refused.error.code).toBe('other-owner');
		const forged = await fetch(`${server.origin}/dm-2027/_bulk_docs`, {
			method: 'POST',
			headers: { authorization: `Basic ${btoa('tom:tom-pw')}`, 'content-type': 'application/json' },
			body: JSON.stringify({
				docs: [
					{
						_id: 'event:t-leipzig:x',
						type: 'wertungsblatt.event',
						owner: 'lea',
						tournament: 't-leipzig',
						event: { id: 'x' }
					}
				]
			})
		});
		expect(await forged.json()).toEqual([
			expect.objectContaining({ error: 'forbidden', reason: expect.stringContaining('owner') as string })
		]);
	});

	it('a reader cannot write: a clear refusal, nothing stored', async () => {
		const before = await docCount();
		const refused = await publishTournament(as(zoe), tournament('t-zoe', { ...bonn, name: 'Zoe' }));
		expect(refused.ok).toBe(false);
		if (!refused.ok) {
			expect(refused.error.code).toBe('forbidden');
			// The server's own reason, which the season's design document gives in both languages.
			expect(refused.error).toMatchObject({ reason: expect.stringContaining('Nur Turnierleiter') });
			expect(refused.error).toMatchObject({ reason: expect.stringContaining('Only directors') });
		}
		expect(await docCount()).toBe(before);
	});

	it('resumes after a cut: the server killed mid-publish, restarted, published again — nothing lost or doubled', async () => {
		const disk = await startCouch({ onDisk: true });
		try {
			const admin = { name: 'admin', password: 'admin-geheim' };
			await setUpSeason(disk, 'saison');
			const big = tournament('t-big', {
				...leipzig,
				rounds: [...leipzig.rounds, ...leipzig.rounds.map((r) => r)],
				options: { rounds: 2 }
			});
			let bulk = 0;
			const cutting: typeof fetch = async (input, init) => {
				if (String(input).endsWith('/_bulk_docs') && ++bulk === 2) await disk.kill();
				return fetch(input, init);
			};
			const db = database(disk.url('/saison', admin), { fetch: cutting });
			if (!db.ok) throw new Error(JSON.stringify(db.error));
			const cut = await publishTournament(db.value, big, { batch: 10 });
			expect(cut.ok).toBe(false);
			if (!cut.ok) expect(cut.error.code).toBe('unreachable');

			await disk.restart();
			const resumed = await publishTournament(db.value, big, { batch: 10 });
			expect(resumed).toMatchObject({
				ok: true,
				value: { sent: big.events.length - 10, already: 10, head: 'created' }
			});
			const ids = (await asAdmin(
				disk,
				'GET',
				'/saison/_all_docs?startkey="event:"&endkey="event:\ufff0"'
			)) as { rows: { id: string }[] };
			expect(ids.rows.map((r) => r.id).sort()).toEqual(big.events.map((e) => `event:t-big:${e.id}`).sort());
			const head = await readHead(db.value, 'tournament:t-big');
			if (!head.ok || !head.value) throw new Error('no head');
			const state = await replayPublished(db.value, head.value);
			expect(state.ok && standings(state.value).rows).toEqual(standings(big.state).rows);
		} finally {
			await disk.stop();
		}
	}, 60_000);
});

describe('the season (RULES.md §6a)', () => {
	it('two desks publish different tournaments into one season: qualifiers by date, move-up', async () => {
		expect((await publishTournament(as(tom), tournament('t-bonn', bonn))).ok).toBe(true);
		const season = await readSeason(as(zoe));
		expect(season).toEqual({
			ok: true,
			value: {
				tournaments: [
					{ name: 'Quali Leipzig', date: '2027-03-06', players: 10, qualified: ['Anna', 'Eva'] },
					{ name: 'Quali Bonn', date: '2027-06-12', players: 7, qualified: ['Anna'] }
				],
				qualified: [
					{ player: 'Anna', tournament: 'Quali Leipzig' },
					{ player: 'Eva', tournament: 'Quali Leipzig' },
					{ player: 'Nils', tournament: 'Quali Bonn' }
				]
			}
		});
	});

	it('without the move-up (set in the season’s design document) the place stays empty', async () => {
		await setUpSeason(server, 'dm-ohne', { moveUp: false });
		expect((await publishTournament(as(lea, '/dm-ohne'), tournament('t-leipzig', leipzig))).ok).toBe(true);
		expect((await publishTournament(as(tom, '/dm-ohne'), tournament('t-bonn', bonn))).ok).toBe(true);
		const season = await readSeason(as(zoe, '/dm-ohne'));
		expect(season.ok && season.value.qualified.map((q) => q.player)).toEqual(['Anna', 'Eva']);
	});
});

describe('bad servers and bad documents: a clear message in German and English', () => {
	it('an unreachable server', async () => {
		const port = await freePort();
		const db = database(`http://lea:lea-pw@127.0.0.1:${port}/dm-2027`);
		if (!db.ok) throw new Error(JSON.stringify(db.error));
		const result = await publishTournament(db.value, tournament('t-x', bonn));
		expect(result).toMatchObject({ ok: false, error: { code: 'unreachable' } });
		expect(result).toMatchObject({ ok: false, error: { origin: `http://127.0.0.1:${port}` } });
	});

	it('wrong credentials', async () => {
		const result = await publishTournament(as({ name: 'lea', password: 'falsch' }), tournament('t-x', bonn));
		expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
		const anonymous = await readSeason(as(null));
		expect(anonymous).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
	});

	it('a database of something else, and one that does not exist', async () => {
		await asAdmin(server, 'PUT', '/rezepte');
		await asAdmin(server, 'PUT', '/rezepte/kuchen', { zutaten: ['Mehl'] });
		const other = await publishTournament(
			as(server ? { name: 'admin', password: 'admin-geheim' } : null, '/rezepte'),
			tournament('t-x', bonn)
		);
		expect(other).toMatchObject({ ok: false, error: { code: 'not-a-season' } });
		expect((await asAdmin(server, 'GET', '/rezepte')) as object).toMatchObject({ doc_count: 1 });
		const none = await readSeason(as({ name: 'admin', password: 'admin-geheim' }, '/gibt-es-nicht'));
		expect(none).toMatchObject({ ok: false, error: { code: 'no-database' } });
	});

	it('a document that is not a tournament', async () => {
		await setUpSeason(server, 'dm-kaputt');
		await asAdmin(server, 'PUT', '/dm-kaputt/tournament:fremd', {
			type: 'wertungsblatt.tournament',
			name: 'kein Turnier'
		});
		const season = await readSeason(as(zoe, '/dm-kaputt'));
		expect(season).toEqual({
			ok: false,
			error: { code: 'not-a-tournament', id: 'tournament:fremd', why: 'head' }
		});
	});
});
