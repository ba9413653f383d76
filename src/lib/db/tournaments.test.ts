import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatRational } from '../domain/rational';
import { standings } from '../domain/tournament';
import { streamEvents } from './events';
import { db } from './index';
import {
	correctTableResult,
	createTournament,
	listTournaments,
	loadTournament,
	recordEvent,
	recordEvents,
	reportTableResult,
	type EventDraft
} from './tournaments';
import { closeDevices, device } from './sync-testing';

beforeEach(() => {
	device('tournaments');
});
afterEach(closeDevices);

const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
const register = (names: readonly string[]): EventDraft[] =>
	names.map((name) => ({ type: 'player-registered', player: `p-${name}`, name }));

async function sixPlayers() {
	const created = await createTournament(
		{ format: 'triominos', name: 'Vereinsmeisterschaft', date: '2025-05-17' },
		1000
	);
	if (!created.ok) throw new Error(created.error.en);
	const id = created.value;
	const registered = await recordEvents(id, register(NAMES), 2000);
	if (!registered.ok) throw new Error(registered.error.en);
	const opened = await recordEvent(
		id,
		{
			type: 'round-opened',
			round: 1,
			seed: 's1',
			tables: [
				['p-Anna', 'p-Ben', 'p-Cara'],
				['p-Dirk', 'p-Eva', 'p-Finn']
			]
		},
		3000
	);
	if (!opened.ok) throw new Error(opened.error.en);
	return id;
}

const scores = (points: Record<string, number>) =>
	Object.entries(points).map(([name, p]) => ({ player: `p-${name}`, points: p }));

