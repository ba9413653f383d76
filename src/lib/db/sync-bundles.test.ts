import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { replay, type TournamentEvent } from '../domain/tournament';
import type { PendingBatch, TournamentBundle } from '../codecs/sync';
import { LIMITS } from '../domain/limits';
import { newTournamentKey } from '../protocol/hmac';
import { newSigningKey } from '../protocol/keys';
import { decodePayload, encodePayload } from '../protocol/payload';
import type { RoundBatch } from '../protocol/sync-events';
import { dumpTables } from './fixture';
import { receive } from './sync';
import { board } from './sync-board';
import { exportTournament } from './sync-bundles';
import { decidePending, pendingBatches } from './sync-desk';
import { currentStandings } from './sync-handout';
import { handIn } from './sync-tablet';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	eventCount,
	handedIn,
	NAMES,
	on,
	openRoundTwo,
	playTable,
	tabletAt
} from './sync-testing';
import { reportTableResult } from './tournaments';

afterEach(closeDevices);

/** A tournament file made by anyone (its own fresh key, self-signed) for a tournament new to this device. */
async function selfSignedFile(
	rounds: RoundBatch[],
	pending: RoundBatch[] = [],
	change: (bundle: TournamentBundle) => TournamentBundle = (bundle) => bundle
): Promise<Uint8Array> {
	const at = '2026-11-22T09:00:00.000Z';
	const log: TournamentEvent[] = [
		{ type: 'tournament-created', id: 'e-x', at, format: 'triominos', name: 'Fremd', date: '2026-11-22' },
		...NAMES.map((name, i): TournamentEvent => ({
			type: 'player-registered',
			id: `e-x${i}`,
			at,
			player: `p-${name}`,
			name
		}))
	];
	if (!replay(log).ok) throw new Error('log');
	const key = newTournamentKey();
	const signing = await newSigningKey();
	const events = log.map((event, i) => ({
		device: 'forger0000',
		seq: i + 1,
		at: 1,
		type: event.type,
		body: event
	}));
	return encodePayload(
		change({
			kind: 'tournament',
			tournamentId: FOREIGN,
			tournamentName: 'Fremd',
			key,
			signing: signing.privateKey,
			director: signing.publicKey,
			legacyThrough: 0,
			events,
			rounds,
			pending
		}),
		signing
	);
}

const FOREIGN = 't-fremd0000000000';

