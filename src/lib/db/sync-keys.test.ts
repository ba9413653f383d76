import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFromText, keyToText, newTournamentKey } from '../protocol/hmac';
import { newSigningKey, tableKey } from '../protocol/keys';
import { decodePayload, encodePayload } from '../protocol/payload';
import { batchOf, finishingChoices, roundEvents, TOURNAMENT_ID } from '../protocol/testing';
import { dumpTables } from './fixture';
import { db } from './index';
import { receive } from './sync';
import { exportTournament } from './sync-bundles';
import { tableAssignments } from './sync-handout';
import { keyRefusal, verifyResult } from './sync-keys';
import { putTournamentKey } from './sync-state';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorKeyOf,
	directorWithTables,
	on,
	TABLET_ACCEPTS,
	tournamentWithRound
} from './sync-testing';
import { knownTournament } from './tournament-keys';
import { createTournament, loadTournament } from './tournaments';

afterEach(closeDevices);

describe('sync storage: tournament keys', () => {
	it('creates the tournament key together with the tournament', async () => {
		on(device());
		const created = await createTournament({
			format: 'triominos',
			name: 'Winterturnier',
			date: '2026-12-05'
		});
		if (!created.ok) throw new Error(JSON.stringify(created.error));
		const known = await knownTournament(created.value);
		expect(known).toMatchObject({ id: created.value, name: 'Winterturnier', role: 'director' });
		expect(keyFromText(known!.key!)).toHaveLength(32);
	});

	it('a tournament stored without a key (older versions) gets its own on first use and takes none from a file or code', async () => {
		const director = device();
		on(director);
		const tournamentId = await tournamentWithRound();
		// As an older version stored it: the key was only created when the first table was handed out.
		await director.tournamentKeys.delete(tournamentId);
		const before = await dumpTables(director);
		// A file for it under another key (the log copied, one more player) is refused; so is a table code.
		const log = await db().events.where('stream').equals(tournamentId).sortBy('seq');
		const key = newTournamentKey();
		const signing = await newSigningKey();
		const extra = {
			type: 'player-registered',
			id: 'e-mallory',
			at: '2026-11-22T10:00:00.000Z',
			player: 'p-mallory',
			name: 'Mallory'
		};
		const file = await encodePayload(
			{
				kind: 'tournament',
				tournamentId,
				tournamentName: 'Herbstturnier',
				key,
				signing: signing.privateKey,
				director: signing.publicKey,
				legacyThrough: 0,
				events: [
					...log.map((row) => ({
						device: row.device,
						seq: row.seq,
						at: row.at,
						type: row.type,
						body: row.body
					})),
					{ device: 'mallory0000', seq: 1, at: Date.now(), type: extra.type, body: extra }
				],
				rounds: [],
				pending: []
			},
			signing
		);
		const refused = await receive(file, DIRECTOR_ACCEPTS);
		expect(refused).toMatchObject({ ok: false, error: { code: 'key-mismatch' } });
		expect(await dumpTables(director)).toEqual(before);
		// Handing out the tables creates its own key, on first use, as before.
		const handed = await tableAssignments(tournamentId);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		expect(handed.value.assignments[0]!.key).toEqual(
			await tableKey(await directorKeyOf(tournamentId), tournamentId, 1, 1)
		);
		expect(await receive(file, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'key-mismatch' }
		});
		const players = await loadTournament(tournamentId);
		expect(players.ok && players.value.state.players.has('p-mallory')).toBe(false);
		// The director's own file goes back in.
		const own = await exportTournament(tournamentId);
		expect(own.ok && (await receive(own.value, DIRECTOR_ACCEPTS)).ok).toBe(true);
	});

	it('a table code does not give a key to a tournament stored here without one', async () => {
		const { director, tournamentId, assignments, signing } = await directorWithTables();
		await director.tournamentKeys.delete(tournamentId);
		const before = await dumpTables(director);
		const forged = await encodePayload(assignments[0]!, signing);
		expect(await receive(forged, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'key-mismatch' }
		});
		expect(await dumpTables(director)).toEqual(before);
	});

	it('a desk restored with new keys that cannot read its rounds takes a code fitting none of its keys as one of before the restore', async () => {
		device();
		// The key row of a restored desk (round 1 ran then), without the tournament's log to derive table keys from.
		await putTournamentKey({
			id: TOURNAMENT_ID,
			name: 'Herbstturnier',
			key: keyToText(newTournamentKey()),
			role: 'director',
			legacyThrough: 0,
			restored: { at: 1_760_000_000_000, round: 1 }
		});
		const batch = batchOf(roundEvents({ players: ['Anna', 'Ben', 'Cara'], choices: finishingChoices([3]) }));
		const decoded = await decodePayload(await encodePayload({ kind: 'batch', batch }, newTournamentKey()));
		if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
		expect(await verifyResult(decoded.value, batch)).toEqual({
			ok: false,
			error: { code: 'key-before-restore', round: 1, table: 1 }
		});
	});
});

describe('the key a table code or file must be signed with', () => {
	it('refuses any key for a tournament this device directs under a row of an older version (no public key yet)', async () => {
		device('desk');
		const { publicKey } = await newSigningKey();
		await putTournamentKey({ id: TOURNAMENT_ID, name: 'Herbstturnier', role: 'director' });
		const known = await knownTournament(TOURNAMENT_ID);
		expect(await keyRefusal(known, TOURNAMENT_ID, publicKey)).toEqual({ code: 'key-mismatch' });
		await putTournamentKey({ id: TOURNAMENT_ID, name: 'Herbstturnier', role: 'table' });
		const table = await knownTournament(TOURNAMENT_ID);
		expect(await keyRefusal(table, TOURNAMENT_ID, publicKey)).toBeNull();
	});
});
