import { describe, expect, it } from 'vitest';
import type { AbsencePayload, StandingsPayload, TableAssignment, TournamentBundle } from '../codecs/sync';
import { LIMITS } from '../domain/limits';
import { TOURNAMENT } from '../domain/rules';
import { newTournamentKey } from './hmac';
import { newSigningKey, TABLE_KEY_BYTES } from './keys';
import { decodePayload, encodePayload, verifyPayload, type Payload } from './payload';
import { batchOf, roundEvents, TOURNAMENT_ID } from './testing';

// Protocol version 4: a result code names its tablet, a table code says when the desk made it, a table
// reports a missing player; every kind of version 3 is still read.

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
		{ player: 'p-a1', name: 'Bärbel', rank: 1, points: { num: 3, den: 1 }, gamePoints: 40, withdrawn: false }
	],
	next: null
};
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

async function roundTrip(payload: Payload, version?: 3 | 4): Promise<Payload> {
	const bytes = await encodePayload(payload, signer(payload.kind), version ? { version } : {});
	const decoded = await decodePayload(bytes);
	if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
	const verified = await verifyPayload(decoded.value, checker(payload.kind));
	if (!verified.ok) throw new Error(JSON.stringify(verified.error));
	return verified.value;
}

describe('protocol version 4', () => {
	it('writes version 4, and a table code carries when the desk made it', async () => {
		const bytes = await encodePayload(assignment, director);
		expect(bytes[0]).toBe(4);
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

	it('still reads every kind of version 3, without what version 4 added', async () => {
		const { issuedAt: _, ...v3assignment } = assignment;
		expect(await roundTrip(assignment, 3)).toEqual(v3assignment);
		const back = await roundTrip({ kind: 'batch', batch, tablet: 'Blau' }, 3);
		expect(back.kind === 'batch' && back.tablet).toBeUndefined();
		expect(back.kind === 'batch' && back.batch.events.map((e) => e.body)).toEqual(
			batch.events.map((e) => e.body)
		);
		expect(await roundTrip(standings, 3)).toEqual(standings);
		expect(await roundTrip(bundle, 3)).toMatchObject({ kind: 'tournament', events: bundle.events });
		for (const version of [1, 2]) {
			const old = await encodePayload({ kind: 'batch', batch }, tableKey, { version: 3 });
			old[0] = version;
			expect(await decodePayload(old)).toMatchObject({ ok: true });
		}
	});

	it('refuses an absence report of an older version as from another app version', async () => {
		const bytes = await encodePayload(absence, tableKey);
		bytes[0] = 3;
		expect(await decodePayload(bytes)).toMatchObject({ ok: false, error: { code: 'version' } });
		await expect(encodePayload(absence, tableKey, { version: 3 })).rejects.toThrow(RangeError);
	});
});
