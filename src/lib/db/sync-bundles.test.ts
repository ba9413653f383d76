import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { replay, type TournamentEvent } from '../domain/tournament';
import type { PendingBatch, TournamentBundle } from '../codecs/sync';
import { LIMITS } from '../domain/limits';
import { purchaseRound } from '../protocol/bounds-testing';
import { keyToText, newTournamentKey } from '../protocol/hmac';
import { bytesToText, newSigningKey, tableKey, type SigningKey } from '../protocol/keys';
import { decodePayload, encodePayload, type Decoded } from '../protocol/payload';
import { eventId, type RoundBatch, type SyncEvent } from '../protocol/sync-events';
import { DEVICE } from '../protocol/testing';
import { deviceId, streamEvents } from './events';
import { dumpTables } from './fixture';
import { receive } from './sync';
import { board } from './sync-board';
import { exportTournament, receiveBundle } from './sync-bundles';
import { decidePending, pendingBatches, pendingRound } from './sync-desk';
import { currentStandings, tableAssignments } from './sync-handout';
import { directorKeys, encodeAsDirector } from './sync-keys';
import { putPending, putTournamentKey } from './sync-state';
import { handIn } from './sync-tablet';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directedTournament,
	directorKeyOf,
	directorWithTables,
	eventCount,
	handedIn,
	NAMES,
	on,
	openRoundTwo,
	playTable,
	TABLET_ACCEPTS,
	tabletAt,
	twoTabletsOneTable,
	version1Records
} from './sync-testing';
import { knownTournament } from './tournament-keys';
import {
	correctTableResult,
	listTournaments,
	loadTournament,
	recordEvent,
	reportTableResult
} from './tournaments';

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
			// The detail is zod's own word on what is wrong (here: the name is missing).
			error: { code: 'invalid', why: 'shape', detail: expect.stringContaining('expected string') }
		},
		{
			case: 'a log that does not replay (a player registered twice)',
			change: (b: TournamentBundle) => ({
				...b,
				events: [
					...b.events,
					{
						...b.events[1]!,
						seq: b.events.length + 1,
						body: { ...(b.events[1]!.body as TournamentEvent), id: 'e-again' }
					}
				]
			}),
			error: {
				code: 'invalid',
				why: 'rule',
				problem: { code: 'duplicate-player', id: `p-${NAMES[0]}` },
				entry: null
			}
		},
		{
			case: `a name longer than a name may be (${LIMITS.nameLength} characters)`,
			change: (b: TournamentBundle) => ({
				...b,
				events: b.events.map((e, i) =>
					i === 1 ? { ...e, body: { ...(e.body as TournamentEvent), name: 'x'.repeat(64) } } : e
				)
			}),
			error: {
				code: 'invalid',
				why: 'rule',
				problem: { code: 'name-too-long', name: 'x'.repeat(64), length: 64, max: LIMITS.nameLength },
				entry: null
			}
		},
		{
			case: 'a waiting round whose header names another table than its start does',
			change: (b: TournamentBundle) => ({ ...b, pending: [{ ...purchaseRound(FOREIGN, 3), table: 2 }] }),
			error: {
				code: 'mismatch',
				what: 'table',
				named: { round: 1, table: 2 },
				found: { round: 1, table: 1 }
			}
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

/** A tournament file as the import takes it: decoded, its bundle read. */
async function readFile(bytes: Uint8Array): Promise<Decoded<TournamentBundle>> {
	const decoded = await decodePayload(bytes);
	if (!decoded.ok || decoded.value.payload.kind !== 'tournament') throw new Error('not a tournament file');
	return decoded.value as Decoded<TournamentBundle>;
}

/** A file changed and signed again with the director's key: what only the director's device could write. */
async function rewritten(
	bytes: Uint8Array,
	signing: SigningKey,
	change: (bundle: TournamentBundle) => TournamentBundle
): Promise<Uint8Array> {
	return encodePayload(change((await readFile(bytes)).payload), signing);
}

/** The director's file of a tournament; throws when there is none. */
async function fileOf(tournamentId: string, round?: number): Promise<Uint8Array> {
	const file = await exportTournament(tournamentId, round);
	if (!file.ok) throw new Error(JSON.stringify(file.error));
	return file.value;
}

/** A tournament's key row as a tablet of an older version wrote it: the master key, no director's key. */
const olderTablet = (id: string, name: string, key: string) =>
	putTournamentKey({ id, name, key, role: 'table' });

/** What identifies a round's events in a code: ids and content (a code carries times only to the second). */
const contentOf = (events: readonly SyncEvent[]) => events.map((e) => [eventId(e), e.type, e.body]);

const RESTORED_AT = Date.parse('2026-11-22T15:04:00Z');

describe('sync storage: exporting a tournament file', () => {
	it('makes no file of a tournament this device does not store', async () => {
		device();
		expect(await exportTournament('t-unbekannt00000000')).toEqual({
			ok: false,
			error: { code: 'no-tournament', id: 't-unbekannt00000000' }
		});
	});

	it('leaves out a kept code that does not read back (a row of version 1), and keeps the rest of the file', async () => {
		device();
		const tournamentId = await directedTournament(NAMES);
		await putPending({ ...version1Records(tournamentId).kept, status: 'open', reason: 'locked' });
		expect(await pendingBatches(tournamentId)).toHaveLength(1);
		const { payload } = await readFile(await fileOf(tournamentId));
		expect(payload.pending).toEqual([]);
		expect(payload.decisions).toEqual([]);
		expect(payload.events).toHaveLength(NAMES.length + 2);
	});
});

describe('sync storage: a tournament file checked before anything is stored (checkBundle)', () => {
	// PROTOCOL.md, step 5, `tournament`: "that key and the master key against those held here
	// (`key-mismatch`) … Nothing is stored before every check of its kind passed."
	it.each([
		{
			case: 'a tablet that pinned the director’s key from its table code',
			known: async () => {
				const { tournamentId, codes } = await directorWithTables();
				return { tournamentId, tablet: await tabletAt(codes[0]!) };
			}
		},
		{
			case: 'a tablet of an older version, which holds the master key and pinned no director’s key',
			known: async () => {
				const tablet = device('older-tablet');
				await olderTablet(FOREIGN, 'Fremd', keyToText(newTournamentKey()));
				return { tournamentId: FOREIGN, tablet };
			}
		}
	])(
		'refuses on $case a file of that tournament signed by another key, and stores nothing',
		async ({ known }) => {
			const { tournamentId, tablet } = await known();
			const before = await dumpTables(tablet);
			const file = await selfSignedFile([], [], (b) => ({ ...b, tournamentId }));
			expect(await receive(file, DIRECTOR_ACCEPTS)).toEqual({ ok: false, error: { code: 'key-mismatch' } });
			expect(await dumpTables(tablet)).toEqual(before);
		}
	);

	it('a desk whose tournament has no signing key yet makes its own on a file of it, never the file’s, and refuses the file', async () => {
		const desk = device('desk');
		const tournamentId = await directedTournament(NAMES);
		expect((await knownTournament(tournamentId))?.director).toBeUndefined();
		const events = await eventCount(desk);
		const file = await selfSignedFile([], [], (b) => ({ ...b, tournamentId }));
		expect(await receive(file, DIRECTOR_ACCEPTS)).toEqual({ ok: false, error: { code: 'key-mismatch' } });
		expect(await eventCount(desk)).toBe(events);
		const made = (await knownTournament(tournamentId))?.director;
		expect(made).toBeDefined();
		expect(made).not.toBe(bytesToText((await readFile(file)).payload.director));
		// The key it made is the one its own files carry.
		expect(bytesToText((await readFile(await fileOf(tournamentId))).payload.director)).toBe(made);
	});

	it('refuses a file signed by its director that carries another master key, and stores nothing', async () => {
		const desk = device('desk');
		const tournamentId = await directedTournament(NAMES);
		const { signing } = await directorKeys(tournamentId, 'Herbstturnier');
		const file = await rewritten(await fileOf(tournamentId), signing, (b) => ({
			...b,
			key: newTournamentKey()
		}));
		const before = await dumpTables(desk);
		expect(await receive(file, DIRECTOR_ACCEPTS)).toEqual({ ok: false, error: { code: 'key-mismatch' } });
		expect(await dumpTables(desk)).toEqual(before);
	});

	// The decoder stops at LIMITS.eventsPerFile as it reads (bounds.test.ts); the import counts again, the log
	// and every round of the file together (PROTOCOL.md, step 5: `too-large` `events`).
	it.each([
		{ case: 'its rounds', split: (events: number) => ({ rounds: [events], pending: [] }) },
		{ case: 'its waiting rounds', split: (events: number) => ({ rounds: [], pending: [events] }) },
		{
			case: 'its rounds and waiting rounds',
			split: (events: number) => ({ rounds: [events - 10_000], pending: [10_000] })
		}
	])('refuses a file whose log and $case carry one event more than a file may', async ({ split }) => {
		const spare = device();
		const decoded = await readFile(await selfSignedFile([]));
		const { events } = decoded.payload;
		// Each part alone keeps to the bound: only their sum passes it.
		const parts = split(LIMITS.eventsPerFile + 1 - events.length);
		const batches = (counts: number[]) => counts.map((count) => purchaseRound(FOREIGN, count));
		const bundle = { ...decoded.payload, rounds: batches(parts.rounds), pending: batches(parts.pending) };
		expect(await receiveBundle({ ...decoded, payload: bundle })).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'events', limit: LIMITS.eventsPerFile }
		});
		expect(await eventCount(spare)).toBe(0);
	});

	// keysUnchanged: the keys checked before the transaction are still the keys inside it.
	it.each([
		{
			case: 'a tablet that pinned the director’s key',
			known: async ({ codes }: { codes: Uint8Array[] }) => void (await tabletAt(codes[0]!))
		},
		{
			case: 'a tablet of an older version (the master key, no director’s key)',
			known: async ({ tournamentId }: { tournamentId: string }) => {
				const key = (await knownTournament(tournamentId))!.key!;
				device('older-tablet');
				await olderTablet(tournamentId, 'Herbstturnier', key);
			}
		}
	])(
		'two imports of the director’s file at once on $case: one takes it, the other finds the keys changed',
		async ({ known }) => {
			const scene = await directorWithTables();
			const { tournamentId } = scene;
			const decoded = await readFile(await fileOf(tournamentId));
			await known(scene);
			const outcomes = await Promise.all([receiveBundle(decoded), receiveBundle(decoded)]);
			expect(outcomes.map((o) => (o.ok ? o.value.kind : o.error.code)).sort()).toEqual([
				'key-mismatch',
				'tournament'
			]);
			expect((await knownTournament(tournamentId))?.director).toBe(bytesToText(decoded.payload.director));
		}
	);
});

