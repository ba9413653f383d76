import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyAction, legalActions, startRound, type RoundAction } from '../domain/round';
import { replayLog } from '../domain/roundLog';
import { TOURNAMENT } from '../domain/rules';
import { deviceId } from './events';
import { dumpTables, fixtureSchema, observe, shapeOf, storesOf, type DatabaseFixture } from './fixture';
import { db, useDatabase } from './index';
import { buildRawDatabase, rawPlan } from './raw-fixture';
import { appendRoundEntry, createRound, loadRound } from './rounds';
import { WertungsblattDB } from './schema';
import { decidePending, pendingBatches } from './sync-desk';
import { holdingOf } from './sync-rows';
import { heldStandings, joinedTables } from './sync-tablet';
import { knownTournament } from './tournament-keys';
import { createTournament, recordEvents } from './tournaments';
import { closeDevices, freshDatabase, openDatabase, version1Records } from './sync-testing';

// Stored databases of every schema version (src/lib/db/fixtures/, written by scripts/db-fixture.ts) are
// opened with today's WertungsblattDB: they must upgrade, read back what their version read, and take
// new writes. docs/ARCHITECTURE.md, "Schema upgrades", says how to add a version.

const files = import.meta.glob<unknown>('./fixtures/schema-v*.json', { eager: true, import: 'default' });
const fixtures: DatabaseFixture[] = Object.entries(files)
	.map(([path, json]) => {
		const fixture = fixtureSchema.parse(json);
		if (!path.endsWith(`/schema-v${fixture.schemaVersion}.json`)) {
			throw new Error(`${path} holds schema version ${fixture.schemaVersion}`);
		}
		return fixture;
	})
	.sort((a, b) => a.schemaVersion - b.schemaVersion);

/** The schema version this code declares (the highest `this.version(n)` in schema.ts). */
const CURRENT = new WertungsblattDB('schema-probe').verno;

let counter = 0;
afterEach(closeDevices);

/** The stores and indexes today's code creates in a new, empty database. */
async function currentShape() {
	const database = freshDatabase('empty');
	await database.open();
	return shapeOf(database.backendDB());
}

describe('a stored database of every schema version', () => {
	it('exists for every version up to the current one (write it with npx tsx scripts/db-fixture.ts)', () => {
		expect(fixtures.map((f) => f.schemaVersion)).toEqual(Array.from({ length: CURRENT }, (_, i) => i + 1));
	});

	it('of the current version declares the stores schema.ts declares', () => {
		const latest = fixtures.find((f) => f.schemaVersion === CURRENT);
		expect(latest?.stores).toEqual(storesOf(new WertungsblattDB('schema-probe')));
	});

	it('is built as plain IndexedDB exactly as Dexie builds that version (stores, key paths, indexes)', async () => {
		const latest = fixtures.find((f) => f.schemaVersion === CURRENT);
		if (!latest) throw new Error('no fixture of the current version');
		await buildRawDatabase(rawPlan('raw-shape', latest));
		const raw = await new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open('raw-shape');
			request.onsuccess = () => resolve(request.result);
			request.onerror = () => reject(request.error ?? new Error('open failed'));
		});
		try {
			expect(raw.version).toBe(latest.nativeVersion);
			expect(shapeOf(raw)).toEqual(await currentShape());
		} finally {
			raw.close();
			indexedDB.deleteDatabase('raw-shape');
		}
	});
});

