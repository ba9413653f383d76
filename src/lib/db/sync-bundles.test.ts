import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { replay, type TournamentEvent } from '../domain/tournament';
import { newTournamentKey } from '../protocol/hmac';
import { newSigningKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import type { RoundBatch } from '../protocol/sync-events';
import { dumpTables } from './fixture';
import { receive } from './sync';
import { board } from './sync-board';
import { exportTournament } from './sync-bundles';
import { currentStandings } from './sync-handout';
import { handIn } from './sync-tablet';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	eventCount,
	NAMES,
	on,
	playTable,
	tabletAt
} from './sync-testing';

afterEach(closeDevices);

/** A tournament file made by anyone (its own fresh key, self-signed) for a tournament new to this device. */
async function selfSignedFile(rounds: RoundBatch[], pending: RoundBatch[] = []): Promise<Uint8Array> {
	const at = '2026-11-22T09:00:00.000Z';
	const log: TournamentEvent[] = [
		{ type: 'tournament-created', id: 'e-x', at, format: 'triominos', name: 'Fremd', date: '2026-11-22' },
		...NAMES.map((name, i): TournamentEvent => ({
			type: 'player-registered',
			id: `e-x${i}`,
			at,
			player: `p-${name}`,
			name
		}))
	];
	if (!replay(log).ok) throw new Error('log');
	const key = newTournamentKey();
	const signing = await newSigningKey();
	const events = log.map((event, i) => ({
		device: 'forger0000',
		seq: i + 1,
		at: 1,
		type: event.type,
		body: event
	}));
	return encodePayload(
		{
			kind: 'tournament',
			tournamentId: 't-fremd0000000000',
			tournamentName: 'Fremd',
			key,
			signing: signing.privateKey,
			director: signing.publicKey,
			legacyThrough: 0,
			events,
			rounds,
			pending
		},
		signing
	);
}

describe('sync storage: tournament files', () => {
	it('refuses a self-signed tournament file that carries rounds of another tournament, writing nothing', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const played = await handIn((await playTable(assignments[0]!, 2)).id);
		if (!played.ok) throw new Error(JSON.stringify(played.error));
		on(director);
		const before = await dumpTables(director);
		for (const file of [
			await selfSignedFile([played.value.batch]),
			await selfSignedFile([], [played.value.batch])
		]) {
			const refused = await receive(file, DIRECTOR_ACCEPTS);
			expect(refused).toEqual({
				ok: false,
				error: { code: 'other-tournament', id: tournamentId, round: true, at: null }
			});
			expect(await dumpTables(director)).toEqual(before);
		}
	});

	it('moves the whole tournament to another device by file, and refuses it altered', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 2);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		on(director);
		await receive(code.value.bytes, DIRECTOR_ACCEPTS);
		const bundle = await exportTournament(tournamentId);
		if (!bundle.ok) throw new Error(JSON.stringify(bundle.error));
		const expected = await currentStandings(tournamentId);

		const spare = device();
		on(spare);
		const altered = bundle.value.slice();
		altered[altered.length - 3]! ^= 1;
		expect((await receive(altered, DIRECTOR_ACCEPTS)).ok).toBe(false);
		expect(await eventCount(spare)).toBe(0);
		expect(await receive(bundle.value, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { kind: 'tournament', tables: 1 }
		});
		const moved = await currentStandings(tournamentId);
		expect(moved.ok && expected.ok && moved.value.rows).toEqual(expected.ok && expected.value.rows);
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value.map((t) => t.state)).toEqual([
			'reported',
			'missing',
			'missing',
			'missing'
		]);
		// importing it again changes nothing
		const count = await eventCount(spare);
		expect(await receive(bundle.value, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { events: 0, tables: 0 }
		});
		expect(await eventCount(spare)).toBe(count);
	});
});
