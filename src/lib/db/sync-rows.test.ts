import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { startRound } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import { finishingChoices } from '../protocol/testing';
import { db } from './index';
import { createRound } from './rounds';
import { receive } from './sync';
import { batchOfStream, seatingOf, seatLookup } from './sync-rows';
import { handIn } from './sync-tablet';
import { loadTournament } from './tournaments';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	on,
	openRoundTwo,
	playTable,
	reportRoundOne,
	tabletAt
} from './sync-testing';

afterEach(closeDevices);

describe('the rounds the desk takes in', () => {
	it('makes no result code of a round that was not played at a tournament table', async () => {
		device('tablet');
		const started = startRound({ rules: TOURNAMENT, players: ['Anna', 'Ben', 'Cara'], start: 0 });
		if (!started.ok) throw new Error(JSON.stringify(started.error));
		const context = { gameId: null, tournamentId: null, round: null, table: null, startDraw: null };
		const id = await createRound(started.value, context);
		expect(await batchOfStream(id)).toEqual({ ok: false, error: { code: 'not-a-tournament-round' } });
	});

	it('lists a tablet’s round at the desk as the tablet left it: running, hands to count, finished, confirmed', async () => {
		const { director, assignments, codes } = await directorWithTables();
		const seed = (table: number) => 40 + table;
		// How many actions the round of a table takes; its last one counts the hands left (`settle`).
		const actions = (table: number) => {
			const names = assignments[table - 1]!.players.map((p) => p.name);
			const played = playChoices(TOURNAMENT, names, 0, finishingChoices([seed(table)])).actions;
			if (played.at(-1)?.type !== 'settle') throw new Error('the round does not end by counting hands');
			return played.length;
		};
		const cases = [
			{ table: 1, options: { confirm: false, stopAfter: 6 }, status: 'running' },
			{ table: 2, options: { confirm: false, stopAfter: actions(2) - 1 }, status: 'settle' },
			{ table: 3, options: { confirm: false }, status: 'finished' },
			{ table: 4, options: {}, status: 'confirmed' }
		];
		const handed: { bytes: Uint8Array; stream: string; status: string }[] = [];
		for (const { table, options, status } of cases) {
			await tabletAt(codes[table - 1]!);
			const played = await playTable(assignments[table - 1]!, seed(table), options);
			const code = await handIn(played.id);
			if (!code.ok) throw new Error(JSON.stringify(code.error));
			handed.push({ bytes: code.value.bytes, stream: played.id, status });
		}
		on(director);
		for (const { bytes, stream, status } of handed) {
			expect((await receive(bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
			expect((await db().rounds.get(stream))?.status, status).toBe(status);
		}
	});
});

describe('the seatings a result code names its players by', () => {
	it('names a table’s players as the log stood at a revision, and nothing for a table, round or revision it did not have', async () => {
		const { tournamentId, assignments } = await directorWithTables();
		const names = (i: number) => assignments[i]!.players.map((p) => p.name);
		const { revision } = assignments[0]!;
		if (revision === undefined) throw new Error('no revision');
		await reportRoundOne(tournamentId, assignments);
		await openRoundTwo(tournamentId);
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
		const length = loaded.value.events.length;
		const lookup = await seatLookup(tournamentId);
		if (!lookup) throw new Error('no lookup');
		const at = (round: number, table: number) => ({ tournamentId, round, table });
		expect(lookup(at(1, 2), revision)).toEqual(names(1));
		expect(lookup(at(1, 2), length)).toEqual(names(1));
		expect(lookup(at(1, 2), 0)).toBeNull();
		expect(lookup(at(1, 2), -1)).toBeNull();
		expect(lookup(at(1, 2), length + 1)).toBeNull();
		expect(lookup({ ...at(1, 2), tournamentId: 't-fremd' }, revision)).toBeNull();
		expect(lookup(at(1, 9), revision)).toBeNull();
		// Round 2: not drawn at the revision of round 1's codes; drawn by the end.
		expect(lookup(at(2, 1), revision)).toBeNull();
		const round2 = loaded.value.state.rounds.find((r) => r.number === 2);
		if (!round2) throw new Error('no round 2');
		const seated = seatingOf(loaded.value.state, round2).map((table) => table.map((p) => p.name));
		expect(lookup(at(2, 3), length)).toEqual(seated[2]);
		expect(await seatLookup('t-fremd')).toBeUndefined();
	});
});

describe('the round a tablet hands in', () => {
	it('makes no result code of a round it does not hold, nor of one that names no tournament, round or table', async () => {
		device('tablet');
		expect((await batchOfStream('r-unbekannt')).ok).toBe(false);
		const started = startRound({ rules: TOURNAMENT, players: ['Anna', 'Ben', 'Cara'], start: 0 });
		if (!started.ok) throw new Error(JSON.stringify(started.error));
		const full = { gameId: null, tournamentId: 't-abcdefgh12345678', round: 1, table: 1, startDraw: null };
		for (const lacking of [{ tournamentId: null }, { round: null }, { table: null }]) {
			const id = await createRound(started.value, { ...full, ...lacking });
			expect(await batchOfStream(id), JSON.stringify(lacking)).toEqual({
				ok: false,
				error: { code: 'not-a-tournament-round' }
			});
		}
		const id = await createRound(started.value, full);
		expect(await batchOfStream(id)).toMatchObject({
			ok: true,
			value: { tournamentId: full.tournamentId, round: 1, table: 1, stream: id }
		});
	});
});
