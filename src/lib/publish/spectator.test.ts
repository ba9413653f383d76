// The spectators' document, written at each publish beside the head, on a real CouchDB-protocol server
// (express-pouchdb on loopback) with the season's validate function.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spectatorId, spectatorSchema } from '../codecs/spectator';
import { sampleTournament } from '../domain/tournament/sample';
import { bytesToText } from '../protocol/keys';
import { spectatorOf } from './spectator';
import { signerOf, verifiedSpectator } from './signing';
import { startCouch, asAdmin, type CouchServer } from './testing/couch-server';
import { publicSeason, type SeasonPublisher } from './testing/public-season';
import { FINAL_TIE, publishable, roundByRound, upTo } from './testing/published';
import { addDirector, putAs, type Director } from './testing/tournaments';

let couch: CouchServer;
let lea: SeasonPublisher;
let tom: Director;

const read = async (key: string) =>
	spectatorSchema.parse(await asAdmin(couch, 'GET', `/saison/${encodeURIComponent(spectatorId(key))}`));

beforeAll(async () => {
	couch = await startCouch();
	lea = await publicSeason(couch, 'saison');
	tom = await addDirector(couch, 'tom');
}, 60_000);
afterAll(async () => couch?.stop());

describe('the spectators’ document', () => {
	const koeln = publishable('t-koeln', FINAL_TIE);

	it('is written at each publish as live:<owner>:<id>, signed, with the head’s time, and only when it says something new', async () => {
		const steps = roundByRound(koeln);
		const key = bytesToText(lea.key.publicKey);
		for (const [i, step] of steps.entries()) {
			const at = `2027-04-10T1${i}:00:00.000Z`;
			const done = await lea.publish(step, { now: () => at });
			expect(done).toMatchObject({ ok: true, value: { key: 'lea:t-koeln' } });
			const doc = await read('lea:t-koeln');
			expect(doc.publishedAt).toBe(at);
			expect(doc).toEqual({
				...spectatorOf(step, 'lea', key, at),
				_rev: doc._rev,
				signature: doc.signature
			});
			expect(await verifiedSpectator(doc)).toBe(true);
		}
		const before = await read('lea:t-koeln');
		const again = await lea.publish(koeln, { now: () => '2027-04-10T23:00:00.000Z' });
		expect(again).toMatchObject({ ok: true, value: { head: 'unchanged' } });
		expect((await read('lea:t-koeln'))._rev).toBe(before._rev);
	});

	it('a tournament whose spectators’ document is missing (published before there was one) gets it on the next run, at the head’s time', async () => {
		const bonn = publishable('t-bonn', sampleTournament('triominos', 10, 2, 'bonn'));
		expect(await lea.publish(bonn, { now: () => '2027-06-12T18:00:00.000Z' })).toMatchObject({ ok: true });
		const id = encodeURIComponent(spectatorId('lea:t-bonn'));
		const { _rev } = (await asAdmin(couch, 'GET', `/saison/${id}`)) as { _rev: string };
		await asAdmin(couch, 'DELETE', `/saison/${id}?rev=${_rev}`);
		const resumed = await lea.publish(bonn, { now: () => '2027-06-12T19:00:00.000Z' });
		expect(resumed).toMatchObject({ ok: true, value: { head: 'unchanged', at: '2027-06-12T18:00:00.000Z' } });
		expect((await read('lea:t-bonn')).publishedAt).toBe('2027-06-12T18:00:00.000Z');
	});

	it('the server refuses one in another director’s name, under another tournament’s id, or misshapen', async () => {
		const signer = await signerOf(tom.key);
		const signed = async (owner: string) => {
			const doc = spectatorOf(upTo(koeln, 20), owner, signer.key, '2027-04-10T20:00:00.000Z');
			return { ...doc, signature: await signer.spectator(doc) };
		};
		const stored = await read('lea:t-koeln');
		const squat = await putAs(couch, tom, `/saison/${spectatorId('lea:t-koeln')}`, {
			...(await signed('lea')),
			_rev: stored._rev
		});
		expect(squat.body).toMatchObject({
			error: 'forbidden',
			reason: expect.stringContaining('your own name')
		});
		const own = await signed('tom');
		const elsewhere = await putAs(couch, tom, `/saison/${spectatorId('tom:t-other')}`, {
			...own,
			_id: spectatorId('tom:t-other')
		});
		expect(elsewhere.body).toMatchObject({
			error: 'forbidden',
			reason: expect.stringContaining('The id must be')
		});
		const misshapen = await putAs(couch, tom, `/saison/${spectatorId('tom:t-koeln')}`, {
			...own,
			standings: 'Tom gewinnt'
		});
		expect(misshapen.body).toMatchObject({ error: 'forbidden', reason: expect.stringContaining('shape') });
		expect((await putAs(couch, tom, `/saison/${spectatorId('tom:t-koeln')}`, own)).status).toBe(201);
		expect((await read('lea:t-koeln'))._rev).toBe(stored._rev);
	});
});

describe('the stored document is compact (every phone reads it in full at each publish)', () => {
	const plain = sampleTournament('swiss', 60, 5, 'bench');
	const bench = publishable('t-bench', { ...plain, options: { ...plain.options, maxPlayers: null } });
	const json = JSON.stringify(spectatorOf(bench, 'lea', 'A'.repeat(87), '2027-03-06T18:00:00.000Z'));

	it('names each player once, however many rounds he played', () => {
		for (const name of plain.players) expect(json.split(`"${name}"`).length - 1).toBe(1);
	});

	it('60 players after 5 rounds: at most 7,000 characters (the first version, rows of named objects: 15,616)', () => {
		expect(json.length).toBeLessThanOrEqual(7_000);
	});
});
