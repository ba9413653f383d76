import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableAssignment } from '../codecs/sync';
import { dumpTables } from './fixture';
import { useDatabase } from './index';
import type { WertungsblattDB } from './schema';
import { receive } from './sync';
import { board } from './sync-board';
import { decidePending, pendingBatches } from './sync-desk';
import { tableAssignments } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { handIn, joinedTables } from './sync-tablet';
import {
	closeDevices,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	openRoundTwo,
	playTable,
	TABLET_ACCEPTS,
	tabletAt
} from './sync-testing';
import { loadTournament, reportTableResult } from './tournaments';

/**
 * Issue 17, "a device that does not own the table": the desk cannot see who scanned a table code, but it
 * knows which device holds which table. A device's first code for a table it should not hold waits for the
 * director (`other-table`); a device the desk has never seen still owns the table it hands in first.
 */

afterEach(closeDevices);

/** A tablet plays a joined table and hands it in under its name; resolves with the code. */
async function played(tablet: WertungsblattDB, assignment: TableAssignment, seed: number, name?: string) {
	useDatabase(tablet);
	const round = await playTable(assignment, seed);
	const code = await handIn(round.id, { tablet: name });
	if (!code.ok) throw new Error(JSON.stringify(code.error));
	return { bytes: code.value.bytes, totals: round.totals };
}

describe('a device that does not own the table', () => {
	it('a tablet holding table 1 of a round hands in table 2 of the same round: it waits, named by table and name, and is taken only with a reason', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const tablet = await tabletAt(codes[0]!);
		const own = await played(tablet, assignments[0]!, 11, 'Blau');
		// The same tablet joins table 2 as well (its players confirm the switch on the tablet).
		expect(await receive(codes[1]!, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({ ok: true });
		const other = await played(tablet, assignments[1]!, 12, 'Blau');
		useDatabase(director);
		expect(await receive(own.bytes, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { reported: true } });
		expect(await receive(other.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 1, table: 2, result: 'conflict', conflict: 'other-table', reported: false }
		});
		const [pending] = await pendingBatches(tournamentId);
		expect(pending).toMatchObject({
			round: 1,
			table: 2,
			reason: 'other-table',
			holds: { round: 1, table: 1 },
			tablet: 'Blau',
			status: 'open'
		});
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value.map((t) => [t.state, t.tablet])).toEqual([
			['reported', 'Blau'],
			['conflict', null],
			['missing', null],
			['missing', null]
		]);
		// Taken only with a reason: without one it is refused and nothing changes.
		const before = await dumpTables(director);
		const refused = await decidePending(pending!, 'take', '  ');
		expect(refused).toEqual({
			ok: false,
			error: { code: 'other-table-take', round: 1, table: 2, holds: { round: 1, table: 1 } }
		});
		expect(await dumpTables(director)).toEqual(before);
		expect(await decidePending(pending!, 'take', 'Tisch 2 hatte kein Tablet')).toEqual({
			ok: true,
			value: null
		});
		const loaded = await loadTournament(tournamentId);
		const result = loaded.ok ? loaded.value.state.rounds[0]?.results[1] : undefined;
		expect(result?.scores.map((s) => ('points' in s ? s.points : null))).toEqual([...other.totals]);
	});

	it('a tablet that held another table the round before, while this table’s holder then was another device, waits; the table’s own tablet and a fresh device are taken', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const a = await tabletAt(codes[0]!);
		const b = await tabletAt(codes[1]!);
		const round1 = [
			await played(a, assignments[0]!, 11, 'Blau'),
			await played(b, assignments[1]!, 12, 'Rot')
		];
		useDatabase(director);
		for (const code of round1)
			expect(await receive(code.bytes, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true });
		for (const table of [3, 4]) {
			const scores = assignments[table - 1]!.players.map((p, seat) => ({ player: p.id, points: 10 * seat }));
			expect((await reportTableResult(tournamentId, 1, table, scores, { kind: 'hand' })).ok).toBe(true);
		}
		await openRoundTwo(tournamentId);
		const handed = await tableAssignments(tournamentId);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		const next = handed.value.assignments;
		const nextCodes = await Promise.all(next.map((n) => encodeAsDirector(tournamentId, n)));
		// Tablet A (table 1 in round 1) joins table 2 of round 2; B, table 2's tablet, joins its own table.
		useDatabase(a);
		expect(await receive(nextCodes[1]!, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({ ok: true });
		const stray = await played(a, next[1]!, 13, 'Blau');
		useDatabase(b);
		expect(await receive(nextCodes[1]!, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({ ok: true });
		const own = await played(b, next[1]!, 14, 'Rot');
		// A device the desk has never seen hands in table 3 first: it owns the table.
		const fresh = await tabletAt(nextCodes[2]!);
		const replacement = await played(fresh, next[2]!, 15);
		useDatabase(director);
		expect(await receive(stray.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 2, table: 2, result: 'conflict', conflict: 'other-table' }
		});
		expect((await pendingBatches(tournamentId))[0]).toMatchObject({ holds: { round: 1, table: 1 } });
		expect(await receive(own.bytes, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { reported: true } });
		expect(await receive(replacement.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { reported: true, conflict: null }
		});
	});

	it('stamps a table code with the minute the desk made it, anew each time; the tablet keeps it with the table', async () => {
		const now = Date.UTC(2026, 10, 22, 10, 2, 30);
		const { tournamentId } = await directorWithTables();
		const minutes = async (at: number) => {
			const handed = await tableAssignments(tournamentId, undefined, at);
			if (!handed.ok) throw new Error(JSON.stringify(handed.error));
			return handed.value.assignments;
		};
		expect((await minutes(now)).map((a) => a.issuedAt)).toEqual(Array(4).fill(Math.floor(now / 60_000)));
		const later = await minutes(now + 80 * 60_000);
		expect(later[0]?.issuedAt).toBe(Math.floor(now / 60_000) + 80);
		await tabletAt(await encodeAsDirector(tournamentId, later[0]!));
		expect((await joinedTables())[0]?.issuedAt).toBe(Math.floor(now / 60_000) + 80);
	});
});
