import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AbsencePayload } from '../codecs/sync';
import { tableKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { dumpTables } from './fixture';
import { db, useDatabase } from './index';
import { receive } from './sync';
import { absenceDone, absenceViews, reportAbsence } from './sync-absences';
import { joinedTables, leaveTournament } from './sync-tablet';
import { loadTournament, recordEvents } from './tournaments';
import {
	closeDevices,
	directorKeyOf,
	directorWithTables,
	openRoundTwo,
	reportRoundOne,
	tabletAt
} from './sync-testing';

/**
 * Issue 17, „X fehlt“ reaches the desk: a table reports a missing player with a code signed by its table
 * key; the desk keeps it for the director and refuses, storing nothing, what it cannot be.
 */

afterEach(closeDevices);

const DESK = ['batch', 'tournament', 'absence'] as const;

/** When the tablet reports (whole seconds: the code carries seconds). */
const AT = Date.UTC(2026, 10, 22, 10);

/** The director, and a tablet named „Blau“ (or `tablet`) at table 2 that reports its second player missing. */
async function reported(tablet: { tablet?: string } = { tablet: 'Blau' }) {
	const { director, tournamentId, assignments, codes } = await directorWithTables();
	const device = await tabletAt(codes[1]!);
	const [joined] = await joinedTables();
	const missing = assignments[1]!.players[1]!;
	const bytes = await reportAbsence(joined!, missing.id, { ...tablet, now: AT });
	if (!bytes.ok) throw new Error(JSON.stringify(bytes.error));
	useDatabase(director);
	return {
		director,
		tablet: device,
		tournamentId,
		assignments,
		codes,
		missing,
		bytes: bytes.value,
		joined: joined!
	};
}

describe('a table reports a missing player', () => {
	it('reaches the desk as a report naming round, table, tablet and player; the same again changes nothing; „Erledigt“ marks it done', async () => {
		const { director, tournamentId, missing, bytes } = await reported();
		const before = await dumpTables(director);
		expect(await receive(bytes, DESK, { tournamentId })).toEqual({
			ok: true,
			value: { kind: 'absence', round: 1, table: 2, player: missing.id, added: true }
		});
		// Nothing in the tournament changes by itself: only the report is kept.
		const after = await dumpTables(director);
		expect(after.events).toEqual(before.events);
		expect(after.tournaments).toEqual(before.tournaments);
		const [view] = await absenceViews(tournamentId);
		expect(view).toMatchObject({
			name: missing.name,
			withdrawn: false,
			row: { round: 1, table: 2, player: missing.id, tablet: 'Blau', at: AT, status: 'open' }
		});
		expect(await receive(bytes, DESK, { tournamentId })).toMatchObject({ ok: true, value: { added: false } });
		expect(await dumpTables(director)).toEqual(after);
		expect(await absenceDone(view!.row)).toEqual({ ok: true, value: null });
		expect((await absenceViews(tournamentId))[0]?.row.status).toBe('done');
		// Done twice is still done; a report the desk does not keep is no table's.
		expect(await absenceDone(view!.row)).toEqual({ ok: true, value: null });
		expect(await absenceDone({ ...view!.row, table: 4 })).toMatchObject({
			ok: false,
			error: { code: 'unknown-table', round: 1, table: 4 }
		});
	});

	it('says on the card when the director has withdrawn the missing player', async () => {
		const { tournamentId, missing, bytes } = await reported();
		expect((await receive(bytes, DESK, { tournamentId })).ok).toBe(true);
		expect(
			await recordEvents(tournamentId, [{ type: 'player-withdrawn', player: missing.id, fromRound: 2 }])
		).toMatchObject({ ok: true });
		expect(await absenceViews(tournamentId)).toMatchObject([{ name: missing.name, withdrawn: true }]);
	});

	it('is refused, naming round and table and storing nothing: another table’s key, another tournament, a locked round, a player not at the table', async () => {
		const { director, tablet, tournamentId, assignments, missing, bytes, joined } = await reported();
		const report: AbsencePayload = {
			kind: 'absence',
			tournamentId,
			round: 1,
			table: 2,
			player: missing.id,
			device: 'k3x9a0b1c2d3',
			tablet: 'Blau',
			at: Date.UTC(2026, 10, 22, 10)
		};
		const key = (table: number) => assignments[table - 1]!.key;
		// The key the desk derives for a round and table the tournament does not have (yet).
		const master = await directorKeyOf(tournamentId);
		const keyAt = (round: number, table: number) => tableKey(master, tournamentId, round, table);
		// Table 1's key for table 2's report; table 2's key for a player who sits at table 1.
		const seatedElsewhere = assignments[0]!.players[0]!.id;
		const refusals: [Uint8Array, object][] = [
			[await encodePayload(report, key(1)), { code: 'forged', table: { round: 1, table: 2 } }],
			[
				await encodePayload({ ...report, player: seatedElsewhere }, key(2)),
				{ code: 'unseated-player', round: 1, table: 2, player: seatedElsewhere }
			],
			[
				await encodePayload({ ...report, player: 'p-99' }, key(2)),
				{ code: 'unseated-player', round: 1, table: 2, player: 'p-99' }
			],
			// Signed right, for a table round 1 does not have, and for round 2 before it is drawn.
			[
				await encodePayload({ ...report, table: 5 }, await keyAt(1, 5)),
				{ code: 'unknown-table', round: 1, table: 5 }
			],
			[
				await encodePayload({ ...report, round: 2 }, await keyAt(2, 2)),
				{ code: 'unknown-table', round: 2, table: 2 }
			]
		];
		const before = await dumpTables(director);
		for (const [code, error] of refusals) {
			expect(await receive(code, DESK, { tournamentId })).toEqual({ ok: false, error });
			expect(await dumpTables(director)).toEqual(before);
		}
		const other = await receive(bytes, DESK, { tournamentId: 't-anderes000000000' });
		expect(other).toEqual({
			ok: false,
			error: { code: 'other-tournament', id: tournamentId, round: false, at: { round: 1, table: 2 } }
		});
		expect(await receive(bytes, ['batch', 'tournament'])).toMatchObject({
			ok: false,
			error: { code: 'wrong-kind' }
		});
		expect(await dumpTables(director)).toEqual(before);
		// Round 2 has started: a report for round 1 comes too late.
		await reportRoundOne(tournamentId, assignments);
		await openRoundTwo(tournamentId);
		const locked = await dumpTables(director);
		const late = await receive(bytes, DESK, { tournamentId });
		expect(late).toEqual({ ok: false, error: { code: 'locked-absence', round: 1, table: 2, running: 2 } });
		expect(await dumpTables(director)).toEqual(locked);
		// The tablet itself refuses to report a player its table code did not seat.
		useDatabase(tablet);
		expect(await reportAbsence(joined, 'p-99')).toMatchObject({
			ok: false,
			error: { code: 'unseated-player', round: 1, table: 2, player: 'p-99' }
		});
	});

	it('keeps no tablet name for a report from a tablet that chose none', async () => {
		const { tournamentId, missing, bytes } = await reported({});
		expect((await receive(bytes, DESK, { tournamentId })).ok).toBe(true);
		const [view] = await absenceViews(tournamentId);
		expect(view?.row).toStrictEqual({
			tournamentId,
			round: 1,
			table: 2,
			player: missing.id,
			device: view!.row.device,
			at: AT,
			receivedAt: view!.row.receivedAt,
			status: 'open'
		});
	});

	it('cannot be signed by a tablet that left the tournament: it holds no key for the table any more', async () => {
		const { tablet, tournamentId, missing, joined } = await reported();
		useDatabase(tablet);
		expect(await leaveTournament(tournamentId)).toEqual({ ok: true, value: null });
		expect(await reportAbsence(joined, missing.id)).toEqual({
			ok: false,
			error: { code: 'unknown-tournament', id: tournamentId }
		});
	});

	it('still shows its reports, by the player’s id, when the tournament’s log does not read', async () => {
		const { tournamentId, missing, bytes } = await reported();
		expect((await receive(bytes, DESK, { tournamentId })).ok).toBe(true);
		// A damaged event in the log (as tournaments.test.ts damages it): the tournament does not load.
		await db().events.add({
			id: 'x:1',
			device: 'x',
			seq: 1,
			stream: tournamentId,
			kind: 'tournament',
			at: 9999,
			type: 'table-reported',
			body: { type: 'table-reported', id: 'e-x', at: 'now', round: 1, table: 1, scores: 'lots' }
		});
		expect(await loadTournament(tournamentId)).toMatchObject({ ok: false });
		expect(await absenceViews(tournamentId)).toMatchObject([
			{ name: missing.id, withdrawn: false, row: { player: missing.id, status: 'open' } }
		]);
	});

	it('„Erledigt“ on a report done already writes nothing: it goes through while the disk refuses writes', async () => {
		const { director, tournamentId, bytes } = await reported();
		expect((await receive(bytes, DESK, { tournamentId })).ok).toBe(true);
		const [view] = await absenceViews(tournamentId);
		expect(await absenceDone(view!.row)).toEqual({ ok: true, value: null });
		const put = vi.spyOn(director.absences, 'put').mockRejectedValue(new Error('QuotaExceededError'));
		expect(await absenceDone(view!.row)).toEqual({ ok: true, value: null });
		put.mockRestore();
		expect((await absenceViews(tournamentId))[0]?.row.status).toBe('done');
	});
});
