import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { AbsencePayload, StandingsPayload, TableAssignment } from '../codecs/sync';
import { openNextRound } from '../domain/tournament';
import { sign } from '../protocol/hmac';
import { bytesFromText, newSigningKey, tableKey } from '../protocol/keys';
import { decodePayload, encodePayload } from '../protocol/payload';
import type { RoundBatch } from '../protocol/sync-events';
import { finishingChoices, roundEvents } from '../protocol/testing';
import { dumpTables } from './fixture';
import type { WertungsblattDB } from './schema';
import { receive } from './sync';
import { decidePending, pendingBatches } from './sync-desk';
import { currentStandings, tableAssignments } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { handIn, joinedTables, joinNextTable } from './sync-tablet';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorKeyOf,
	nextTableOf,
	on,
	openedDatabases,
	playTable,
	roundOneByTablets,
	TABLET_ACCEPTS
} from './sync-testing';
import { loadTournament, recordEvent, reportTableResult } from './tournaments';

/**
 * What each leaked artefact gives an attacker — the sentences of the trust model in docs/ARCHITECTURE.md,
 * one test each, through the real import path (`receive`, the tablet's `joinNextTable` and `handIn`).
 * The attacker is a player with a phone that runs the app: he photographs what is shown in the room.
 */

afterEach(closeDevices);

/**
 * On a tablet: reads a standings code, then joins its newest table's next round as that code seats it
 * ("Nächste Runde beginnen"): the outcome of the join.
 */
async function joinNext(tablet: WertungsblattDB, code: Uint8Array, standings: StandingsPayload, table = 0) {
	on(tablet);
	expect((await receive(code, TABLET_ACCEPTS)).ok).toBe(true);
	const [current] = await joinedTables();
	return joinNextTable(current!, nextTableOf(standings, table || current!.table));
}

/** What a photographed table code gives away: everything it carries, the table key included. */
async function photographed(code: Uint8Array): Promise<TableAssignment> {
	const decoded = await decodePayload(code);
	if (!decoded.ok || decoded.value.payload.kind !== 'assignment') throw new Error('not a table code');
	return decoded.value.payload;
}

/**
 * Every 16 bytes the attacker can make of what he holds: the table keys he photographed, and what the
 * standings code's bytes give with them the way the previous version unwrapped (XOR with HMAC(held key,
 * "next" ‖ round)) — at every offset of the code.
 */
async function candidateKeys(held: readonly Uint8Array[], standingsCode: Uint8Array, round: number) {
	const label = new TextEncoder().encode(`next\0${round}\0`);
	const candidates: Uint8Array[] = [...held];
	for (const key of held) {
		const pad = await sign(key, label, 32);
		for (let at = 0; at + 16 <= standingsCode.length; at++) {
			candidates.push(standingsCode.slice(at, at + 16).map((byte, i) => byte ^ pad[i]!));
		}
	}
	return candidates;
}

/** None of the candidates is the key of one of these tables of the round, as the desk derives it. */
async function expectNoKeyOf(
	candidates: readonly Uint8Array[],
	tournamentId: string,
	round: number,
	tables: readonly number[]
): Promise<void> {
	const hex = (key: Uint8Array) => Array.from(key, (b) => b.toString(16).padStart(2, '0')).join('');
	const made = new Set(candidates.map(hex));
	const master = await directorKeyOf(tournamentId);
	for (const table of tables) {
		expect(made.has(hex(await tableKey(master, tournamentId, round, table)))).toBe(false);
	}
}

/** A made-up, confirmed round 2 of a table, with its players as the standings code seats them. */
function forgedRound(tournamentId: string, standings: StandingsPayload, table: number): RoundBatch {
	const players = nextTableOf(standings, table).players.map((p) => p.name);
	const events = roundEvents({
		players,
		choices: finishingChoices([77]),
		round: 2,
		table,
		tournamentId,
		device: 'phone0000000'
	});
	return { tournamentId, round: 2, table, stream: 'r-phone0000000000', events };
}

