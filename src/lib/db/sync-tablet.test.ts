import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { newSigningKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { dumpTables } from './fixture';
import { receive } from './sync';
import { currentStandings } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { handIn, joinedTables, joinNextTable } from './sync-tablet';
import {
	closeDevices,
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

	it('hands in the next round joined from the standings code by seat, as that code seated it', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
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
		const { assignments, codes, signing } = await directorWithTables();
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
		const { assignments, codes } = await directorWithTables();
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