describe('sync storage: a tournament file’s log merged (mergeLog)', () => {
	it('refuses a file of its own tournament whose event says another thing under an id held here, and stores nothing', async () => {
		const desk = device('desk');
		const tournamentId = await directedTournament(NAMES);
		const { signing } = await directorKeys(tournamentId, 'Herbstturnier');
		let changed = '';
		const file = await rewritten(await fileOf(tournamentId), signing, (b) => ({
			...b,
			events: b.events.map((e) => {
				if (e.type !== 'player-registered' || changed) return e;
				changed = eventId(e);
				return { ...e, body: { ...(e.body as TournamentEvent), name: 'Mallory' } };
			})
		}));
		const before = await dumpTables(desk);
		expect(await receive(file, DIRECTOR_ACCEPTS)).toEqual({
			ok: false,
			error: { code: 'inconsistent', id: changed }
		});
		expect(await dumpTables(desk)).toEqual(before);
	});

	it('keeps the times of a file’s history: its tournament was created when its first event was', async () => {
		device('spare');
		const now = Date.parse('2026-11-23T12:00:00Z');
		expect(await receiveBundle(await readFile(await selfSignedFile([])), now)).toMatchObject({
			ok: true,
			value: { events: NAMES.length + 1 }
		});
		expect((await streamEvents(FOREIGN)).map((e) => e.at)).toEqual([1, ...NAMES.map(() => 1)]);
		const { tournaments } = await listTournaments();
		expect(tournaments.find((t) => t.id === FOREIGN)).toMatchObject({ createdAt: 1, updatedAt: now });
	});

	it('stores events from a clock ahead at the time they came in: what this device writes next comes after them', async () => {
		device('spare');
		const ahead = Date.now() + 86_400_000;
		const file = await selfSignedFile([], [], (b) => ({
			...b,
			events: b.events.map((e) => ({ ...e, at: ahead }))
		}));
		const now = Date.now() - 1000;
		expect((await receiveBundle(await readFile(file), now)).ok).toBe(true);
		expect((await streamEvents(FOREIGN)).map((e) => e.at)).toEqual([now, ...NAMES.map(() => now)]);
		// The list dates the tournament as its events are, not in the future.
		const { tournaments } = await listTournaments();
		expect(tournaments.find((t) => t.id === FOREIGN)?.createdAt).toBe(now);
		const player = `p-${NAMES[0]}`;
		expect((await recordEvent(FOREIGN, { type: 'player-renamed', player, name: 'Anni' })).ok).toBe(true);
		expect((await streamEvents(FOREIGN)).at(-1)?.type).toBe('player-renamed');
		const loaded = await loadTournament(FOREIGN);
		expect(loaded.ok && loaded.value.state.players.get(player)?.name).toBe('Anni');
	});

	it('refuses a file whose events take the ids of events this device wrote for another tournament, and stores nothing', async () => {
		const desk = device('desk');
		await directedTournament(NAMES);
		const own = await deviceId();
		// Anyone can write a file whose events name this device's id (device:seq): each such id is a row here already.
		const file = await selfSignedFile([], [], (b) => ({
			...b,
			events: b.events.map((e) => ({ ...e, device: own }))
		}));
		const before = await dumpTables(desk);
		expect(await receive(file, DIRECTOR_ACCEPTS)).toEqual({
			ok: false,
			error: { code: 'inconsistent', id: `${own}:1` }
		});
		expect(await dumpTables(desk)).toEqual(before);
	});

	it('a failure of storage inside the import is thrown as it came, never a refusal without a reason, and stores nothing', async () => {
		const spare = device('spare');
		// The disk is full as the log is written: Dexie runs the hook inside the import's transaction.
		const full = () => {
			throw new Error('QuotaExceededError');
		};
		spare.events.hook('creating', full);
		await expect(receive(await selfSignedFile([]), DIRECTOR_ACCEPTS)).rejects.toThrow();
		spare.events.hook('creating').unsubscribe(full);
		expect(await eventCount(spare)).toBe(0);
		expect(await knownTournament(FOREIGN)).toBeNull();
	});
});

