// Writes the stored-database fixture of the current schema version: src/lib/db/fixtures/schema-v<n>.json.
// Run: npx tsx scripts/db-fixture.ts        (then review `git diff`; docs/ARCHITECTURE.md, "Schema upgrades")
//
// The database is written by the app's own code — the repositories in src/lib/db, the round log, the sync
// imports — into fake-indexeddb, with a fixed clock and seeded ids, so the same code writes the same file.
// It holds what a device collects over a season: a classic club game (a round confirmed, one being
// played), an imported .trn record, a tournament this device directs (tables reported by tablet, by hand,
// corrected; a conflict waiting; round 1 locked, round 2 open) and a table this device played in another
// director's tournament (a purchase undone, a turn corrected, announcements matched and accepted; the
// standings code received back). Every row of every store goes into the file, with the store definitions.
import 'fake-indexeddb/auto';
import { readFileSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import * as prettier from 'prettier';
import type { RoundContext } from '../src/lib/codecs/round';
import { dumpTables, FIXTURE_FORMAT, observe, storesOf, type DatabaseFixture } from '../src/lib/db/fixture';
import { refreshGame, startGame, startNextRound } from '../src/lib/db/games';
import { useDatabase } from '../src/lib/db/index';
import { appendRoundEntry, confirmRound, createRound, importRound, loadRound } from '../src/lib/db/rounds';
import { WertungsblattDB } from '../src/lib/db/schema';
import { receive } from '../src/lib/db/sync';
import { currentStandings, tableAssignments } from '../src/lib/db/sync-handout';
import { encodeAsDirector } from '../src/lib/db/sync-keys';
import { reportAbsence } from '../src/lib/db/sync-absences';
import { handIn } from '../src/lib/db/sync-tablet';
import {
	correctTableResult,
	createTournament,
	recordEvent,
	recordEvents,
	reportTableResult
} from '../src/lib/db/tournaments';
import { readRecord } from '../src/lib/domain/notation/read';
import { recordActions, setupOf } from '../src/lib/domain/notation/record';
import { seededRandom } from '../src/lib/domain/random';
import { legalActions, startRound, type RoundAction, type RoundState } from '../src/lib/domain/round';
import { replayLog, type RoundEntry } from '../src/lib/domain/roundLog';
import { CLASSIC, CLASSIC_TARGET, TOURNAMENT } from '../src/lib/domain/rules';
import { playChoices } from '../src/lib/domain/testing/rounds';
import { openNextRound, type Score } from '../src/lib/domain/tournament';
import { finishingChoices } from '../src/lib/protocol/testing';

// ------------------------------------------------------------------ a fixed clock and seeded ids

const random = seededRandom('wertungsblatt db fixture');
Object.defineProperty(globalThis.crypto, 'getRandomValues', {
	configurable: true,
	value: <T extends ArrayBufferView | null>(array: T): T => {
		if (array) {
			const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
			for (let i = 0; i < bytes.length; i++) bytes[i] = random.int(256);
		}
		return array;
	}
});
let clock = Date.UTC(2026, 8, 12, 18, 0);
Date.now = () => clock;
/** Time passes; returns the new time. */
const later = (seconds: number) => (clock += seconds * 1000);

function must<T>(result: { ok: true; value: T } | { ok: false; error: { code: string } }): T {
	if (!result.ok) throw new Error(JSON.stringify(result.error));
	return result.value;
}

const NO_CONTEXT: RoundContext = {
	gameId: null,
	tournamentId: null,
	round: null,
	table: null,
	startDraw: null
};

// ------------------------------------------------------------------ devices: this one, and the others it meets

const device = new WertungsblattDB('fixture-device');
const otherDirector = new WertungsblattDB('fixture-other-director');
const tablet1 = new WertungsblattDB('fixture-tablet-1');
const tablet3 = new WertungsblattDB('fixture-tablet-3');

// ------------------------------------------------------------------ the table screen's writes

/** A stored round opened as the table screen opens it, written to entry by entry as the screen does. */
async function openRound(id: string) {
	const stored = must(await loadRound(id));
	const entries = [...stored.entries];
	const origin = { context: stored.context, createdAt: stored.createdAt };
	let state = must(replayLog(stored.setup, entries)).state;
	const write = async (entry: RoundEntry) => {
		const replayed = replayLog(stored.setup, [...entries, entry]);
		if (!replayed.ok) throw new Error(`${JSON.stringify(entry)}: ${JSON.stringify(replayed.error)}`);
		entries.push(entry);
		state = replayed.value.state;
		await appendRoundEntry(id, entry, state, later(4), origin);
	};
	return { id, setup: stored.setup, entries, write, state: () => state };
}
type OpenRound = Awaited<ReturnType<typeof openRound>>;

async function newRound(players: string[], context: RoundContext): Promise<OpenRound> {
	const started = must(startRound({ rules: TOURNAMENT, players, start: 0 }));
	return openRound(await createRound(started, context, later(60)));
}

/** Taps the actions in; `extra(i, state)` adds entries after the action with index i. */
async function play(
	round: OpenRound,
	actions: readonly RoundAction[],
	extra: (i: number, state: RoundState) => RoundEntry[] = () => []
): Promise<RoundState> {
	for (const [i, action] of actions.entries()) {
		await round.write({ type: 'act', action });
		for (const entry of extra(i, round.state())) await round.write(entry);
	}
	return round.state();
}

/** A correction the rules accept, or null: a turn laid with another value (same purchases, same bonus). */
function correctionOf(round: OpenRound): RoundEntry | null {
	for (const turn of round.state().turns) {
		const lay = turn.lay;
		if (!lay || lay.tile !== null) continue;
		for (let value = 0; value <= 15; value++) {
			const entry: RoundEntry = {
				type: 'correct',
				turn: turn.index,
				actions: [
					...Array.from({ length: turn.draws }, (): RoundAction => ({ type: 'draw' })),
					{ ...lay, value }
				],
				reason: 'Wert verwechselt, Tisch einig'
			};
			if (value !== lay.value && replayLog(round.setup, [...round.entries, entry]).ok) return entry;
		}
	}
	return null;
}

/**
 * A table's whole round with everything the log knows: a purchase taken back, announcements matched and
 * accepted although they differed, a turn corrected; settled and confirmed.
 */
async function wholeTableRound(players: string[], context: RoundContext, seed: number): Promise<string> {
	const round = await newRound(players, context);
	const { actions } = playChoices(TOURNAMENT, players, 0, finishingChoices([seed, seed * 3]));
	let corrected = false;
	const state = await play(round, actions, (i, now): RoundEntry[] => {
		if (i === 2 && legalActions(now).draw)
			return [{ type: 'act', action: { type: 'draw' } }, { type: 'undo' }];
		if (i === 6 && now.turns.filter((t) => t.lay || t.pass).length >= 2) {
			return [
				{ type: 'claim', turn: 0, text: 'sieben', consistent: true, resolution: 'matched' },
				{ type: 'claim', turn: 1, text: 'minus fünf, zehn', consistent: false, resolution: 'accepted' }
			];
		}
		const correction = i >= 9 && !corrected && now.phase === 'play' ? correctionOf(round) : null;
		corrected ||= correction !== null;
		return correction ? [correction] : [];
	});
	if (state.phase !== 'over') throw new Error(`round of ${players.join(', ')} did not finish`);
	if (!corrected) throw new Error(`no turn of ${players.join(', ')} could be corrected`);
	await confirmRound(round.id, later(30));
	return round.id;
}

// ------------------------------------------------------------------ the season on this device

/** The club evening: a classic game to 400, round 1 confirmed, round 2 being played. */
async function clubGame(): Promise<void> {
	useDatabase(device);
	const players = ['Anna', 'Ben', 'Cara'];
	const game = { players, rules: CLASSIC, target: CLASSIC_TARGET };
	const { gameId, roundId } = must(await startGame(game, 0, later(60)));
	const first = await openRound(roundId);
	const played = await play(first, playChoices(CLASSIC, players, 0, finishingChoices([41, 5])).actions);
	if (played.phase !== 'over') throw new Error('club round 1 did not finish');
	await confirmRound(roundId, later(20));
	must(await refreshGame(gameId, later(1)));
	const second = await openRound(must(await startNextRound(gameId, 1, later(120))));
	await play(second, playChoices(CLASSIC, players, 1, finishingChoices([7, 77])).actions.slice(0, 9));
	must(await refreshGame(gameId, later(1)));
}

/** A .trn record imported at the table (the example of docs/NOTATION.md). */
async function importedRecord(): Promise<void> {
	useDatabase(device);
	const text = readFileSync('src/lib/domain/notation/fixtures/notation-example.trn', 'utf8');
	const read = must(readRecord(text));
	const start = must(startRound(setupOf(read.record)));
	const entries = recordActions(read.record).map((action) => ({ type: 'act' as const, action }));
	await importRound(start, entries, read.state, NO_CONTEXT, later(300));
}

const NAMES_A = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gabi', 'Hans', 'Ida'];
const NAMES_B = ['Jan', 'Kai', 'Lea', 'Mia', 'Nils', 'Olga'];

async function tournament(name: string, names: string[], seed: string): Promise<string> {
	const id = must(await createTournament({ format: 'triominos', name, date: '2026-09-12' }, later(600)));
	const registered = must(
		await recordEvents(
			id,
			names.map((n) => ({ type: 'player-registered' as const, player: `p-${n.toLowerCase()}`, name: n })),
			later(300)
		)
	);
	const opened = must(openNextRound(registered.state, { id: 'x', at: 'x', seed }));
	must(
		await recordEvent(
			id,
			{
				type: 'round-opened',
				round: opened.round,
				seed: opened.seed,
				tables: opened.tables.map((t) => [...t])
			},
			later(60)
		)
	);
	return id;
}

const handScores = (players: readonly { id: string }[], points: number[]): Score[] =>
	players.map((p, i) => ({ player: p.id, points: points[i] ?? 0 }));

/**
 * The tournament this device directs: 9 players at three tables. Table 1 comes in from its tablet,
 * table 2 by hand and is corrected, table 3 by hand and then differently from its tablet (a conflict
 * waits for the director). Round 1 is locked, round 2 drawn.
 */
async function directedTournament(): Promise<void> {
	useDatabase(device);
	const id = await tournament('Herbstturnier Leipzig', NAMES_A, 'fixture-a-1');
	const { assignments } = must(await tableAssignments(id));
	const codes = await Promise.all(assignments.map((a) => encodeAsDirector(id, a)));
	const [one, two, three] = assignments;
	if (!one || !two || !three) throw new Error('expected three tables');

	const results: Uint8Array[] = [];
	for (const [tablet, assignment, code, seed] of [
		[tablet1, one, codes[0], 11],
		[tablet3, three, codes[2], 33]
	] as const) {
		useDatabase(tablet);
		must(await receive(code!, ['assignment', 'standings']));
		const players = assignment.players.map((p) => p.name);
		const context = { ...NO_CONTEXT, tournamentId: id, round: 1, table: assignment.table };
		const roundId = await wholeTableRound(players, context, seed);
		results.push(must(await handIn(roundId)).bytes);
	}

	useDatabase(device);
	must(await receive(results[0]!, ['batch', 'tournament']));
	must(
		await reportTableResult(id, 1, 2, handScores(two.players, [212, 87, -14]), { kind: 'hand' }, later(90))
	);
	must(
		await correctTableResult(
			id,
			1,
			2,
			handScores(two.players, [212, 78, -14]),
			'Zahlendreher beim Abschreiben',
			{},
			later(45)
		)
	);
	must(
		await reportTableResult(id, 1, 3, handScores(three.players, [150, 90, 30]), { kind: 'hand' }, later(30))
	);
	const conflict = must(await receive(results[1]!, ['batch', 'tournament']));
	if (conflict.kind !== 'batch' || !conflict.conflict) throw new Error('table 3 should wait for a decision');
	later(120);
	const locked = must(await recordEvent(id, { type: 'round-locked', round: 1 }, clock));
	const next = must(openNextRound(locked.state, { id: 'x', at: 'x', seed: 'fixture-a-2' }));
	must(
		await recordEvent(
			id,
			{ type: 'round-opened', round: next.round, seed: next.seed, tables: next.tables.map((t) => [...t]) },
			later(60)
		)
	);
	// Round 2: table 1's tablet joins and reports a player who did not show up; the report waits.
	const round2 = must(await tableAssignments(id, 2, later(5))).assignments[0];
	if (!round2) throw new Error('expected a table in round 2');
	const code2 = await encodeAsDirector(id, round2);
	useDatabase(tablet1);
	const joined = must(await receive(code2, ['assignment', 'standings']));
	if (joined.kind !== 'joined') throw new Error('tablet 1 should join round 2');
	const missing = round2.players[0]!.id;
	const report = must(await reportAbsence(joined.table, missing, { tablet: 'Blau', now: later(2) }));
	useDatabase(device);
	must(await receive(report, ['batch', 'tournament', 'absence']));
}

/** A table this device played in another director's tournament, and the standings code it got back. */
async function tableInOtherTournament(): Promise<void> {
	useDatabase(otherDirector);
	const id = await tournament('Vereinspokal Halle', NAMES_B, 'fixture-b-1');
	const { assignments } = must(await tableAssignments(id));
	const [one, two] = assignments;
	if (!one || !two) throw new Error('expected two tables');

	// Signed on the director's device: encoding after the switch would make this device a director of it.
	const tableCode = await encodeAsDirector(id, one);
	useDatabase(device);
	must(await receive(tableCode, ['assignment', 'standings']));
	const players = one.players.map((p) => p.name);
	const context = {
		...NO_CONTEXT,
		tournamentId: id,
		round: 1,
		table: 1,
		startDraw: [
			[4, 11, 11],
			[null, 9, 2]
		]
	};
	const roundId = await wholeTableRound(players, context, 5);
	const handed = must(await handIn(roundId));

	useDatabase(otherDirector);
	must(await receive(handed.bytes, ['batch', 'tournament']));
	must(
		await reportTableResult(id, 1, 2, handScores(two.players, [180, 65, 12]), { kind: 'hand' }, later(60))
	);
	const standings = must(await currentStandings(id));
	const code = await encodeAsDirector(id, standings);

	useDatabase(device);
	must(await receive(code, ['assignment', 'standings']));
}

// ------------------------------------------------------------------ the file

/** Rows must survive JSON: no undefined, Dates, typed arrays, NaN or -0 hidden in them. */
function checkJsonSafe(tables: Record<string, unknown[]>): void {
	for (const [name, rows] of Object.entries(tables)) {
		rows.forEach((row, i) => {
			if (!isDeepStrictEqual(JSON.parse(JSON.stringify(row)), row)) {
				throw new Error(
					`${name}[${i}] does not survive JSON; extend the fixture format: ${JSON.stringify(row)}`
				);
			}
		});
	}
}

/**
 * The device's own key pair (meta `device.keyAgreement`) holds a non-extractable CryptoKey, which no file
 * can carry: it is written as JSON keeps it (the private key an empty object), which the app reads as no
 * key pair — a device restored from such a file makes a new one (src/lib/db/device-key.ts).
 */
function withoutCryptoKeys(tables: Record<string, unknown[]>): Record<string, unknown[]> {
	const meta = (tables.meta ?? []).map((row) =>
		(row as { key?: unknown }).key === 'device.keyAgreement' ? JSON.parse(JSON.stringify(row)) : row
	);
	return { ...tables, meta };
}

async function main(): Promise<void> {
	await clubGame();
	await importedRecord();
	await directedTournament();
	await tableInOtherTournament();

	useDatabase(device);
	await device.open();
	const tables = withoutCryptoKeys(await dumpTables(device));
	checkJsonSafe(tables);
	const fixture: DatabaseFixture = {
		format: FIXTURE_FORMAT,
		schemaVersion: device.verno,
		nativeVersion: device.backendDB().version,
		stores: storesOf(device),
		madeBy: 'npx tsx scripts/db-fixture.ts',
		tables,
		expected: await observe()
	};
	const path = `src/lib/db/fixtures/schema-v${fixture.schemaVersion}.json`;
	const options = (await prettier.resolveConfig(path)) ?? {};
	writeFileSync(path, await prettier.format(JSON.stringify(fixture), { ...options, filepath: path }));
	const counts = Object.entries(tables).map(([name, rows]) => `${name} ${rows.length}`);
	console.log(`${path}: schema version ${fixture.schemaVersion}; ${counts.join(', ')}`);
	for (const database of [device, otherDirector, tablet1, tablet3]) database.close();
}

await main();