describe('what one leaked artefact gives an attacker (the trust model)', () => {
	it('a photographed table code gives that table’s result of that round, and nothing of the next round', async () => {
		const scene = await roundOneByTablets();
		const { tournamentId, codes, standings, standingsCode } = scene;
		const photo = await photographed(codes[0]!);

		// The phone joins table 1 of round 1 from the photo and reads the standings code shown to the room …
		const phone = device('phone');
		expect((await receive(codes[0]!, TABLET_ACCEPTS)).ok).toBe(true);
		// … but cannot join table 1's round 2 from it: that key is for table 1's tablet only.
		expect(await joinNext(phone, standingsCode, standings)).toMatchObject({
			ok: false,
			error: { code: 'scan-table-code', round: 2 }
		});

		// Whatever key he makes of what he holds, his round 2 and his report of a missing player are refused.
		on(scene.director);
		const before = await dumpTables(scene.director);
		const batch = forgedRound(tournamentId, standings, 1);
		const absence: AbsencePayload = {
			kind: 'absence',
			tournamentId,
			round: 2,
			table: 1,
			player: nextTableOf(standings, 1).players[0]!.id,
			device: 'phone0000000',
			at: Date.now()
		};
		await expectNoKeyOf(await candidateKeys([photo.key], standingsCode, 2), tournamentId, 2, [1]);
		const result = await receive(await encodePayload({ kind: 'batch', batch }, photo.key), DIRECTOR_ACCEPTS);
		expect(result).toMatchObject({ ok: false, error: { code: 'forged' } });
		const report = await receive(await encodePayload(absence, photo.key), ['absence']);
		expect(report).toMatchObject({ ok: false, error: { code: 'forged' } });
		expect(await dumpTables(scene.director)).toEqual(before);

		// Table 1's own tablet joins round 2 from the same standings code and is recorded at once.
		const joined = await joinNext(scene.tablets[0]!, standingsCode, standings);
		expect(joined).toMatchObject({ ok: true, value: { kind: 'joined' } });
		const seated = nextTableOf(standings, 1).players;
		const played = await playTable({ ...scene.assignments[0]!, round: 2, players: seated }, 5);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		on(scene.director);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 2, table: 1, result: 'added', reported: true, conflict: null }
		});
	}, 60_000);

	it('a photographed standings code gives no table key, even with every table code of the round before', async () => {
		const scene = await roundOneByTablets();
		const { tournamentId, codes, standings, standingsCode } = scene;
		// Alone, the standings code is nothing to a device that never joined the tournament.
		const stranger = device('stranger');
		const before = await dumpTables(stranger);
		expect(await receive(standingsCode, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'unknown-tournament' }
		});
		expect(await dumpTables(stranger)).toEqual(before);

		// With every table code of round 1 photographed at hand-out: no table of round 2 joins …
		const photos = await Promise.all(codes.map(photographed));
		for (const [i, code] of codes.entries()) {
			const phone = device(`phone-${i}`);
			expect((await receive(code, TABLET_ACCEPTS)).ok).toBe(true);
			expect(await joinNext(phone, standingsCode, standings)).toMatchObject({
				ok: false,
				error: { code: 'scan-table-code' }
			});
		}
		// … and no key he makes of them is a key of round 2 (checked against the desk's own), so his rounds
		// signed with them are refused.
		on(scene.director);
		const candidates = await candidateKeys(
			photos.map((p) => p.key),
			standingsCode,
			2
		);
		await expectNoKeyOf(candidates, tournamentId, 2, [1, 2, 3, 4]);
		for (let table = 1; table <= codes.length; table++) {
			const batch = forgedRound(tournamentId, standings, table);
			for (const key of photos.map((p) => p.key)) {
				const result = await receive(await encodePayload({ kind: 'batch', batch }, key), DIRECTOR_ACCEPTS);
				expect(result).toMatchObject({ ok: false, error: { code: 'forged' } });
			}
		}
	}, 120_000);

	it('a stolen tablet gives its own table, and its next round only while the desk holds it as that table’s tablet', async () => {
		const scene = await roundOneByTablets();
		const { tournamentId, standings, standingsCode, assignments } = scene;
		const stolen = scene.tablets[0]!;

		// The thief has table 1's tablet: he joins table 1's round 2 as its tablet would, and hands it in first.
		on(stolen);
		expect((await receive(standingsCode, TABLET_ACCEPTS)).ok).toBe(true);
		const [held] = await joinedTables();
		// Another table's round 2 does not open with its device key.
		expect(await joinNextTable({ ...held!, table: 2 }, nextTableOf(standings, 2))).toMatchObject({
			ok: false
		});
		expect(await joinNextTable(held!, nextTableOf(standings, 1))).toMatchObject({ ok: true });
		const seated = nextTableOf(standings, 1).players;
		const thief = await handIn((await playTable({ ...assignments[0]!, round: 2, players: seated }, 31)).id);
		if (!thief.ok) throw new Error(JSON.stringify(thief.error));
		// Nothing it holds signs another table, or anything only the director sends.
		const [r1, r2] = [
			await photographed(scene.codes[0]!),
			(await joinedTables()).find((t) => t.round === 2)!
		];
		expect(r2.key).toBeDefined();
		on(scene.director);
		const batch2 = forgedRound(tournamentId, standings, 2);
		for (const key of [r1.key, bytesFromText(r2.key!)]) {
			const result = await receive(
				await encodePayload({ kind: 'batch', batch: batch2 }, key),
				DIRECTOR_ACCEPTS
			);
			expect(result).toMatchObject({ ok: false, error: { code: 'forged' } });
		}
		expect(await receive(thief.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 2, table: 1, result: 'added', reported: true }
		});

		// The players get a replacement tablet: the director hands it round 2's table code of table 1.
		const handed = await tableAssignments(tournamentId, 2);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		const table1 = await encodeAsDirector(tournamentId, handed.value.assignments[0]!);
		device('replacement');
		expect((await receive(table1, TABLET_ACCEPTS)).ok).toBe(true);
		const replacement = await handIn((await playTable(handed.value.assignments[0]!, 32)).id);
		if (!replacement.ok) throw new Error(JSON.stringify(replacement.error));
		const replacementDb = openedDatabases().at(-1)!;
		on(scene.director);
		expect(await receive(replacement.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict', conflict: 'other-stream' }
		});
		// The other tables of round 2 are typed in; round 3 is drawn.
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error('no tournament');
		const round2 = loaded.value.state.rounds[1]!;
		for (const [i, players] of round2.tables.entries()) {
			if (i === 0) continue;
			const scores = players.map((player, seat) => ({ player, points: 10 * seat }));
			expect((await reportTableResult(tournamentId, 2, i + 1, scores, { kind: 'hand' })).ok).toBe(true);
		}
		const drawn = await loadTournament(tournamentId);
		if (!drawn.ok) throw new Error('no tournament');
		const next = openNextRound(drawn.value.state, { id: 'x', at: 'x', seed: 'runde3' });
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		const { type, round, seed, tables } = next.value;
		expect(
			(await recordEvent(tournamentId, { type, round, seed, tables: tables.map((t) => [...t]) })).ok
		).toBe(true);
		// While the table's two codes wait for the director, round 3's key of table 1 goes to neither tablet.
		const contested = await currentStandings(tournamentId);
		if (!contested.ok) throw new Error(JSON.stringify(contested.error));
		const contestedCode = await encodeAsDirector(tournamentId, contested.value);
		for (const tablet of [stolen, replacementDb]) {
			expect(await joinNext(tablet, contestedCode, contested.value)).toMatchObject({
				ok: false,
				error: { code: 'scan-table-code' }
			});
		}
		// The director takes the replacement's round: from then on table 1's keys go to the replacement only.
		on(scene.director);
		const [waiting] = (await pendingBatches(tournamentId)).filter((p) => p.status === 'open');
		// (Round 2 is locked by round 3: taking it is the director's override.)
		const taken = await decidePending(waiting!, 'take', 'Tablet gestohlen, Ersatz', { override: true });
		expect(taken).toEqual({
			ok: true,
			value: null
		});
		const after = await currentStandings(tournamentId);
		if (!after.ok) throw new Error(JSON.stringify(after.error));
		const afterCode = await encodeAsDirector(tournamentId, after.value);
		expect(await joinNext(stolen, afterCode, after.value)).toMatchObject({
			ok: false,
			error: { code: 'scan-table-code' }
		});
		expect(await joinNext(replacementDb, afterCode, after.value)).toMatchObject({ ok: true });

		// No key on the tablet signs what only the director sends.
		on(stolen);
		const own = await newSigningKey();
		const forgedStandings = await encodePayload({ ...after.value, revision: after.value.revision + 5 }, own);
		expect(await receive(forgedStandings, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
	}, 120_000);
});
