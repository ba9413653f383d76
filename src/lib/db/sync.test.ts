import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openNextRound, replay, type TournamentEvent } from '../domain/tournament';
import type { TableAssignment } from '../codecs/sync';
import type { RoundBatch } from '../protocol/sync-events';
import { encodeBase45 } from '../protocol/base45';
import { keyFromText, keyToText, newTournamentKey } from '../protocol/hmac';
import { newSigningKey, tableKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { batchOf, finishingChoices, roundEvents } from '../protocol/testing';
import { CLASSIC, TOURNAMENT } from '../domain/rules';
import { conflictViews } from './conflicts';
import { dumpTables } from './fixture';
import { directedTournament, playTable } from './sync-testing';
import { db, useDatabase } from './index';
import { WertungsblattDB } from './schema';
import {
	board,
	currentStandings,
	decidePending,
	directorKeys,
	encodeAsDirector,
	exportTournament,
	handIn,
	heldStandings,
	joinedTables,
	joinNextTable,
	knownTournament,
	pendingBatches,
	receive,
	roundOfTable,
	tableAssignments
} from './sync';
import { createTournament, loadTournament, recordEvent, reportTableResult } from './tournaments';

let counter = 0;
const opened: WertungsblattDB[] = [];
/** A device: its own database. */
function device(): WertungsblattDB {
	const database = new WertungsblattDB(`sync-${++counter}`);
	opened.push(database);
	return database;
}
const on = (database: WertungsblattDB) => useDatabase(database);

afterEach(async () => {
	for (const database of opened.splice(0)) {
		database.close();
		await database.delete();
	}
});

const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gabi', 'Hans', 'Ida', 'Jan', 'Kai', 'Lea'];
const DIRECTOR = ['assignment', 'batch', 'tournament'] as const;
const DIRECTOR_ACCEPTS = ['batch', 'tournament'] as const;
const TABLET_ACCEPTS = ['assignment', 'standings'] as const;

/** The director's tournament: 12 players, round 1 drawn (four tables of 3). */
const tournamentWithRound = () => directedTournament(NAMES);

async function eventCount(database: WertungsblattDB): Promise<number> {
	return database.events.count();
}

async function setup() {
	const director = device();
	on(director);
	const tournamentId = await tournamentWithRound();
	const handed = await tableAssignments(tournamentId);
	if (!handed.ok) throw new Error(handed.error.en);
	const { signing } = await directorKeys(tournamentId, 'Herbstturnier');
	const codes = await Promise.all(handed.value.assignments.map((a) => encodePayload(a, signing)));
	return { director, tournamentId, assignments: handed.value.assignments, codes, signing };
}

/** Every table of round 1 typed in at the desk: seat s of table i scores 10·s + i. */
async function reportRoundOne(tournamentId: string, assignments: readonly TableAssignment[]) {
	for (const [i, assignment] of assignments.entries()) {
		const scores = assignment.players.map((p, seat) => ({ player: p.id, points: 10 * seat + i }));
		expect((await reportTableResult(tournamentId, 1, i + 1, scores, { kind: 'hand' })).ok).toBe(true);
	}
}

/** The desk draws round 2 (which locks round 1). */
async function openRoundTwo(tournamentId: string) {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) throw new Error(loaded.error.en);
	const next = openNextRound(loaded.value.state, { id: 'x', at: 'x', seed: 'runde2' });
	if (!next.ok) throw new Error(next.error.en);
	const { type, round, seed, tables } = next.value;
	expect((await recordEvent(tournamentId, { type, round, seed, tables: tables.map((t) => [...t]) })).ok).toBe(
		true
	);
}

async function tabletAt(code: Uint8Array) {
	const tablet = device();
	on(tablet);
	const joined = await receive(code, TABLET_ACCEPTS);
	if (!joined.ok) throw new Error(joined.error.en);
	return tablet;
}

/** A tournament file made by anyone (its own fresh key, self-signed) for a tournament new to this device. */
async function selfSignedFile(rounds: RoundBatch[], pending: RoundBatch[] = []): Promise<Uint8Array> {
	const at = '2026-11-22T09:00:00.000Z';
	const log: TournamentEvent[] = [
		{ type: 'tournament-created', id: 'e-x', at, format: 'triominos', name: 'Fremd', date: '2026-11-22' },
		...NAMES.map((name, i): TournamentEvent => ({
			type: 'player-registered',
			id: `e-x${i}`,
			at,
			player: `p-${name}`,
			name
		}))
	];
	if (!replay(log).ok) throw new Error('log');
	const key = newTournamentKey();
	const signing = await newSigningKey();
	const events = log.map((event, i) => ({
		device: 'forger0000',
		seq: i + 1,
		at: 1,
		type: event.type,
		body: event
	}));
	return encodePayload(
		{
			kind: 'tournament',
			tournamentId: 't-fremd0000000000',
			tournamentName: 'Fremd',
			key,
			signing: signing.privateKey,
			director: signing.publicKey,
			legacyThrough: 0,
			events,
			rounds,
			pending
		},
		signing
	);
}

