import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { receive } from './sync';
import { board } from './sync-board';
import { decidePending, pendingBatches } from './sync-desk';
import { handIn } from './sync-tablet';
import {
	closeDevices,
	device,
	directedTournament,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	NAMES,
	on,
	playTable,
	tabletAt
} from './sync-testing';
import { loadTournament, recordEvent, reportTableResult } from './tournaments';

afterEach(closeDevices);

describe('the collect board: per table, what came in and what counts', () => {
	it('shows a tablet’s confirmed round the desk did not record as confirmed, once its code no longer waits', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 5);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		on(director);
		// A player renamed after the table was handed out: the tablet's names no longer fit, the code waits.
		const renamed = assignments[0]!.players[1]!;
		expect(
			(await recordEvent(tournamentId, { type: 'player-renamed', player: renamed.id, name: 'Bernd' })).ok
		).toBe(true);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'added', reported: false, conflict: 'players' }
		});
		const [kept] = await pendingBatches(tournamentId);
		expect(await decidePending(kept!, 'set-aside', '')).toEqual({ ok: true, value: null });
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value[0]).toMatchObject({
			state: 'confirmed',
			totals: [...played.totals],
			recorded: null,
			conflicts: 0,
			setAside: 1
		});
	});

	it('shows a SET table’s result as its SET points: SETs found minus false calls (RULES.md §8)', async () => {
		device('set');
		const tournamentId = await directedTournament(NAMES.slice(0, 6), { name: 'SET-Abend', format: 'set' });
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
		const seated = loaded.value.state.rounds[0]!.tables[0]!;
		const counts = [
			{ found: 7, falseCalls: 1 },
			{ found: 4, falseCalls: 3 },
			{ found: 2, falseCalls: 0 }
		];
		const scores = seated.map((player, seat) => ({ player, ...counts[seat]! }));
		expect((await reportTableResult(tournamentId, 1, 1, scores, { kind: 'hand' })).ok).toBe(true);
		const tables = await board(tournamentId, 1);
		const name = (id: string) => loaded.value.state.players.get(id)!.name;
		expect(tables.ok && tables.value[0]?.recorded).toEqual([
			{ name: name(seated[0]!), points: 6 },
			{ name: name(seated[1]!), points: 1 },
			{ name: name(seated[2]!), points: 2 }
		]);
	});
});
