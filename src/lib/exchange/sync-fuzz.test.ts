// Fuzzing every decoder through the real import path: table codes, result codes, standings codes, frames
// of a sequence and exchange files (a table's round, a round's results, the whole tournament) — random,
// truncated and mutated — go where a scanned or pasted text and an opened file go (CodeReading, then
// `receive`), against databases that hold a real tournament: the director's (results, a conflict waiting
// for a decision) and a tablet's (its table joined and played, standings received). No input crashes
// anything, every refusal says why in German and English, and no database changes in any store.
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem, Result } from '../domain/result';
import { BASE45_ALPHABET } from '../protocol/base45';
import { wholeOf } from '../protocol/files';
import { toCodes } from '../protocol/frames';
import { newDeviceKeyPair, tableKey } from '../protocol/keys';
import { decodePayload, encodePayload, verifyPayload, type PayloadKind } from '../protocol/payload';
import { CodeReading } from './code-reading.state.svelte';
import { LONG_NAMES } from '../protocol/testing';
import type { RoundBatch } from '../protocol/sync-events';
import { dumpTables } from '../db/fixture';
import { useDatabase } from '../db/index';
import { WertungsblattDB } from '../db/schema';
import { receive } from '../db/sync';
import { exportTournament } from '../db/sync-bundles';
import { currentStandings, tableAssignments } from '../db/sync-handout';
import { directorKeys, encodeAsDirector } from '../db/sync-keys';
import type { ImportOutcome } from '../db/sync-rows';
import { handIn } from '../db/sync-tablet';
import {
	closeDevices,
	device,
	directedTournament,
	DIRECTOR_ACCEPTS,
	playTable,
	TABLET_ACCEPTS
} from '../db/sync-testing';
import {
	garbage,
	int,
	mutate,
	mutateBatch,
	mutatedFile,
	mutatedSequence,
	singleCode
} from './sync-fuzz-mutations';
import { problemText } from '$lib/i18n/problems/index';

const RUNS = Number(process.env.SYNC_FUZZ_RUNS ?? 100_000);

const NAMES = [
	...LONG_NAMES,
	'Karl-Heinz Oberländer',
	'Mechthild Bräutigam',
	'Jörg-Peter Hoffmann',
	'Annemarie Schüßler',
	'Wolfgang Dietrichsen',
	'Ulrike Käßbohrer',
	'Bernadette Lindqvist',
	'Constantin Wöllmer'
];

/** One device: its database and what its screen takes in. */
interface Device {
	readonly database: WertungsblattDB;
	readonly accept: readonly PayloadKind[];
	readonly tournamentId?: string;
	/** Every store, as stored: compared before and after. */
	snapshot: string;
}

/** A valid payload the app made itself, and the device whose screen takes it (or refuses its kind). */
interface Sample {
	readonly label: string;
	readonly bytes: Uint8Array;
	readonly device: Device;
}

const devices: Device[] = [];
const samples: Sample[] = [];
/** What a photographed table code of table 1 gives a forger: its key, and table 1's round as handed in. */
const forger: {
	key: Uint8Array;
	batch: RoundBatch | null;
	names: string[];
	deviceKey: Uint8Array | undefined;
} = {
	key: new Uint8Array(),
	batch: null,
	names: [],
	deviceKey: undefined
};

async function snapshot(database: WertungsblattDB): Promise<string> {
	return JSON.stringify(await dumpTables(database), (_, v: unknown) =>
		v instanceof Uint8Array ? [...v] : v
	);
}

/**
 * Puts a device's stores back as they were (after a legitimately accepted table code): those that differ
 * from the snapshot. (The others stay as stored: JSON cannot hold the tablet's own CryptoKey in `meta`.)
 */
async function restore(device: Device): Promise<void> {
	const tables = JSON.parse(device.snapshot) as Record<string, unknown[]>;
	const now = JSON.parse(await snapshot(device.database)) as Record<string, unknown[]>;
	const { database } = device;
	await database.transaction('rw', database.tables, async () => {
		for (const table of database.tables) {
			if (JSON.stringify(now[table.name]) === JSON.stringify(tables[table.name])) continue;
			await table.clear();
			await table.bulkPut(tables[table.name] ?? []);
		}
	});
}

/** A device of the scene: the director or a tablet. */
const open = (name: string): WertungsblattDB => device(`fuzz-${name}`);

