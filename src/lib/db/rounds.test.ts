import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replayLog } from '../domain/roundLog';
import { startRound, type RoundState } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { db } from './index';
import { appendRoundEntry, confirmRound, createRound, listRounds, loadRound } from './rounds';
import { closeDevices, device } from './sync-testing';

const context = { gameId: null, tournamentId: null, round: null, table: null, startDraw: null };

function fresh(): RoundState {
	const started = startRound({ rules: TOURNAMENT, players: ['Anna', 'Ben', 'Cara'], start: 0 });
	if (!started.ok) throw new Error(started.error.en);
	return started.value;
}

beforeEach(() => {
	device('test');
});
afterEach(closeDevices);

describe('round storage', () => {
	it('stores a round as events and loads it back, entries in order', async () => {
		const state = fresh();
		const id = await createRound(state, context, 1000);
		const entries = [
			{ type: 'act', action: { type: 'draw' } },
			{ type: 'act', action: { type: 'lay', value: 7, tile: null, bonus: null, out: false } },
			{ type: 'undo' }
		] as const;
		for (const entry of entries) await appendRoundEntry(id, entry, state, 2000);
		const loaded = await loadRound(id);
		if (!loaded.ok) throw new Error(loaded.error.en);
		expect(loaded.value.entries).toEqual(entries);
		expect(loaded.value.setup.players).toEqual(['Anna', 'Ben', 'Cara']);
		const replayed = replayLog(loaded.value.setup, loaded.value.entries);
		expect(replayed.ok && replayed.value.state.current).toEqual({ seat: 0, draws: 1 });
	});

	it('gives every event a unique id from this device and a rising sequence', async () => {
		const state = fresh();
		const id = await createRound(state, context);
		await appendRoundEntry(id, { type: 'act', action: { type: 'draw' } }, state);
		const rows = await db().events.toArray();
		expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
		expect(new Set(rows.map((r) => r.device)).size).toBe(1);
		expect(rows.map((r) => r.seq)).toEqual([1, 2]);
	});

	it('keeps a summary for lists, updated with each entry, and marks confirmation', async () => {
		const state = fresh();
		const id = await createRound(state, context, 1);
		await confirmRound(id, 5);
		const [row] = await listRounds();
		expect(row).toMatchObject({ id, status: 'confirmed', players: ['Anna', 'Ben', 'Cara'] });
		const loaded = await loadRound(id);
		expect(loaded.ok && loaded.value.confirmed).toBe(true);
	});

	it('reports a damaged row instead of crashing or dropping it', async () => {
		const id = await createRound(fresh(), context);
		await db().events.add({
			id: 'x:99',
			device: 'x',
			seq: 99,
			stream: id,
			kind: 'round',
			at: 3,
			type: 'round.entry',
			body: { type: 'act', action: { type: 'lay', value: 99 } }
		});
		const loaded = await loadRound(id);
		expect(loaded.ok ? null : loaded.error.code).toBe('damaged-round');
		expect(await loadRound('r-missing')).toMatchObject({ ok: false, error: { code: 'no-round' } });
	});
});