describe('sync storage: the director’s keys taken from a tournament file (takeDirectorKeys)', () => {
	it('a tournament restored from its JSON export before any round was drawn remembers round 0; its file again keeps the mark', async () => {
		device('spare');
		const file = await selfSignedFile([]);
		expect((await receive(file, DIRECTOR_ACCEPTS, { restoredFromExport: RESTORED_AT })).ok).toBe(true);
		expect((await knownTournament(FOREIGN))?.restored).toEqual({ at: RESTORED_AT, round: 0 });
		expect(await receive(file, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { events: 0 } });
		expect((await knownTournament(FOREIGN))?.restored).toEqual({ at: RESTORED_AT, round: 0 });
	});

	it('only a tournament new to this device is marked restored: a device that knew it takes the file’s keys unmarked', async () => {
		device('desk');
		const tournamentId = await directedTournament(NAMES);
		const file = await fileOf(tournamentId);
		const key = (await knownTournament(tournamentId))!.key!;
		device('older-tablet');
		await olderTablet(tournamentId, 'Herbstturnier', key);
		expect((await receive(file, DIRECTOR_ACCEPTS, { restoredFromExport: RESTORED_AT })).ok).toBe(true);
		const known = await knownTournament(tournamentId);
		expect(known).toMatchObject({
			role: 'director',
			key,
			director: bytesToText((await readFile(file)).payload.director)
		});
		expect(known?.restored).toBeUndefined();
	});
});