describe('sync storage: a round passes from the tablets to the director and back', () => {
	it('hands out tables, collects all four tables, reports results and hands back standings', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		expect(assignments.map((a) => a.players.length)).toEqual([3, 3, 3, 3]); // 12 players: four 3-tables (000, binding table)
		const tablets = [];
		for (const [i, assignment] of assignments.entries()) {
			const tablet = await tabletAt(codes[i]!);
			const [joined] = await joinedTables();
			expect(joined).toMatchObject({ tournamentId, round: 1, table: i + 1 });
			const { id } = await playTable(assignment, 7 + i);
			expect((await roundOfTable(joined!))?.id).toBe(id);
			const result = await handIn(id);
			if (!result.ok) throw new Error(result.error.en);
			tablets.push({ tablet, bytes: result.value.bytes, digest: result.value.digest });
		}
		on(director);
		for (const [i, { bytes, digest }] of tablets.entries()) {
			const taken = await receive(bytes, DIRECTOR_ACCEPTS);
			expect(taken).toMatchObject({
				ok: true,
				value: { kind: 'batch', table: i + 1, result: 'added', reported: true }
			});
			if (taken.ok && taken.value.kind === 'batch') expect(taken.value.digest).toEqual(digest);
		}
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value.map((t) => t.state)).toEqual([
			'reported',
			'reported',
			'reported',
			'reported'
		]);
		const loaded = await loadTournament(tournamentId);
		expect(loaded.ok && loaded.value.state.rounds[0]?.results.every(Boolean)).toBe(true);

		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error(standings.error.en);
		expect(standings.value.afterRound).toBe(1);
		const standingsCode = await encodeAsDirector(tournamentId, standings.value);
		on(tablets[0]!.tablet);
		expect(await receive(standingsCode, TABLET_ACCEPTS)).toMatchObject({
			ok: true,
			value: { kind: 'standings', newer: true }
		});
		expect((await heldStandings(tournamentId))?.rows).toEqual(standings.value.rows);
	});

	it('the same code twice changes nothing and is no error; an older code after a newer one is refused', async () => {
		const { director, assignments, codes } = await setup();
		await tabletAt(codes[0]!);
		const { id } = await playTable(assignments[0]!, 3, { confirm: false, stopAfter: 10 });
		const early = await handIn(id);
		if (!early.ok) throw new Error(early.error.en);
		on(director);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'added', added: 11 }
		});
		const before = await eventCount(director);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'unchanged', added: 0 }
		});
		expect(await eventCount(director)).toBe(before);
	});

	it('refuses an altered code, a code of another tournament and a replayed older code, writing nothing', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		const tablet = await tabletAt(codes[1]!);
		const { id, finish } = await playTable(assignments[1]!, 5, { confirm: false, stopAfter: 12 });
		const early = await handIn(id);
		if (!early.ok) throw new Error(early.error.en);
		// the tablet plays on, confirms and hands in again
		on(tablet);
		await finish();
		const more = await handIn(id);
		if (!more.ok) throw new Error(more.error.en);
		on(director);
		expect(await receive(more.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { reported: true }
		});
		const before = await eventCount(director);

		// the older code, scanned late: refused as superseded, with a reason
		const replayed = await receive(early.value.bytes, DIRECTOR_ACCEPTS);
		expect(replayed).toMatchObject({ ok: false, error: { code: 'superseded' } });
		if (!replayed.ok) expect(replayed.error.de).toMatch(/Veralteter Code: Tisch 2/);
		// the newer one again: no error, nothing changes
		expect(await receive(more.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'unchanged' }
		});

		const altered = more.value.bytes.slice();
		altered[40]! ^= 0x04;
		const forged = await receive(altered, DIRECTOR_ACCEPTS);
		expect(forged.ok).toBe(false);

		const foreign = await encodePayload(
			{ kind: 'batch', batch: { ...more.value.batch, tournamentId: 't-fremd' } },
			newTournamentKey()
		);
		expect(await receive(foreign, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'unknown-tournament' }
		});

		const otherKey = await encodePayload({ kind: 'batch', batch: more.value.batch }, newTournamentKey());
		const refused = await receive(otherKey, DIRECTOR_ACCEPTS);
		expect(refused).toMatchObject({ ok: false, error: { code: 'forged' } });
		if (!refused.ok) expect(refused.error.de).toMatch(/Signatur passt nicht zu Runde 1, Tisch \d/);

		// a code whose header names another table than the round itself (replayed for another table)
		const key = await tableKey(await directorKeyOf(tournamentId), tournamentId, 1, 3);
		const moved = await encodePayload({ kind: 'batch', batch: { ...more.value.batch, table: 3 } }, key);
		expect(await receive(moved, DIRECTOR_ACCEPTS)).toMatchObject({ ok: false, error: { code: 'mismatch' } });
		expect(await eventCount(director)).toBe(before);
		expect(await receive(codes[0]!, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'wrong-kind' }
		});
	});

	it('shows a second tablet at the same table as a conflict; the director takes one, the other stays stored', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		await tabletAt(codes[2]!);
		const first = await playTable(assignments[2]!, 11);
		const firstCode = await handIn(first.id);
		await tabletAt(codes[2]!); // the replacement tablet
		const second = await playTable(assignments[2]!, 12);
		const secondCode = await handIn(second.id);
		if (!firstCode.ok || !secondCode.ok) throw new Error('hand-in failed');
		on(director);
		expect(await receive(firstCode.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { reported: true }
		});
		expect(await receive(secondCode.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict', conflict: 'other-stream' }
		});
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value[2]?.state).toBe('conflict');
		// The waiting code scanned again, later: nothing changes.
		const kept = await dumpTables(director);
		const later = vi.spyOn(Date, 'now').mockReturnValue(Date.now() + 60_000);
		expect(await receive(secondCode.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict' }
		});
		later.mockRestore();
		expect(await dumpTables(director)).toEqual(kept);
		// So does the director's own tournament file, taken back in (its waiting round as well).
		const file = await exportTournament(tournamentId);
		if (!file.ok) throw new Error(file.error.en);
		expect(await receive(file.value, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { events: 0 } });
		expect(await dumpTables(director)).toEqual(kept);
		const [pending] = await pendingBatches(tournamentId);
		expect(pending).toMatchObject({ table: 3, reason: 'other-stream', status: 'open' });
		expect(await decidePending(pending!, 'take', 'Ersatztablet: Tisch einig')).toEqual({
			ok: true,
			value: null
		});
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error(loaded.error.en);
		const result = loaded.value.state.rounds[0]?.results[2];
		expect(result?.corrections).toHaveLength(1);
		expect(result?.scores.map((s) => ('points' in s ? s.points : null))).toEqual([...second.totals]);
		expect((await pendingBatches(tournamentId))[0]?.status).toBe('taken');
		// both streams are stored
		expect(await db().events.where('stream').equals(first.id).count()).toBeGreaterThan(0);
		expect(await db().events.where('stream').equals(second.id).count()).toBeGreaterThan(0);
	});

	it('keeps the longest code of a waiting round: an earlier hand-in of it, scanned late, does not replace it', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		await tabletAt(codes[2]!);
		const first = await handIn((await playTable(assignments[2]!, 11)).id);
		await tabletAt(codes[2]!);
		const second = await playTable(assignments[2]!, 12, { confirm: false, stopAfter: 9 });
		const early = await handIn(second.id);
		await second.finish();
		const late = await handIn(second.id);
		if (!first.ok || !early.ok || !late.ok) throw new Error('hand-in failed');
		on(director);
		await receive(first.value.bytes, DIRECTOR_ACCEPTS);
		await receive(late.value.bytes, DIRECTOR_ACCEPTS);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict' }
		});
		const [pending] = await pendingBatches(tournamentId);
		expect(pending?.events).toBe(late.value.batch.events.length);
		expect(await decidePending(pending!, 'take', 'Ersatztablet')).toEqual({ ok: true, value: null });
	});

	it('takes a waiting round all or nothing: a failure while storing it leaves the result and the decision as they were', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		await tabletAt(codes[2]!);
		const first = await handIn((await playTable(assignments[2]!, 11)).id);
		await tabletAt(codes[2]!);
		const second = await handIn((await playTable(assignments[2]!, 12)).id);
		if (!first.ok || !second.ok) throw new Error('hand-in failed');
		on(director);
		await receive(first.value.bytes, DIRECTOR_ACCEPTS);
		await receive(second.value.bytes, DIRECTOR_ACCEPTS);
		const [pending] = await pendingBatches(tournamentId);
		const logBefore = await director.events.count();
		// The disk fails after the result would have been recorded.
		const put = vi.spyOn(director.rounds, 'put').mockRejectedValueOnce(new Error('QuotaExceededError'));
		await expect(decidePending(pending!, 'take', 'Ersatztablet')).rejects.toThrow('QuotaExceededError');
		put.mockRestore();
		const loaded = await loadTournament(tournamentId);
		expect(loaded.ok && loaded.value.state.rounds[0]?.results[2]?.corrections).toEqual([]);
		expect(await director.events.count()).toBe(logBefore);
		expect((await pendingBatches(tournamentId))[0]?.status).toBe('open');
		// Once the disk works, the same decision goes through.
		expect(await decidePending(pending!, 'take', 'Ersatztablet')).toEqual({ ok: true, value: null });
		const after = await loadTournament(tournamentId);
		expect(after.ok && after.value.state.rounds[0]?.results[2]?.corrections).toHaveLength(1);
	});

	it('refuses a self-signed tournament file that carries rounds of another tournament, writing nothing', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		await tabletAt(codes[0]!);
		const played = await handIn((await playTable(assignments[0]!, 2)).id);
		if (!played.ok) throw new Error(played.error.en);
		on(director);
		const before = await dumpTables(director);
		for (const file of [
			await selfSignedFile([played.value.batch]),
			await selfSignedFile([], [played.value.batch])
		]) {
			const refused = await receive(file, DIRECTOR_ACCEPTS);
			expect(refused).toMatchObject({ ok: false, error: { code: 'other-tournament' } });
			if (!refused.ok) {
				expect(refused.error.de).toContain(`Runde des Turniers ${tournamentId}`);
				expect(refused.error.en).toContain(`round of tournament ${tournamentId}`);
			}
			expect(await dumpTables(director)).toEqual(before);
		}
	});

	it('takes a kept round only when its code still verifies under this tournament’s key and names its table', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		await tabletAt(codes[2]!);
		const first = await handIn((await playTable(assignments[2]!, 11)).id);
		await tabletAt(codes[2]!);
		const second = await handIn((await playTable(assignments[2]!, 12)).id);
		if (!first.ok || !second.ok) throw new Error('hand-in failed');
		on(director);
		await receive(first.value.bytes, DIRECTOR_ACCEPTS);
		await receive(second.value.bytes, DIRECTOR_ACCEPTS);
		const [pending] = await pendingBatches(tournamentId);
		const before = await dumpTables(director);
		// A kept code signed with another key (stored by anything but this import) is not taken.
		const forged = encodeBase45(
			await encodePayload({ kind: 'batch', batch: second.value.batch }, newTournamentKey())
		);
		expect(await decidePending({ ...pending!, code: forged }, 'take', 'x')).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		// A kept code of another table than the row says.
		expect(await decidePending({ ...pending!, table: 1 }, 'take', 'x')).toMatchObject({
			ok: false,
			error: { code: 'mismatch' }
		});
		expect(await dumpTables(director)).toEqual(before);
	});

	it('creates the tournament key together with the tournament', async () => {
		on(device());
		const created = await createTournament({
			format: 'triominos',
			name: 'Winterturnier',
			date: '2026-12-05'
		});
		if (!created.ok) throw new Error(created.error.en);
		const known = await knownTournament(created.value);
		expect(known).toMatchObject({ id: created.value, name: 'Winterturnier', role: 'director' });
		expect(keyFromText(known!.key!)).toHaveLength(32);
	});

	it('a tournament stored without a key (older versions) gets its own on first use and takes none from a file or code', async () => {
		const director = device();
		on(director);
		const tournamentId = await tournamentWithRound();
		// As an older version stored it: the key was only created when the first table was handed out.
		await director.meta.delete(`sync.tournament:${tournamentId}`);
		const before = await dumpTables(director);
		// A file for it under another key (the log copied, one more player) is refused; so is a table code.
		const log = await db().events.where('stream').equals(tournamentId).sortBy('seq');
		const key = newTournamentKey();
		const signing = await newSigningKey();
		const extra = {
			type: 'player-registered',
			id: 'e-mallory',
			at: '2026-11-22T10:00:00.000Z',
			player: 'p-mallory',
			name: 'Mallory'
		};
		const file = await encodePayload(
			{
				kind: 'tournament',
				tournamentId,
				tournamentName: 'Herbstturnier',
				key,
				signing: signing.privateKey,
				director: signing.publicKey,
				legacyThrough: 0,
				events: [
					...log.map((row) => ({
						device: row.device,
						seq: row.seq,
						at: row.at,
						type: row.type,
						body: row.body
					})),
					{ device: 'mallory0000', seq: 1, at: Date.now(), type: extra.type, body: extra }
				],
				rounds: [],
				pending: []
			},
			signing
		);
		const refused = await receive(file, DIRECTOR_ACCEPTS);
		expect(refused).toMatchObject({ ok: false, error: { code: 'key-mismatch' } });
		expect(await dumpTables(director)).toEqual(before);
		// Handing out the tables creates its own key, on first use, as before.
		const handed = await tableAssignments(tournamentId);
		if (!handed.ok) throw new Error(handed.error.en);
		expect(handed.value.assignments[0]!.key).toEqual(
			await tableKey(await directorKeyOf(tournamentId), tournamentId, 1, 1)
		);
		expect(await receive(file, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'key-mismatch' }
		});
		const players = await loadTournament(tournamentId);
		expect(players.ok && players.value.state.players.has('p-mallory')).toBe(false);
		// The director's own file goes back in.
		const own = await exportTournament(tournamentId);
		expect(own.ok && (await receive(own.value, DIRECTOR_ACCEPTS)).ok).toBe(true);
	});

	it('a table code does not give a key to a tournament stored here without one', async () => {
		const { director, tournamentId, assignments, signing } = await setup();
		await director.meta.delete(`sync.tournament:${tournamentId}`);
		const before = await dumpTables(director);
		const forged = await encodePayload(assignments[0]!, signing);
		expect(await receive(forged, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'key-mismatch' }
		});
		expect(await dumpTables(director)).toEqual(before);
	});

	it('moves the whole tournament to another device by file, and refuses it altered', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 2);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(code.error.en);
		on(director);
		await receive(code.value.bytes, DIRECTOR_ACCEPTS);
		const bundle = await exportTournament(tournamentId);
		if (!bundle.ok) throw new Error(bundle.error.en);
		const expected = await currentStandings(tournamentId);

		const spare = device();
		on(spare);
		const altered = bundle.value.slice();
		altered[altered.length - 3]! ^= 1;
		expect((await receive(altered, DIRECTOR_ACCEPTS)).ok).toBe(false);
		expect(await eventCount(spare)).toBe(0);
		expect(await receive(bundle.value, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { kind: 'tournament', tables: 1 }
		});
		const moved = await currentStandings(tournamentId);
		expect(moved.ok && expected.ok && moved.value.rows).toEqual(expected.ok && expected.value.rows);
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value.map((t) => t.state)).toEqual([
			'reported',
			'missing',
			'missing',
			'missing'
		]);
		// importing it again changes nothing
		const count = await eventCount(spare);
		expect(await receive(bundle.value, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { events: 0, tables: 0 }
		});
		expect(await eventCount(spare)).toBe(count);
	});

	it('fuzz through the real import: mutated codes never write anything', async () => {
		const { director, assignments, codes } = await setup();
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 9);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(code.error.en);
		on(director);
		const before = await eventCount(director);
		const metaBefore = await director.meta.count();
		let state = 12345;
		const rand = (n: number) => (state = (state * 48271) % 2147483647) % n;
		for (let run = 0; run < 400; run++) {
			const bytes = [...code.value.bytes];
			for (let k = 0; k <= rand(3); k++) {
				const at = rand(bytes.length);
				if (rand(3) === 0) bytes.splice(at, 1 + rand(5));
				else bytes[at] = rand(256);
			}
			// A mutation that happened to change nothing is no mutation.
			if (bytes.length === code.value.bytes.length && bytes.every((b, i) => b === code.value.bytes[i]))
				continue;
			const result = await receive(Uint8Array.from(bytes), DIRECTOR);
			expect(result.ok).toBe(false);
		}
		expect(await eventCount(director)).toBe(before);
		expect(await director.meta.count()).toBe(metaBefore);
	});

	it('keeps a result that comes after the round locked, or that differs from one typed in, for the director', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		const played = [];
		for (const table of [0, 1]) {
			await tabletAt(codes[table]!);
			const round = await playTable(assignments[table]!, 20 + table);
			const code = await handIn(round.id);
			if (!code.ok) throw new Error(code.error.en);
			played.push({ ...round, bytes: code.value.bytes });
		}
		on(director);
		// Table 1 was typed in by hand at the desk with other points.
		const typed = assignments[0]!.players.map((p, i) => ({ player: p.id, points: 10 * i }));
		expect((await reportTableResult(tournamentId, 1, 1, typed, { kind: 'hand' })).ok).toBe(true);
		expect(await receive(played[0]!.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'added', reported: false, conflict: 'result-differs' }
		});
		// Tables 2–4 report, the round locks; then table 2's code comes (again, longer) — already held: unchanged.
		for (const table of [2, 3, 4]) {
			const scores = assignments[table - 1]!.players.map((p) => ({ player: p.id, points: table }));
			if (table !== 2) await reportTableResult(tournamentId, 1, table, scores, { kind: 'hand' });
		}
		expect(await receive(played[1]!.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { reported: true }
		});
		expect((await recordEvent(tournamentId, { type: 'round-locked', round: 1 })).ok).toBe(true);
		// A replacement tablet's round for table 4, after the lock: kept, not taken.
		await tabletAt(codes[3]!);
		const late = await playTable(assignments[3]!, 44);
		const lateCode = await handIn(late.id);
		if (!lateCode.ok) throw new Error(lateCode.error.en);
		on(director);
		expect(await receive(lateCode.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict', conflict: 'locked' }
		});
		const waiting = await pendingBatches(tournamentId);
		expect(waiting.map((p) => [p.table, p.reason, p.status]).sort()).toEqual([
			[1, 'result-differs', 'open'],
			[4, 'locked', 'open']
		]);
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value.map((t) => t.state)).toEqual([
			'conflict',
			'reported',
			'reported',
			'conflict'
		]);
		// The director takes the late round: a correction with its reason, as an override on the locked round.
		const lateOne = waiting.find((p) => p.table === 4)!;
		expect(await decidePending(lateOne, 'take', 'Ersatztablet, Tisch einig', { override: true })).toEqual({
			ok: true,
			value: null
		});
		const loaded = await loadTournament(tournamentId);
		const result = loaded.ok ? loaded.value.state.rounds[0]?.results[3] : undefined;
		expect(result?.corrections[0]).toMatchObject({ reason: 'Ersatztablet, Tisch einig', override: true });
		// … and sets the other aside: kept, no longer asking.
		await decidePending(
			waiting.find((p) => p.table === 1)!,
			'set-aside',
			''
		);
		expect((await pendingBatches(tournamentId)).map((p) => p.status).sort()).toEqual(['set-aside', 'taken']);
		// The board shows what counts: table 1's typed result (not the set-aside tablet's), marked as set aside.
		const shown = await board(tournamentId, 1);
		expect(shown.ok && shown.value[0]).toMatchObject({
			state: 'reported',
			totals: null,
			recorded: assignments[0]!.players.map((p, i) => ({ name: p.name, points: 10 * i })),
			setAside: 1
		});
		// Table 2 came by tablet: its recorded result names the seated players too.
		expect(shown.ok && shown.value[1]?.recorded?.map((s) => s.name)).toEqual(
			assignments[1]!.players.map((p) => p.name)
		);
	});

	it('takes a code of a locked round only as a director override with a reason, recorded as such; refusals write nothing', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		// A tablet joins table 1 of round 1 and plays it, but hands in only after round 2 has started.
		await tabletAt(codes[0]!);
		const late = await playTable(assignments[0]!, 21);
		const code = await handIn(late.id);
		if (!code.ok) throw new Error(code.error.en);
		on(director);
		await reportRoundOne(tournamentId, assignments);
		await openRoundTwo(tournamentId);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 1, table: 1, result: 'conflict', conflict: 'locked' }
		});
		// The card knows the round is locked and which round runs, beside the recorded and incoming result.
		const [view] = await conflictViews(tournamentId);
		expect(view).toMatchObject({
			pending: { round: 1, table: 1, reason: 'locked', status: 'open' },
			locked: { running: 2 },
			recorded: assignments[0]!.players.map((p, seat) => ({ name: p.name, points: 10 * seat }))
		});
		expect(view?.incoming?.map((s) => s.points)).toEqual([...late.totals]);
		// One click (a take without the override), or the override without a reason: refused, nothing written.
		const before = await dumpTables(director);
		for (const [reason, options] of [
			['Tablet kam spät', {}],
			['Tablet kam spät', { override: false }],
			['  ', { override: true }]
		] as const) {
			const refused = await decidePending(view!.pending, 'take', reason, options);
			expect(refused).toMatchObject({ ok: false, error: { code: 'locked-take' } });
			if (!refused.ok) {
				expect(refused.error.de).toBe(
					'Runde 1, Tisch 1: Runde 1 ist gesperrt – Runde 2 läuft. Übernehmen nur als Korrektur der Turnierleitung mit Begründung. Nichts wurde geändert.'
				);
				expect(refused.error.en).toMatch(/round 1 is locked – round 2 is running/);
			}
			expect(await dumpTables(director)).toEqual(before);
		}
		// The explicit override with a reason takes it and records it as an override.
		expect(
			await decidePending(view!.pending, 'take', 'Tablet kam spät, Tisch bestätigt', { override: true })
		).toEqual({ ok: true, value: null });
		const after = await loadTournament(tournamentId);
		const result = after.ok ? after.value.state.rounds[0]?.results[0] : undefined;
		expect(result?.scores.map((s) => ('points' in s ? s.points : null))).toEqual([...late.totals]);
		expect(result?.corrections).toMatchObject([
			{ reason: 'Tablet kam spät, Tisch bestätigt', override: true }
		]);
	});

	it('tells a tablet that a table code is of a round already over when it holds standings after that round', async () => {
		const { tournamentId, assignments, codes } = await setup();
		await reportRoundOne(tournamentId, assignments);
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error(standings.error.en);
		const standingsCode = await encodeAsDirector(tournamentId, standings.value);
		// The tablet knows the tournament (table 2 of round 1) and then reads the standings after round 1.
		const tablet = await tabletAt(codes[1]!);
		expect(await receive(standingsCode, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { newer: true } });
		const before = await dumpTables(tablet);
		const stale = await receive(codes[0]!, TABLET_ACCEPTS);
		expect(stale).toMatchObject({ ok: false, error: { code: 'past-table' } });
		if (!stale.ok) {
			expect(stale.error.de).toBe(
				'Dieser Tisch-Code ist von Runde 1, doch die Rangliste nach Runde 1 liegt schon vor: Runde 1 ist vorbei. Bitte den Tisch-Code der laufenden Runde einlesen. Nichts wurde geändert.'
			);
			expect(stale.error.en).toMatch(/round 1 is over/);
		}
		expect(await dumpTables(tablet)).toEqual(before);
	});

	it('refuses a round played with other rules or players than the desk handed out, writing nothing', async () => {
		const { director, tournamentId, assignments } = await setup();
		const master = keyFromText((await knownTournament(tournamentId))!.key!)!;
		const key = await tableKey(master, tournamentId, 1, 2);
		const seated = assignments[1]!.players.map((p) => p.name);
		const before = await dumpTables(director);
		for (const [players, rules, why] of [
			[seated, CLASSIC, 'Klassisch bis 400 statt Turnierrunde'],
			[[...seated, 'Gast'], TOURNAMENT, '4 statt 3 Spieler'],
			[[seated[1]!, seated[0]!, seated[2]!], TOURNAMENT, 'andere Sitzreihenfolge']
		] as const) {
			const events = roundEvents({
				players: [...players],
				rules,
				choices: finishingChoices([9]),
				table: 2,
				tournamentId
			});
			const batch = batchOf(events, { tournamentId, table: 2 });
			const refused = await receive(await encodePayload({ kind: 'batch', batch }, key), DIRECTOR_ACCEPTS);
			expect(refused).toMatchObject({ ok: false, error: { code: 'setup-differs' } });
			expect(!refused.ok && refused.error.de).toContain(`Runde 1, Tisch 2: `);
			expect(!refused.ok && refused.error.de).toContain(`(${why})`);
		}
		expect(await dumpTables(director)).toEqual(before);
	});

	it('hands in a round by seat: the director reads back exactly the tablet’s names, as seated when handed out', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		expect(assignments[0]!.revision).toBe(14); // created, 12 players, round 1
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 5);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(code.error.en);
		on(director);
		// The director corrects a name after handing the table out: the code still reads back as the tablet wrote it.
		const renamed = assignments[0]!.players[1]!;
		expect(
			(await recordEvent(tournamentId, { type: 'player-renamed', player: renamed.id, name: 'Bernd' })).ok
		).toBe(true);
		const taken = await receive(code.value.bytes, DIRECTOR_ACCEPTS);
		expect(taken).toMatchObject({ ok: true, value: { result: 'added', conflict: 'players' } });
		if (taken.ok && taken.value.kind === 'batch') expect(taken.value.digest).toEqual(code.value.digest);
		const round = await db().rounds.get(played.id);
		expect(round?.players).toEqual(assignments[0]!.players.map((p) => p.name));
		// A device that does not hold the tournament cannot read the seats, and says so.
		on(device());
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'unknown-seating' }
		});
	});

	it('hands in the next round joined from the standings code by seat, as that code seated it', async () => {
		const { director, tournamentId, assignments, codes } = await setup();
		const tablet = await tabletAt(codes[1]!);
		on(director);
		await reportRoundOne(tournamentId, assignments);
		await openRoundTwo(tournamentId);
		const standings = await currentStandings(tournamentId);
		if (!standings.ok || !standings.value.next) throw new Error('no next round');
		const standingsCode = await encodeAsDirector(tournamentId, standings.value);
		// The tablet joins its table's next round as the standings code seats it (Tablet.joinNext), with the
		// table key that code carries wrapped for it.
		on(tablet);
		expect((await receive(standingsCode, TABLET_ACCEPTS)).ok).toBe(true);
		const rows = standings.value.rows;
		const seated = standings.value.next.tables[1]!.map((id) => ({
			id,
			name: rows.find((r) => r.player === id)!.name
		}));
		const [current] = await joinedTables();
		const joined = await joinNextTable(current!, {
			round: 2,
			table: 2,
			players: seated,
			revision: standings.value.revision
		});
		if (!joined.ok || joined.value.kind !== 'joined') throw new Error('not joined');
		const played = await playTable({ ...assignments[1]!, round: 2, players: seated }, 9);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(code.error.en);
		on(director);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 2, table: 2, result: 'added', reported: true, conflict: null }
		});
	});

	it('refuses a table code of an earlier round once the tablet plays in a later one; the same round again is taken', async () => {
		const { assignments, codes, signing } = await setup();
		const tablet = await tabletAt(codes[0]!);
		const round2 = await encodePayload({ ...assignments[1]!, round: 2, table: 2 }, signing);
		expect(await receive(round2, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { kind: 'joined' } });
		const before = await dumpTables(tablet);
		const older = await receive(codes[0]!, TABLET_ACCEPTS);
		expect(older).toMatchObject({ ok: false, error: { code: 'older-table' } });
		if (!older.ok) {
			expect(older.error.de).toBe(
				'Dieser Tisch-Code ist von Runde 1; dieses Tablet spielt schon in Runde 2. Nichts wurde geändert.'
			);
			expect(older.error.en).toMatch(/from round 1; this tablet already plays in round 2/);
		}
		expect(await dumpTables(tablet)).toEqual(before);
		// Round 2 again, at another table (the tablet was moved): taken.
		const moved = await encodePayload({ ...assignments[2]!, round: 2, table: 3 }, signing);
		expect(await receive(moved, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { kind: 'joined' } });
	});

	it('refuses a table code whose tournament is known here with another key, and standings of an unknown tournament', async () => {
		const { assignments, codes } = await setup();
		await tabletAt(codes[0]!);
		// Another director (another signing key) for the same tournament id: not taken unless the players
		// confirm it (src/lib/db/restored-keys.test.ts).
		const other = await newSigningKey();
		const forged = await encodePayload({ ...assignments[1]!, director: other.publicKey }, other);
		expect(await receive(forged, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'new-director-key' }
		});
		const foreign = await encodePayload(
			{
				kind: 'standings',
				tournamentId: 't-fremd',
				tournamentName: 'X',
				afterRound: 0,
				revision: 1,
				rows: [],
				next: null
			},
			await newSigningKey()
		);
		expect(await receive(foreign, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'unknown-tournament' }
		});
		expect((await joinedTables()).length).toBe(1);
	});
});

