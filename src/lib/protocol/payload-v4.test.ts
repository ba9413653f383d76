import { describe, expect, it } from 'vitest';
import type { AbsencePayload, StandingsPayload, TableAssignment, TournamentBundle } from '../codecs/sync';
import { LIMITS } from '../domain/limits';
import { TOURNAMENT } from '../domain/rules';
import { newTournamentKey } from './hmac';
import {
	directorSigner,
	directorVerifier,
	highS,
	newDeviceKeyPair,
	newSigningKey,
	signAsDirector,
	TABLE_KEY_BYTES,
	unwrapForDevice,
	verifyDirector,
	wrapForDevices
} from './keys';
import { decodePayload, encodePayload, PROTOCOL_VERSION, verifyPayload, type Payload } from './payload';
import { batchOf, roundEvents, TOURNAMENT_ID, withOtherS } from './testing';

// Protocol version 4: a result code names its tablet, a table code says when the desk made it, a table
// reports a missing player. Of versions 3 and 4 result codes, reports and tournament files are still read;
// their table and standings codes are refused. Version 5: a result code carries its tablet's own public
// key, the standings code wraps the next round's table keys to those keys, and the director's signatures
// have the low s only.

const tableKey = newTournamentKey().slice(0, TABLE_KEY_BYTES);
const director = await newSigningKey();

const assignment: TableAssignment = {
	kind: 'assignment',
	tournamentId: TOURNAMENT_ID,
	tournamentName: 'Herbstturnier',
	key: tableKey,
	round: 2,
	table: 1,
	players: [
		{ id: 'p-a1', name: 'Bärbel' },
		{ id: 'p-b2', name: 'Jörg' },
		{ id: 'p-c3', name: 'Jürgen' }
	],
	rules: TOURNAMENT,
	revision: 12,
	director: director.publicKey,
	issuedAt: 29_400_000
};
const batch = batchOf(roundEvents({ players: ['Bärbel', 'Jörg', 'Jürgen'], choices: [1, 2, 3, 4] }));
const absence: AbsencePayload = {
	kind: 'absence',
	tournamentId: TOURNAMENT_ID,
	round: 3,
	table: 2,
	player: 'p-b2',
	device: 'k3x9a0b1c2d3',
	tablet: 'Blau',
	at: 1_764_000_000_000
};
const standings: StandingsPayload = {
	kind: 'standings',
	tournamentId: TOURNAMENT_ID,
	tournamentName: 'Herbstturnier',
	afterRound: 1,
	revision: 9,
	rows: [
		{ player: 'p-a1', name: 'Bärbel', rank: 1, points: { num: 3, den: 1 }, gamePoints: 40, withdrawn: false },
		{ player: 'p-b2', name: 'Jörg', rank: 2, points: { num: 1, den: 1 }, gamePoints: 20, withdrawn: false }
	],
	next: null
};
const withNext = (next: StandingsPayload['next']): StandingsPayload => ({ ...standings, next });
const bundle: TournamentBundle = {
	kind: 'tournament',
	tournamentId: TOURNAMENT_ID,
	tournamentName: 'Herbstturnier',
	key: newTournamentKey(),
	signing: director.privateKey,
	director: director.publicKey,
	legacyThrough: 0,
	events: [{ device: 'd1', seq: 1, at: 1_760_000_000_000, type: 'tournament-created', body: { id: 'e1' } }],
	rounds: [batch],
	pending: []
};

const signer = (kind: Payload['kind']) => (kind === 'batch' || kind === 'absence' ? tableKey : director);
const checker = (kind: Payload['kind']) =>
	kind === 'batch' || kind === 'absence' ? tableKey : director.publicKey;

async function roundTrip(payload: Payload, version?: 3 | 4 | 5): Promise<Payload> {
	const bytes = await encodePayload(payload, signer(payload.kind), version ? { version } : {});
	const decoded = await decodePayload(bytes);
	if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
	const verified = await verifyPayload(decoded.value, checker(payload.kind));
	if (!verified.ok) throw new Error(JSON.stringify(verified.error));
	return verified.value;
}

