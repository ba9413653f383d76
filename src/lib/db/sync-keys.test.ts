import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { finishingChoices, roundEvents } from '../protocol/testing';
import { keyFromText, keyToText, newTournamentKey } from '../protocol/hmac';
import { newSigningKey, tableKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { dumpTables } from './fixture';
import { db } from './index';
import { receive } from './sync';
import { exportTournament } from './sync-bundles';
import { tableAssignments } from './sync-handout';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorKeyOf,
	directorWithTables,
	on,
	openRoundTwo,
	TABLET_ACCEPTS,
	tournamentWithRound
} from './sync-testing';
import { knownTournament } from './tournament-keys';
import { createTournament, loadTournament, reportTableResult } from './tournaments';

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
});

describe('sync storage: tournaments stored by an older version (one key for everything)', () => {
	it('keeps taking the rounds handed out with the master key; the next round takes only table keys', async () => {
		const director = device();
		on(director);
		const tournamentId = await tournamentWithRound();
		// The key row as an older version wrote it: the master key, nothing else.
		const master = newTournamentKey();
		await director.tournamentKeys.put({
			id: tournamentId,
			name: 'Herbstturnier',
			key: keyToText(master),
			role: 'director'
		});
		const handed = await tableAssignments(tournamentId);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		// A tablet of round 1 signs with the master key it was handed then: taken.
		const players = handed.value.assignments[0]!.players.map((p) => p.name);
		const round1 = roundEvents({ players, choices: finishingChoices([3]), tournamentId });
		const legacy = { tournamentId, round: 1, table: 1, stream: 'r-legacy00000001', events: round1 };
		expect(
			await receive(await encodePayload({ kind: 'batch', batch: legacy }, master), DIRECTOR_ACCEPTS)
		).toMatchObject({ ok: true, value: { result: 'added', reported: true } });
		expect(await knownTournament(tournamentId)).toMatchObject({ legacyThrough: 1, key: keyToText(master) });
		// Round 2: the master key signs nothing any more; its table key does.
		for (const [table, scores] of handed.value.assignments.entries()) {
			if (table === 0) continue;
			const result = scores.players.map((p, seat) => ({ player: p.id, points: 10 * seat }));
			expect((await reportTableResult(tournamentId, 1, table + 1, result, { kind: 'hand' })).ok).toBe(true);
		}
		await openRoundTwo(tournamentId);
		const second = await tableAssignments(tournamentId);
		if (!second.ok) throw new Error(JSON.stringify(second.error));
		const names = second.value.assignments[0]!.players.map((p) => p.name);
		const events = roundEvents({ players: names, choices: finishingChoices([4]), round: 2, tournamentId });
		const batch = { tournamentId, round: 2, table: 1, stream: 'r-round2000000001', events };
		const before = await dumpTables(director);
		expect(
			await receive(await encodePayload({ kind: 'batch', batch }, master), DIRECTOR_ACCEPTS)
		).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		expect(await dumpTables(director)).toEqual(before);
		const key = second.value.assignments[0]!.key;
		// Its events reuse the ids of round 1's (same device, same numbers): another stream, taken as such.
		const taken = await receive(await encodePayload({ kind: 'batch', batch }, key), DIRECTOR_ACCEPTS);
		expect(taken).toMatchObject({ ok: true, value: { result: 'added', reported: true } });
	});
});
