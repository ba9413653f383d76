import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CLASSIC, TOURNAMENT } from '../domain/rules';
import type { TournamentState } from '../domain/tournament';
import { encodeBase45 } from '../protocol/base45';
import { keyFromText, newTournamentKey } from '../protocol/hmac';
import { newDeviceKeyPair, tableKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import type { SyncEvent } from '../protocol/sync-events';
import { batchOf, finishingChoices, roundEvents } from '../protocol/testing';
import { conflictViews } from './conflicts';
import { dumpTables } from './fixture';
import { db } from './index';
import { receive } from './sync';
import { board } from './sync-board';
import { exportTournament } from './sync-bundles';
import { decidePending, pendingBatches, runningAfter } from './sync-desk';
import { handIn } from './sync-tablet';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	twoTabletsOneTable,
	on,
	openRoundTwo,
	playTable,
	reportRoundOne,
	tabletAt
} from './sync-testing';
import { knownTournament } from './tournament-keys';
import { correctTableResult, loadTournament, recordEvent, reportTableResult } from './tournaments';

afterEach(closeDevices);

describe('sync storage: the desk collects result codes and decides what waits', () => {
	it('shows a second tablet at the same table as a conflict; the director takes one, the other stays stored', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
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
		if (!file.ok) throw new Error(JSON.stringify(file.error));
		expect(await receive(file.value, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { events: 0 } });
		expect(await dumpTables(director)).toEqual(kept);
		const [pending] = await pendingBatches(tournamentId);
		expect(pending).toMatchObject({ table: 3, reason: 'other-stream', status: 'open' });
		expect(await decidePending(pending!, 'take', 'Ersatztablet: Tisch einig')).toEqual({
			ok: true,
			value: null
		});
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
		const result = loaded.value.state.rounds[0]?.results[2];
		expect(result?.corrections).toHaveLength(1);
		expect(result?.scores.map((s) => ('points' in s ? s.points : null))).toEqual([...second.totals]);
		expect((await pendingBatches(tournamentId))[0]?.status).toBe('taken');
		// both streams are stored
		expect(await db().events.where('stream').equals(first.id).count()).toBeGreaterThan(0);
		expect(await db().events.where('stream').equals(second.id).count()).toBeGreaterThan(0);
	});

	it('keeps the longest code of a waiting round: an earlier hand-in of it, scanned late, does not replace it', async () => {
		const { director, tournamentId, first, early, late } = await twoRoundsAtTableThree();
		on(director);
		await receive(first.bytes, DIRECTOR_ACCEPTS);
		await receive(late.bytes, DIRECTOR_ACCEPTS);
		expect(await receive(early.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict' }
		});
		const [pending] = await pendingBatches(tournamentId);
		expect(pending?.events).toBe(late.batch.events.length);
		expect(await decidePending(pending!, 'take', 'Ersatztablet')).toEqual({ ok: true, value: null });
	});

	it('cannot take a waiting round its tablet is still playing: the table keeps its result, the code waits', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[2]!);
		const first = await handIn((await playTable(assignments[2]!, 11)).id);
		await tabletAt(codes[2]!);
		const unfinished = await handIn(
			(await playTable(assignments[2]!, 12, { confirm: false, stopAfter: 9 })).id
		);
		if (!first.ok || !unfinished.ok) throw new Error('hand-in failed');
		on(director);
		await receive(first.value.bytes, DIRECTOR_ACCEPTS);
		await receive(unfinished.value.bytes, DIRECTOR_ACCEPTS);
		const [pending] = await pendingBatches(tournamentId);
		const before = await dumpTables(director);
		expect(await decidePending(pending!, 'take', 'Ersatztablet')).toEqual({
			ok: false,
			error: { code: 'cannot-take' }
		});
		expect(await dumpTables(director)).toEqual(before);
	});

	it('takes a waiting round all or nothing: a failure while storing it leaves the result and the decision as they were, and says so', async () => {
		const { director, tournamentId, pending } = await twoTabletsOneTable();
		const logBefore = await director.events.count();
		// The disk fails after the result would have been recorded.
		const put = vi.spyOn(director.rounds, 'put').mockRejectedValueOnce(new Error('QuotaExceededError'));
		expect(await decidePending(pending, 'take', 'Ersatztablet')).toEqual({
			ok: false,
			error: { code: 'storage', detail: 'QuotaExceededError' }
		});
		put.mockRestore();
		const loaded = await loadTournament(tournamentId);
		expect(loaded.ok && loaded.value.state.rounds[0]?.results[2]?.corrections).toEqual([]);
		expect(await director.events.count()).toBe(logBefore);
		expect((await pendingBatches(tournamentId))[0]?.status).toBe('open');
		// Once the disk works, the same decision goes through.
		expect(await decidePending(pending, 'take', 'Ersatztablet')).toEqual({ ok: true, value: null });
		const after = await loadTournament(tournamentId);
		expect(after.ok && after.value.state.rounds[0]?.results[2]?.corrections).toHaveLength(1);
	});

	it('takes a kept round only when its code still verifies under this tournament’s key and names its table', async () => {
		const { director, second, pending, codes } = await twoTabletsOneTable();
		const before = await dumpTables(director);
		// A kept code signed with another key (stored by anything but this import) is not taken.
		const forged = encodeBase45(
			await encodePayload({ kind: 'batch', batch: second.batch }, newTournamentKey())
		);
		expect(await decidePending({ ...pending, code: forged }, 'take', 'x')).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		// A kept code of another table than the row says.
		expect(await decidePending({ ...pending, table: 1 }, 'take', 'x')).toMatchObject({
			ok: false,
			error: { code: 'mismatch' }
		});
		// A kept code that is no result code at all (a table code).
		expect(await decidePending({ ...pending, code: encodeBase45(codes[0]!) }, 'take', 'x')).toEqual({
			ok: false,
			error: { code: 'wrong-kind', kind: 'assignment' }
		});
		// A code of a tablet that holds another table, kept by a version that did not note which: taken only
		// with a reason, and the refusal names the table the code is for.
		expect(await decidePending({ ...pending, reason: 'other-table' }, 'take', ' ')).toEqual({
			ok: false,
			error: { code: 'other-table-take', round: 1, table: 3, holds: { round: 1, table: 3 } }
		});
		expect(await dumpTables(director)).toEqual(before);
	});

	it('keeps a result that comes after the round locked, or that differs from one typed in, for the director', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const played = [];
		for (const table of [0, 1]) {
			await tabletAt(codes[table]!);
			const round = await playTable(assignments[table]!, 20 + table);
			const code = await handIn(round.id, { tablet: `Tisch ${table + 1} (blau)` });
			if (!code.ok) throw new Error(JSON.stringify(code.error));
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
		if (!lateCode.ok) throw new Error(JSON.stringify(lateCode.error));
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
		// The card of a result that differs names the tablet it came from; the late one named none.
		expect(waiting.map((p) => [p.table, p.tablet ?? null]).sort()).toEqual([
			[1, 'Tisch 1 (blau)'],
			[4, null]
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
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		// A tablet joins table 1 of round 1 and plays it, but hands in only after round 2 has started.
		await tabletAt(codes[0]!);
		const late = await playTable(assignments[0]!, 21);
		const code = await handIn(late.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
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
			expect(refused).toEqual({ ok: false, error: { code: 'locked-take', round: 1, table: 1, running: 2 } });
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

	it('refuses a round played with other rules or players than the desk handed out, writing nothing', async () => {
		const { director, tournamentId, assignments } = await directorWithTables();
		const master = keyFromText((await knownTournament(tournamentId))!.key!)!;
		const key = await tableKey(master, tournamentId, 1, 2);
		const seated = assignments[1]!.players.map((p) => p.name);
		const before = await dumpTables(director);
		for (const [players, rules, difference] of [
			[seated, CLASSIC, { what: 'preset', got: 'classic', want: 'tournament' }],
			[[...seated, 'Gast'], TOURNAMENT, { what: 'players', got: 4, want: 3 }],
			[[seated[1]!, seated[0]!, seated[2]!], TOURNAMENT, { what: 'seat-order' }]
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
			expect(refused).toEqual({
				ok: false,
				error: { code: 'setup-differs', round: 1, table: 2, difference }
			});
		}
		expect(await dumpTables(director)).toEqual(before);
	});

	it('hands in a round by seat: the director reads back exactly the tablet’s names, as seated when handed out', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		expect(assignments[0]!.revision).toBe(14); // created, 12 players, round 1
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 5);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
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
});

/**
 * Table 3 of round 1: the first tablet's round taken, and a second tablet's round handed in early (after 9
 * actions) and kept for the director (`other-stream`); `late`: that round played out, not handed in yet.
 * `signed`: another version of the second round, signed with table 3's key (as anyone who holds its table
 * code can).
 */
async function waitingRound() {
	const scene = await twoRoundsAtTableThree();
	const { director, assignments, first, early, late } = scene;
	on(director);
	expect((await receive(first.bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
	expect(await receive(early.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
		ok: true,
		value: { conflict: 'other-stream' }
	});
	const signed = (events: readonly SyncEvent[]) =>
		encodePayload({ kind: 'batch', batch: { ...late.batch, events } }, assignments[2]!.key);
	return { ...scene, signed };
}

/**
 * Table 3 of round 1, handed in by two tablets, none received yet: `first`, the first tablet's round played
 * and confirmed; `early`, the second tablet's round after 9 actions; `late`, that round played out.
 */
async function twoRoundsAtTableThree() {
	const scene = await directorWithTables();
	const { assignments, codes } = scene;
	await tabletAt(codes[2]!);
	const first = await handIn((await playTable(assignments[2]!, 11)).id);
	await tabletAt(codes[2]!);
	const second = await playTable(assignments[2]!, 12, { confirm: false, stopAfter: 9 });
	const early = await handIn(second.id);
	await second.finish();
	const late = await handIn(second.id);
	if (!first.ok || !early.ok || !late.ok) throw new Error('hand-in failed');
	return { ...scene, first: first.value, early: early.value, late: late.value };
}

/** The batches the desk keeps for a tournament: where, which code, how many events, what became of them. */
const keptRows = async (tournamentId: string) =>
	(await pendingBatches(tournamentId))
		.map(({ stream, slot, code, events, reason, status }) => ({ stream, slot, code, events, reason, status }))
		.sort((a, b) => (a.slot ?? '').localeCompare(b.slot ?? ''));

describe('sync storage: the codes of a round that waits for the director', () => {
	it('replaces the code kept only by a longer one of its round; one no longer, though it adds events, changes nothing', async () => {
		const { tournamentId, early, late, signed } = await waitingRound();
		const events = late.batch.events;
		const n = early.batch.events.length;
		const waiting = [
			{
				stream: early.batch.stream,
				slot: undefined,
				code: encodeBase45(early.bytes),
				events: n,
				reason: 'other-stream',
				status: 'open'
			}
		];
		expect(await keptRows(tournamentId)).toEqual(waiting);
		// The next action after the kept ones, with the start only (2 events), or with all kept ones but one (n).
		for (const version of [
			[events[0]!, events[n]!],
			[...events.slice(0, n - 1), events[n]!]
		]) {
			expect(await receive(await signed(version), DIRECTOR_ACCEPTS)).toMatchObject({
				ok: true,
				value: { result: 'conflict', conflict: 'other-stream' }
			});
			expect(await keptRows(tournamentId)).toEqual(waiting);
		}
		// The round played out: it replaces the early code.
		expect(await receive(late.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict' }
		});
		expect(await keptRows(tournamentId)).toEqual([
			{ ...waiting[0]!, code: encodeBase45(late.bytes), events: events.length }
		]);
	});

	it('keeps another version of a waiting round beside it, growing in its own slot; a restored desk keeps both where they were', async () => {
		const { tournamentId, early, signed } = await waitingRound();
		const events = early.batch.events;
		const last = events.at(-1)!;
		// The last action taken back instead (the same event id, other content), then that action played again.
		const undone = [...events.slice(0, -1), { ...last, body: { type: 'undo' } }];
		const again = [...undone, { ...last, seq: last.seq + 1, at: last.at + 1000, body: events.at(-2)!.body }];
		const [undoneCode, againCode] = [await signed(undone), await signed(again)];
		expect(await receive(undoneCode, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict' }
		});
		const [own, beside] = await keptRows(tournamentId);
		expect(own).toMatchObject({ slot: undefined, code: encodeBase45(early.bytes), events: events.length });
		expect(beside).toMatchObject({ code: encodeBase45(undoneCode), events: undone.length, status: 'open' });
		expect(beside?.slot?.startsWith(`${early.batch.stream}~`)).toBe(true);
		// Its longer code replaces it in its slot; the stream's own code stays.
		expect(await receive(againCode, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict' }
		});
		const kept = await keptRows(tournamentId);
		expect(kept).toEqual([own, { ...beside, code: encodeBase45(againCode), events: again.length }]);
		// The desk's file, restored on another device: each version waits where it waited.
		const file = await exportTournament(tournamentId);
		if (!file.ok) throw new Error(JSON.stringify(file.error));
		device('restored');
		expect((await receive(file.value, DIRECTOR_ACCEPTS)).ok).toBe(true);
		const restored = await keptRows(tournamentId);
		expect(restored.map(({ code, ...row }) => (void code, row))).toEqual(
			kept.map(({ code, ...row }) => (void code, row))
		);
	});

	it('keeps new events of a held round under another device key than its tablet’s for the director (`other-device`)', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[1]!);
		const round = await playTable(assignments[1]!, 7, { confirm: false, stopAfter: 6 });
		const early = await handIn(round.id);
		await round.finish();
		const late = await handIn(round.id);
		if (!early.ok || !late.ok) throw new Error('hand-in failed');
		on(director);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'added', conflict: null }
		});
		// The same round's next events, under the tablet's device id, from a device with a key of its own.
		const { publicKey: otherKey } = await newDeviceKeyPair();
		const copied = await encodePayload(
			{ kind: 'batch', batch: late.value.batch, deviceKey: otherKey },
			assignments[1]!.key
		);
		expect(await receive(copied, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 2, result: 'conflict', conflict: 'other-device', added: 0, reported: false }
		});
		expect(await keptRows(tournamentId)).toMatchObject([{ reason: 'other-device', status: 'open' }]);
		// The tablet's own code of them is taken.
		expect(await receive(late.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 2, result: 'added', reported: true }
		});
	});
});

