import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { db } from '$lib/db/index';
import { listRounds, loadRound } from '$lib/db/rounds';
import { LIMITS } from '$lib/domain/limits';
import { importRecord } from './files';
import { closeDevices, device } from '$lib/db/sync-testing';

const context = { gameId: 'g-1', tournamentId: null, round: null, table: null, startDraw: null };

beforeEach(() => {
	device('files-bounds');
});
afterEach(closeDevices);

const record = (name: string) => `Players: ${name}, Ben\n${name}: 7\nBen: d d\n`;

describe('.trn import keeps to LIMITS.nameLength (issue 18, case 6)', () => {
	it('refuses a record with a 64-character name, with its line and reason, and writes nothing', async () => {
		const long = 'A'.repeat(64);
		const result = await importRecord(record(long), context);
		expect(result).toEqual({
			ok: false,
			error: {
				line: 1,
				code: 'name-too-long',
				de: `„${long}“ hat 64 Zeichen – ein Name darf höchstens 60 haben, damit er in jeden Code passt.`,
				en: `"${long}" has 64 characters – a name may have at most 60, so that it fits in every code.`
			}
		});
		expect(await listRounds()).toEqual([]);
		expect(await db().events.count()).toBe(0);
	});

	it('imports a name of exactly the limit, and the round opens again', async () => {
		const imported = await importRecord(record('B'.repeat(LIMITS.nameLength)), context);
		if (!imported.ok) throw new Error(imported.error.en);
		const stored = await loadRound(imported.value);
		expect(stored.ok && stored.value.setup.players[0]).toBe('B'.repeat(LIMITS.nameLength));
	});
});
