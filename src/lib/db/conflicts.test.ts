import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decodePayload } from '../protocol/payload';
import { conflictViews } from './conflicts';
import { decidePending, pendingBatches } from './sync-desk';
import { closeDevices, twoTabletsOneTable } from './sync-testing';
import { loadTournament } from './tournaments';

// The decoder as it is, its calls counted: a code is decoded once, verified once, then applied (issue 27).
vi.mock('../protocol/payload', async (original) => {
	const actual = await original<typeof import('../protocol/payload')>();
	return { ...actual, decodePayload: vi.fn(actual.decodePayload) };
});

afterEach(closeDevices);

describe('a kept result code, from the director’s card to the decision', () => {
	it('is read back from storage once: the card shows it, the decision takes it as it was read', async () => {
		const { tournamentId } = await twoTabletsOneTable();
		vi.mocked(decodePayload).mockClear();
		const [view] = await conflictViews(tournamentId);
		const incoming = view?.incoming?.map((score) => score.points);
		expect(incoming).toHaveLength(3);
		expect(await decidePending(view!, 'take', 'Ersatztablet: Tisch einig')).toEqual({
			ok: true,
			value: null
		});
		expect(decodePayload).toHaveBeenCalledTimes(1);
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
		const scores = loaded.value.state.rounds[0]?.results[2]?.scores;
		expect(scores?.map((s) => ('points' in s ? s.points : null))).toEqual(incoming);
		expect((await pendingBatches(tournamentId))[0]?.status).toBe('taken');
	});
});