describe('sync storage: what the desk keeps of a code, and what a take writes', () => {
	it('reads a kept code back only when it names the row’s round and stream, and says the stored row differs', async () => {
		const { director, pending } = await twoTabletsOneTable();
		const before = await dumpTables(director);
		const stored = { ok: false, error: { code: 'mismatch', what: 'stored' } };
		expect(await decidePending({ ...pending, round: 2 }, 'take', 'x')).toEqual(stored);
		expect(await decidePending({ ...pending, stream: 'r-other' }, 'take', 'x')).toEqual(stored);
		expect(await decidePending({ ...pending, table: 1 }, 'take', 'x')).toEqual(stored);
		expect(await decidePending({ ...pending, code: 'a' }, 'take', 'x')).toMatchObject({ ok: false });
		expect(await dumpTables(director)).toEqual(before);
	});

	it('keeps a row without tablet, holds or slot when the code named none', async () => {
		const { pending } = await twoTabletsOneTable();
		expect(Object.keys(pending).sort()).toEqual(
			[
				'code',
				'device',
				'events',
				'reason',
				'receivedAt',
				'round',
				'status',
				'stream',
				'table',
				'tournamentId'
			].sort()
		);
	});

	it('takes a kept round with its first event’s time and the decision’s, and its tablet’s name into the holding', async () => {
		const { director, pending, second } = await twoTabletsOneTable();
		expect(await decidePending({ ...pending, tablet: 'Ersatz' }, 'take', 'x', { now: 5_000 })).toEqual({
			ok: true,
			value: null
		});
		const row = await director.rounds.get(pending.stream);
		// (A code carries its times in whole seconds.)
		const first = Math.floor(second.batch.events[0]!.at / 1000) * 1000;
		expect(row).toMatchObject({ createdAt: first, updatedAt: 5_000 });
		expect(await director.held.toArray()).toEqual([
			{
				tournamentId: pending.tournamentId,
				round: 1,
				table: 3,
				stream: pending.stream,
				device: pending.device,
				tablet: 'Ersatz',
				deviceKey: expect.any(String)
			}
		]);
	});

	it('takes a kept round into a holding without tablet name or device key when its code carried none', async () => {
		const { director, pending, second, assignments } = await twoTabletsOneTable();
		const bare = encodeBase45(
			await encodePayload({ kind: 'batch', batch: second.batch }, assignments[2]!.key)
		);
		expect(await decidePending({ ...pending, code: bare }, 'take', 'x')).toEqual({ ok: true, value: null });
		const held = await director.held.toArray();
		expect(held.map((row) => Object.keys(row).sort())).toEqual([
			['device', 'round', 'stream', 'table', 'tournamentId']
		]);
	});

	it('leaves a kept code set aside as it is: a longer code of its round does not reopen or replace it', async () => {
		const { tournamentId, early, late } = await waitingRound();
		const [kept] = await pendingBatches(tournamentId);
		expect((await decidePending(kept!, 'set-aside', '')).ok).toBe(true);
		expect(await receive(late.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict' }
		});
		expect(await keptRows(tournamentId)).toEqual([
			{
				stream: early.batch.stream,
				slot: undefined,
				code: encodeBase45(early.bytes),
				events: early.batch.events.length,
				reason: 'other-stream',
				status: 'set-aside'
			}
		]);
	});

	it('holds a table by its first code: the tablet’s name and key kept, a later code of the round keeps them and waits for nothing', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[1]!);
		const round = await playTable(assignments[1]!, 7, { confirm: false, stopAfter: 6 });
		const early = await handIn(round.id, { tablet: 'Tisch 2' });
		await round.finish();
		const late = await handIn(round.id, { tablet: 'Umbenannt' });
		if (!early.ok || !late.ok) throw new Error('hand-in failed');
		on(director);
		const clock = vi.spyOn(Date, 'now').mockReturnValue(9_000_000);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'added', conflict: null, reported: false }
		});
		clock.mockRestore();
		const first = Math.floor(early.value.batch.events[0]!.at / 1000) * 1000;
		expect(await director.rounds.get(round.id)).toMatchObject({ createdAt: first, updatedAt: 9_000_000 });
		const holding = {
			tournamentId,
			round: 1,
			table: 2,
			stream: round.id,
			device: early.value.batch.events[0]!.device,
			tablet: 'Tisch 2',
			deviceKey: expect.any(String)
		};
		expect(await director.held.toArray()).toEqual([holding]);
		expect(await receive(late.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'added', conflict: null, reported: true }
		});
		expect(await director.held.toArray()).toEqual([holding]);
		expect(await director.pending.count()).toBe(0);
		// The same code again: nothing added, the digest still the round's.
		expect(await receive(late.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'unchanged', added: 0, conflict: null, digest: late.value.digest }
		});
	});

	it('holds a table without tablet name or device key when its first code carried none', async () => {
		const { director, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const code = await handIn((await playTable(assignments[0]!, 3)).id);
		if (!code.ok) throw new Error('hand-in failed');
		on(director);
		const bare = await encodePayload({ kind: 'batch', batch: code.value.batch }, assignments[0]!.key);
		expect(await receive(bare, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { reported: true } });
		const held = await director.held.toArray();
		expect(held.map((row) => Object.keys(row).sort())).toEqual([
			['device', 'round', 'stream', 'table', 'tournamentId']
		]);
	});

	it('keeps a code scanned again for the director when the desk corrected its table’s result by hand since', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const code = await handIn((await playTable(assignments[0]!, 3)).id);
		if (!code.ok) throw new Error('hand-in failed');
		on(director);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { reported: true }
		});
		const typed = assignments[0]!.players.map((p, i) => ({ player: p.id, points: 10 * i }));
		expect((await correctTableResult(tournamentId, 1, 1, typed, 'Tippfehler')).ok).toBe(true);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'unchanged', added: 0, reported: false, conflict: 'result-differs' }
		});
		expect(await pendingBatches(tournamentId)).toMatchObject([
			{ round: 1, table: 1, reason: 'result-differs', status: 'open' }
		]);
	});

	it('does not count an unfinished round as reported, though the table’s result was typed in by hand', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[1]!);
		const early = await handIn((await playTable(assignments[1]!, 7, { confirm: false, stopAfter: 6 })).id);
		if (!early.ok) throw new Error('hand-in failed');
		on(director);
		const typed = assignments[1]!.players.map((p, i) => ({ player: p.id, points: 10 * i }));
		expect((await reportTableResult(tournamentId, 1, 2, typed, { kind: 'hand' })).ok).toBe(true);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'added', conflict: null, reported: false }
		});
	});

	it('names the newest round started after a round as the one running, none after the last', () => {
		const state = { rounds: [1, 2, 3].map((number) => ({ number })) } as unknown as TournamentState;
		expect([1, 2, 3].map((round) => runningAfter(state, round))).toEqual([3, 3, null]);
	});
});
