import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/index';
import { listRounds, loadRound } from '$lib/db/rounds';
import { readRecord } from '$lib/domain/notation/read';
import { replayLog } from '$lib/domain/roundLog';
import { importRecord, recordFile } from './files';
import { closeDevices, device } from '$lib/db/sync-testing';

const context = { gameId: 'g-1', tournamentId: null, round: null, table: null, startDraw: null };
const example = readFileSync('src/lib/domain/notation/fixtures/notation-example.trn', 'utf8');

beforeEach(() => {
	device('files');
});
afterEach(closeDevices);

describe('.trn import and export', () => {
	it('imports a record as one stored round that replays to the same sheet, and exports it back', async () => {
		const imported = await importRecord(example, context);
		if (!imported.ok) throw new Error(imported.error.en);
		const stored = await loadRound(imported.value);
		if (!stored.ok) throw new Error(stored.error.en);
		expect(stored.value.context.gameId).toBe('g-1');
		const replayed = replayLog(stored.value.setup, stored.value.entries);
		const read = readRecord(example);
		if (!replayed.ok || !read.ok) throw new Error('unreadable');
		expect(replayed.value.state).toEqual(read.value.state);
		const file = recordFile(replayed.value.state, Date.UTC(2026, 2, 14, 10, 5));
		expect(file.name).toMatch(/^runde_2026-03-14_\d{4}_Anna-Ben-Cara-Dirk\.trn$/);
		const again = readRecord(file.text);
		expect(again.ok && again.value.state).toEqual(read.value.state);
	});

	it('refuses a broken record with its line and reason in German and English, and writes nothing', async () => {
		const broken = example.replace('Dirk: d d d pass', 'Dirk: d d pass');
		const result = await importRecord(broken, context);
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error.line).toBe(10);
		expect(result.error.de).toMatch(/erst nach drei Käufen/);
		expect(result.error.en).toMatch(/only after three purchases/);
		expect(await listRounds()).toEqual([]);
		expect(await db().events.count()).toBe(0);
	});
});
