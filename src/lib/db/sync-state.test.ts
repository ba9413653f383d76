import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { heldTables, holdingRows, putHolding } from './sync-state';
import { closeDevices, device } from './sync-testing';

afterEach(closeDevices);

describe('the sync state’s stores', () => {
	it('leaves out a holding whose row does not read, as if it were absent', async () => {
		const desk = device('desk');
		const tournamentId = 't-herbst0000000000';
		await putHolding(tournamentId, 1, 2, { stream: 'r-two', device: 'd-tablet', tablet: 'Blau' });
		// Written by something else than this version: no stream.
		await desk.held.put({ tournamentId, round: 1, table: 3, stream: '', device: 'd-other' });
		expect(await heldTables(tournamentId)).toEqual([
			{ stream: 'r-two', device: 'd-tablet', tablet: 'Blau', round: 1, table: 2 }
		]);
		expect(await holdingRows(tournamentId)).toHaveLength(1);
	});
});
