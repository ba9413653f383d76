import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { startRound } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { newSigningKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { dumpTables } from './fixture';
import { db } from './index';
import { createRound } from './rounds';
import { receive } from './sync';
import { board } from './sync-board';
import { currentStandings, tableAssignments } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { ownDeviceKey } from './device-key';
import { putJoined, putStandings, putTournamentKey } from './sync-state';
import {
	handIn,
	heldStandings,
	joinedTables,
	joinNextTable,
	joinTable,
	leaveTournament,
	nextTableKey,
	roundOfTable,
	roundsToKeep,
	tabletTournaments,
	undoRepin
} from './sync-tablet';
import { knownTournament } from './tournament-keys';
import { createTournament, reportTableResult } from './tournaments';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	on,
	openRoundTwo,
	playTable,
	reportRoundOne,
	TABLET_ACCEPTS,
	tabletAt
} from './sync-testing';

afterEach(closeDevices);

describe('sync storage: the tablet joins tables and takes standings', () => {
	it('tells a tablet that a table code is of a round already over when it holds standings after that round', async () => {
		const { tournamentId, assignments, codes } = await directorWithTables();
		await reportRoundOne(tournamentId, assignments);
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error(JSON.stringify(standings.error));
		const standingsCode = await encodeAsDirector(tournamentId, standings.value);
		// The tablet knows the tournament (table 2 of round 1) and then reads the standings after round 1.
		const tablet = await tabletAt(codes[1]!);
		expect(await receive(standingsCode, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { newer: true } });
		const before = await dumpTables(tablet);
		const stale = await receive(codes[0]!, TABLET_ACCEPTS);
		expect(stale).toEqual({ ok: false, error: { code: 'past-table', round: 1, afterRound: 1 } });
		expect(await dumpTables(tablet)).toEqual(before);
	});

	it('hands in the next round joined from the standings code by seat, as that code seated it', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		// Table 2's tablet hands in round 1 (its code carries the tablet's own key); the rest is typed in.
		const tablet = await tabletAt(codes[1]!);
		const first = await handIn((await playTable(assignments[1]!, 8)).id);
		if (!first.ok) throw new Error(JSON.stringify(first.error));
		on(director);
		expect(await receive(first.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true });
		for (const [i, assignment] of assignments.entries()) {
			if (i === 1) continue;
			const scores = assignment.players.map((p, seat) => ({ player: p.id, points: 10 * seat + i }));
			expect((await reportTableResult(tournamentId, 1, i + 1, scores, { kind: 'hand' })).ok).toBe(true);
		}
		await openRoundTwo(tournamentId);
		const standings = await currentStandings(tournamentId);
		if (!standings.ok || !standings.value.next) throw new Error('no next round');
		const standingsCode = await encodeAsDirector(tournamentId, standings.value);
		// The tablet joins its table's next round as the standings code seats it (Tablet.joinNext), with the
		// table key that code carries wrapped to its own key.
		on(tablet);
		expect((await receive(standingsCode, TABLET_ACCEPTS)).ok).toBe(true);
		const rows = standings.value.rows;
		const seated = standings.value.next.tables[1]!.map((id) => ({
			id,
			name: rows.find((r) => r.player === id)!.name
		}));
		const [current] = await joinedTables();
		// The tables typed in at the desk have no tablet the key could go to: they read their table code.
		expect(standings.value.next.wrapped?.keys.map((key) => key !== null)).toEqual([
			false,
			true,
			false,
			false
		]);
		const joined = await joinNextTable(current!, {
			round: 2,
			table: 2,
			players: seated,
			revision: standings.value.revision
		});
		if (!joined.ok || joined.value.kind !== 'joined') throw new Error('not joined');
		const played = await playTable({ ...assignments[1]!, round: 2, players: seated }, 9);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		on(director);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 2, table: 2, result: 'added', reported: true, conflict: null }
		});
	});

	it('refuses a table code of an earlier round once the tablet plays in a later one; the same round again is taken', async () => {
		const { assignments, codes, signing } = await directorWithTables();
		const tablet = await tabletAt(codes[0]!);
		// (Moved to table 2 for round 2: its players confirmed the switch.)
		const round2 = await encodePayload({ ...assignments[1]!, round: 2, table: 2 }, signing);
		expect(await receive(round2, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({
			ok: true,
			value: { kind: 'joined' }
		});
		const before = await dumpTables(tablet);
		const older = await receive(codes[0]!, TABLET_ACCEPTS);
		expect(older).toEqual({ ok: false, error: { code: 'older-table', round: 1, newest: 2 } });
		expect(await dumpTables(tablet)).toEqual(before);
		// Round 2 again, at another table (the tablet was moved): taken.
		const moved = await encodePayload({ ...assignments[2]!, round: 2, table: 3 }, signing);
		expect(await receive(moved, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({
			ok: true,
			value: { kind: 'joined' }
		});
	});

	it('refuses a table code whose tournament is known here with another key, and standings of an unknown tournament', async () => {
		const { assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		// Another director (another signing key) for the same tournament id: not taken unless the players
		// confirm it (src/lib/db/restored-keys.test.ts).
		const other = await newSigningKey();
		const forged = await encodePayload({ ...assignments[1]!, director: other.publicKey }, other);
		// The refusal names the table the code hands out: the players' question is asked from it.
		const { tournamentId, tournamentName, round, table } = assignments[1]!;
		expect(await receive(forged, TABLET_ACCEPTS)).toEqual({
			ok: false,
			error: { code: 'new-director-key', tournamentId, tournamentName, round, table }
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

	it('keeps the newer standings it holds when an older standings code is read: that code changes nothing', async () => {
		const { tournamentId, assignments, codes } = await directorWithTables();
		const before = await currentStandings(tournamentId);
		await reportRoundOne(tournamentId, assignments);
		const after = await currentStandings(tournamentId);
		if (!before.ok || !after.ok) throw new Error('no standings');
		const older = await encodeAsDirector(tournamentId, before.value);
		const newer = await encodeAsDirector(tournamentId, after.value);
		const tablet = await tabletAt(codes[0]!);
		const held = await receive(newer, TABLET_ACCEPTS);
		if (!held.ok || held.value.kind !== 'standings') throw new Error(JSON.stringify(held));
		expect(held.value.standings.afterRound).toBe(1);
		const kept = await dumpTables(tablet);
		expect(await receive(older, TABLET_ACCEPTS)).toEqual({
			ok: true,
			value: { kind: 'standings', standings: held.value.standings, newer: false }
		});
		expect(await dumpTables(tablet)).toEqual(kept);
	});
});

describe('sync storage: the rounds a tablet keeps as files before it leaves', () => {
	it('keeps one code per table it joined, newest round first, and within a round the table joined last first', async () => {
		const { assignments } = await directorWithTables();
		device('tablet');
		// Table 1 of round 1, then table 3 (moved: its players confirmed), then table 2 of round 2.
		const round2 = { ...assignments[1]!, round: 2, table: 2 };
		const joins = [
			{ assignment: assignments[0]!, at: 1_000 },
			{ assignment: assignments[2]!, at: 2_000 },
			{ assignment: round2, at: 3_000 }
		];
		for (const [i, { assignment, at }] of joins.entries()) {
			expect((await joinTable(assignment, at, { switchTable: true })).ok).toBe(true);
			await playTable(assignment, 50 + i, { confirm: false, stopAfter: 3 });
		}
		const tournamentId = assignments[0]!.tournamentId;
		expect((await roundsToKeep(tournamentId)).map((kept) => [kept.round, kept.table])).toEqual([
			[2, 2],
			[1, 3],
			[1, 1]
		]);
	});

	it('takes the newest round begun at a table that began twice', async () => {
		const { joined, started, at } = await joinedAtTableOne();
		// The store lists the two by their ids: the one it lists second is made the one begun later.
		const [first, second] = [await createRound(started, at), await createRound(started, at)].sort();
		await db().rounds.update(first!, { createdAt: 1_000 });
		await db().rounds.update(second!, { createdAt: 61_000 });
		expect((await roundOfTable(joined))?.id).toBe(second);
	});
});

describe('sync storage: the desk sees each table as its tablet left it', () => {
	it('a round handed in while it is played is running, with the tablet’s totals and names; played out but not confirmed, finished', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const handed: Uint8Array[] = [];
		const running = { table: 1, stopAfter: 6 };
		const finished = { table: 2, stopAfter: undefined };
		const totals: (readonly number[])[] = [];
		for (const { table, stopAfter } of [running, finished]) {
			await tabletAt(codes[table - 1]!);
			const played = await playTable(assignments[table - 1]!, 30 + table, { confirm: false, stopAfter });
			totals.push(played.totals);
			const code = await handIn(played.id);
			if (!code.ok) throw new Error(JSON.stringify(code.error));
			handed.push(code.value.bytes);
		}
		on(director);
		for (const bytes of handed) expect((await receive(bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
		const tables = await board(tournamentId, 1);
		if (!tables.ok) throw new Error(JSON.stringify(tables.error));
		const names = (table: number) => assignments[table - 1]!.players.map((p) => p.name);
		expect(tables.value.map(({ state, totals, names }) => ({ state, totals, names }))).toEqual([
			{ state: 'running', totals: [...totals[0]!], names: names(1) },
			{ state: 'finished', totals: [...totals[1]!], names: names(2) },
			{ state: 'missing', totals: null, names: null },
			{ state: 'missing', totals: null, names: null }
		]);
		// A round the tournament does not have yet has no tables.
		expect(await board(tournamentId, 2)).toEqual({ ok: true, value: [] });
	});
});

describe('sync storage: what the desk hands out and what a tablet takes part in', () => {
	it('hands out no table codes before a round is drawn, nor for a round the tournament does not have', async () => {
		const { tournamentId } = await directorWithTables();
		expect(await tableAssignments(tournamentId, 2)).toEqual({ ok: false, error: { code: 'no-round-yet' } });
		expect((await tableAssignments(tournamentId, 1)).ok).toBe(true);
		const created = await createTournament({ format: 'triominos', name: 'Leer', date: '2026-11-22' });
		if (!created.ok) throw new Error(JSON.stringify(created.error));
		expect(await tableAssignments(created.value)).toEqual({ ok: false, error: { code: 'no-round-yet' } });
	});

	it('lists the tournaments a tablet plays in as a table (for „Turnier verlassen“), not those it directs', async () => {
		const { tournamentId, codes } = await directorWithTables();
		expect(await tabletTournaments()).toEqual([]);
		await tabletAt(codes[0]!);
		expect(await tabletTournaments()).toEqual([
			{ id: tournamentId, name: 'Herbstturnier', keyChangedAt: null }
		]);
		device('empty');
		expect(await tabletTournaments()).toEqual([]);
	});

	it('lists them by name as German sorts names: Ö among the O', async () => {
		device('tablet');
		for (const [id, name, role] of [
			['t-zwerg', 'Zwergenpokal', 'table'],
			['t-ostern', 'Östercup', 'table'],
			['t-advent', 'Adventsturnier', 'director'],
			['t-herbst', 'Herbstturnier', 'table']
		] as const) {
			await putTournamentKey({ id, name, role });
		}
		// (Ids that sort otherwise than the names: the store lists by id.)
		await putTournamentKey({ id: 't-aaa', name: 'Zwergenpokal 2', role: 'table' });
		expect((await tabletTournaments()).map((t) => t.name)).toEqual([
			'Herbstturnier',
			'Östercup',
			'Zwergenpokal',
			'Zwergenpokal 2'
		]);
	});
});

describe('sync storage: what a tablet refuses or keeps at the edges', () => {
	it('does not leave a tournament this device directs, even when it does not store it; an unknown one is left, and has no key change to undo', async () => {
		device('tablet');
		await putTournamentKey({ id: 't-advent', name: 'Adventsturnier', role: 'director' });
		expect(await leaveTournament('t-advent')).toEqual({ ok: false, error: { code: 'own-tournament' } });
		expect(await knownTournament('t-advent')).toMatchObject({ role: 'director' });
		expect(await leaveTournament('t-fremd')).toEqual({ ok: true, value: null });
		expect(await undoRepin('t-fremd')).toEqual({ ok: false, error: { code: 'no-key-change' } });
	});

	it('hands in no code for a round it does not hold, nor for a round of a tournament it never joined', async () => {
		const { assignments } = await directorWithTables();
		device('tablet');
		expect((await handIn('r-unbekannt')).ok).toBe(false);
		const played = await playTable(assignments[0]!, 7, { confirm: false, stopAfter: 2 });
		expect(await handIn(played.id)).toEqual({
			ok: false,
			error: { code: 'unknown-tournament', id: assignments[0]!.tournamentId }
		});
	});

	it('answers with the newer standings it now holds when they follow older ones', async () => {
		const { tournamentId, assignments, codes } = await directorWithTables();
		const before = await currentStandings(tournamentId);
		await reportRoundOne(tournamentId, assignments);
		const after = await currentStandings(tournamentId);
		if (!before.ok || !after.ok) throw new Error('no standings');
		const older = await encodeAsDirector(tournamentId, before.value);
		const newer = await encodeAsDirector(tournamentId, after.value);
		await tabletAt(codes[0]!);
		expect(await receive(older, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { newer: true } });
		const taken = await receive(newer, TABLET_ACCEPTS);
		expect(taken).toEqual({ ok: true, value: { kind: 'standings', standings: after.value, newer: true } });
		expect(await heldStandings(tournamentId)).toEqual(after.value);
	});

	it('finds no next table key without standings, without a next round, for a table typed in, or from a round not the one before', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const tablet = await tabletAt(codes[1]!);
		const [current] = await joinedTables();
		expect(await nextTableKey(current!, { round: 2, table: 2 })).toBeNull();
		const first = await handIn((await playTable(assignments[1]!, 8)).id);
		if (!first.ok) throw new Error(JSON.stringify(first.error));
		on(director);
		expect((await receive(first.value.bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
		for (const [i, assignment] of assignments.entries()) {
			if (i === 1) continue;
			const scores = assignment.players.map((p, seat) => ({ player: p.id, points: 10 * seat + i }));
			expect((await reportTableResult(tournamentId, 1, i + 1, scores, { kind: 'hand' })).ok).toBe(true);
		}
		const without = await currentStandings(tournamentId);
		if (!without.ok) throw new Error('no standings');
		expect(without.value.next).toBeNull();
		const withoutCode = await encodeAsDirector(tournamentId, without.value);
		await openRoundTwo(tournamentId);
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error('no standings');
		const code = await encodeAsDirector(tournamentId, standings.value);
		on(tablet);
		expect((await receive(withoutCode, TABLET_ACCEPTS)).ok).toBe(true);
		expect(await nextTableKey(current!, { round: 2, table: 2 })).toBeNull();
		expect((await receive(code, TABLET_ACCEPTS)).ok).toBe(true);
		expect(await nextTableKey(current!, { round: 2, table: 2 })).toBeInstanceOf(Uint8Array);
		expect(await nextTableKey(current!, { round: 2, table: 1 })).toBeNull();
		expect(await nextTableKey({ ...current!, round: 0 }, { round: 2, table: 2 })).toBeNull();
	});

	it('keeps one code for a table joined twice, none for a table joined but not begun', async () => {
		const { assignments } = await directorWithTables();
		device('tablet');
		expect((await joinTable(assignments[0]!, 1_000)).ok).toBe(true);
		await playTable(assignments[0]!, 5, { confirm: false, stopAfter: 3 });
		expect((await joinTable(assignments[0]!, 2_000)).ok).toBe(true);
		expect((await joinTable(assignments[1]!, 3_000, { switchTable: true })).ok).toBe(true);
		const kept = await roundsToKeep(assignments[0]!.tournamentId);
		expect(kept.map((k) => [k.round, k.table, k.status])).toEqual([[1, 1, 'running']]);
	});

	it('takes for a joined table only a round begun at that table in that round', async () => {
		const { joined, started, at } = await joinedAtTableOne();
		const own = await createRound(started, at);
		const otherTable = await createRound(started, { ...at, table: 2 });
		const otherRound = await createRound(started, { ...at, round: 2 });
		await db().rounds.update(own, { createdAt: 1_000 });
		await db().rounds.update(otherTable, { createdAt: 2_000 });
		await db().rounds.update(otherRound, { createdAt: 3_000 });
		expect((await roundOfTable(joined))?.id).toBe(own);
	});

	it('keeps a joined table without revision or time of issue as the code named it, and the device key it made', async () => {
		const { assignments } = await directorWithTables();
		device('tablet');
		const { revision: _revision, issuedAt: _issuedAt, ...bare } = assignments[0]!;
		const joined = await joinTable(bare, 1_000);
		if (!joined.ok || joined.value.kind !== 'joined') throw new Error(JSON.stringify(joined));
		expect(Object.keys(joined.value.table)).not.toContain('revision');
		expect(Object.keys(joined.value.table)).not.toContain('issuedAt');
		expect(await ownDeviceKey()).not.toBeNull();
	});

	it('pins the director’s key on a tournament known from an older version, keeping its standings and counting its tables', async () => {
		const { tournamentId, assignments } = await directorWithTables();
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error('no standings');
		// A table of round 2 as an older version kept it: it names no key.
		device('tablet');
		const joined = await joinTable({ ...assignments[0]!, round: 2 }, 500);
		if (!joined.ok || joined.value.kind !== 'joined') throw new Error(JSON.stringify(joined));
		const { director: _director, ...older } = joined.value.table;
		device('tablet');
		const legacy = { id: tournamentId, name: 'Herbstturnier', role: 'table' as const, key: 'k'.repeat(43) };
		await putTournamentKey(legacy);
		await putStandings(standings.value, 500);
		await putJoined(older);
		expect(await joinTable(assignments[0]!, 1_000)).toEqual({
			ok: false,
			error: { code: 'older-table', round: 1, newest: 2 }
		});
		expect(await heldStandings(tournamentId)).toEqual(standings.value);
		expect((await joinTable({ ...assignments[0]!, round: 2 }, 1_000)).ok).toBe(true);
		expect(await knownTournament(tournamentId)).toEqual({
			...legacy,
			director: expect.any(String) as string
		});
		expect(await heldStandings(tournamentId)).toEqual(standings.value);
	});

	it('stays the director of a tournament whose table it joins under its own key', async () => {
		const { tournamentId, assignments } = await directorWithTables();
		const directed = await knownTournament(tournamentId);
		expect((await joinTable(assignments[0]!, 1_000)).ok).toBe(true);
		expect(await knownTournament(tournamentId)).toEqual(directed);
	});

	it('takes no standings for a tournament it knows from an older version before a table code pins the key', async () => {
		const { tournamentId } = await directorWithTables();
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error('no standings');
		const code = await encodeAsDirector(tournamentId, standings.value);
		device('tablet');
		await putTournamentKey({ id: tournamentId, name: 'Herbstturnier', role: 'table', key: 'k'.repeat(43) });
		expect(await receive(code, TABLET_ACCEPTS)).toEqual({ ok: false, error: { code: 'not-pinned' } });
		expect(await heldStandings(tournamentId)).toBeNull();
	});

	it('counts the table joined last in time as its current one, whatever its number', async () => {
		const { assignments } = await directorWithTables();
		device('tablet');
		expect((await joinTable(assignments[0]!, 2_000)).ok).toBe(true);
		expect((await joinTable(assignments[1]!, 1_000, { switchTable: true })).ok).toBe(true);
		expect(await joinTable(assignments[1]!, 3_000)).toMatchObject({
			ok: false,
			error: { code: 'other-table-code', round: 1, table: 2 }
		});
	});
});

/**
 * A tablet that joined table 1 of round 1: the joined table, the round state its players start with, and
 * the context of a round begun at that table.
 */
async function joinedAtTableOne() {
	const { assignments, codes } = await directorWithTables();
	await tabletAt(codes[0]!);
	const [joined] = await joinedTables();
	const started = startRound({
		rules: TOURNAMENT,
		players: assignments[0]!.players.map((p) => p.name),
		start: 0
	});
	if (!started.ok || !joined) throw new Error(JSON.stringify(started));
	const at = { gameId: null, tournamentId: joined.tournamentId, round: 1, table: 1, startDraw: null };
	return { joined, started: started.value, at };
}
