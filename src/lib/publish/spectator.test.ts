// The spectators' document, written at each publish beside the head, on a real CouchDB-protocol server
// (express-pouchdb on loopback) with the season's validate function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spectatorId, spectatorSchema } from '../codecs/spectator';
import { sampleTournament } from '../domain/tournament/sample';
import { database, type Database } from './couch';
import { publishTournament } from './publish';
import { spectatorOf } from './spectator';
import { addUser, asAdmin, startCouch, type CouchServer } from './testing/couch-server';
import { publicSeason } from './testing/public-season';
import { FINAL_TIE, publishable, roundByRound, upTo } from './testing/published';

let couch: CouchServer;
let lea: Database;
let tom: Database;

const read = async (id: string) =>
	spectatorSchema.parse(await asAdmin(couch, 'GET', `/saison/${encodeURIComponent(spectatorId(id))}`));

beforeAll(async () => {
	couch = await startCouch();
	lea = await publicSeason(couch, 'saison');
	const db = database(couch.url('/saison', await addUser(couch, 'tom', 'tom-pw', ['director'])));
	if (!db.ok) throw new Error('address');
	tom = db.value;
}, 60_000);
afterAll(async () => couch?.stop());

describe('the spectators’ document', () => {
	const koeln = publishable('t-koeln', FINAL_TIE);

	it('is written at each publish with the head’s time, and only when it says something new', async () => {
		const steps = roundByRound(koeln);
		for (const [i, step] of steps.entries()) {
			const at = `2027-04-10T1${i}:00:00.000Z`;
			const done = await publishTournament(lea, step, { now: () => at });
			expect(done.ok).toBe(true);
			const doc = await read('t-koeln');
			expect(doc.publishedAt).toBe(at);
			expect(doc).toEqual({ ...spectatorOf(step, 'lea', at), _rev: doc._rev });
		}
		const before = await read('t-koeln');
		const again = await publishTournament(lea, koeln, { now: () => '2027-04-10T23:00:00.000Z' });
		expect(again).toMatchObject({ ok: true, value: { head: 'unchanged' } });
		expect((await read('t-koeln'))._rev).toBe(before._rev);
	});

	it('a publish cut after the head gets the document on the next run, at the head’s time', async () => {
		const bonn = publishable('t-bonn', sampleTournament('triominos', 10, 2, 'bonn'));
		const cutting: typeof fetch = async (input, init) => {
			if (String(input).includes(`/${encodeURIComponent(spectatorId('t-bonn'))}`) && init?.method === 'PUT')
				throw new TypeError('fetch failed');
			return fetch(input, init);
		};
		const cut = database(couch.url('/saison', { name: 'lea', password: 'lea-pw' }), { fetch: cutting });
		if (!cut.ok) throw new Error('address');
		const first = await publishTournament(cut.value, bonn, { now: () => '2027-06-12T18:00:00.000Z' });
		expect(first).toMatchObject({ ok: false, error: { code: 'unreachable' } });
		const resumed = await publishTournament(lea, bonn, { now: () => '2027-06-12T19:00:00.000Z' });
		expect(resumed).toMatchObject({ ok: true, value: { head: 'unchanged', at: '2027-06-12T18:00:00.000Z' } });
		expect((await read('t-bonn')).publishedAt).toBe('2027-06-12T18:00:00.000Z');
	});

	it('the server refuses one written by another director, or under another tournament’s id', async () => {
		const forged = { ...spectatorOf(upTo(koeln, 20), 'tom', '2027-04-10T20:00:00.000Z') };
		const put = (db: Database, id: string, body: object) =>
			fetch(`${db.url}/${encodeURIComponent(id)}`, {
				method: 'PUT',
				headers: { authorization: db.authorization!, 'content-type': 'application/json' },
				body: JSON.stringify(body)
			}).then((r) => r.json() as Promise<{ error?: string; reason?: string }>);
		const stored = await read('t-koeln');
		expect(await put(tom, spectatorId('t-koeln'), { ...forged, _rev: stored._rev })).toMatchObject({
			error: 'forbidden',
			reason: expect.stringContaining('another director') as string
		});
		expect(await put(tom, spectatorId('t-tom'), { ...forged, _id: spectatorId('t-tom') })).toMatchObject({
			error: 'forbidden',
			reason: expect.stringContaining('does not match the tournament') as string
		});
		expect((await read('t-koeln'))._rev).toBe(stored._rev);
	});
});
