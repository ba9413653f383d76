import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { newTournamentKey } from '../protocol/hmac';
import { tableKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { dumpTables } from './fixture';
import { receive } from './sync';
import { board } from './sync-board';
import { currentStandings } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { handIn, heldStandings, joinedTables, roundOfTable } from './sync-tablet';
import {
	closeDevices,
	DIRECTOR_ACCEPTS,
	directorKeyOf,
	directorWithTables,
	eventCount,
	on,
	playTable,
	TABLET_ACCEPTS,
	tabletAt
} from './sync-testing';
import { loadTournament } from './tournaments';

// The whole way of a round through `receive`: handed out, played, handed in, collected, standings back.
// The role modules' own cases: sync-tablet, sync-desk, sync-keys and sync-bundles tests.

afterEach(closeDevices);

/** The director's device taking every kind a code can be (the fuzz below). */
const DIRECTOR = ['assignment', 'batch', 'tournament'] as const;

describe('sync storage: a round passes from the tablets to the director and back', () => {
	it('hands out tables, collects all four tables, reports results and hands back standings', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		expect(assignments.map((a) => a.players.length)).toEqual([3, 3, 3, 3]); // 12 players: four 3-tables (000, binding table)
		const tablets = [];
		for (const [i, assignment] of assignments.entries()) {
			const tablet = await tabletAt(codes[i]!);
			const [joined] = await joinedTables();
			expect(joined).toMatchObject({ tournamentId, round: 1, table: i + 1 });
			const { id } = await playTable(assignment, 7 + i);
			expect((await roundOfTable(joined!))?.id).toBe(id);
			const result = await handIn(id);
			if (!result.ok) throw new Error(JSON.stringify(result.error));
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
		if (!standings.ok) throw new Error(JSON.stringify(standings.error));
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
		const { director, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const { id } = await playTable(assignments[0]!, 3, { confirm: false, stopAfter: 10 });
		const early = await handIn(id);
		if (!early.ok) throw new Error(JSON.stringify(early.error));
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
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const tablet = await tabletAt(codes[1]!);
		const { id, finish } = await playTable(assignments[1]!, 5, { confirm: false, stopAfter: 12 });
		const early = await handIn(id);
		if (!early.ok) throw new Error(JSON.stringify(early.error));
		// the tablet plays on, confirms and hands in again
		on(tablet);
		await finish();
		const more = await handIn(id);
		if (!more.ok) throw new Error(JSON.stringify(more.error));
		on(director);
		expect(await receive(more.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { reported: true }
		});
		const before = await eventCount(director);

		// the older code, scanned late: refused as superseded, with a reason
		const replayed = await receive(early.value.bytes, DIRECTOR_ACCEPTS);
		expect(replayed).toEqual({ ok: false, error: { code: 'superseded', table: 2 } });
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
		expect(refused).toMatchObject({ ok: false, error: { code: 'forged', table: { round: 1 } } });

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

	it('names a result code at a tablet as one that belongs at the desk (issue 26 item 6)', async () => {
		const { codes, assignments } = await directorWithTables();
		await tabletAt(codes[0]!);
		const result = await handIn((await playTable(assignments[0]!, 9)).id);
		if (!result.ok) throw new Error(JSON.stringify(result.error));
		// The tablet that made it, and another that never saw the tournament: neither knows the seats.
		for (const tablet of [null, codes[1]!]) {
			if (tablet) await tabletAt(tablet);
			expect(await receive(result.value.bytes, TABLET_ACCEPTS)).toEqual({
				ok: false,
				error: { code: 'wrong-kind', kind: 'batch' }
			});
		}
	});

	it('fuzz through the real import: mutated codes never write anything', async () => {
		const { director, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 9);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		on(director);
		const before = await eventCount(director);
		const stored = await dumpTables(director);
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
		expect(await dumpTables(director)).toEqual(stored);
	});
});
