// Issue 29's numbered cases, each against a real CouchDB-protocol server (express-pouchdb on loopback):
// no director can take, block, extend or break another's tournament, whatever ids he guesses; a season
// reader survives what it cannot read, counts a tournament published twice once, and reads a server
// that is not ours within bounds.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_DOC, HEAD_DOC, eventDocId, headId, publishedKey } from '../codecs/published';
import { database } from './couch';
import { plainIdentity } from './plain-identity';
import { publishTournament, readHead } from './publish';
import { readSeason } from './season';
import { signerOf } from './signing';
import { eventDocOf, headOf, type Publishable } from './snapshot';
import { asAdmin, setUpSeason, startCouch, ADMIN, type CouchServer } from './testing/couch-server';
import { endlessRows, startHostile } from './testing/hostile-server';
import { addDirector, bonn, deskTournament, leipzig, putAs, type Director } from './testing/tournaments';
import { newSigningKey } from '../protocol/keys';

let server: CouchServer;
let lea: Director;
let tom: Director;
let zoe: Director;
let season = 0;

/** A fresh season database for one case. */
async function freshSeason(): Promise<string> {
	const name = `case-${++season}`;
	await setUpSeason(server, name);
	return `/${name}`;
}

beforeAll(async () => {
	server = await startCouch();
	lea = await addDirector(server, 'lea');
	tom = await addDirector(server, 'tom');
	zoe = await addDirector(server, 'zoe', ['reader']);
}, 60_000);
afterAll(async () => server?.stop());

/** Lea's tournament as the desk publishes it; the season expects its two qualifiers. */
const leaLeipzig = deskTournament('t-leipzig', leipzig);
const LEIPZIG_QUALIFIED = [
	{ player: 'Anna', tournament: 'Quali Leipzig' },
	{ player: 'Eva', tournament: 'Quali Leipzig' }
];

/**
 * A head in the app's own shape, signed by the forger's key, at whatever id he chooses: Tom lets himself
 * win Lea's tournament.
 */
async function forgedHead(forger: Director, tournament: Publishable, id: string) {
	const signer = await signerOf(forger.key);
	const head = { ...headOf(tournament, forger.name, signer.key), publishedAt: '2027-03-06T08:00:00Z' };
	const snapshot = {
		...head.snapshot,
		standings: [{ rank: 1, player: 'Tom', points: 99, pointsText: '99', gamePoints: 999 }]
	};
	const signed = { ...head, snapshot };
	return { ...signed, _id: id, signature: await signer.head(signed) };
}

describe('1. head squatting', () => {
	it('another director writes every head id of her tournament he can guess first: her publish stands, /live and the season show hers', async () => {
		const path = await freshSeason();
		const guesses = ['tournament:t-leipzig', headId(publishedKey('lea', 't-leipzig'))];
		const answers = [];
		for (const id of guesses) {
			answers.push(
				await putAs(server, tom, `${path}/${encodeURIComponent(id)}`, await forgedHead(tom, leaLeipzig, id))
			);
		}
		// Refused by the server: the id is not his.
		expect(answers.map((a) => a.status)).toEqual([403, 403]);
		expect(answers[1]?.body.reason).toContain('tournament:tom:t-leipzig');

		const published = await publishTournament(lea.db(path), leaLeipzig, lea);
		expect(published).toMatchObject({ ok: true, value: { head: 'created', key: 'lea:t-leipzig' } });
		const head = await readHead(zoe.db(path), headId('lea:t-leipzig'));
		expect(head.ok && head.value?.snapshot.standings[0]?.player).toBe('Anna');
		const read = await readSeason(zoe.db(path));
		expect(read.ok && read.value.qualified).toEqual(LEIPZIG_QUALIFIED);
	});

	it('his own copy under his own name is his, signed with his key, and names him', async () => {
		const path = await freshSeason();
		expect((await publishTournament(lea.db(path), leaLeipzig, lea)).ok).toBe(true);
		const own = headId(publishedKey('tom', 't-leipzig'));
		const squat = await putAs(
			server,
			tom,
			`${path}/${encodeURIComponent(own)}`,
			await forgedHead(tom, leaLeipzig, own)
		);
		expect(squat.status).toBe(201);
		// Lea's tournament is still hers; Tom's head has no events of his: the season names it and leaves it out.
		const read = await readSeason(zoe.db(path));
		expect(read).toMatchObject({
			ok: true,
			value: {
				qualified: LEIPZIG_QUALIFIED,
				skipped: [
					{
						id: own,
						problem: {
							code: 'not-a-tournament',
							id: expect.stringMatching(/^event:tom:t-leipzig:/) as string,
							why: 'event'
						}
					}
				]
			}
		});
		expect(read.ok && read.value.tournaments.map((t) => t.publishedBy)).toEqual([['lea']]);
	});
});

