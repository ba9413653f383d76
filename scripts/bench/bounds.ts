// Bounds before work (issue 24, item 5): the largest hostile file of each kind, taken through the app's
// real import path, each in a process of its own (scripts/bounds-door.ts): how long until it is refused,
// and the peak memory above the idle process meanwhile. Budget: each refused within 1 s and 100 MB.
// The files are made here, in a temporary folder, and deleted afterwards.
// Run: npm run bench -- bounds   (WB_SKIP_BUILD=1 skips the app's build, which this does not need)
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { hostileBackup, hostileExport, sampleLog } from '../../src/lib/protocol/bounds-testing';
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

interface Case {
	readonly label: string;
	readonly door: 'desk' | 'restore' | 'standings';
	readonly path: string;
	/** desk: the genuine backup of the tournament the desk holds (FILE is a forger's, another key). */
	readonly own?: string;
}

const M = 1_000_000;
const hostile = await backup('hostile-16M.wbsync', 16 * M);
const cases: Case[] = [
	{
		label: 'desk: 16 M round events',
		door: 'desk',
		path: hostile,
		own: await backup('own.wbsync', 0, await newSigningKey())
	},
	{ label: 'restore: 16 M round events', door: 'restore', path: hostile },
	{ label: 'standings: 1 M-event export', door: 'standings', path: await jsonExport('export-1M.json', M) },
	// Within the byte bound, past the events bound: the walk reads up to the 20,001st event and stops.
	{
		label: 'standings: 600 k events, compact',
		door: 'standings',
		path: await jsonExport('export-600k.json', 600_000, true)
	},
	{ label: 'standings: 4 M-event backup', door: 'standings', path: await backup('backup-4M.wbsync', 4 * M) }
];

/** What one door did with its file, as scripts/bounds-door.ts says it; null when the process died. */
interface Answer {
	readonly ms: number;
	readonly aboveIdle: number;
	readonly refused: string | null;
}

/** A door that takes longer than this has long failed its budget: it is stopped. */
const GIVE_UP_MS = 15 * 60_000;

let over = false;
const figures: Record<string, unknown>[] = [];
// The machine's load: on a shared machine, times grow with it.
console.log(
	`load average ${loadavg()
		.map((load) => load.toFixed(1))
		.join(' ')} (${cpus().length} cores)`
);
for (const { label, door, path, own } of cases) {
	const start = performance.now();
	const run = spawnSync(
		process.execPath,
		['--expose-gc', '--import', 'tsx', 'scripts/bounds-door.ts', door, path, own ?? ''],
		{ encoding: 'utf8', maxBuffer: 16 * MB, timeout: GIVE_UP_MS }
	);
	const wall = performance.now() - start;
	const answer =
		run.status === 0 ? (JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Answer) : null;
	const size = statSync(path).size;
	const within =
		answer !== null && answer.refused !== null && answer.ms <= BUDGET_MS && answer.aboveIdle <= BUDGET_BYTES;
	if (!within) over = true;
	figures.push({ label, bytes: size, ...(answer ?? { died: run.signal ?? run.status, wall }) });
	const what = answer
		? `${answer.refused === null ? 'TAKEN' : 'refused'} in ${answer.ms.toFixed(0).padStart(6)} ms, ` +
			`${(answer.aboveIdle / MB).toFixed(1).padStart(6)} MB above idle`
		: `no answer: the process ${run.signal ? `was stopped (${run.signal})` : `died (exit ${run.status}${/heap out of memory/.test(run.stderr) ? ', out of memory' : ''})`} after ${(wall / 1000).toFixed(0)} s`;
	console.log(
		`${label.padEnd(30)} ${(size / MB).toFixed(1).padStart(6)} MB file  ${what}  ` +
			`(budget ${BUDGET_MS} ms, ${BUDGET_BYTES / MB} MB) ${within ? 'ok' : 'OVER BUDGET'}` +
			(answer?.refused ? `\n${''.padEnd(30)} ${answer.refused}` : '')
	);
}
if (process.argv.includes('--json')) console.log(JSON.stringify(figures));
rmSync(dir, { recursive: true, force: true });
process.exitCode = over ? 1 : 0;
