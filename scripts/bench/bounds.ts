// Bounds before work (issue 24, item 5): the largest hostile file of each kind, taken through the app's
// real import path, each in a process of its own (scripts/bounds-door.ts): how long until it is refused,
// and the peak memory above the idle process meanwhile. Budget: each refused within 1 s and 100 MB. Its
// floor, measured in the same run through the same door: the smallest file of its kind past the events
// bound (20,001 events), which a door that stops at the first element past a bound refuses in about the
// same time.
// The files are made here, in a temporary folder, and deleted afterwards.
// Run: npm run bench -- bounds   (WB_SKIP_BUILD=1 skips the app's build, which this does not need)
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIMITS } from '../../src/lib/domain/limits';
import {
	EVENTS_PER_HOSTILE_ROUND,
	hostileBackup,
	hostileExport,
	sampleLog
} from '../../src/lib/protocol/bounds-testing';
import { newSigningKey, type SigningKey } from '../../src/lib/protocol/keys';

const BUDGET_MS = 1000;
const BUDGET_BYTES = 100 * 1024 * 1024;
const MB = 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'wb-bounds-'));

/** A backup (`.wbsync`) of the tournament with `events` round events, signed with `signing` (a new key). */
async function backup(name: string, events: number, signing?: SigningKey): Promise<string> {
	const path = join(dir, name);
	const file = { tournamentId: 't-hostile0000000000', rows: sampleLog().rows, roundEvents: events };
	writeFileSync(path, await hostileBackup({ ...file, ...(signing ? { signing } : {}) }));
	return path;
}

/** The desk's "Alles (JSON)" export with `events` events (`compact`: without white space). */
async function jsonExport(name: string, events: number, compact = false): Promise<string> {
	const path = join(dir, name);
	const out = createWriteStream(path);
	for (const piece of hostileExport('t-hostile0000000000', events, { compact })) {
		if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
	}
	await new Promise<void>((resolve) => out.end(() => resolve()));
	return path;
}

interface Door {
	readonly door: 'desk' | 'restore' | 'standings';
	/** desk: the genuine backup of the tournament the desk holds (FILE is a forger's, another key). */
	readonly own?: string;
}

interface Case extends Door {
	readonly label: string;
	/** The largest hostile file of its kind (the issue's). */
	readonly path: string;
	/**
	 * The floor: the smallest file of the same kind past the events bound, through the same door in the
	 * same run. A door that stops at the first element past a bound takes about as long for both (less for
	 * a file refused by its size before it is read).
	 */
	readonly floor: string;
}

const M = 1_000_000;
/** Just past the events bound: the rounds (5,000 events each) that first pass `eventsPerFile`. */
const JUST_PAST = Math.ceil((LIMITS.eventsPerFile + 1) / EVENTS_PER_HOSTILE_ROUND) * EVENTS_PER_HOSTILE_ROUND;
const hostile = await backup('hostile-16M.wbsync', 16 * M);
const hostileFloor = await backup('hostile-floor.wbsync', JUST_PAST);
const own = await backup('own.wbsync', 0, await newSigningKey());
const exportFloor = await jsonExport('export-floor.json', LIMITS.eventsPerFile + 1);
const cases: Case[] = [
	{ label: 'desk: 16 M round events', door: 'desk', path: hostile, floor: hostileFloor, own },
	{ label: 'restore: 16 M round events', door: 'restore', path: hostile, floor: hostileFloor },
	{
		label: 'standings: 1 M-event export',
		door: 'standings',
		path: await jsonExport('export-1M.json', M),
		floor: exportFloor
	},
	// Within the byte bound, past the events bound: the walk reads up to the 20,001st event and stops.
	{
		label: 'standings: 600 k events, compact',
		door: 'standings',
		path: await jsonExport('export-600k.json', 600_000, true),
		floor: await jsonExport('export-floor-compact.json', LIMITS.eventsPerFile + 1, true)
	},
	{
		label: 'standings: 4 M-event backup',
		door: 'standings',
		path: await backup('backup-4M.wbsync', 4 * M),
		floor: hostileFloor
	}
];

/** What one door did with its file, as scripts/bounds-door.ts says it. */
interface Answer {
	readonly ms: number;
	readonly aboveIdle: number;
	readonly refused: string | null;
}

/** A door that takes longer than this has long failed its budget: it is stopped. */
const GIVE_UP_MS = 15 * 60_000;

/** One file through one door, in a process of its own: its answer, or why there was none. */
function through({ door, own }: Door, path: string): { answer: Answer | null; why: string } {
	const start = performance.now();
	const run = spawnSync(
		process.execPath,
		['--expose-gc', '--import', 'tsx', 'scripts/bounds-door.ts', door, path, own ?? ''],
		{ encoding: 'utf8', maxBuffer: 16 * MB, timeout: GIVE_UP_MS }
	);
	const wall = (performance.now() - start) / 1000;
	if (run.status === 0) {
		return { answer: JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Answer, why: '' };
	}
	const memory = /heap out of memory/.test(run.stderr) ? ', out of memory' : '';
	const how = run.signal ? `was stopped (${run.signal})` : `died (exit ${run.status}${memory})`;
	return { answer: null, why: `no answer: the process ${how} after ${wall.toFixed(0)} s` };
}

/** "refused in 123 ms, 4.5 MB above idle", or why there was no answer. */
function said({ answer, why }: { answer: Answer | null; why: string }): string {
	if (!answer) return why;
	const verdict = answer.refused === null ? 'TAKEN' : 'refused';
	return `${verdict} in ${answer.ms.toFixed(0).padStart(5)} ms, ${(answer.aboveIdle / MB).toFixed(1).padStart(5)} MB above idle`;
}

let over = false;
const figures: Record<string, unknown>[] = [];
// The machine's load: on a shared machine, times grow with it.
console.log(
	`load average ${loadavg()
		.map((load) => load.toFixed(1))
		.join(' ')} (${cpus().length} cores); budget per file ${BUDGET_MS} ms and ${BUDGET_BYTES / MB} MB ` +
		'above idle; floor: the smallest file past the events bound (20,001 events), same door, same run'
);
for (const each of cases) {
	const floor = through(each, each.floor);
	const file = through(each, each.path);
	const { answer } = file;
	const within =
		answer !== null && answer.refused !== null && answer.ms <= BUDGET_MS && answer.aboveIdle <= BUDGET_BYTES;
	if (!within) over = true;
	const size = (path: string) => `${(statSync(path).size / MB).toFixed(1).padStart(5)} MB`;
	const times =
		answer && floor.answer ? ` = ${(answer.ms / floor.answer.ms).toFixed(1)} × the floor's time` : '';
	console.log(
		`${each.label}\n` +
			`  file  ${size(each.path)}: ${said(file)}${times}  ${within ? 'ok' : 'OVER BUDGET'}\n` +
			`  floor ${size(each.floor)}: ${said(floor)}` +
			(answer?.refused ? `\n  why   ${answer.refused}` : '')
	);
	figures.push({
		label: each.label,
		bytes: statSync(each.path).size,
		...(answer ?? { died: file.why }),
		floor: { bytes: statSync(each.floor).size, ...(floor.answer ?? { died: floor.why }) }
	});
}
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
rmSync(dir, { recursive: true, force: true });
process.exitCode = over ? 1 : 0;
