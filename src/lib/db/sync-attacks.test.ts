import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandingsPayload, TableAssignment, TournamentBundle } from '../codecs/sync';
import { LIMITS } from '../domain/limits';
import type { Problem } from '../domain/result';
import { TOURNAMENT } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import { newTournamentKey } from '../protocol/hmac';
import { newSigningKey, type SigningKey } from '../protocol/keys';
import { decodePayload, encodePayload, type Payload } from '../protocol/payload';
import type { RoundBatch, SyncEvent } from '../protocol/sync-events';
import { finishingChoices, roundEvents, withOtherS } from '../protocol/testing';
import { dumpTables } from './fixture';
import { useDatabase } from './index';
import { receive } from './sync';
import { decidePending, pendingBatches } from './sync-desk';
import { exportTournament } from './sync-bundles';
import { currentStandings, tableAssignments } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { handIn, heldStandings } from './sync-tablet';
import {
	closeDevices,
	device,
	directedTournament,
	DIRECTOR_ACCEPTS,
	NAMES,
	openedDatabases,
	playTable,
	TABLET_ACCEPTS
} from './sync-testing';
import { loadTournament } from './tournaments';

/**
 * Issue "A table speaks only for itself": each attack of its list, by someone who photographed a table
 * code and so holds that table's key, through the real import path (`receive`, as the exchange screens
 * and the tablet's join use it). Each is refused, or becomes the director's decision, and changes nothing
 * else.
 */

afterEach(closeDevices);

/** The director's tournament (12 players, round 1: four tables of 3) and its four table codes. */
async function tournament() {
	const director = device();
	const tournamentId = await directedTournament(NAMES);
	const handed = await tableAssignments(tournamentId);
	if (!handed.ok) throw new Error(JSON.stringify(handed.error));
	const { assignments } = handed.value;
	const codes = await Promise.all(assignments.map((a) => encodeAsDirector(tournamentId, a)));
	return { director, tournamentId, assignments, codes };
}

/** What a photographed table code gives away: everything it carries, the key included. */
async function photographed(code: Uint8Array): Promise<TableAssignment> {
	const decoded = await decodePayload(code);
	if (!decoded.ok || decoded.value.payload.kind !== 'assignment') throw new Error('not a table code');
	return decoded.value.payload;
}

/** The forger signs with what he holds: the stolen table key, or an ECDSA key of his own. */
const forge = (payload: Payload, key: Uint8Array | SigningKey) => encodePayload(payload, key);

/** A refusal, named by its code. */
function expectRefused(result: { ok: boolean; error?: Problem }, code?: string): void {
	expect(result.ok).toBe(false);
	if (code) expect(result.error?.code).toBe(code);
	else expect(result.error?.code).toMatch(/^[a-z]+(-[a-z0-9]+)*$/);
}

async function tournamentLog(tournamentId: string): Promise<SyncEvent[]> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
	return loaded.value.events.map((event, i) => ({
		device: 'forger00',
		seq: i + 1,
		at: Date.now(),
		type: event.type,
		body: event
	}));
}