describe.each(fixtures)('schema version $schemaVersion, opened by today’s code', (fixture) => {
	let name: string;
	beforeEach(async () => {
		name = `stored-v${fixture.schemaVersion}-${++counter}`;
		await buildRawDatabase(rawPlan(name, fixture));
		useDatabase(openDatabase(name));
	});

	it('upgrades to the current schema and keeps every event of the log', async () => {
		await db().open();
		expect(db().verno).toBe(CURRENT);
		expect(shapeOf(db().backendDB())).toEqual(await currentShape());
		const tables = await dumpTables(db());
		const events = new Map((tables.events as { id: string }[]).map((row) => [row.id, row]));
		for (const row of fixture.tables.events ?? []) {
			expect(events.get((row as { id: string }).id)).toEqual(row);
		}
		if (fixture.schemaVersion === CURRENT) expect(tables).toEqual(fixture.tables);
	});

	it('reads back what that version read: rounds replayed, games, tournaments, standings, sync state', async () => {
		expect(await observe()).toEqual(fixture.expected);
	});

	it('takes a batch kept for a decision by that version: its code is read and verified under the stored key', async () => {
		const pending = await pendingBatches(fixture.expected.tournaments[0]!.id);
		const waiting = pending.find((p) => p.status === 'open');
		if (!waiting) throw new Error('the fixture needs a batch waiting for a decision (scripts/db-fixture.ts)');
		// Its round is locked there: the director takes it as an override, with the reason.
		expect(await decidePending(waiting, 'take', 'Nach dem Update entschieden', { override: true })).toEqual({
			ok: true,
			value: null
		});
		expect(
			(await pendingBatches(waiting.tournamentId)).find((p) => p.stream === waiting.stream)?.status
		).toBe('taken');
	});

	it('takes new writes after the stored ones: sequence numbers go on, no id is used twice', async () => {
		const before = new Set((fixture.tables.events as { id: string }[]).map((row) => row.id));
		const device = await deviceId();
		expect(device).toBe(fixture.expected.device);
		const ownSeqs = (fixture.tables.events as { device: string; seq: number }[])
			.filter((row) => row.device === device)
			.map((row) => row.seq);
		const lastSeq = Math.max(0, ...ownSeqs);

		// The running round goes on where it stopped.
		const running = fixture.expected.rounds.find((r) => !r.confirmed && r.phase === 'play');
		if (!running) throw new Error('the fixture needs a round being played (scripts/db-fixture.ts)');
		const stored = await loadRound(running.id);
		if (!stored.ok) throw new Error(JSON.stringify(stored.error));
		const replayed = replayLog(stored.value.setup, stored.value.entries);
		if (!replayed.ok) throw new Error(JSON.stringify(replayed.error));
		const legal = legalActions(replayed.value.state);
		const action: RoundAction = legal.draw
			? { type: 'draw' }
			: legal.pass
				? { type: 'pass' }
				: { type: 'lay', value: 0, tile: null, bonus: null, out: false };
		const next = applyAction(replayed.value.state, action);
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		await appendRoundEntry(running.id, { type: 'act', action }, next.value);

		// A new round and a new tournament on the same device.
		const started = startRound({ rules: TOURNAMENT, players: ['Uwe', 'Vera'], start: 0 });
		if (!started.ok) throw new Error(JSON.stringify(started.error));
		const context = { gameId: null, tournamentId: null, round: null, table: null, startDraw: null };
		const roundId = await createRound(started.value, context);
		const created = await createTournament({
			format: 'triominos',
			name: 'Nach dem Update',
			date: '2027-01-09'
		});
		if (!created.ok) throw new Error(JSON.stringify(created.error));
		// A tournament created now has its sync key from the start.
		expect(await knownTournament(created.value)).toMatchObject({ id: created.value, role: 'director' });
		const registered = await recordEvents(created.value, [
			{ type: 'player-registered', player: 'p-uwe', name: 'Uwe' },
			{ type: 'player-registered', player: 'p-vera', name: 'Vera' }
		]);
		expect(registered.ok).toBe(true);

		const rows = await db().events.toArray();
		const added = rows.filter((row) => !before.has(row.id)).sort((a, b) => a.seq - b.seq);
		expect(added.map((row) => [row.id, row.stream])).toEqual([
			[`${device}:${lastSeq + 1}`, running.id],
			[`${device}:${lastSeq + 2}`, roundId],
			[`${device}:${lastSeq + 3}`, created.value],
			[`${device}:${lastSeq + 4}`, created.value],
			[`${device}:${lastSeq + 5}`, created.value]
		]);
		expect(rows).toHaveLength(before.size + 5);

		const resumed = await loadRound(running.id);
		expect(resumed.ok && resumed.value.entries.length).toBe(running.entries + 1);
		const after = await observe();
		expect(after.rounds.find((r) => r.id === running.id)?.entries).toBe(running.entries + 1);
		expect(after.rounds).toHaveLength(fixture.expected.rounds.length + 1);
		expect(after.tournaments).toHaveLength(fixture.expected.tournaments.length + 1);
	});
});