beforeAll(async () => {
	const director = open('director');
	const tournamentId = await directedTournament(NAMES);
	const handed = await tableAssignments(tournamentId);
	if (!handed.ok) throw new Error(JSON.stringify(handed.error));
	const tableCodes = await Promise.all(
		handed.value.assignments.map((a) => encodeAsDirector(tournamentId, a))
	);
	// Tablets: table 1 plays its round out, table 2 hands in early, table 3 twice (a replaced tablet).
	const results: Uint8Array[] = [];
	let tablet: WertungsblattDB | null = null;
	for (const [table, seed, options] of [
		[0, 7, {}],
		[1, 8, { confirm: false, stopAfter: 15 }],
		[2, 9, {}],
		[2, 10, {}]
	] as const) {
		const database = open(`tablet-${results.length}`);
		tablet ??= database;
		const joined = await receive(tableCodes[table]!, TABLET_ACCEPTS);
		if (!joined.ok) throw new Error(JSON.stringify(joined.error));
		const played = await playTable(handed.value.assignments[table]!, seed, options);
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(JSON.stringify(code.error));
		results.push(code.value.bytes);
	}
	useDatabase(director);
	for (const bytes of results) {
		const taken = await receive(bytes, DIRECTOR_ACCEPTS);
		if (!taken.ok) throw new Error(JSON.stringify(taken.error));
	}
	const stolen = await decodePayload(tableCodes[0]!);
	forger.names = handed.value.assignments[0]!.players.map((p) => p.name);
	const handedIn = await decodePayload(results[0]!, { seats: () => forger.names });
	if (!stolen.ok || stolen.value.payload.kind !== 'assignment') throw new Error('table code');
	if (!handedIn.ok || handedIn.value.payload.kind !== 'batch') throw new Error('result code');
	forger.key = stolen.value.payload.key;
	forger.batch = handedIn.value.payload.batch;
	forger.deviceKey = handedIn.value.payload.deviceKey;
	expect(forger.deviceKey).toBeDefined();
	const standings = await currentStandings(tournamentId);
	if (!standings.ok) throw new Error(JSON.stringify(standings.error));
	const standingsCode = await encodeAsDirector(tournamentId, standings.value);
	const whole = await exportTournament(tournamentId);
	const round = await exportTournament(tournamentId, 1);
	if (!whole.ok || !round.ok) throw new Error('export failed');
	useDatabase(tablet!);
	expect((await receive(standingsCode, TABLET_ACCEPTS)).ok).toBe(true);

	const desk: Device = { database: director, accept: DIRECTOR_ACCEPTS, tournamentId, snapshot: '' };
	const table: Device = { database: tablet!, accept: TABLET_ACCEPTS, snapshot: '' };
	devices.push(desk, table);
	samples.push(
		{ label: 'result code, table 1 (complete)', bytes: results[0]!, device: desk },
		{ label: 'result code, table 2 (early)', bytes: results[1]!, device: desk },
		{ label: 'result code, table 3 (waits for a decision)', bytes: results[3]!, device: desk },
		{ label: 'tournament file', bytes: whole.value, device: desk },
		{ label: 'round results file', bytes: round.value, device: desk },
		{ label: 'standings code at the desk', bytes: standingsCode, device: desk },
		{ label: 'table code', bytes: tableCodes[3]!, device: table },
		{ label: 'table code of the tablet’s own table', bytes: tableCodes[0]!, device: table },
		{ label: 'standings code', bytes: standingsCode, device: table },
		{ label: 'result code at the tablet', bytes: results[0]!, device: table }
	);
	expect(whole.value.length).toBeGreaterThan(1000); // a real log, compressed
	for (const device of devices) device.snapshot = await snapshot(device.database);
}, 60_000);

afterAll(closeDevices);

/** A refusal says why, in German and English. */
function expectReason(problem: Problem): void {
	const [de, en] = [problemText(problem, 'de'), problemText(problem, 'en')];
	// The same checks for each of the ~100,000 refusals, made plainly; `expect` speaks when one fails.
	if (typeof problem.code === 'string' && de.length > 10 && en.length > 10 && de !== en) return;
	expect(typeof problem.code).toBe('string');
	expect(de.length).toBeGreaterThan(10);
	expect(en.length).toBeGreaterThan(10);
	expect(de).not.toBe(en);
}

/**
 * The device's stores are as stored before the run, but for the rows a table code that was taken writes:
 * the joined table, and the tournament's key row when the (altered, still valid) code names a new one.
 */
async function expectOnly(
	device: Device,
	joined: { tournamentId: string; round: number; table: number } | null
): Promise<void> {
	const allowed: Record<string, (row: Row) => boolean> = joined
		? {
				joined: (row) =>
					row.tournamentId === joined.tournamentId &&
					row.round === joined.round &&
					row.table === joined.table,
				tournamentKeys: (row) => row.id === joined.tournamentId
			}
		: {};
	await expectStoresBut(device, allowed);
}

