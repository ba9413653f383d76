import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { keyFromText } from '../protocol/hmac';
import { encodePayload } from '../protocol/payload';
import { finishingChoices, roundEvents } from '../protocol/testing';
import { dumpTables, fixtureSchema } from './fixture';
import version2 from './fixtures/schema-v2.json';
import { db, useDatabase } from './index';
import { buildRawDatabase, rawPlan } from './raw-fixture';
import { receive } from './sync';
import { tableAssignments } from './sync-handout';
import { closeDevices, DIRECTOR_ACCEPTS, openDatabase, openRoundTwo } from './sync-testing';
import { knownTournament } from './tournament-keys';
import { loadTournament, reportTableResult } from './tournaments';

/**
 * Issue 24, case 4: the old master key ends at the upgrade. Every table code of the versions before
 * per-table keys carried the master key itself; a desk upgraded from such a key row takes results signed
 * with it for the rounds drawn before the upgrade, and for no round drawn after it — whether or not that
 * round's table codes were made yet.
 */

afterEach(closeDevices);

const fixture = fixtureSchema.parse(version2);
const TOURNAMENT = 't-60fu1xkb8ro5yser';
let counter = 0;

/** The version-2 fixture with the director's key row as the versions before per-table keys wrote it. */
async function upgradedDesk() {
	const rows = fixture.tables.tournamentKeys as { id: string; key?: string }[];
	const director = rows.find((row) => row.id === TOURNAMENT)!;
	const old = { id: TOURNAMENT, name: 'Herbstturnier Leipzig', key: director.key!, role: 'director' };
	const tables = {
		...fixture.tables,
		tournamentKeys: rows.map((row) => (row.id === TOURNAMENT ? old : row))
	};
	const name = `master-key-end-${++counter}`;
	await buildRawDatabase(rawPlan(name, { ...fixture, tables }));
	useDatabase(openDatabase(name));
	await db().open();
	return keyFromText(old.key)!;
}

/** A finished round of a table as the master key signs it (a table code of before per-table keys). */
async function masterResult(master: Uint8Array, round: number, table: number) {
	const loaded = await loadTournament(TOURNAMENT);
	if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
	const { state } = loaded.value;
	const seated = state.rounds.find((r) => r.number === round)!.tables[table - 1]!;
	const players = seated.map((id) => state.players.get(id)!.name);
	const events = roundEvents({
		players,
		choices: finishingChoices([5]),
		round,
		table,
		tournamentId: TOURNAMENT
	});
	const stream = `r-master0r${round}t${table}x`;
	const batch = { tournamentId: TOURNAMENT, round, table, stream, events };
	return { bytes: await encodePayload({ kind: 'batch', batch }, master), batch, state };
}

describe('the master key of a desk upgraded from before per-table keys (issue 24, case 4)', () => {
	it('counts the rounds drawn at the upgrade, and takes a master-key result for none drawn after it', async () => {
		const master = await upgradedDesk();
		// Rounds 1 and 2 were drawn before the upgrade: their table codes may have carried the master key.
		expect(await knownTournament(TOURNAMENT)).toMatchObject({ legacyThrough: 2 });
		const round2 = await masterResult(master, 2, 1);
		expect(await receive(round2.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 1, result: 'added', reported: true }
		});
		// Round 2's other tables by hand; the desk draws round 3 before it shows any code.
		const tables = round2.state.rounds.find((r) => r.number === 2)!.tables;
		for (const [i, seated] of tables.entries()) {
			if (i === 0) continue;
			const result = seated.map((player, seat) => ({ player, points: 10 * seat }));
			expect((await reportTableResult(TOURNAMENT, 2, i + 1, result, { kind: 'hand' })).ok).toBe(true);
		}
		await openRoundTwo(TOURNAMENT);
		// Round 3's result under the master key: refused before its table codes are made …
		const round3 = await masterResult(master, 3, 1);
		const before = await dumpTables(db());
		expect(await receive(round3.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		expect(await dumpTables(db())).toEqual(before);
		// … and after.
		const handed = await tableAssignments(TOURNAMENT);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		expect(handed.value.round.number).toBe(3);
		expect(await knownTournament(TOURNAMENT)).toMatchObject({ legacyThrough: 2 });
		expect(await receive(round3.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		// Round 3's own table key is taken.
		const key = handed.value.assignments[0]!.key;
		const genuine = await encodePayload({ kind: 'batch', batch: round3.batch }, key);
		expect(await receive(genuine, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 1, result: 'added', reported: true }
		});
	});

	it('leaves a key row of per-table keys as it is, and a tablet’s row without legacy rounds', async () => {
		const name = `master-key-kept-${++counter}`;
		await buildRawDatabase(rawPlan(name, fixture));
		useDatabase(openDatabase(name));
		await db().open();
		const rows = fixture.tables.tournamentKeys as { id: string }[];
		expect(await db().tournamentKeys.toArray()).toEqual(rows);
	});
});
