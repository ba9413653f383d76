import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { startRound } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import { finishingChoices } from '../protocol/testing';
import { db } from './index';
import { createRound } from './rounds';
import { receive } from './sync';
import { batchOfStream } from './sync-rows';
import { handIn } from './sync-tablet';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	on,
	playTable,
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
