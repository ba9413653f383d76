import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableAssignment } from '../codecs/sync';
import { newDeviceKeyPair } from '../protocol/keys';
import { encodeBase45 } from '../protocol/base45';
import { replayBatch, tableScores } from '../protocol/merge';
import { decodePayload, encodePayload } from '../protocol/payload';
import type { RoundBatch } from '../protocol/sync-events';
import { finishingChoices, roundEvents } from '../protocol/testing';
import { deviceId, streamEvents } from './events';
import { db } from './index';
import { receive } from './sync';
import { decidePending, pendingBatches } from './sync-desk';
import { tableAssignments } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { holdingRow } from './sync-state';
import { handIn, joinedTables, joinNextTable } from './sync-tablet';
import {
	closeDevices,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	nextTableOf,
	on,
	playTable,
	roundOneByTablets,
	TABLET_ACCEPTS
} from './sync-testing';
import { loadTournament, reportTableResult } from './tournaments';

/**
 * Issue 24, case 2: a device id is no identity — anyone who saw a tablet's result code can write its id
 * and the sequence numbers it uses next into a round of his own. Two streams that claim the same device id
 * are two streams: the desk stores both, the director can take either, and its own writes go on.
 */

afterEach(closeDevices);

/** What a photographed table code gives away: everything it carries, the table key included. */
async function photographed(code: Uint8Array): Promise<TableAssignment> {
	const decoded = await decodePayload(code);
	if (!decoded.ok || decoded.value.payload.kind !== 'assignment') throw new Error('not a table code');
	return decoded.value.payload;
}

/** A confirmed round of a table written as `device` from sequence number `firstSeq` on, in its own stream. */
function roundAs(
	table: TableAssignment,
	device: string,
	firstSeq: number,
	stream: string,
	seed = 5
): RoundBatch {
	const events = roundEvents({
		players: table.players.map((p) => p.name),
		choices: finishingChoices([firstSeq, seed]),
		round: table.round,
		table: table.table,
		tournamentId: table.tournamentId,
		device,
		firstSeq
	});
	return { tournamentId: table.tournamentId, round: table.round, table: table.table, stream, events };
}

describe('a copied device id (issue 24, case 2)', () => {
	it('the director takes the tablet’s own round although a forger handed in first under its id and next numbers', async () => {
		const scene = await roundOneByTablets();
		const { tournamentId, standings, standingsCode } = scene;
		// The tablet of table 1 showed its round 1: its device id and its last sequence number are public.
		const shown = await decodePayload(scene.results[0]!, { seats: () => ['x', 'y', 'z', 'w'] });
		if (!shown.ok || shown.value.payload.kind !== 'batch') throw new Error('no result code');
		const last = shown.value.payload.batch.events.at(-1)!;
		// The forger photographed round 2's table code of table 1 and hands in a round of his own first,
		// under the tablet's id and its next numbers.
		on(scene.director);
		const round2 = await tableAssignments(tournamentId, 2);
		if (!round2.ok) throw new Error(JSON.stringify(round2.error));
		const photo = await photographed(await encodeAsDirector(tournamentId, round2.value.assignments[0]!));
		const forged = roundAs(photo, last.device, last.seq + 1, 'r-forged000000000');
		const tablet = shown.value.payload.tablet;
		const forgedCode = await encodePayload(
			{ kind: 'batch', batch: forged, ...(tablet ? { tablet } : {}) },
			photo.key
		);
		expect(await receive(forgedCode, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { round: 2, table: 1, result: 'added', reported: true }
		});
		// The tablet plays its round 2 (joined from the standings code) and hands it in: it waits.
		on(scene.tablets[0]!);
		expect((await receive(standingsCode, TABLET_ACCEPTS)).ok).toBe(true);
		const [current] = await joinedTables();
		expect((await joinNextTable(current!, nextTableOf(standings, 1))).ok).toBe(true);
		const played = await playTable({ ...photo, players: nextTableOf(standings, 1).players }, 12);
		const genuine = await handIn(played.id);
		if (!genuine.ok) throw new Error(JSON.stringify(genuine.error));
		expect(genuine.value.batch.events[0]).toMatchObject({ device: last.device, seq: last.seq + 1 });
		on(scene.director);
		expect(await receive(genuine.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { result: 'conflict', conflict: 'other-stream' }
		});
		// The director takes it: the tablet's totals are the table's result, and both streams stay whole.
		const [waiting] = (await pendingBatches(tournamentId)).filter((p) => p.status === 'open');
		expect(await decidePending(waiting!, 'take', 'Das ist das Tablet von Tisch 1')).toEqual({
			ok: true,
			value: null
		});
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error('no tournament');
		const seated = loaded.value.state.rounds[1]!.tables[0]!;
		expect(loaded.value.state.rounds[1]!.results[0]!.scores).toEqual(
			seated.map((player, seat) => ({ player, points: played.totals[seat] }))
		);
		expect((await streamEvents(genuine.value.batch.stream)).length).toBe(genuine.value.batch.events.length);
		expect((await streamEvents(forged.stream)).length).toBe(forged.events.length);
	}, 60_000);

	it('a round written under the desk’s own device id and next numbers does not stop the desk’s own writes', async () => {
		const { director, tournamentId, codes, assignments } = await directorWithTables();
		const desk = await deviceId();
		const seq = ((await db().meta.get('seq'))?.value as number) ?? 0;
		const photo = await photographed(codes[1]!);
		const forged = roundAs(photo, desk, seq + 1, 'r-forged000000001');
		const taken = await receive(
			await encodePayload({ kind: 'batch', batch: forged }, photo.key),
			DIRECTOR_ACCEPTS
		);
		// (The first code of a table is taken: the desk cannot tell a photographed code from its tablet.)
		expect(taken).toMatchObject({ ok: true, value: { table: 2, result: 'added' } });
		// The desk goes on writing its own log: a result typed in for table 3.
		on(director);
		const scores = assignments[2]!.players.map((p, i) => ({ player: p.id, points: 10 * i }));
		expect((await reportTableResult(tournamentId, 1, 3, scores, { kind: 'hand' })).ok).toBe(true);
		const loaded = await loadTournament(tournamentId);
		expect(loaded.ok && loaded.value.state.rounds[0]!.results[2]?.scores).toEqual(scores);
	});

	it(`property: whatever ids, numbers and order the codes claim, each decision works and the desk writes on (${RUNS} cases)`, async () => {
		const keys = [undefined, (await newDeviceKeyPair()).publicKey, (await newDeviceKeyPair()).publicKey];
		await fc.assert(
			fc.asyncProperty(
				fc.array(
					fc.record({
						stream: fc.constantFrom('r-collide00000001', 'r-collide00000002', 'r-collide00000003', LOG),
						device: fc.constantFrom('tablet000001', 'tablet000002', DESK),
						firstSeq: fc.constantFrom(1, 2, 40, NEXT),
						seed: fc.nat(40),
						key: fc.nat(2)
					}),
					{ minLength: 2, maxLength: 4 }
				),
				fc.array(fc.boolean(), { minLength: 4, maxLength: 4 }),
				async (codes, takes) => {
					try {
						await collide(codes, takes, keys);
					} finally {
						await closeDevices();
					}
				}
			),
			{ numRuns: RUNS }
		);
	}, 600_000);
});