describe('sync storage: tournament files', () => {
	it('refuses a self-signed tournament file that carries rounds of another tournament, writing nothing', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const played = await handIn((await playTable(assignments[0]!, 2)).id);
		if (!played.ok) throw new Error(JSON.stringify(played.error));
		on(director);
		const before = await dumpTables(director);
		for (const file of [
			await selfSignedFile([played.value.batch]),
			await selfSignedFile([], [played.value.batch])
		]) {
			const refused = await receive(file, DIRECTOR_ACCEPTS);
			expect(refused).toEqual({
				ok: false,
				error: { code: 'other-tournament', id: tournamentId, round: true, at: null }
			});
			expect(await dumpTables(director)).toEqual(before);
		}
	});

	// What a tournament file must be before anything of it is stored (checkBundle): each case a file of a
	// tournament new to this device, signed by the key it carries (a restore), that breaks one rule.
	/** `count` renames of the first player after the file's `after` events: a log as long as a file may carry. */
	const renames = (count: number, after: number) =>
		Array.from({ length: count }, (_, i) => ({
			device: 'forger0000',
			seq: after + i + 1,
			at: 1,
			type: 'player-renamed',
			body: {
				type: 'player-renamed',
				id: `e-r${i}`,
				at: '2026-11-22T09:00:00.000Z',
				player: `p-${NAMES[0]}`,
				name: `Name ${i}`
			}
		}));
	it.each([
		{
			case: 'no log for a tournament this device does not know (only a restore brings one)',
			change: (b: TournamentBundle) => ({ ...b, events: [] }),
			error: { code: 'unknown-tournament', id: FOREIGN }
		},
		{
			case: 'an event twice under one id',
			change: (b: TournamentBundle) => ({ ...b, events: [...b.events, b.events[1]!] }),
			error: { code: 'duplicate-id', id: 'forger0000:2' }
		},
		{
			case: 'an event whose type is not its body’s',
			change: (b: TournamentBundle) => ({
				...b,
				events: b.events.map((e, i) => (i === 2 ? { ...e, type: 'player-withdrawn' } : e))
			}),
			error: { code: 'invalid', why: 'shape', detail: 'player-withdrawn' }
		},
		{
			case: 'an event whose body is no tournament event',
			change: (b: TournamentBundle) => ({
				...b,
				events: b.events.map((e, i) =>
					i === 2 ? { ...e, body: { type: 'player-registered', id: 'e-Zoe' } } : e
				)
			}),
			error: { code: 'invalid', why: 'shape' }
		},
		{
			case: `more events than one file may carry (${LIMITS.eventsPerFile})`,
			change: (b: TournamentBundle) => ({
				...b,
				events: [...b.events, ...renames(LIMITS.eventsPerFile + 1 - b.events.length, b.events.length)]
			}),
			error: { code: 'too-large', what: 'events', limit: LIMITS.eventsPerFile }
		}
	])('refuses a tournament file with $case, and stores nothing', async ({ change, error }) => {
		const spare = device();
		on(spare);
		const refused = await receive(await selfSignedFile([], [], change), DIRECTOR_ACCEPTS);
		expect(refused).toMatchObject({ ok: false, error });
		expect(await eventCount(spare)).toBe(0);
	});

	it('takes the same file with one event fewer than the limit (the bound is the limit, not below it)', async () => {
		const spare = device();
		on(spare);
		const file = await selfSignedFile([], [], (b) => ({
			...b,
			events: [...b.events, ...renames(LIMITS.eventsPerFile - b.events.length, b.events.length)]
		}));
		const taken = await receive(file, DIRECTOR_ACCEPTS);
		expect(taken).toMatchObject({ ok: true, value: { kind: 'tournament' } });
	});

	it('a round’s file brings that round’s tables to a second desk that holds the tournament: taken and reported', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const before = await exportTournament(tournamentId);
		if (!before.ok) throw new Error(JSON.stringify(before.error));
		await tabletAt(codes[0]!);
		const code = await handIn((await playTable(assignments[0]!, 2)).id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		on(director);
		expect((await receive(code.value.bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
		const roundFile = await exportTournament(tournamentId, 1);
		if (!roundFile.ok) throw new Error(JSON.stringify(roundFile.error));
		const expected = await board(tournamentId, 1);

		// The second desk was set up from the whole file before any table reported.
		device('second-desk');
		expect((await receive(before.value, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect(await receive(roundFile.value, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { kind: 'tournament', events: 0, tables: 1 }
		});
		const shown = await board(tournamentId, 1);
		expect(shown.ok && shown.value.map((t) => [t.state, t.recorded])).toEqual(
			expected.ok && expected.value.map((t) => [t.state, t.recorded])
		);
		expect(shown.ok && shown.value[0]?.state).toBe('reported');
	});

	it('moves the whole tournament to another device by file, and refuses it altered', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		await tabletAt(codes[0]!);
		const played = await playTable(assignments[0]!, 2);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		on(director);
		await receive(code.value.bytes, DIRECTOR_ACCEPTS);
		const bundle = await exportTournament(tournamentId);
		if (!bundle.ok) throw new Error(JSON.stringify(bundle.error));
		const expected = await currentStandings(tournamentId);

		const spare = device();
		on(spare);
		const altered = bundle.value.slice();
		altered[altered.length - 3]! ^= 1;
		expect((await receive(altered, DIRECTOR_ACCEPTS)).ok).toBe(false);
		expect(await eventCount(spare)).toBe(0);
		expect(await receive(bundle.value, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { kind: 'tournament', tables: 1 }
		});
		const moved = await currentStandings(tournamentId);
		expect(moved.ok && expected.ok && moved.value.rows).toEqual(expected.ok && expected.value.rows);
		const tables = await board(tournamentId, 1);
		expect(tables.ok && tables.value.map((t) => t.state)).toEqual([
			'reported',
			'missing',
			'missing',
			'missing'
		]);
		// importing it again changes nothing
		const count = await eventCount(spare);
		expect(await receive(bundle.value, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { events: 0, tables: 0 }
		});
		expect(await eventCount(spare)).toBe(count);
	});
});

/**
 * A desk with a waiting code of every kind (issue 25, item 1): four tablets hand in table 3 of round 1 —
 * the first is taken, the second waits and is taken, the third is set aside, the fourth stays open; the
 * desk types in tables 1, 2 and 4 and draws round 2, and a tablet then hands in table 1, which waits
 * because its round is locked. Resolves with the desk's file of it as this version writes it, and as a
 * version before decisions were kept wrote it (the same file without them).
 */
async function decidedDesk() {
	const { director, tournamentId, assignments, codes, signing } = await directorWithTables();
	const table3: Uint8Array[] = [];
	for (const seed of [11, 12, 13, 14])
		table3.push(await handedIn(codes[2]!, assignments[2]!, seed, { tablet: `Tablet ${seed}` }));
	on(director);
	for (const bytes of table3) expect((await receive(bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
	const [second, third] = await pendingBatches(tournamentId).then((rows) =>
		rows.sort((a, b) => a.receivedAt - b.receivedAt)
	);
	expect(await decidePending(second!, 'take', 'Ersatztablet: Tisch einig')).toEqual({
		ok: true,
		value: null
	});
	expect(await decidePending(third!, 'set-aside', '')).toEqual({ ok: true, value: null });
	for (const table of [1, 2, 4]) {
		const scores = assignments[table - 1]!.players.map((p, seat) => ({ player: p.id, points: 10 * seat }));
		expect((await reportTableResult(tournamentId, 1, table, scores, { kind: 'hand' })).ok).toBe(true);
	}
	await openRoundTwo(tournamentId);
	const late = await handedIn(codes[0]!, assignments[0]!, 15);
	on(director);
	expect((await receive(late, DIRECTOR_ACCEPTS)).ok).toBe(true);
	const file = await exportTournament(tournamentId);
	if (!file.ok) throw new Error(JSON.stringify(file.error));
	const decoded = await decodePayload(file.value);
	if (!decoded.ok || decoded.value.payload.kind !== 'tournament') throw new Error('not a tournament file');
	const { decisions, ...older } = decoded.value.payload;
	expect(decisions).toHaveLength(4);
	return {
		director,
		tournamentId,
		assignments,
		file: file.value,
		older: await encodePayload(older, signing)
	};
}

/** The desk's waiting codes as the director sees them: table, decision, why, tablet, when (no code: a restored desk signs anew). */
const decisionsOf = async (tournamentId: string) =>
	(await pendingBatches(tournamentId))
		.map(({ code, ...row }: PendingBatch) => (void code, row))
		.sort((a, b) => a.round - b.round || a.table - b.table || a.stream.localeCompare(b.stream));

describe('sync storage: a desk restored from its file has decided what it had decided (issue 25, item 1)', () => {
	it('its waiting codes come back taken, set aside or open, with why they waited, their tablet and when they came', async () => {
		const { director, tournamentId, file } = await decidedDesk();
		const before = await decisionsOf(tournamentId);
		expect(before.map((d) => `${d.round}:${d.table} ${d.status} ${d.reason}`).sort()).toEqual([
			'1:1 open locked',
			'1:3 open other-stream',
			'1:3 set-aside other-stream',
			'1:3 taken other-stream'
		]);
		// Each code of table 3 came from a tablet that named itself: the restored desk names it too.
		expect(before.map((d) => d.tablet ?? null).sort()).toEqual(['Tablet 12', 'Tablet 13', 'Tablet 14', null]);
		device('restored');
		expect((await receive(file, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect(await decisionsOf(tournamentId)).toEqual(before);
		// The same file again changes nothing, not even the codes kept for the waiting rounds.
		const kept = await pendingBatches(tournamentId);
		expect((await receive(file, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect(await pendingBatches(tournamentId)).toEqual(kept);
		on(director);
		expect(await decisionsOf(tournamentId)).toEqual(before);
	});

	it('the round status shows each table’s players, its tablet and the codes set aside, round by round', async () => {
		const { tournamentId, assignments } = await decidedDesk();
		const first = await board(tournamentId, 1);
		if (!first.ok) throw new Error(JSON.stringify(first.error));
		expect(first.value.map((t) => t.players)).toEqual(assignments.map((a) => a.players.map((p) => p.name)));
		expect(first.value.map((t) => t.setAside)).toEqual([0, 0, 1, 0]);
		// Table 3's round came from a tablet that named itself; tables 1, 2 and 4 were entered by hand.
		expect(first.value.map((t) => t.tablet === null)).toEqual([true, true, false, true]);
		expect(first.value[2]?.tablet).toMatch(/^Tablet 1[1-4]$/);
		// Round 2 is drawn and nothing of it handed in: no tablet, nothing set aside.
		const second = await board(tournamentId, 2);
		if (!second.ok) throw new Error(JSON.stringify(second.error));
		expect(second.value.map((t) => [t.tablet, t.setAside, t.state])).toEqual(
			second.value.map(() => [null, 0, 'missing'])
		);
		expect(await board('t-unbekannt00000000', 1)).toMatchObject({ ok: false });
	});

	it('a round’s file carries that round’s tables and waiting codes only, and no log', async () => {
		const { tournamentId } = await decidedDesk();
		const contents = async (round: number) => {
			const file = await exportTournament(tournamentId, round);
			if (!file.ok) throw new Error(JSON.stringify(file.error));
			const decoded = await decodePayload(file.value);
			if (!decoded.ok || decoded.value.payload.kind !== 'tournament')
				throw new Error('not a tournament file');
			const { events, rounds, pending, decisions } = decoded.value.payload;
			return {
				events: events.length,
				rounds: rounds.map((batch) => `${batch.round}:${batch.table}`).sort(),
				pending: pending.map((batch) => `${batch.round}:${batch.table}`).sort(),
				decisions: decisions?.map((d) => d.status).sort()
			};
		};
		// Round 1: table 3 by its first tablet, the others by hand (no tablet's round); four codes wait.
		expect(await contents(1)).toEqual({
			events: 0,
			rounds: ['1:3'],
			pending: ['1:1', '1:3', '1:3', '1:3'],
			decisions: ['open', 'open', 'set-aside', 'taken']
		});
		expect(await contents(2)).toEqual({ events: 0, rounds: [], pending: [], decisions: [] });
	});

	it('a file of an older version (no decisions): the round its desk took is taken, the rest waits for the reason its table gives', async () => {
		const { director, tournamentId, older } = await decidedDesk();
		const before = await decisionsOf(tournamentId);
		const restoredAt = Date.now();
		device('restored');
		expect((await receive(older, DIRECTOR_ACCEPTS)).ok).toBe(true);
		const restored = await decisionsOf(tournamentId);
		// The held stream replays to the table's result: taken. A second stream at a table, or a code for a
		// table with no stream held after its round locked, waits as the desk would keep it now.
		expect(restored.map((d) => `${d.round}:${d.table} ${d.stream} ${d.status} ${d.reason}`)).toEqual(
			before.map(
				(d) => `${d.round}:${d.table} ${d.stream} ${d.status === 'taken' ? 'taken' : 'open'} ${d.reason}`
			)
		);
		for (const row of restored) expect(row.receivedAt).toBeGreaterThanOrEqual(restoredAt);
		// The desk that wrote the file keeps what it decided: a code it keeps already stays as it is.
		on(director);
		expect((await receive(older, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect(await decisionsOf(tournamentId)).toEqual(before);
	});
});
