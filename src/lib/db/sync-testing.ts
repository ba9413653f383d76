import { expect } from 'vitest';
import type { StandingsPayload, TableAssignment } from '../codecs/sync';
import { applyAction, startRound, type RoundState } from '../domain/round';
import { TOURNAMENT } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import { openNextRound, type Format } from '../domain/tournament';
import { keyFromText } from '../protocol/hmac';
import { encodePayload } from '../protocol/payload';
import { finishingChoices } from '../protocol/testing';
import { useDatabase } from './index';
import { appendRoundEntry, confirmRound, createRound } from './rounds';
import { WertungsblattDB } from './schema';
import { receive } from './sync';
import { currentStandings, tableAssignments } from './sync-handout';
import { pendingBatches } from './sync-desk';
import { directorKeys, encodeAsDirector } from './sync-keys';
import { handIn } from './sync-tablet';
import { knownTournament } from './tournament-keys';
import {
	createTournament,
	loadTournament,
	recordEvent,
	recordEvents,
	reportTableResult
} from './tournaments';

/**
 * Test helpers for the storage: a database per device (fake-indexeddb), a tournament directed on this
 * device, a tablet playing its table, and the scenes the sync tests start from.
 */

// ---------------------------------------------------------------- a database per device

const opened: WertungsblattDB[] = [];
let count = 0;

/**
 * A database opened by its name for a test, closed and deleted by `closeDevices`. The test file loads
 * `fake-indexeddb/auto` before anything that loads Dexie (Dexie takes the IndexedDB it finds then).
 */
export function openDatabase(name: string): WertungsblattDB {
	const database = new WertungsblattDB(name);
	opened.push(database);
	return database;
}

/** A new, empty database of its own (`<label>-<n>`), not yet the app's. */
export function freshDatabase(label: string): WertungsblattDB {
	return openDatabase(`${label}-${++count}`);
}

/** A device: a new, empty database of its own, made the app's database (`useDatabase`). */
export function device(label = 'device'): WertungsblattDB {
	const database = freshDatabase(label);
	useDatabase(database);
	return database;
}

/** Switches to a device: its database becomes the app's. */
export const on = (database: WertungsblattDB): void => useDatabase(database);

/** The databases opened and not closed yet, oldest first. */
export const openedDatabases = (): readonly WertungsblattDB[] => opened;

/**
 * Closes every database opened, then deletes them (a database two connections share, as two tabs do, is
 * deleted once both are closed): `afterEach(closeDevices)`, or `afterAll` for devices a file shares.
 */
export async function closeDevices(): Promise<void> {
	const databases = opened.splice(0);
	for (const database of databases) database.close();
	for (const database of databases) await database.delete();
}

// ---------------------------------------------------------------- a tournament and its tables

/**
 * A tournament (Triominos unless `format` says otherwise) created on this device with these players, round
 * 1 drawn; resolves with its id.
 */
export async function directedTournament(
	names: readonly string[],
	options: { name?: string; seed?: string; format?: Format } = {}
): Promise<string> {
	const { name = 'Herbstturnier', seed = 'herbst', format = 'triominos' } = options;
	const created = await createTournament({ format, name, date: '2026-11-22' });
	if (!created.ok) throw new Error(JSON.stringify(created.error));
	const id = created.value;
	const registered = await recordEvents(
		id,
		names.map((player, i) => ({
			type: 'player-registered' as const,
			player: `p-${String(i + 1).padStart(2, '0')}`,
			name: player
		}))
	);
	if (!registered.ok) throw new Error(JSON.stringify(registered.error));
	const next = openNextRound(registered.value.state, { id: 'x', at: 'x', seed });
	if (!next.ok) throw new Error(JSON.stringify(next.error));
	const { type, round, tables } = next.value;
	const round1 = await recordEvent(id, { type, round, seed, tables: tables.map((t) => [...t]) });
	if (!round1.ok) throw new Error(JSON.stringify(round1.error));
	return id;
}

