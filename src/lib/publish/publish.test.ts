// Publishing to a real CouchDB-protocol server (express-pouchdb on loopback), and reading the season back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headId, publishedKey } from '../codecs/published';
import { standings } from '../domain/tournament';
import { database } from './couch';
import { publishTournament, readHead } from './publish';
import { readSeason, replayPublished } from './season';
import { readableByAnyone } from './season-db';
import { asAdmin, setUpSeason, startCouch, ADMIN, type CouchServer } from './testing/couch-server';
import { freePort } from './testing/free-port';
import { upTo } from './testing/published';
import { addDirector, bonn, deskTournament, leipzig, type Director } from './testing/tournaments';
import { newSigningKey } from '../protocol/keys';

let server: CouchServer;
let lea: Director;
let tom: Director;
let zoe: Director;

async function docCount(name = 'dm-2027'): Promise<number> {
	return ((await asAdmin(server, 'GET', `/${name}`)) as { doc_count: number }).doc_count;
}

beforeAll(async () => {
	server = await startCouch();
	lea = await addDirector(server, 'lea');
	tom = await addDirector(server, 'tom');
	zoe = await addDirector(server, 'zoe', ['reader']);
	await setUpSeason(server, 'dm-2027');
}, 60_000);
afterAll(async () => server?.stop());