async function directorKeyOf(tournamentId: string): Promise<Uint8Array> {
	const known = await knownTournament(tournamentId);
	return keyFromText(known!.key!)!;
}

describe('sync storage: tournaments stored by an older version (one key for everything)', () => {
	it('keeps taking the rounds handed out with the master key; the next round takes only table keys', async () => {
		const director = device();
		on(director);
		const tournamentId = await tournamentWithRound();
		// The key row as an older version wrote it: the master key, nothing else.
		const master = newTournamentKey();
		await director.meta.put({
			key: `sync.tournament:${tournamentId}`,
			value: { id: tournamentId, name: 'Herbstturnier', key: keyToText(master), role: 'director' }
		});
		const handed = await tableAssignments(tournamentId);
		if (!handed.ok) throw new Error(handed.error.en);
		// A tablet of round 1 signs with the master key it was handed then: taken.
		const players = handed.value.assignments[0]!.players.map((p) => p.name);
		const round1 = roundEvents({ players, choices: finishingChoices([3]), tournamentId });
		const legacy = { tournamentId, round: 1, table: 1, stream: 'r-legacy00000001', events: round1 };
		expect(
			await receive(await encodePayload({ kind: 'batch', batch: legacy }, master), DIRECTOR_ACCEPTS)
		).toMatchObject({ ok: true, value: { result: 'added', reported: true } });
		expect(await knownTournament(tournamentId)).toMatchObject({ legacyThrough: 1, key: keyToText(master) });
		// Round 2: the master key signs nothing any more; its table key does.
		for (const [table, scores] of handed.value.assignments.entries()) {
			if (table === 0) continue;
			const result = scores.players.map((p, seat) => ({ player: p.id, points: 10 * seat }));
			expect((await reportTableResult(tournamentId, 1, table + 1, result, { kind: 'hand' })).ok).toBe(true);
		}
		await openRoundTwo(tournamentId);
		const second = await tableAssignments(tournamentId);
		if (!second.ok) throw new Error(second.error.en);
		const names = second.value.assignments[0]!.players.map((p) => p.name);
		const events = roundEvents({ players: names, choices: finishingChoices([4]), round: 2, tournamentId });
		const batch = { tournamentId, round: 2, table: 1, stream: 'r-round2000000001', events };
		const before = await dumpTables(director);
		expect(
			await receive(await encodePayload({ kind: 'batch', batch }, master), DIRECTOR_ACCEPTS)
		).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		expect(await dumpTables(director)).toEqual(before);
		const key = second.value.assignments[0]!.key;
		// Its events reuse the ids of round 1's (same device, same numbers): refused with the reason, not thrown.
		const reused = await receive(await encodePayload({ kind: 'batch', batch }, key), DIRECTOR_ACCEPTS);
		expect(reused).toMatchObject({ ok: false, error: { code: 'inconsistent' } });
		expect(await dumpTables(director)).toEqual(before);
		const own = { ...batch, events: events.map((e) => ({ ...e, device: 'tablet2round2' })) };
		const taken = await receive(await encodePayload({ kind: 'batch', batch: own }, key), DIRECTOR_ACCEPTS);
		expect(taken).toMatchObject({ ok: true, value: { result: 'added', reported: true } });
	});
});