const RUNS = Number(process.env.SYNC_IDENTITY_RUNS ?? 30);
/** Stand-ins of the generated cases, replaced by the desk's own values: its device id, its next number, its log. */
const DESK = 'desk';
const NEXT = -1;
const LOG = 'log';

/** What a refused code may say: altered, older, no round, or a stream id stored as something else. */
const REFUSALS = ['inconsistent', 'invalid', 'superseded', 'stream-elsewhere'];

/**
 * One case: rounds of table 1 under the claimed streams, device ids and first numbers (the desk's own
 * among them), signed with table 1's key and handed in in this order; then the director takes every round
 * that waits (`takes`: or sets it aside first, then takes it anyway). Nothing throws; every take records
 * that round's totals and makes its stream the table's, whole; the desk's own next write goes through.
 */
async function collide(
	codes: { stream: string; device: string; firstSeq: number; seed: number; key: number }[],
	takes: boolean[],
	keys: (Uint8Array | undefined)[]
): Promise<void> {
	const { tournamentId, codes: tableCodes, assignments } = await directorWithTables();
	const desk = await deviceId();
	const next = (((await db().meta.get('seq'))?.value as number) ?? 0) + 1;
	const photo = await photographed(tableCodes[0]!);
	// Each round by the code the desk keeps of it.
	const rounds = new Map<string, RoundBatch>();
	for (const claim of codes) {
		const stream = claim.stream === LOG ? tournamentId : claim.stream;
		const claimed = roundAs(
			photo,
			claim.device === DESK ? desk : claim.device,
			claim.firstSeq === NEXT ? next : claim.firstSeq,
			stream,
			claim.seed
		);
		const deviceKey = keys[claim.key];
		const bytes = await encodePayload(
			{ kind: 'batch', batch: claimed, ...(deviceKey ? { deviceKey } : {}) },
			photo.key
		);
		rounds.set(encodeBase45(bytes), claimed);
		const result = await receive(bytes, DIRECTOR_ACCEPTS);
		if (!result.ok) expect(REFUSALS).toContain(result.error.code);
	}
	const waiting = (await pendingBatches(tournamentId)).filter((p) => p.status === 'open');
	for (const [i, pending] of waiting.entries()) {
		if (takes[i] === false) {
			expect(await decidePending(pending, 'set-aside', '')).toEqual({ ok: true, value: null });
		}
		const taken = await decidePending(
			{ ...pending, status: 'open' },
			'take',
			'Entscheidung der Turnierleitung'
		);
		if (pending.stream === tournamentId) {
			expect(taken).toMatchObject({ ok: false, error: { code: 'stream-elsewhere' } });
			continue;
		}
		expect(taken).toEqual({ ok: true, value: null });
		// The table's result is this round's, its stream holds every event of it, and the table is its.
		const batch = rounds.get(pending.code)!;
		const round = replayBatch(batch.events);
		if (!round.ok) throw new Error('a taken round that does not replay');
		const loaded = await loadTournament(tournamentId);
		if (!loaded.ok) throw new Error('no tournament');
		expect(loaded.value.state.rounds[0]!.results[0]!.scores).toEqual(tableScores(round.value, photo.players));
		// (Under a stream of its own when another version of its stream is stored: `<stream>~<digest>`.)
		const held = (await holdingRow(tournamentId, 1, 1))!.stream;
		expect(held === pending.stream || held.startsWith(`${pending.stream}~`)).toBe(true);
		const stored = new Set((await streamEvents(held)).map((e) => `${e.device}:${e.seq}:${e.type}`));
		for (const event of batch.events)
			expect(stored.has(`${event.device}:${event.seq}:${event.type}`)).toBe(true);
	}
	// The desk's own log goes on: table 2's result typed in.
	const table2 = assignments[1]!.players.map((p, i) => ({ player: p.id, points: 5 * i }));
	expect((await reportTableResult(tournamentId, 1, 2, table2, { kind: 'hand' })).ok).toBe(true);
}