describe('2. event-id squatting', () => {
	it('another director writes her next event ids first: her publish stores every event, and the season reads it', async () => {
		const path = await freshSeason();
		const signer = await signerOf(tom.key);
		const squatted = [];
		for (const event of leaLeipzig.events) {
			const doc = eventDocOf('t-leipzig', { ...event }, 'tom');
			const signed = { ...doc, signature: await signer.event('t-leipzig', event) };
			// Every id he can guess: the old scheme, and hers in the new one.
			for (const id of [`event:t-leipzig:${event.id}`, eventDocId('lea:t-leipzig', event.id)]) {
				squatted.push(
					(await putAs(server, tom, `${path}/${encodeURIComponent(id)}`, { ...signed, _id: id })).status
				);
			}
		}
		expect(new Set(squatted)).toEqual(new Set([403]));

		const published = await publishTournament(lea.db(path), leaLeipzig, lea);
		expect(published).toMatchObject({ ok: true, value: { sent: leaLeipzig.events.length, already: 0 } });
		const read = await readSeason(zoe.db(path));
		expect(read).toMatchObject({ ok: true, value: { qualified: LEIPZIG_QUALIFIED, skipped: [] } });
	});
});

describe('3. junk the server refuses, and junk an admin stored anyway', () => {
	it('a head the app cannot read, a garbage body, a 5 MB document, an event inside another’s tournament: all refused', async () => {
		const path = await freshSeason();
		expect((await publishTournament(lea.db(path), leaLeipzig, lea)).ok).toBe(true);
		const hers = (await asAdmin(server, 'GET', `${path}/tournament:lea:t-leipzig`)) as { _rev: string };
		const tries = {
			junkHead: await putAs(server, tom, `${path}/tournament:tom:junk`, {
				type: HEAD_DOC,
				owner: 'tom',
				name: 'kein Turnier'
			}),
			garbage: await putAs(server, tom, `${path}/kuchen`, { zutaten: ['Mehl', 'Zucker'] }),
			huge: await putAs(server, tom, `${path}/tournament:tom:huge`, {
				...(await forgedHead(tom, deskTournament('huge', bonn), 'tournament:tom:huge')),
				players: Array.from({ length: 100_000 }, () => 'x'.repeat(50))
			}),
			// Within his own ids, but more characters than any head may have: the size bound, not the shape.
			long: await putAs(server, tom, `${path}/tournament:tom:long`, {
				...(await forgedHead(tom, deskTournament('long', bonn), 'tournament:tom:long')),
				events: Array.from({ length: 20_000 }, (_, i) => `${i}`.padStart(200, 'e'))
			}),
			foreignEvent: await putAs(server, tom, `${path}/${encodeURIComponent('event:lea:t-leipzig:extra')}`, {
				...eventDocOf('t-leipzig', { ...leaLeipzig.events[1]!, id: 'extra' }, 'tom'),
				_id: 'event:lea:t-leipzig:extra',
				signature: 'A'.repeat(86)
			}),
			deleteHers: await putAs(server, tom, `${path}/${encodeURIComponent('tournament:lea:t-leipzig')}`, {
				_rev: hers._rev,
				_deleted: true
			})
		};
		expect(Object.fromEntries(Object.entries(tries).map(([k, v]) => [k, v.status]))).toEqual({
			junkHead: 403,
			garbage: 403,
			huge: 403,
			long: 403,
			foreignEvent: 403,
			deleteHers: 403
		});
		expect(tries.huge.body.reason).toContain('größer als 4000000 Zeichen');
		expect(tries.long.body.reason).toContain('größer als 4000000 Zeichen');
		expect(tries.junkHead.body.reason).toContain('nicht die Form');
		const read = await readSeason(zoe.db(path));
		expect(read).toMatchObject({ ok: true, value: { qualified: LEIPZIG_QUALIFIED, skipped: [] } });
	}, 60_000);

	it('a reader skips and names what it cannot read (an admin passes the validate function): the season still stands', async () => {
		const path = await freshSeason();
		expect((await publishTournament(lea.db(path), leaLeipzig, lea)).ok).toBe(true);
		await asAdmin(server, 'PUT', `${path}/tournament:admin:junk`, { type: HEAD_DOC, name: 'kein Turnier' });
		await asAdmin(server, 'PUT', `${path}/tournament:t-alt`, { type: HEAD_DOC, schema: 1, owner: 'lea' });
		// A head changed by hand on the server: its signature no longer holds.
		const real = (await asAdmin(server, 'GET', `${path}/tournament:lea:t-leipzig`)) as Record<
			string,
			unknown
		>;
		await asAdmin(server, 'PUT', `${path}/tournament:admin:copy`, {
			...real,
			_id: 'tournament:admin:copy',
			_rev: undefined,
			owner: 'admin',
			tournament: { ...(real.tournament as object), id: 'copy', name: 'Quali Halle' }
		});
		// Lea's head stored again under another id, as it is: it does not name its owner.
		await asAdmin(server, 'PUT', `${path}/tournament:admin:moved`, {
			...real,
			_id: undefined,
			_rev: undefined
		});
		const read = await readSeason(zoe.db(path));
		expect(read).toMatchObject({
			ok: true,
			value: {
				qualified: LEIPZIG_QUALIFIED,
				skipped: [
					{ id: 'tournament:admin:copy', problem: { why: 'signature' } },
					{ id: 'tournament:admin:junk', problem: { why: 'head' } },
					{ id: 'tournament:admin:moved', problem: { why: 'head' } },
					{ id: 'tournament:t-alt', problem: { why: 'old-version' } }
				]
			}
		});
	});
});