/** The tablet plays its table's round through the round repository, as the table screen does. */
export async function playTable(
	assignment: TableAssignment,
	seed: number,
	options: { confirm?: boolean; stopAfter?: number } = {}
) {
	const players = assignment.players.map((p) => p.name);
	const played = playChoices(TOURNAMENT, players, 0, finishingChoices([seed]));
	const started = startRound({ rules: TOURNAMENT, players, start: 0 });
	if (!started.ok) throw new Error(JSON.stringify(started.error));
	const context = {
		gameId: null,
		tournamentId: assignment.tournamentId,
		round: assignment.round,
		table: assignment.table,
		startDraw: null
	};
	const id = await createRound(started.value, context);
	let state: RoundState = started.value;
	const play = async (actions: typeof played.actions) => {
		for (const action of actions) {
			const next = applyAction(state, action);
			if (!next.ok) throw new Error(JSON.stringify(next.error));
			state = next.value;
			await appendRoundEntry(id, { type: 'act', action }, state);
		}
	};
	const stop = options.stopAfter ?? played.actions.length;
	await play(played.actions.slice(0, stop));
	if (options.confirm ?? true) await confirmRound(id);
	/** Plays the rest of the round and confirms it. */
	const finish = async () => {
		await play(played.actions.slice(stop));
		await confirmRound(id);
	};
	return { id, totals: state.totals, finish };
}

// ---------------------------------------------------------------- scenes of the sync tests

/** Twelve players: four tables of 3 in round 1 (000, the binding table). */
export const NAMES = [
	'Anna',
	'Ben',
	'Cara',
	'Dirk',
	'Eva',
	'Finn',
	'Gabi',
	'Hans',
	'Ida',
	'Jan',
	'Kai',
	'Lea'
];
/** What the director's exchange takes. */
export const DIRECTOR_ACCEPTS = ['batch', 'tournament'] as const;
/** What the tablet takes. */
export const TABLET_ACCEPTS = ['assignment', 'standings'] as const;

/** The director's tournament: 12 players, round 1 drawn (four tables of 3). */
export const tournamentWithRound = () => directedTournament(NAMES);

/** The director's device with its tournament, round 1 handed out: the assignments and their table codes. */
export async function directorWithTables() {
	const director = device('sync');
	const tournamentId = await tournamentWithRound();
	const handed = await tableAssignments(tournamentId);
	if (!handed.ok) throw new Error(JSON.stringify(handed.error));
	const { signing } = await directorKeys(tournamentId, 'Herbstturnier');
	const codes = await Promise.all(handed.value.assignments.map((a) => encodePayload(a, signing)));
	return { director, tournamentId, assignments: handed.value.assignments, codes, signing };
}

/** Every table of round 1 typed in at the desk: seat s of table i scores 10·s + i. */
export async function reportRoundOne(tournamentId: string, assignments: readonly TableAssignment[]) {
	for (const [i, assignment] of assignments.entries()) {
		const scores = assignment.players.map((p, seat) => ({ player: p.id, points: 10 * seat + i }));
		expect((await reportTableResult(tournamentId, 1, i + 1, scores, { kind: 'hand' })).ok).toBe(true);
	}
}

/** The desk draws round 2 (which locks round 1). */
export async function openRoundTwo(tournamentId: string) {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
	const next = openNextRound(loaded.value.state, { id: 'x', at: 'x', seed: 'runde2' });
	if (!next.ok) throw new Error(JSON.stringify(next.error));
	const { type, round, seed, tables } = next.value;
	expect((await recordEvent(tournamentId, { type, round, seed, tables: tables.map((t) => [...t]) })).ok).toBe(
		true
	);
}

/** A tablet (a device of its own) that joined by a table code. */
export async function tabletAt(code: Uint8Array) {
	const tablet = device('sync');
	const joined = await receive(code, TABLET_ACCEPTS);
	if (!joined.ok) throw new Error(JSON.stringify(joined.error));
	return tablet;
}

/** A table's round played out and handed in by a tablet of its own (a new device): the code's bytes. */
export async function handedIn(
	code: Uint8Array,
	assignment: TableAssignment,
	seed: number,
	options: { tablet?: string } = {}
) {
	await tabletAt(code);
	const handed = await handIn((await playTable(assignment, seed)).id, options);
	if (!handed.ok) throw new Error(JSON.stringify(handed.error));
	return handed.value.bytes;
}

