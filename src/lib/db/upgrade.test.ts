import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyAction, legalActions, startRound, type RoundAction } from '../domain/round';
import { replayLog } from '../domain/roundLog';
import { TOURNAMENT } from '../domain/rules';
import { deviceId } from './events';
import {
	createRawDatabase,
	dumpTables,
	fixtureSchema,
	observe,
	shapeOf,
	storesOf,
	type DatabaseFixture
} from './fixture';
import { db, useDatabase } from './index';
import { appendRoundEntry, createRound, loadRound } from './rounds';
import { WertungsblattDB } from './schema';
import { decidePending, pendingBatches } from './sync-desk';
import { knownTournament } from './tournament-keys';
import { createTournament, recordEvents } from './tournaments';
import { closeDevices, freshDatabase, openDatabase } from './sync-testing';

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
		await createRawDatabase(indexedDB, 'raw-shape', latest);
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
		await createRawDatabase(indexedDB, name, fixture);
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
		if (!stored.ok) throw new Error(stored.error.en);
		const replayed = replayLog(stored.value.setup, stored.value.entries);
		if (!replayed.ok) throw new Error(replayed.error.en);
		const legal = legalActions(replayed.value.state);
		const action: RoundAction = legal.draw
			? { type: 'draw' }
			: legal.pass
				? { type: 'pass' }
				: { type: 'lay', value: 0, tile: null, bonus: null, out: false };
		const next = applyAction(replayed.value.state, action);
		if (!next.ok) throw new Error(next.error.en);
		await appendRoundEntry(running.id, { type: 'act', action }, next.value);

		// A new round and a new tournament on the same device.
		const started = startRound({ rules: TOURNAMENT, players: ['Uwe', 'Vera'], start: 0 });
		if (!started.ok) throw new Error(started.error.en);
		const context = { gameId: null, tournamentId: null, round: null, table: null, startDraw: null };
		const roundId = await createRound(started.value, context);
		const created = await createTournament({
			format: 'triominos',
			name: 'Nach dem Update',
			date: '2027-01-09'
		});
		if (!created.ok) throw new Error(created.error.en);
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