describe('the sync state of version 1 (string-keyed meta rows), opened by today’s code', () => {
	const t = 't-herbst';
	// Joined by an older version: no revision, no table key.
	const { joined, standings, kept } = version1Records(t);
	const beside = { ...kept, code: 'DEF', reason: 'rewrites', slot: 'r-three~h1' };
	const moved = [
		{
			key: `sync.tournament:${t}`,
			value: { id: t, name: 'Herbstturnier', role: 'table', key: 'k'.repeat(43) }
		},
		{ key: `sync.joined:${t}:2:10`, value: joined },
		{ key: `sync.standings:${t}`, value: { payload: standings, receivedAt: 1_700_000_050_000 } },
		{ key: `sync.held:${t}:1:1`, value: { stream: 'r-one', device: 'd-tablet' } },
		{ key: `sync.pending:${t}:1:3:r-three`, value: kept },
		{ key: `sync.pending:${t}:1:3:r-three~h1`, value: beside }
	];
	// Rows that do not read as their kind's record, or whose key is not the one their record names: an
	// upgrade must not lose them, so they stay in meta exactly as they were.
	const unreadable = [
		{ key: `sync.held:${t}:1:2`, value: { stream: 'r-two' } },
		{ key: `sync.held:${t}`, value: { stream: 'r-two', device: 'd-tablet' } },
		{ key: `sync.joined:${t}:3:1`, value: joined },
		{ key: `sync.pending:${t}:1:3:r-elsewhere`, value: kept },
		{ key: `sync.standings:t-other`, value: { payload: standings, receivedAt: 1 } },
		{ key: `sync.tournament:t-broken`, value: 'not a record' },
		{ key: `sync.future:${t}`, value: { what: 'a later kind' } }
	];
	const kept1 = [
		{ key: 'device', value: 'd-this' },
		{ key: `draw.proposal:${t}`, value: { seed: 'x' } },
		{ key: 'seq', value: 0 }
	];

	it('moves every sync row that reads to its store, and leaves every other row in meta untouched', async () => {
		const v1 = fixtures.find((f) => f.schemaVersion === 1);
		if (!v1) throw new Error('no fixture of version 1');
		const name = `sync-rows-v1-${++counter}`;
		await buildRawDatabase(
			rawPlan(name, {
				...v1,
				tables: { meta: [...kept1, ...moved, ...unreadable] }
			})
		);
		useDatabase(openDatabase(name));
		await db().open();

		const meta = await db().meta.toArray();
		expect(meta).toEqual(expect.arrayContaining([...kept1, ...unreadable]));
		expect(meta).toHaveLength(kept1.length + unreadable.length);
		expect(await db().tournamentKeys.toArray()).toEqual([moved[0]!.value]);
		expect(await db().joined.toArray()).toEqual([joined]);
		expect(await db().standings.toArray()).toEqual([
			{ tournamentId: t, payload: standings, receivedAt: 1_700_000_050_000 }
		]);
		expect(await db().held.toArray()).toEqual([
			{ tournamentId: t, round: 1, table: 1, stream: 'r-one', device: 'd-tablet' }
		]);
		expect(await db().pending.toArray()).toEqual([
			{ ...kept, place: 'r-three' },
			{ ...beside, place: 'r-three~h1' }
		]);

		// … and the app reads them back where it found them before.
		expect(await knownTournament(t)).toEqual(moved[0]!.value);
		expect(await joinedTables()).toEqual([joined]);
		expect(await heldStandings(t)).toEqual(standings);
		expect(await holdingOf(t, 1, 1)).toMatchObject({ stream: 'r-one', device: 'd-tablet' });
		expect(await holdingOf(t, 1, 2)).toBeNull();
		expect(await pendingBatches(t)).toEqual([kept, beside]);
	});
});