describe('publishing a tournament', () => {
	const t = deskTournament('t-leipzig', leipzig);

	it('stores every event once, the head and the spectators’ document, signed; publishing again stores nothing new', async () => {
		const before = await docCount();
		const first = await publishTournament(lea.db('/dm-2027'), t, {
			key: lea.key,
			now: () => '2027-03-06T18:00:00Z'
		});
		expect(first).toMatchObject({
			ok: true,
			value: {
				sent: t.events.length,
				already: 0,
				head: 'created',
				at: '2027-03-06T18:00:00Z',
				key: 'lea:t-leipzig',
				signedBy: expect.stringMatching(/^[0-9A-F]{4}( [0-9A-F]{4}){3}$/) as string
			}
		});
		expect(await docCount()).toBe(before + t.events.length + 2);

		const again = await publishTournament(lea.db('/dm-2027'), t, {
			key: lea.key,
			now: () => '2027-03-06T19:00:00Z'
		});
		expect(again).toMatchObject({
			ok: true,
			value: { sent: 0, already: t.events.length, head: 'unchanged', at: '2027-03-06T18:00:00Z' }
		});
		expect(await docCount()).toBe(before + t.events.length + 2);
	});

	it('is lean, as a crowd may be asking the same server: one round trip to learn what is there, one write of the new events, one of head and spectators’ document', async () => {
		const asked: string[] = [];
		const counting: typeof fetch = (input, init) => {
			asked.push(`${init?.method ?? 'GET'} ${String(input).replace(/^.*\/dm-lean/, '')}`);
			return fetch(input, init);
		};
		// A season of its own: the other tests count this one's tournaments.
		await setUpSeason(server, 'dm-lean');
		const db = lea.db('/dm-lean', { fetch: counting });
		const bonnDesk = deskTournament('t-bonn-lean', bonn);
		const reads = ['POST /_all_docs', 'POST /_all_docs?include_docs=true'];
		const first = await publishTournament(db, upTo(bonnDesk, bonnDesk.events.length - 1), lea);
		expect(first).toMatchObject({ ok: true, value: { head: 'created' } });
		expect(asked).toEqual([...reads, 'POST /_bulk_docs', 'POST /_bulk_docs']);
		asked.length = 0;
		const next = await publishTournament(db, bonnDesk, lea);
		expect(next).toMatchObject({ ok: true, value: { sent: 1, head: 'updated' } });
		expect(asked).toEqual([...reads, 'POST /_bulk_docs', 'POST /_bulk_docs']);
		asked.length = 0;
		const again = await publishTournament(db, bonnDesk, lea);
		expect(again).toMatchObject({ ok: true, value: { sent: 0, head: 'unchanged' } });
		expect(asked).toEqual(reads);
	});

	it('a reader replays exactly the published log: the same standings as the desk', async () => {
		const head = await readHead(zoe.db('/dm-2027'), headId(publishedKey('lea', 't-leipzig')));
		if (!head.ok || !head.value) throw new Error('no head');
		expect(head.value.owner).toBe('lea');
		const state = await replayPublished(zoe.db('/dm-2027'), head.value);
		if (!state.ok) throw new Error(JSON.stringify(state.error));
		expect(standings(state.value).rows).toEqual(standings(t.state).rows);
		expect(head.value.snapshot.qualifiers).toEqual({ count: 2, players: ['Anna', 'Eva'] });
	});

	it('the same director with another key (another device, a file without the key) is refused, and says why', async () => {
		const refused = await publishTournament(lea.db('/dm-2027'), t, { key: await newSigningKey() });
		expect(refused).toMatchObject({ ok: false, error: { code: 'other-key' } });
	});

	it('a second director cannot change it, even by writing the documents himself', async () => {
		const event = {
			_id: 'event:lea:t-leipzig:x',
			type: 'wertungsblatt.event',
			owner: 'lea',
			tournament: 't-leipzig',
			event: { ...t.events[1], id: 'x' },
			signature: 'A'.repeat(86)
		};
		const forged = await fetch(`${server.origin}/dm-2027/_bulk_docs`, {
			method: 'POST',
			headers: { authorization: tom.authorization, 'content-type': 'application/json' },
			body: JSON.stringify({ docs: [event, { ...event, owner: 'tom' }] })
		});
		expect(await forged.json()).toEqual([
			expect.objectContaining({ error: 'forbidden', reason: expect.stringContaining('owner') as string }),
			expect.objectContaining({ error: 'forbidden', reason: expect.stringContaining('event:tom:') as string })
		]);
	});

	it('a reader cannot write: a clear refusal, nothing stored', async () => {
		const before = await docCount();
		const refused = await publishTournament(
			zoe.db('/dm-2027'),
			deskTournament('t-zoe', { ...bonn, name: 'Zoe' }),
			{ key: zoe.key }
		);
		expect(refused.ok).toBe(false);
		if (!refused.ok) {
			expect(refused.error.code).toBe('forbidden');
			// The server's own reason, which the season's design document gives in both languages.
			expect(refused.error).toMatchObject({ reason: expect.stringContaining('Nur Turnierleiter') });
			expect(refused.error).toMatchObject({ reason: expect.stringContaining('Only directors') });
		}
		expect(await docCount()).toBe(before);
	});

	it('resumes after a cut: the server killed mid-publish says how much was stored; published again — nothing lost or doubled', async () => {
		const disk = await startCouch({ onDisk: true });
		try {
			await setUpSeason(disk, 'saison');
			const big = deskTournament('t-big', {
				...leipzig,
				rounds: [...leipzig.rounds, ...leipzig.rounds.map((r) => r)],
				options: { rounds: 2 }
			});
			let bulk = 0;
			const cutting: typeof fetch = async (input, init) => {
				if (String(input).endsWith('/_bulk_docs') && ++bulk === 2) await disk.kill();
				return fetch(input, init);
			};
			const db = database(disk.url('/saison', ADMIN), { fetch: cutting });
			if (!db.ok) throw new Error(JSON.stringify(db.error));
			const key = await newSigningKey();
			const cut = await publishTournament(db.value, big, { key, batch: 10 });
			expect(cut).toMatchObject({
				ok: false,
				error: { code: 'publish-cut', stored: 10, events: big.events.length, cause: { code: 'unreachable' } }
			});

			await disk.restart();
			const resumed = await publishTournament(db.value, big, { key, batch: 10 });
			expect(resumed).toMatchObject({
				ok: true,
				value: { sent: big.events.length - 10, already: 10, head: 'created' }
			});
			const ids = (await asAdmin(
				disk,
				'GET',
				'/saison/_all_docs?startkey="event:"&endkey="event:\ufff0"'
			)) as { rows: { id: string }[] };
			expect(ids.rows.map((r) => r.id).sort()).toEqual(
				big.events.map((e) => `event:admin:t-big:${e.id}`).sort()
			);
			const head = await readHead(db.value, 'tournament:admin:t-big');
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
		expect((await publishTournament(tom.db('/dm-2027'), deskTournament('t-bonn', bonn), tom)).ok).toBe(true);
		const season = await readSeason(zoe.db('/dm-2027'));
		expect(season).toMatchObject({
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
				],
				skipped: [],
				disputed: []
			}
		});
		expect(season.ok && season.value.tournaments.map((x) => [x.key, x.publishedBy])).toEqual([
			['lea:t-leipzig', ['lea']],
			['tom:t-bonn', ['tom']]
		]);
	});

	it('without the move-up (set in the season’s design document) the place stays empty', async () => {
		await setUpSeason(server, 'dm-ohne', { moveUp: false });
		const done = await Promise.all([
			publishTournament(lea.db('/dm-ohne'), deskTournament('t-leipzig', leipzig), lea),
			publishTournament(tom.db('/dm-ohne'), deskTournament('t-bonn', bonn), tom)
		]);
		expect(done.map((d) => d.ok)).toEqual([true, true]);
		const season = await readSeason(zoe.db('/dm-ohne'));
		expect(season.ok && season.value.qualified.map((q) => q.player)).toEqual(['Anna', 'Eva']);
	});
});