describe('protocol version 4', () => {
	it('writes the current version, and a table code carries when the desk made it', async () => {
		const bytes = await encodePayload(assignment, director);
		expect(bytes[0]).toBe(PROTOCOL_VERSION);
		expect(await roundTrip(assignment)).toEqual(assignment);
	});

	it('a result code carries the name its tablet chose', async () => {
		const back = await roundTrip({ kind: 'batch', batch, tablet: 'Tablet 3 (blau)' });
		expect(back).toMatchObject({ kind: 'batch', tablet: 'Tablet 3 (blau)' });
		const unnamed = await roundTrip({ kind: 'batch', batch });
		expect(unnamed.kind === 'batch' && 'tablet' in unnamed).toBe(false);
	});

	it('a table reports a missing player, signed with its table key', async () => {
		expect(await roundTrip(absence)).toEqual(absence);
		const bytes = await encodePayload(absence, tableKey);
		const decoded = await decodePayload(bytes);
		if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
		const other = await verifyPayload(decoded.value, newTournamentKey().slice(0, TABLE_KEY_BYTES));
		expect(other).toMatchObject({ ok: false, error: { code: 'forged' } });
	});

	it('refuses a tablet name longer than the bound, with the reason', async () => {
		const longest = 'x'.repeat(LIMITS.tabletName);
		expect(await roundTrip({ kind: 'batch', batch, tablet: longest })).toMatchObject({ tablet: longest });
		for (const payload of [
			{ kind: 'batch', batch, tablet: `${longest}y` },
			{ ...absence, tablet: `${longest}y` },
			{ kind: 'batch', batch, tablet: '   ' }
		] as Payload[]) {
			const decoded = await decodePayload(await encodePayload(payload, tableKey));
			expect(decoded).toMatchObject({
				ok: false,
				error: { code: expect.stringMatching(/invalid|unreadable/) }
			});
		}
	});

	it('still reads result codes and tournament files of version 3, without what version 4 added', async () => {
		const back = await roundTrip({ kind: 'batch', batch, tablet: 'Blau' }, 3);
		expect(back.kind === 'batch' && back.tablet).toBeUndefined();
		expect(back.kind === 'batch' && back.batch.events.map((e) => e.body)).toEqual(
			batch.events.map((e) => e.body)
		);
		expect(await roundTrip(bundle, 3)).toMatchObject({ kind: 'tournament', events: bundle.events });
		expect(await roundTrip(bundle, 4)).toMatchObject({ kind: 'tournament', events: bundle.events });
		expect(await roundTrip({ kind: 'batch', batch, tablet: 'Blau' }, 4)).toMatchObject({ tablet: 'Blau' });
		expect(await roundTrip(absence, 4)).toEqual(absence);
		for (const version of [1, 2]) {
			const old = await encodePayload({ kind: 'batch', batch }, tableKey, { version: 3 });
			old[0] = version;
			expect(await decodePayload(old)).toMatchObject({ ok: true });
		}
	});

	it('refuses table and standings codes of versions 3 and 4 as from another app version', async () => {
		// Their standings wrapped the next round's keys under the round before's table key, which a
		// photographed table code gave away: a tablet of this version takes neither kind of before.
		for (const payload of [assignment, standings]) {
			for (const version of [3, 4] as const) {
				await expect(encodePayload(payload, director, { version })).rejects.toThrow(RangeError);
				const bytes = await encodePayload(payload, director);
				bytes[0] = version;
				expect(await decodePayload(bytes)).toEqual({
					ok: false,
					error: { code: 'version', what: 'code', from: { kind: 'protocol', value: String(version) } }
				});
			}
		}
	});

	it('refuses an absence report of an older version as from another app version', async () => {
		const bytes = await encodePayload(absence, tableKey);
		bytes[0] = 3;
		expect(await decodePayload(bytes)).toMatchObject({ ok: false, error: { code: 'version' } });
		await expect(encodePayload(absence, tableKey, { version: 3 })).rejects.toThrow(RangeError);
	});
});

async function read(bytes: Uint8Array, key: Uint8Array): Promise<Payload> {
	const decoded = await decodePayload(bytes);
	if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
	const verified = await verifyPayload(decoded.value, key);
	if (!verified.ok) throw new Error(JSON.stringify(verified.error));
	return verified.value;
}