/** The stores are as before but for batches kept for the director's decision on `table` of round 1. */
async function expectOnlyPending(device: Device, table: number): Promise<void> {
	await expectStoresBut(device, {
		pending: (row) => row.tournamentId === device.tournamentId && row.round === 1 && row.table === table
	});
}

type Row = Record<string, unknown>;

/** Every store holds the rows it held before, but for rows `allowed` lets change (by store). */
async function expectStoresBut(
	device: Device,
	allowed: Record<string, (row: Row) => boolean>
): Promise<void> {
	const now = JSON.parse(await snapshot(device.database)) as Record<string, Row[]>;
	const before = JSON.parse(device.snapshot) as Record<string, Row[]>;
	for (const name of Object.keys(before)) {
		const other = (rows: Row[] = []) => rows.filter((row) => !allowed[name]?.(row));
		expect(other(now[name]), name).toEqual(other(before[name]));
	}
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);

// ---------------------------------------------------------------- the run

type Outcome = 'refused' | 'progress' | 'accepted';

describe(`fuzzing the import (${RUNS} inputs through CodeReading and receive, against stored tournaments)`, () => {
	it('never crashes, refuses with reasons in German and English, and changes no database', async () => {
		const started = performance.now();
		const counts: Record<Outcome, number> = { refused: 0, progress: 0, accepted: 0 };
		const accepted = new Map<string, number>();
		const byKind = new Map<string, number>();
		for (let run = 0; run < RUNS; run++) {
			const sample = samples[int(samples.length)]!;
			const { device } = sample;
			useDatabase(device.database);
			let imported: Result<ImportOutcome> | null = null;
			let payload: Uint8Array | null = null;
			const reading = new CodeReading(async (bytes) => {
				imported = await receive(bytes, device.accept, { tournamentId: device.tournamentId });
				// A file is decoded as far as it was read: where it was taken, all of it.
				const whole = wholeOf(bytes);
				payload = whole.ok ? whole.value : new Uint8Array(0);
			});
			const read = async (): Promise<Result<unknown>> => {
				switch (run % 6) {
					case 0:
						return reading.text(garbage());
					case 1: {
						// a real code, typed or scanned badly: cut, a character changed, added or dropped
						const [code] = toCodes(sample.bytes, { maxSingle: 40 });
						const chars = [...code!];
						const i = int(chars.length);
						const op = int(4);
						if (op === 0) chars.length = i;
						else if (op === 1) chars[i] = BASE45_ALPHABET[int(45)]!;
						else if (op === 2) chars.splice(i, 0, BASE45_ALPHABET[int(45)]!);
						else chars.splice(i, 1);
						return reading.text(chars.join(''));
					}
					case 2:
					case 3:
						// the payload changed behind a correct checksum; now and then a marker of another version
						return reading.text(singleCode(mutate(sample.bytes), int(20) ? 0xb1 : 0xb3 + int(13)));
					case 4: {
						let last: Result<unknown> = { ok: true, value: null };
						for (const text of mutatedSequence(sample.bytes)) {
							last = await reading.text(text);
							if (!last.ok) break;
						}
						return last;
					}
					default:
						return reading.file(mutatedFile(sample.bytes));
				}
			};
			const step = await read();
			let outcome: Outcome;
			if (!step.ok) {
				expectReason(step.error);
				outcome = 'refused';
			} else if (!payload) {
				outcome = 'progress';
			} else {
				const result = imported as Result<ImportOutcome> | null;
				if (!result) throw new Error('read without import');
				if (!result.ok) {
					expectReason(result.error);
					byKind.set(result.error.code, (byKind.get(result.error.code) ?? 0) + 1);
					outcome = 'refused';
				} else {
					outcome = 'accepted';
					const bytes = payload as Uint8Array;
					const decoded = await decodePayload(bytes, { seats: () => null });
					const kind = decoded.ok ? decoded.value.payload.kind : 'batch';
					// A payload is only ever taken unaltered (a table code too: the director signs it).
					expect(kind && samples.some((s) => same(s.bytes, bytes))).toBe(true);
					const what = `${sample.label} → ${result.value.kind}`;
					accepted.set(what, (accepted.get(what) ?? 0) + 1);
					// Nothing but what the import says it did: a tablet joining a (valid) table, nothing else.
					const joined = result.value.kind === 'joined' ? result.value.table : null;
					await expectOnly(device, joined);
					if (joined) await restore(device);
				}
			}
			counts[outcome]++;
		}
		for (const device of devices) expect(await snapshot(device.database)).toBe(device.snapshot);
		const seconds = ((performance.now() - started) / 1000).toFixed(1);
		console.info(`import fuzz: ${RUNS} inputs in ${seconds} s`, counts, Object.fromEntries(byKind));
		console.info('accepted (unaltered, or a still valid unsigned table code):', Object.fromEntries(accepted));
		expect(counts.refused).toBeGreaterThan(RUNS * 0.9);
	}, 900_000);

	it('takes nothing beyond its own table from inputs validly signed with a table key', async () => {
		const [desk, table] = devices;
		const runs = Number(process.env.SYNC_TABLE_KEY_RUNS ?? 150);
		const outcomes = new Map<string, number>();
		const count = (what: string) => outcomes.set(what, (outcomes.get(what) ?? 0) + 1);
		// The forger's codes carry no tablet key, a key of his own, or the genuine tablet's (copied from its
		// result code): none of them may make him the table's tablet.
		const own = await newDeviceKeyPair();
		const keys = [undefined, own.publicKey, forger.deviceKey];
		for (let run = 0; run < runs; run++) {
			const batch = mutateBatch(forger.batch!);
			const deviceKey = keys[run % keys.length];
			let bytes: Uint8Array;
			try {
				const payload = { kind: 'batch' as const, batch, ...(deviceKey ? { deviceKey } : {}) };
				bytes = await encodePayload(payload, forger.key);
			} catch {
				continue; // not even writable as a code
			}
			useDatabase(desk!.database);
			const result = await receive(bytes, DIRECTOR_ACCEPTS, { tournamentId: desk!.tournamentId });
			if (result.ok && result.value.kind === 'batch') {
				count(`${result.value.result}${result.value.conflict ? ` (${result.value.conflict})` : ''}`);
			} else if (!result.ok) {
				expectReason(result.error);
				count(result.error.code);
			}
			// Table 1 is in and recorded: nothing but a batch kept for the director's decision on it.
			await expectOnlyPending(desk!, 1);
			await restore(desk!);
			// What only the director may send, signed with the table key: refused everywhere.
			if (run % 10 === 0) {
				const kinds = samples.filter((s) => s.label === 'standings code' || s.label.startsWith('table code'));
				for (const sample of [...kinds, samples.find((s) => s.label === 'tournament file')!]) {
					const decoded = await decodePayload(sample.bytes, { seats: () => null });
					if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
					const payload = decoded.value.payload;
					const forged =
						payload.kind === 'standings'
							? { ...payload, revision: payload.revision + 1 + int(10_000_000) }
							: payload.kind === 'assignment'
								? { ...payload, round: 1 + int(50), table: 1 + int(4) }
								: payload;
					for (const device of [desk!, table!]) {
						useDatabase(device.database);
						const taken = await receive(await encodePayload(forged, forger.key), device.accept, {
							tournamentId: device.tournamentId
						});
						expect(taken.ok).toBe(false);
						if (!taken.ok) expectReason(taken.error);
					}
				}
			}
		}
		for (const device of devices) expect(await snapshot(device.database)).toBe(device.snapshot);
		console.info('signed with table 1’s key:', Object.fromEntries(outcomes));
		// The signature no longer stops them: the checks behind it do (and conflicts wait for the director).
		const behind = [...outcomes].filter(([what]) => what !== 'forged').reduce((n, [, k]) => n + k, 0);
		expect(behind).toBeGreaterThan(runs * 0.3);
	}, 300_000);

	it('takes a signed payload only unaltered, whatever the single change', async () => {
		const [desk] = devices;
		useDatabase(desk!.database);
		const keys = await directorKeys(desk!.tournamentId!, 'Herbstturnier');
		for (const sample of samples.filter((s) => s.device === desk)) {
			for (let run = 0; run < 300; run++) {
				const altered = mutate(sample.bytes);
				if (same(altered, sample.bytes)) continue;
				const decoded = await decodePayload(altered, { seats: () => null });
				// Each kind under the key that signs it: a result under its table's key, the rest the director's.
				const payload = decoded.ok ? decoded.value.payload : null;
				const key =
					payload?.kind === 'batch'
						? await tableKey(
								keys.master,
								payload.batch.tournamentId,
								payload.batch.round,
								payload.batch.table
							)
						: keys.signing.publicKey;
				const verified = decoded.ok ? await verifyPayload(decoded.value, key) : decoded;
				expect(verified.ok).toBe(false);
				if (!verified.ok) expectReason(verified.error);
			}
		}
		expect(await snapshot(desk!.database)).toBe(desk!.snapshot);
	});
});