describe('4. one tournament published twice counts once', () => {
	it('the command line’s file and the desk, and a copy by another director: once, with who published it', async () => {
		const path = await freshSeason();
		const plain = await plainIdentity(leaLeipzig.events, leaLeipzig.state);
		const cliKey = { key: await newSigningKey() };
		expect((await publishTournament(lea.db(path), plain, cliKey)).ok).toBe(true);
		expect((await publishTournament(lea.db(path), leaLeipzig, lea)).ok).toBe(true);
		expect((await publishTournament(tom.db(path), leaLeipzig, tom)).ok).toBe(true);
		expect((await publishTournament(tom.db(path), deskTournament('t-bonn', bonn), tom)).ok).toBe(true);
		const read = await readSeason(zoe.db(path));
		expect(read).toMatchObject({
			ok: true,
			value: {
				qualified: [...LEIPZIG_QUALIFIED, { player: 'Nils', tournament: 'Quali Bonn' }],
				disputed: [],
				skipped: []
			}
		});
		if (!read.ok) return;
		expect(read.value.tournaments.map((t) => [t.name, t.publishedBy])).toEqual([
			['Quali Leipzig', ['lea', 'tom']],
			['Quali Bonn', ['tom']]
		]);
	});

	it('copies with different results are named and left out until the admin removes the wrong one', async () => {
		const path = await freshSeason();
		expect((await publishTournament(lea.db(path), leaLeipzig, lea)).ok).toBe(true);
		// Tom publishes "Quali Leipzig" of the same day, with Jörg winning.
		const swapped = deskTournament('t-falsch', {
			...leipzig,
			rounds: [
				[
					{ Jörg: 100, Ben: 50, Cara: 40, Dirk: 10 },
					{ Eva: 90, Finn: 60, Gina: 30 },
					{ Ida: 80, Anna: 40, Hans: 10 }
				]
			]
		});
		expect((await publishTournament(tom.db(path), swapped, tom)).ok).toBe(true);
		const read = await readSeason(zoe.db(path));
		expect(read).toMatchObject({
			ok: true,
			value: {
				tournaments: [],
				qualified: [],
				disputed: [
					{
						name: 'Quali Leipzig',
						date: '2027-03-06',
						copies: [
							expect.objectContaining({ owner: 'lea', key: 'lea:t-leipzig' }),
							expect.objectContaining({ owner: 'tom', key: 'tom:t-falsch' })
						]
					}
				]
			}
		});
		// The admin removes Tom's copy (README: removing a wrong tournament): Lea's counts.
		const head = (await asAdmin(server, 'GET', `${path}/tournament:tom:t-falsch`)) as { _rev: string };
		await asAdmin(server, 'DELETE', `${path}/tournament:tom:t-falsch?rev=${head._rev}`);
		const after = await readSeason(zoe.db(path));
		expect(after.ok && after.value.qualified).toEqual(LEIPZIG_QUALIFIED);
	});
});