describe('a tournament in storage', () => {
	it('stores the events of one stream and replays them, with a summary row in step', async () => {
		const id = await sixPlayers();
		const rows = await streamEvents(id);
		expect(rows.map((r) => [r.kind, r.type])).toEqual([
			['tournament', 'tournament-created'],
			...NAMES.map(() => ['tournament', 'player-registered']),
			['tournament', 'round-opened']
		]);
		const loaded = await loadTournament(id);
		if (!loaded.ok) throw new Error(loaded.error.en);
		expect(loaded.value.state.name).toBe('Vereinsmeisterschaft');
		expect([...loaded.value.state.players.values()].map((p) => p.name)).toEqual(NAMES);
		expect(loaded.value.state.rounds[0]?.tables).toHaveLength(2);
		const { tournaments } = await listTournaments();
		expect(tournaments).toEqual([
			{
				id,
				createdAt: 1000,
				updatedAt: 3000,
				name: 'Vereinsmeisterschaft',
				format: 'triominos',
				date: '2025-05-17',
				status: 'prelims'
			}
		]);
	});

	it('writes nothing when the engine refuses an event, and says why in German and English', async () => {
		const id = await sixPlayers();
		const before = await streamEvents(id);
		const twice = await recordEvent(id, { type: 'player-registered', player: 'p-x', name: 'Gina' });
		expect(twice).toMatchObject({ ok: false, error: { code: 'registration-closed' } });
		const wrongTable = await reportTableResult(id, 1, 1, scores({ Anna: 10, Ben: 5 }), { kind: 'hand' });
		expect(wrongTable).toMatchObject({
			ok: false,
			error: {
				code: 'missing-score',
				de: expect.stringContaining('Cara'),
				en: expect.stringContaining('Cara')
			}
		});
		expect(await streamEvents(id)).toHaveLength(before.length);
	});

	it('refuses a batch as a whole when one of its events is refused', async () => {
		const created = await createTournament({ format: 'swiss', name: 'KDM', date: '2025-06-01' });
		if (!created.ok) throw new Error(created.error.en);
		const refused = await recordEvents(created.value, register(['Anna', 'Ben', 'anna']));
		expect(refused).toMatchObject({ ok: false, error: { code: 'duplicate-name' } });
		expect(await streamEvents(created.value)).toHaveLength(1);
	});

	it('takes a tablet’s result once; the same result again changes nothing, another one is refused', async () => {
		const id = await sixPlayers();
		const result = scores({ Anna: 120, Ben: 80, Cara: 80 });
		const first = await reportTableResult(id, 1, 1, result, {
			kind: 'tablet',
			roundId: 'r-1',
			device: 'tab1'
		});
		expect(first).toMatchObject({ ok: true, value: { outcome: 'reported' } });
		const again = await reportTableResult(id, 1, 1, [...result].reverse(), {
			kind: 'tablet',
			roundId: 'r-1'
		});
		expect(again).toMatchObject({ ok: true, value: { outcome: 'unchanged' } });
		const other = await reportTableResult(id, 1, 1, scores({ Anna: 1, Ben: 2, Cara: 3 }), { kind: 'tablet' });
		expect(other).toMatchObject({ ok: false, error: { code: 'already-reported' } });

		const rows = await streamEvents(id);
		const reported = rows.filter((r) => r.type === 'table-reported');
		expect(reported).toHaveLength(1);
		expect(reported[0]?.body).toMatchObject({ source: { kind: 'tablet', roundId: 'r-1', device: 'tab1' } });

		const loaded = await loadTournament(id);
		if (!loaded.ok) throw new Error(loaded.error.en);
		const table = standings(loaded.value.state);
		const ben = table.rows.find((r) => r.name === 'Ben');
		expect(ben && formatRational(ben.points)).toBe('2');
	});

	it('corrects a result with a reason; after the lock only as a director override', async () => {
		const id = await sixPlayers();
		await reportTableResult(id, 1, 1, scores({ Anna: 120, Ben: 80, Cara: 60 }), { kind: 'hand' });
		await reportTableResult(id, 1, 2, scores({ Dirk: 50, Eva: 40, Finn: 30 }), { kind: 'hand' });
		const fixed = scores({ Anna: 120, Ben: 90, Cara: 60 });
		expect(await correctTableResult(id, 1, 1, fixed, '  ')).toMatchObject({
			ok: false,
			error: { code: 'no-reason' }
		});
		expect(await correctTableResult(id, 1, 1, fixed, 'Addition')).toMatchObject({ ok: true });
		expect(await recordEvent(id, { type: 'round-locked', round: 1 })).toMatchObject({ ok: true });
		const late = scores({ Anna: 120, Ben: 95, Cara: 60 });
		expect(await correctTableResult(id, 1, 1, late, 'Nachgezählt')).toMatchObject({
			ok: false,
			error: { code: 'round-locked' }
		});
		const override = await correctTableResult(id, 1, 1, late, 'Nachgezählt', { override: true });
		if (!override.ok) throw new Error(override.error.en);
		const corrections = override.value.state.rounds[0]?.results[0]?.corrections;
		expect(corrections?.map((c) => [c.reason, c.override])).toEqual([
			['Addition', false],
			['Nachgezählt', true]
		]);
	});

	it('reports a damaged log instead of guessing', async () => {
		const id = await sixPlayers();
		await db().events.add({
			id: 'x:1',
			device: 'x',
			seq: 1,
			stream: id,
			kind: 'tournament',
			at: 9999,
			type: 'table-reported',
			body: { type: 'table-reported', id: 'e-x', at: 'now', round: 1, table: 1, scores: 'lots' }
		});
		expect(await loadTournament(id)).toMatchObject({ ok: false, error: { code: 'damaged-tournament' } });
		expect(await loadTournament('t-missing')).toMatchObject({ ok: false, error: { code: 'no-tournament' } });
	});

	it('refuses a setup without a name or with impossible options', async () => {
		expect(await createTournament({ format: 'set', name: ' ', date: '2025-01-01' })).toMatchObject({
			ok: false,
			error: { code: 'no-name' }
		});
		expect(
			await createTournament({ format: 'set', name: 'SET', date: '2025-01-01', options: { rounds: 5 } })
		).toMatchObject({ ok: false, error: { code: 'bad-option' } });
		expect((await listTournaments()).tournaments).toEqual([]);
	});
});