describe('protocol version 5', () => {
	it('a result code carries its tablet’s own public key (and reads without one)', async () => {
		const own = await newDeviceKeyPair();
		const back = await read(
			await encodePayload({ kind: 'batch', batch, tablet: 'Blau', deviceKey: own.publicKey }, tableKey),
			tableKey
		);
		expect(back).toMatchObject({ kind: 'batch', tablet: 'Blau', deviceKey: own.publicKey });
		const without = await read(await encodePayload({ kind: 'batch', batch }, tableKey), tableKey);
		expect(without.kind === 'batch' && 'deviceKey' in without).toBe(false);
		// A key that is no point of the curve does not read.
		const bad = new Uint8Array(65).fill(7);
		bad[0] = 4;
		await expect(encodePayload({ kind: 'batch', batch, deviceKey: bad }, tableKey)).resolves.toBeInstanceOf(
			Uint8Array
		);
		const refused = await decodePayload(
			await encodePayload({ kind: 'batch', batch, deviceKey: bad }, tableKey)
		);
		expect(refused).toMatchObject({ ok: false, error: { code: 'unreadable' } });
	});

	it('a standings code carries the next round’s keys wrapped to the tablets that hold the tables', async () => {
		const holders = [await newDeviceKeyPair(), await newDeviceKeyPair()];
		const keys = [newTournamentKey().slice(0, 16), newTournamentKey().slice(0, 16)];
		const { ephemeral, wrapped } = await wrapForDevices(TOURNAMENT_ID, 2, [
			{ table: 1, key: keys[0]!, device: holders[0]!.publicKey },
			{ table: 3, key: keys[1]!, device: holders[1]!.publicKey }
		]);
		const payload = withNext({
			round: 2,
			tables: [['p-a1'], ['p-b2'], ['p-a1', 'p-b2']],
			wrapped: { ephemeral, keys: [wrapped.get(1)!, null, wrapped.get(3)!] }
		});
		const back = await read(await encodePayload(payload, director), director.publicKey);
		expect(back).toEqual(payload);
		if (back.kind !== 'standings' || !back.next?.wrapped) throw new Error('no wrapped keys');
		const at = (table: number, round = 2) => ({ tournamentId: TOURNAMENT_ID, round, table });
		const [one, , three] = back.next.wrapped.keys;
		// Each holder opens its own table's key, and nothing else.
		expect(await unwrapForDevice(holders[0]!, ephemeral, one!, at(1))).toEqual(keys[0]);
		expect(await unwrapForDevice(holders[1]!, ephemeral, three!, at(3))).toEqual(keys[1]);
		expect(await unwrapForDevice(holders[1]!, ephemeral, one!, at(1))).toBeNull();
		expect(await unwrapForDevice(holders[0]!, ephemeral, one!, at(1, 3))).toBeNull();
		expect(await unwrapForDevice(holders[0]!, ephemeral, one!, at(3))).toBeNull();
		expect(await unwrapForDevice(await newDeviceKeyPair(), ephemeral, one!, at(1))).toBeNull();
		// The check is bound to the pad: a changed byte of it does not open.
		const changed = one!.slice();
		changed[18]! ^= 1;
		expect(await unwrapForDevice(holders[0]!, ephemeral, changed, at(1))).toBeNull();
		// Standings without wrapped keys (no tablet holds a table beyond doubt) read as before.
		const plain = withNext({ round: 2, tables: [['p-a1', 'p-b2']] });
		expect(await read(await encodePayload(plain, director), director.publicKey)).toEqual(plain);
	});

	it('signs with the low s only, and refuses the high s of the same signature', async () => {
		for (let i = 0; i < 40; i++) {
			const signature = await signAsDirector(director, Uint8Array.of(i));
			expect(highS(signature)).toBe(false);
			expect(await verifyDirector(director.publicKey, Uint8Array.of(i), signature)).toBe(true);
		}
		const kinds: Payload[] = [
			assignment,
			standings,
			withNext({ round: 2, tables: [['p-a1', 'p-b2']] }),
			bundle
		];
		for (const payload of kinds) {
			const bytes = await encodePayload(payload, director);
			const decoded = await decodePayload(withOtherS(bytes));
			if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
			expect(await verifyPayload(decoded.value, director.publicKey)).toMatchObject({
				ok: false,
				error: { code: 'forged' }
			});
			expect(await read(bytes, director.publicKey)).toMatchObject({ kind: payload.kind });
		}
	});

	it('the key imported once (published heads, events, live documents) signs with the low s and reads either s', async () => {
		const sign = await directorSigner(director);
		const verify = await directorVerifier(director.publicKey);
		if (!verify) throw new Error('the director’s key did not import');
		for (let i = 0; i < 40; i++) {
			const data = Uint8Array.of(i);
			const signature = await sign(data);
			expect(highS(signature)).toBe(false);
			expect(await verify(data, signature)).toBe(true);
			// (r, N − s), as documents published before the low s carry about half the time: still read.
			expect(await verify(data, withOtherS(signature))).toBe(true);
			expect(await verify(Uint8Array.of(i + 1), signature)).toBe(false);
		}
	});

	it('reads a tournament file of version 4 with either s, as it was made', async () => {
		const bytes = await encodePayload(bundle, director, { version: 4 });
		for (const form of [bytes, withOtherS(bytes)]) {
			expect(await read(form, director.publicKey)).toMatchObject({ kind: 'tournament' });
		}
	});
});