describe('an attacker who holds a table key', () => {
	it('1: cannot write the director’s log with a tournament file signed by a table key or his own key', async () => {
		const { director, tournamentId, assignments, codes } = await tournament();
		const stolen = await photographed(codes[0]!);
		const at = new Date().toISOString();
		const rival = assignments[1]!.players[0]!.id;
		const injected = [
			{
				type: 'player-renamed',
				id: 'e-evil1',
				at,
				player: rival,
				name: '<img src=x onerror=alert(1)>\u202e'
			},
			{ type: 'player-withdrawn', id: 'e-evil2', at, player: rival, fromRound: 2 }
		];
		const events = injected.map((body, i) => ({
			device: 'forger00',
			seq: 100 + i,
			at: Date.now(),
			type: body.type,
			body
		}));
		const own = await newSigningKey();
		const bundle = (director: Uint8Array): TournamentBundle => ({
			kind: 'tournament',
			tournamentId,
			tournamentName: 'Herbstturnier',
			// Whatever key he has, in the field's length: the stolen table key.
			key: Uint8Array.from({ length: 32 }, (_, i) => stolen.key[i] ?? 0),
			signing: own.privateKey,
			director,
			legacyThrough: 0,
			events,
			rounds: [],
			pending: []
		});
		const before = await dumpTables(director);
		// Signed with the stolen table key, carrying the director's own public key from the table code …
		const withTableKey = await forge(bundle(stolen.director), stolen.key);
		expectRefused(await receive(withTableKey, DIRECTOR_ACCEPTS, { tournamentId }));
		// … or with a key of his own that he names in the file.
		const withOwnKey = await forge(bundle(own.publicKey), own);
		expectRefused(await receive(withOwnKey, DIRECTOR_ACCEPTS, { tournamentId }), 'key-mismatch');
		expect(await dumpTables(director)).toEqual(before);
		const loaded = await loadTournament(tournamentId);
		expect(loaded.ok && loaded.value.state.players.get(rival)?.name).toBe(assignments[1]!.players[0]!.name);
	});

	it('2: cannot sign another table’s result; a device that joined from a photographed code waits for the director', async () => {
		const { director, tournamentId, assignments, codes } = await tournament();
		const stolen = await photographed(codes[0]!);
		// Table 2's result, made up and signed with table 1's key.
		const table2 = assignments[1]!.players.map((p) => p.name);
		const events = roundEvents({ players: table2, choices: finishingChoices([5]), table: 2, tournamentId });
		const batch: RoundBatch = { tournamentId, round: 1, table: 2, stream: 'r-forged00000001', events };
		const before = await dumpTables(director);
		expectRefused(
			await receive(await forge({ kind: 'batch', batch }, stolen.key), DIRECTOR_ACCEPTS),
			'forged'
		);
		expect(await dumpTables(director)).toEqual(before);

		// Table 2's own tablet then hands in and is recorded at once.
		device();
		expect((await receive(codes[1]!, TABLET_ACCEPTS)).ok).toBe(true);
		const genuine = await handIn((await playTable(assignments[1]!, 6)).id);
		if (!genuine.ok) throw new Error(JSON.stringify(genuine.error));
		useDatabase(director);
		expect(await receive(genuine.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 2, result: 'added', reported: true }
		});

		// A fresh device that pasted table 2's photographed code can join it, but its round does not replace
		// the one handed in: it waits for the director.
		device();
		expect((await receive(codes[1]!, TABLET_ACCEPTS)).ok).toBe(true);
		const second = await handIn((await playTable(assignments[1]!, 7)).id);
		if (!second.ok) throw new Error(JSON.stringify(second.error));
		useDatabase(director);
		const recorded = await loadTournament(tournamentId);
		expect(await receive(second.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 2, result: 'conflict', reported: false }
		});
		const after = await loadTournament(tournamentId);
		expect(after.ok && after.value.state.rounds[0]!.results[1]).toEqual(
			recorded.ok && recorded.value.state.rounds[0]!.results[1]
		);
	});

	it('3: cannot continue a handed-in stream past what was handed in; the genuine final code is still taken', async () => {
		const { director, tournamentId, assignments, codes } = await tournament();
		const stolen = await photographed(codes[3]!);
		device();
		expect((await receive(codes[3]!, TABLET_ACCEPTS)).ok).toBe(true);
		const game = await playTable(assignments[3]!, 4, { confirm: false, stopAfter: 20 });
		const early = await handIn(game.id);
		if (!early.ok) throw new Error(JSON.stringify(early.error));
		const tablet = openedDatabases().at(-1)!;
		useDatabase(director);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 4, result: 'added', reported: false }
		});

		// The forger continues the same device and stream: every entry undone, a round of his own, confirmed.
		const held = early.value.batch.events;
		const last = held.at(-1)!;
		const players = assignments[3]!.players.map((p) => p.name);
		const own = playChoices(TOURNAMENT, players, 0, finishingChoices([99]));
		const undone = held.filter((e) => e.type === 'round.entry').length;
		const entries = [
			...Array.from({ length: undone }, () => ({ type: 'undo' })),
			...own.actions.map((action) => ({ type: 'act', action }))
		];
		const continued: SyncEvent[] = [
			...entries.map((body, i) => ({ ...last, seq: last.seq + 1 + i, type: 'round.entry', body })),
			{ ...last, seq: last.seq + 1 + entries.length, type: 'round.confirmed', body: {} }
		];
		const forged = { ...early.value.batch, events: [...held, ...continued] };
		const before = await loadTournament(tournamentId);
		expect(
			await receive(await forge({ kind: 'batch', batch: forged }, stolen.key), DIRECTOR_ACCEPTS)
		).toMatchObject({
			ok: true,
			value: { table: 4, result: 'conflict', conflict: 'rewrites', reported: false }
		});
		const after = await loadTournament(tournamentId);
		expect(after.ok && after.value.events.length).toBe(before.ok && before.value.events.length);

		// The genuine tablet finishes its round and hands in: taken, with its own totals.
		useDatabase(tablet);
		await game.finish();
		const final = await handIn(game.id);
		if (!final.ok) throw new Error(JSON.stringify(final.error));
		useDatabase(director);
		expect(await receive(final.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 4, result: 'added', reported: true }
		});
		const recorded = await loadTournament(tournamentId);
		const scores = recorded.ok ? recorded.value.state.rounds[0]!.results[3] : undefined;
		expect(scores).toBeDefined();
		expect(own.state.totals).not.toEqual(scores);
	});

	it('3: a continuation of a round that waits for a decision waits beside it, never in its place', async () => {
		const { director, tournamentId, assignments, codes } = await tournament();
		const stolen = await photographed(codes[2]!);
		const handed: RoundBatch[] = [];
		const bytes: Uint8Array[] = [];
		for (const seed of [11, 12]) {
			device();
			expect((await receive(codes[2]!, TABLET_ACCEPTS)).ok).toBe(true);
			const code = await handIn((await playTable(assignments[2]!, seed)).id);
			if (!code.ok) throw new Error(JSON.stringify(code.error));
			handed.push(code.value.batch);
			bytes.push(code.value.bytes);
		}
		useDatabase(director);
		for (const code of bytes) expect((await receive(code, DIRECTOR_ACCEPTS)).ok).toBe(true);
		const [waiting] = await pendingBatches(tournamentId);
		expect(waiting).toMatchObject({ table: 3, reason: 'other-stream', stream: handed[1]!.stream });
		// The forger continues the waiting code: the confirmation dropped, everything undone, more entries.
		const second = handed[1]!.events.filter((e) => e.type !== 'round.confirmed');
		const last = second.at(-1)!;
		const undos = second.filter((e) => e.type === 'round.entry').length;
		const continued = Array.from({ length: undos + 1 }, (_, i) => ({
			...last,
			seq: last.seq + 1 + i,
			type: i < undos ? 'round.entry' : 'round.confirmed',
			body: i < undos ? { type: 'undo' } : {}
		}));
		const forged = { ...handed[1]!, events: [...second, ...continued] };
		await receive(await forge({ kind: 'batch', batch: forged }, stolen.key), DIRECTOR_ACCEPTS);
		const kept = await pendingBatches(tournamentId);
		expect(kept.find((p) => p.stream === handed[1]!.stream && p.slot === undefined)?.code).toBe(
			waiting!.code
		);
		expect(kept).toHaveLength(2);
		// The director can still take the genuine one.
		expect(await decidePending(waiting!, 'take', 'Ersatztablet')).toEqual({ ok: true, value: null });
	});

	it('4: cannot lock tablets out of later standings or table codes with a high revision or round', async () => {
		const { director, tournamentId, assignments, codes } = await tournament();
		const stolen = await photographed(codes[0]!);
		const tablet = device();
		expect((await receive(codes[0]!, TABLET_ACCEPTS)).ok).toBe(true);
		const own = await newSigningKey();
		const standings: StandingsPayload = {
			kind: 'standings',
			tournamentId,
			tournamentName: 'Herbstturnier',
			afterRound: 1,
			revision: 10_000_000,
			rows: [],
			next: null
		};
		const before = await dumpTables(tablet);
		expectRefused(await receive(await forge(standings, stolen.key), TABLET_ACCEPTS));
		expectRefused(await receive(await forge(standings, own), TABLET_ACCEPTS), 'forged');
		// A table code of round 9999, with the stolen key or under a key of his own: no tournament has that
		// round, so the tablet does not even ask its players about his key (issue 24, case 3).
		const late = { ...stolen, round: 9999 };
		expectRefused(await receive(await forge(late, stolen.key), TABLET_ACCEPTS));
		expectRefused(
			await receive(await forge({ ...late, director: own.publicKey }, own), TABLET_ACCEPTS),
			'beyond-tournament'
		);
		expect(await dumpTables(tablet)).toEqual(before);
		// The director's own codes are still taken: its standings as newer, the round's table codes.
		useDatabase(director);
		const genuine = await currentStandings(tournamentId);
		if (!genuine.ok) throw new Error(JSON.stringify(genuine.error));
		const code = await encodeAsDirector(tournamentId, genuine.value);
		useDatabase(tablet);
		expect(await receive(code, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { newer: true } });
		expect((await heldStandings(tournamentId))?.revision).toBe(genuine.value.revision);
		// Another table's code of the round: taken once the players confirm the switch (issue 24, case 6).
		expect(await receive(codes[2]!, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({
			ok: true,
			value: { kind: 'joined' }
		});
		expect(assignments).toHaveLength(4);
	});

	it('6: the other s of a director’s signature is refused: a table code, standings and a file have one form', async () => {
		const { director, tournamentId, codes } = await tournament();
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error(JSON.stringify(standings.error));
		const standingsCode = await encodeAsDirector(tournamentId, standings.value);
		const file = await exportTournament(tournamentId);
		if (!file.ok) throw new Error(JSON.stringify(file.error));
		// (r, N − s) verifies under plain ECDSA as well as (r, s): anyone can make it from a photographed code.
		const tablet = device();
		const before = await dumpTables(tablet);
		expectRefused(await receive(withOtherS(codes[0]!), TABLET_ACCEPTS), 'forged');
		expect(await dumpTables(tablet)).toEqual(before);
		expect((await receive(codes[0]!, TABLET_ACCEPTS)).ok).toBe(true);
		const joined = await dumpTables(tablet);
		expectRefused(await receive(withOtherS(standingsCode), TABLET_ACCEPTS), 'forged');
		expect(await dumpTables(tablet)).toEqual(joined);
		expect(await receive(standingsCode, TABLET_ACCEPTS)).toMatchObject({ ok: true });
		// A device new to the tournament takes a backup only in the form its director signed.
		device();
		expectRefused(await receive(withOtherS(file.value), DIRECTOR_ACCEPTS));
		expect(await receive(file.value, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true });
		useDatabase(director);
	});

	it('5: a signed file beyond the bounds is refused with the reason and stores nothing', async () => {
		const { tournamentId } = await tournament();
		const log = await tournamentLog(tournamentId);
		const own = await newSigningKey();
		// The one door left to anyone: a tournament new to the device, signed by whoever made the file.
		const file = (events: SyncEvent[]): Promise<Uint8Array> =>
			forge(
				{
					kind: 'tournament',
					tournamentId: 't-fremd0000000000',
					tournamentName: 'Fremd',
					key: newTournamentKey(),
					signing: own.privateKey,
					director: own.publicKey,
					legacyThrough: 0,
					events,
					rounds: [],
					pending: []
				},
				own
			);
		const registered = log.find((e) => e.type === 'player-registered')!;
		const many = Array.from({ length: LIMITS.eventsPerFile + 1 }, (_, i) => ({ ...registered, seq: i + 1 }));
		let deep: unknown = 'x';
		for (let i = 0; i < 4000; i++) deep = [deep];
		const cases: [string, SyncEvent[], string][] = [
			['events per file', many, 'too-large'],
			[
				'a 5 MB field',
				[
					...log,
					{ ...registered, seq: 999, body: { ...(registered.body as object), note: 'x'.repeat(5_000_000) } }
				],
				'too-large'
			],
			['a 4000-deep body', [...log, { ...registered, seq: 999, body: { deep } }], 'too-large'],
			[
				'an id twice',
				[...log, { ...log[1]!, body: { ...(log[1]!.body as object), id: 'e-twice' } }],
				'duplicate-id'
			]
		];
		for (const [what, events, code] of cases) {
			const fresh = device();
			const before = await dumpTables(fresh);
			const refused = await receive(await file(events), DIRECTOR_ACCEPTS);
			expect({ what, code: refused.ok ? null : refused.error.code }).toEqual({ what, code });
			expectRefused(refused, code);
			expect(await dumpTables(fresh)).toEqual(before);
		}
	}, 60_000);
});