describe('sync storage: the rounds of a tournament file taken (takeRounds)', () => {
	it('takes an older backup of this desk, made while a table’s round was shorter: the longer round stays held, nothing changes', async () => {
		const { director, assignments, codes, tournamentId } = await directorWithTables();
		const tablet = await tabletAt(codes[2]!);
		const game = await playTable(assignments[2]!, 11, { confirm: false, stopAfter: 6 });
		const early = await handIn(game.id);
		if (!early.ok) throw new Error(JSON.stringify(early.error));
		on(director);
		expect(await receive(early.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { added: 7 }
		});
		const older = await fileOf(tournamentId);
		on(tablet);
		await game.finish();
		const full = await handIn(game.id);
		if (!full.ok) throw new Error(JSON.stringify(full.error));
		on(director);
		expect(await receive(full.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { reported: true }
		});
		const before = await dumpTables(director);
		expect(await receive(older, DIRECTOR_ACCEPTS)).toEqual({
			ok: true,
			value: { kind: 'tournament', tournamentId, events: 0, tables: 0 }
		});
		expect(await dumpTables(director)).toEqual(before);
	});

	it('refuses a backup whose held round says another thing under an id held here, and stores nothing', async () => {
		const { director, assignments, codes, tournamentId, signing } = await directorWithTables();
		const bytes = await handedIn(codes[2]!, assignments[2]!, 11);
		on(director);
		expect((await receive(bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
		let changed = '';
		const file = await rewritten(await fileOf(tournamentId), signing, (b) => ({
			...b,
			rounds: b.rounds.map((round) => ({
				...round,
				events: round.events.map((e) => {
					const body = e.body as { type?: string; action?: { type: string; value?: number } };
					if (changed || body.action?.type !== 'lay') return e;
					changed = eventId(e);
					return { ...e, body: { ...body, action: { ...body.action, value: (body.action.value ?? 0) + 1 } } };
				})
			}))
		}));
		const before = await dumpTables(director);
		expect(await receive(file, DIRECTOR_ACCEPTS)).toEqual({
			ok: false,
			error: { code: 'inconsistent', id: changed }
		});
		expect(await dumpTables(director)).toEqual(before);
	});

	it('a backup brings a held round whose result the director corrected since as the log says: nothing reported, nothing waits', async () => {
		const { director, assignments, codes, tournamentId } = await directorWithTables();
		const bytes = await handedIn(codes[2]!, assignments[2]!, 11);
		on(director);
		expect(await receive(bytes, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { reported: true } });
		const scores = assignments[2]!.players.map((p, seat) => ({ player: p.id, points: 10 * seat }));
		expect((await correctTableResult(tournamentId, 1, 3, scores, 'Handsteine verzählt')).ok).toBe(true);
		const file = await fileOf(tournamentId);

		device('restored');
		expect(await receive(file, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { tables: 1 } });
		expect(await pendingBatches(tournamentId)).toEqual([]);
		const loaded = await loadTournament(tournamentId);
		expect(loaded.ok && loaded.value.state.rounds[0]?.results[2]?.scores).toEqual(scores);
		// Created, the players, round 1 drawn, table 3 reported and corrected: no report of the restore's own.
		expect(loaded.ok && loaded.value.events.length).toBe(NAMES.length + 4);
	});

	it('a round’s file at a second desk: its rounds reported as their codes would be, a code the desk took changes nothing, an open one waits under a code of its own', async () => {
		const { director, assignments, codes, tournamentId } = await directorWithTables();
		const whole = await fileOf(tournamentId);
		const table3: Uint8Array[] = [];
		for (const seed of [11, 12, 13]) table3.push(await handedIn(codes[2]!, assignments[2]!, seed));
		on(director);
		for (const bytes of table3) expect((await receive(bytes, DIRECTOR_ACCEPTS)).ok).toBe(true);
		const [second, third] = await pendingBatches(tournamentId).then((rows) =>
			rows.sort((a, b) => a.receivedAt - b.receivedAt)
		);
		expect(await decidePending(second!, 'take', 'Ersatztablet: Tisch einig')).toEqual({
			ok: true,
			value: null
		});
		const roundFile = await fileOf(tournamentId, 1);
		const waiting = await pendingRound(third!);
		if (!waiting.ok) throw new Error(JSON.stringify(waiting.error));

		device('second-desk');
		expect((await receive(whole, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect(await receive(roundFile, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { kind: 'tournament', events: 0, tables: 1 }
		});
		const kept = await pendingBatches(tournamentId);
		expect(kept.map((p) => [p.round, p.table, p.stream, p.status, p.reason])).toEqual([
			[1, 3, third!.stream, 'open', 'other-stream']
		]);
		const back = await pendingRound(kept[0]!);
		expect(back.ok && contentOf(back.value.events)).toEqual(contentOf(waiting.value.events));
	});
});

describe('sync storage: the code a file’s waiting round is kept under (codesOfRounds)', () => {
	/** The first lay of a round one point higher: the same ids, another content. */
	const relaid = (events: readonly SyncEvent[]) => {
		const at = events.findIndex((e) => (e.body as { action?: { type: string } }).action?.type === 'lay');
		return events.map((e, i) => {
			const body = e.body as { action: { value: number } };
			return i === at
				? { ...e, body: { ...body, action: { ...body.action, value: body.action.value + 1 } } }
				: e;
		});
	};
	// A round this desk keeps already (the same stream, round and table, the same events by id and content)
	// comes back under the code kept for it; any other is signed anew: a kept row's code always reads back
	// as the round the row names. The file puts the round at another place, so that it is written at all.
	it.each([
		{ case: 'the same events', change: (events: readonly SyncEvent[]) => events, kept: true },
		{ case: 'one event fewer', change: (events: readonly SyncEvent[]) => events.slice(0, -1), kept: false },
		{ case: 'an event of other content', change: relaid, kept: false },
		{
			case: 'the same content under other ids (another device’s)',
			change: (events: readonly SyncEvent[]) => events.map((e) => ({ ...e, device: DEVICE })),
			kept: false
		},
		{
			case: 'the same events, whose code kept here does not read back',
			change: (events: readonly SyncEvent[]) => events,
			unreadable: true,
			kept: false
		},
		{
			case: 'the same events, and another table’s round kept under the same stream id',
			change: (events: readonly SyncEvent[]) => events,
			decoy: true,
			kept: true
		}
	])(
		'a waiting round of the file that this desk keeps, with $case',
		async ({ change, unreadable, decoy, kept }) => {
			const { director, tournamentId, assignments, file } = await decidedDesk();
			const { signing } = await directorKeys(tournamentId, 'Herbstturnier');
			// The last kept round in the desk's order: a search by anything less than stream, round and table
			// finds another round first.
			const rows = await pendingBatches(tournamentId);
			const own = rows.at(-1)!;
			expect(rows.filter((p) => p.round === own.round && p.table === own.table).at(0)).not.toBe(own);
			if (unreadable) await putPending({ ...own, code: 'ABC' });
			if (decoy) {
				// Someone with table 2's code hands in a round of table 2 under this round's stream id: it waits
				// there (round 1 is locked), and in the desk's order before this one.
				await tabletAt(await encodeAsDirector(tournamentId, assignments[1]!));
				const played = await handIn((await playTable(assignments[1]!, 21)).id);
				if (!played.ok) throw new Error(JSON.stringify(played.error));
				on(director);
				const key = await tableKey(await directorKeyOf(tournamentId), tournamentId, 1, 2);
				const batch = { ...played.value.batch, stream: own.stream };
				expect(
					await receive(await encodePayload({ kind: 'batch', batch }, key), DIRECTOR_ACCEPTS)
				).toMatchObject({
					ok: true,
					value: { table: 2, conflict: 'locked' }
				});
				expect((await pendingBatches(tournamentId)).filter((p) => p.stream === own.stream)).toHaveLength(2);
			}
			const place = `${own.stream}~verlegt`;
			let sent: RoundBatch | undefined;
			const moved = await rewritten(file, signing, (b) => {
				const index = b.pending.findIndex((p) => p.stream === own.stream);
				sent = { ...b.pending[index]!, events: change(b.pending[index]!.events) };
				return {
					...b,
					pending: b.pending.map((p, i) => (i === index ? sent! : p)),
					decisions: b.decisions?.map((d, i) => (i === index ? { ...d, slot: place } : d))
				};
			});
			expect((await receive(moved, DIRECTOR_ACCEPTS)).ok).toBe(true);
			const row = (await pendingBatches(tournamentId)).find((p) => p.slot === place);
			expect(row?.code === own.code).toBe(kept);
			const back = await pendingRound(row!);
			expect(back.ok && contentOf(back.value.events)).toEqual(contentOf(sent!.events));
		}
	);

	it('a second continuation of a waiting round, kept beside it, comes back beside it in a restored desk', async () => {
		const { tournamentId, pending } = await twoTabletsOneTable();
		const waiting = await pendingRound(pending);
		if (!waiting.ok) throw new Error(JSON.stringify(waiting.error));
		// As in sync-attacks.test.ts, 3: the confirmation dropped, everything undone, confirmed again.
		const played = waiting.value.events.filter((e) => e.type !== 'round.confirmed');
		const last = played.at(-1)!;
		const undos = played.filter((e) => e.type === 'round.entry').length;
		const continued = Array.from({ length: undos + 1 }, (_, i) => ({
			...last,
			seq: last.seq + 1 + i,
			type: i < undos ? 'round.entry' : 'round.confirmed',
			body: i < undos ? { type: 'undo' } : {}
		}));
		const key = await tableKey(await directorKeyOf(tournamentId), tournamentId, 1, 3);
		const batch = { ...waiting.value, events: [...played, ...continued] };
		expect((await receive(await encodePayload({ kind: 'batch', batch }, key), DIRECTOR_ACCEPTS)).ok).toBe(
			true
		);
		const before = await decisionsOf(tournamentId);
		expect(before.map((d) => d.slot?.startsWith(`${pending.stream}~`) ?? false)).toEqual([false, true]);
		const file = await fileOf(tournamentId);

		device('restored');
		expect((await receive(file, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect(await decisionsOf(tournamentId)).toEqual(before);
	});
});

/**
 * A desk whose codes waited for reasons a file of an older version does not carry. Table 1's tablet
 * ("Blau") hands in table 1 of round 1: taken. Someone who photographed table 1's code hands in its round
 * twice more: with an entry of his own device slipped in (it waits: `other-device`), and under a stream id
 * of his own (it waits: `other-stream`). Table 2's tablet ("Rot") hands in table 2. After round 2 is drawn,
 * "Blau" joins table 2 of round 2 and hands it in: it waits (`other-table`, holding table 1 of round 1). Resolves with the desk's file and the same
 * file as a version before decisions were kept wrote it.
 */
async function straysDesk() {
	const { director, tournamentId, assignments, codes, signing } = await directorWithTables();
	const tablet = await tabletAt(codes[0]!);
	const first = await handIn((await playTable(assignments[0]!, 11)).id, { tablet: 'Blau' });
	if (!first.ok) throw new Error(JSON.stringify(first.error));
	on(director);
	expect(await receive(first.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
		ok: true,
		value: { reported: true }
	});
	const held = first.value.batch;
	const start = held.events[0]!;
	const claim = { type: 'claim', turn: 0, text: '10', consistent: true, resolution: 'matched' };
	const slipped = { device: DEVICE, seq: 2, at: start.at, type: 'round.entry', body: claim };
	const key = await tableKey(await directorKeyOf(tournamentId), tournamentId, 1, 1);
	for (const [batch, conflict] of [
		[{ ...held, events: [start, slipped, ...held.events.slice(1)] }, 'other-device'],
		[{ ...held, stream: 'r-kopie00000000000' }, 'other-stream']
	] as const) {
		expect(await receive(await encodePayload({ kind: 'batch', batch }, key), DIRECTOR_ACCEPTS)).toMatchObject(
			{
				ok: true,
				value: { round: 1, table: 1, conflict }
			}
		);
	}
	const table2 = await handedIn(codes[1]!, assignments[1]!, 12, { tablet: 'Rot' });
	on(director);
	expect(await receive(table2, DIRECTOR_ACCEPTS)).toMatchObject({ ok: true, value: { reported: true } });
	for (const table of [3, 4]) {
		const scores = assignments[table - 1]!.players.map((p, seat) => ({ player: p.id, points: 10 * seat }));
		expect((await reportTableResult(tournamentId, 1, table, scores, { kind: 'hand' })).ok).toBe(true);
	}
	await openRoundTwo(tournamentId);
	const handed = await tableAssignments(tournamentId);
	if (!handed.ok) throw new Error(JSON.stringify(handed.error));
	const next = handed.value.assignments;
	const code = await encodeAsDirector(tournamentId, next[1]!);
	on(tablet);
	expect(await receive(code, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({ ok: true });
	const stray = await handIn((await playTable(next[1]!, 13)).id, { tablet: 'Blau' });
	if (!stray.ok) throw new Error(JSON.stringify(stray.error));
	on(director);
	expect(await receive(stray.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
		ok: true,
		value: { round: 2, table: 2, conflict: 'other-table' }
	});
	const file = await fileOf(tournamentId);
	const { decisions, ...older } = (await readFile(file)).payload;
	expect(decisions).toHaveLength(3);
	return { tournamentId, file, older, signing };
}

describe('sync storage: a restored desk’s waiting codes, why they waited (restoreDecision)', () => {
	it('a file brings back why each code waited and the table its tablet held', async () => {
		const { tournamentId, file } = await straysDesk();
		const before = await decisionsOf(tournamentId);
		expect(before.map((d) => [d.round, d.table, d.status, d.reason, d.tablet, d.holds])).toEqual(
			expect.arrayContaining([
				[1, 1, 'open', 'other-device', undefined, undefined],
				[1, 1, 'open', 'other-stream', undefined, undefined],
				[2, 2, 'open', 'other-table', 'Blau', { round: 1, table: 1 }]
			])
		);
		device('restored');
		expect((await receive(file, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect(await decisionsOf(tournamentId)).toEqual(before);
	});

	// A file of an older version carries no decisions: a round the file's desk took is taken (its stream is
	// held with all its events, the table's result came from it); any other waits for the reason its
	// table gives now — the held stream with another device's entry in it, `other-device`; the held
	// events under another stream, `other-stream`; a table nobody holds in a round still running,
	// `other-stream` too (why it waited is not in the file).
	it.each([
		{ case: 'as the desk wrote it', change: (pending: readonly RoundBatch[]) => pending, extra: [] },
		{
			case: 'and a waiting round of a round its log does not have',
			change: (pending: readonly RoundBatch[]) => {
				const stray = pending.find((p) => p.round === 2)!;
				const [start, ...rest] = stray.events;
				const body = start!.body as { context: object };
				const moved = { ...start!, body: { ...body, context: { ...body.context, round: 3 } } };
				return [...pending, { ...stray, round: 3, events: [moved, ...rest] }];
			},
			extra: ['3:2 open other-stream']
		}
	])(
		'a file of an older version, $case: the waiting codes wait for the reason their table gives now',
		async ({ change, extra }) => {
			const { tournamentId, older, signing } = await straysDesk();
			const file = await encodePayload({ ...older, pending: change(older.pending) }, signing);
			device('restored');
			expect((await receive(file, DIRECTOR_ACCEPTS)).ok).toBe(true);
			expect(
				(await decisionsOf(tournamentId)).map((d) => `${d.round}:${d.table} ${d.status} ${d.reason}`).sort()
			).toEqual(['1:1 open other-device', '1:1 open other-stream', '2:2 open other-stream', ...extra]);
		}
	);
});