describe('who may read the season (a live link without a password works only for a public one)', () => {
	it('members-only, and public', async () => {
		expect(await readableByAnyone(lea.db('/dm-2027'))).toEqual({ ok: true, value: false });
		await setUpSeason(server, 'dm-offen');
		await asAdmin(server, 'PUT', '/dm-offen/_security', {
			admins: { names: [], roles: [] },
			members: { names: [], roles: [] }
		});
		expect(await readableByAnyone(lea.db('/dm-offen'))).toEqual({ ok: true, value: true });
	});
});

describe('bad servers and bad documents: a clear message in German and English', () => {
	it('an unreachable server', async () => {
		const port = await freePort();
		const db = database(`http://lea:lea-pw@127.0.0.1:${port}/dm-2027`);
		if (!db.ok) throw new Error(JSON.stringify(db.error));
		const result = await publishTournament(db.value, deskTournament('t-x', bonn), lea);
		expect(result).toMatchObject({ ok: false, error: { code: 'unreachable' } });
		expect(result).toMatchObject({ ok: false, error: { origin: `http://127.0.0.1:${port}` } });
	});

	it('wrong credentials', async () => {
		const wrong = database(server.url('/dm-2027', { name: 'lea', password: 'falsch' }));
		if (!wrong.ok) throw new Error('url');
		const result = await publishTournament(wrong.value, deskTournament('t-x', bonn), lea);
		expect(result).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
		const anonymous = database(server.url('/dm-2027'));
		if (!anonymous.ok) throw new Error('url');
		expect(await readSeason(anonymous.value)).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
	});

	it('a database of something else, and one that does not exist', async () => {
		await asAdmin(server, 'PUT', '/rezepte');
		await asAdmin(server, 'PUT', '/rezepte/kuchen', { zutaten: ['Mehl'] });
		const rezepte = database(server.url('/rezepte', ADMIN));
		if (!rezepte.ok) throw new Error('url');
		const other = await publishTournament(rezepte.value, deskTournament('t-x', bonn), lea);
		expect(other).toMatchObject({ ok: false, error: { code: 'not-a-season' } });
		expect((await asAdmin(server, 'GET', '/rezepte')) as object).toMatchObject({ doc_count: 1 });
		const none = database(server.url('/gibt-es-nicht', ADMIN));
		if (!none.ok) throw new Error('url');
		expect(await readSeason(none.value)).toMatchObject({ ok: false, error: { code: 'no-database' } });
	});

	it('a https page cannot reach a plain-http server (mixed content): said before trying', () => {
		const page = 'https://wertungsblatt.example.org/turnier/t-1/veroeffentlichen';
		expect(database('http://couch.verein.de:5984/dm-2027', { page })).toEqual({
			ok: false,
			error: { code: 'bad-address', url: 'http://couch.verein.de:5984/dm-2027', why: 'mixed-content' }
		});
		// The browser's own machine is no mixed content; an https server neither; an http page may reach http.
		expect(database('http://localhost:5984/dm-2027', { page }).ok).toBe(true);
		expect(database('http://127.0.0.1:5984/dm-2027', { page }).ok).toBe(true);
		expect(database('https://couch.verein.de/dm-2027', { page }).ok).toBe(true);
		expect(database('http://couch.verein.de:5984/dm-2027', { page: 'http://192.168.1.5:4173/live' }).ok).toBe(
			true
		);
	});
});