/**
 * Two tablets joined table 3 of round 1 by the same code and handed in different rounds; the desk took
 * the first, and the second waits for the director (`pending`).
 */
export async function twoTabletsOneTable() {
	const scene = await directorWithTables();
	await tabletAt(scene.codes[2]!);
	const first = await handIn((await playTable(scene.assignments[2]!, 11)).id);
	await tabletAt(scene.codes[2]!);
	const second = await handIn((await playTable(scene.assignments[2]!, 12)).id);
	if (!first.ok || !second.ok) throw new Error('hand-in failed');
	on(scene.director);
	await receive(first.value.bytes, DIRECTOR_ACCEPTS);
	await receive(second.value.bytes, DIRECTOR_ACCEPTS);
	const [pending] = await pendingBatches(scene.tournamentId);
	if (!pending) throw new Error('the second round does not wait');
	return { ...scene, first: first.value, second: second.value, pending };
}

/**
 * Round 1 played out at the tablets: each of the four tables joined by its own tablet (a device each),
 * played, handed in and taken at the desk; then the desk draws round 2 and makes the standings code,
 * which seats round 2 and carries its table keys for the tablets that hold the tables.
 */
export async function roundOneByTablets() {
	const scene = await directorWithTables();
	const tablets: WertungsblattDB[] = [];
	const results: Uint8Array[] = [];
	for (const [i, code] of scene.codes.entries()) {
		tablets.push(await tabletAt(code));
		const handed = await handIn((await playTable(scene.assignments[i]!, 20 + i)).id);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		results.push(handed.value.bytes);
	}
	on(scene.director);
	for (const bytes of results) {
		const taken = await receive(bytes, DIRECTOR_ACCEPTS);
		if (!taken.ok || taken.value.kind !== 'batch' || !taken.value.reported) {
			throw new Error(`round 1 not reported: ${JSON.stringify(taken)}`);
		}
	}
	await openRoundTwo(scene.tournamentId);
	const standings = await currentStandings(scene.tournamentId);
	if (!standings.ok || !standings.value.next) throw new Error('no round 2 in the standings');
	const standingsCode = await encodeAsDirector(scene.tournamentId, standings.value);
	return { ...scene, tablets, results, standings: standings.value, standingsCode };
}

/** A table of the next round as the standings code seats it (what the tablet's "Nächste Runde" joins). */
export function nextTableOf(standings: StandingsPayload, table: number) {
	const next = standings.next;
	if (!next) throw new Error('no next round');
	const players = next.tables[table - 1]!.map((id) => ({
		id,
		name: standings.rows.find((row) => row.player === id)!.name
	}));
	return { round: next.round, table, players, revision: standings.revision };
}

/** How many events a device holds (a refusal must leave it as it was). */
export async function eventCount(database: WertungsblattDB): Promise<number> {
	return database.events.count();
}

/** The master key the director's device holds for a tournament. */
export async function directorKeyOf(tournamentId: string): Promise<Uint8Array> {
	const known = await knownTournament(tournamentId);
	return keyFromText(known!.key!)!;
}

// ---------------------------------------------------------------- sync rows as version 1 wrote them

/**
 * A tournament's sync records as version 1 kept them in `meta` (older writers: a joined table without
 * revision or table key): a joined table (round 2, table 10), standings after round 1, a kept batch
 * (round 1, table 3).
 */
export function version1Records(tournamentId: string) {
	const joined = {
		tournamentId,
		tournamentName: 'Herbstturnier',
		round: 2,
		table: 10,
		players: [
			{ id: 'p-a', name: 'Anna' },
			{ id: 'p-b', name: 'Ben' }
		],
		rules: { preset: 'tournament', scoring: 'standard', tiles: 56 },
		joinedAt: 1_700_000_000_000
	};
	const standings = {
		kind: 'standings',
		tournamentId,
		tournamentName: 'Herbstturnier',
		afterRound: 1,
		revision: 12,
		rows: [],
		next: null
	};
	const kept = {
		tournamentId,
		round: 1,
		table: 3,
		stream: 'r-three',
		device: 'd-tablet',
		code: 'ABC',
		reason: 'locked',
		receivedAt: 1_700_000_100_000,
		status: 'open'
	};
	return { joined, standings, kept };
}