describe('5. a server that is not ours', () => {
	it('a season server that lists 200,000 heads is refused at once, within a bound of memory', async () => {
		const path = await freshSeason();
		const hostile = await startHostile(server.origin, (req: IncomingMessage, res: ServerResponse) => {
			if (!req.url?.includes('/_all_docs')) return false;
			endlessRows(res, 200_000, 8_000);
			return true;
		});
		try {
			const db = database(`${hostile.origin}${path}`, { auth: `${zoe.name}:${zoe.password}` });
			if (!db.ok) throw new Error('url');
			const heap = process.memoryUsage().heapUsed;
			const start = performance.now();
			const read = await readSeason(db.value);
			const ms = performance.now() - start;
			const grown = process.memoryUsage().heapUsed - heap;
			expect(read).toMatchObject({ ok: false, error: { code: 'answer-too-large', origin: hostile.origin } });
			expect(ms).toBeLessThan(3_000);
			expect(grown).toBeLessThan(50_000_000);
		} finally {
			await hostile.stop();
		}
	});

	it('an answer that never ends, and one larger than asked for, end the request with their reason', async () => {
		const path = await freshSeason();
		const hostile = await startHostile(server.origin, (req, res) => {
			if (req.url?.endsWith('/slow')) {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.write('{"a":');
				return true; // and never more
			}
			if (req.url?.endsWith('/big')) {
				res.writeHead(200, { 'content-type': 'application/json', 'content-length': '50000000' });
				res.write('{"a":"');
				return true;
			}
			return false;
		});
		try {
			const db = database(`${hostile.origin}${path}`);
			if (!db.ok) throw new Error('url');
			const { request } = await import('./couch');
			const slow = await request(db.value, 'GET', '/slow', { timeoutMs: 300 });
			expect(slow).toEqual({
				ok: false,
				error: { code: 'answer-too-slow', origin: hostile.origin, ms: 300 }
			});
			const start = performance.now();
			const big = await request(db.value, 'GET', '/big');
			expect(big).toEqual({
				ok: false,
				error: { code: 'answer-too-large', origin: hostile.origin, limit: 1_000_000 }
			});
			expect(performance.now() - start).toBeLessThan(1_000);
		} finally {
			await hostile.stop();
		}
	});
});

// The admin's own writes pass every check (the README's removal step needs them): one sanity check.
it('an admin may remove a wrong tournament', async () => {
	const path = await freshSeason();
	const admin = database(server.url(path, ADMIN));
	if (!admin.ok) throw new Error('url');
	expect((await publishTournament(tom.db(path), deskTournament('t-bonn', bonn), tom)).ok).toBe(true);
	const head = (await asAdmin(server, 'GET', `${path}/tournament:tom:t-bonn`)) as { _rev: string };
	await asAdmin(server, 'DELETE', `${path}/tournament:tom:t-bonn?rev=${head._rev}`);
	const read = await readSeason(zoe.db(path));
	expect(read.ok && read.value.tournaments).toEqual([]);
	void EVENT_DOC;
});
