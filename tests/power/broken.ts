import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * Builds that break durability on purpose, to show that the power-cut test sees it: a copy of the app with
 * one change, built apart (the app itself has no such switch).
 *
 * - `relaxed`: the tap's write commits with `durability: 'relaxed'` (no sync before `complete`).
 * - `early`: the table screen counts a tap as saved before its write has committed.
 * - `late`: the table screen counts a tap as saved at once and writes it 2 s later (a save put off to
 *   gather taps). In WebKit `relaxed` cannot lose anything — WebKit syncs its log on every commit,
 *   relaxed or strict (`npm run bench -- durability`) — so this is the break that shows a WebKit run
 *   can see a lost turn.
 */
export const BREAKS = {
	relaxed: {
		file: 'src/lib/db/around-dexie.ts',
		from: "transaction(stores, 'readwrite', { durability: 'strict' })",
		to: "transaction(stores, 'readwrite', { durability: 'relaxed' })"
	},
	early: {
		file: 'src/lib/table/round-session.state.svelte.ts',
		from: 'await appendRoundEntry(this.id, pending.entry, pending.round.state, Date.now(), this);',
		to: 'void appendRoundEntry(this.id, pending.entry, pending.round.state, Date.now(), this).catch(() => {});'
	},
	late: {
		file: 'src/lib/table/round-session.state.svelte.ts',
		from: 'await appendRoundEntry(this.id, pending.entry, pending.round.state, Date.now(), this);',
		to: 'void new Promise((done) => setTimeout(done, 2000)).then(() => appendRoundEntry(this.id, pending.entry, pending.round.state, Date.now(), this)).catch(() => {});'
	}
} as const;
export type Break = keyof typeof BREAKS;

/** What a build of the app needs besides node_modules (linked, not copied). */
const SOURCES = [
	'src',
	'static',
	'scripts',
	'package.json',
	'svelte.config.js',
	'vite.config.ts',
	'tsconfig.json'
];

/**
 * Copies the app, applies the break, builds the copy; returns the folder of the build. With WB_SKIP_BUILD=1
 * the last build of this break is served again (as the app's own build is).
 */
export function buildBroken(kind: Break): string {
	const root = resolve('.');
	const copy = join(tmpdir(), `wb-power-break-${kind}`);
	if (process.env.WB_SKIP_BUILD === '1' && existsSync(join(copy, 'build'))) return join(copy, 'build');
	rmSync(copy, { recursive: true, force: true });
	mkdirSync(copy);
	for (const source of SOURCES) cpSync(join(root, source), join(copy, source), { recursive: true });
	symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
	const { file, from, to } = BREAKS[kind];
	const path = join(copy, file);
	const text = readFileSync(path, 'utf8');
	if (!text.includes(from))
		throw new Error(`${file} no longer holds "${from}": update tests/power/broken.ts`);
	writeFileSync(path, text.replace(from, to));
	const build = spawnSync('npx', ['vite', 'build'], { cwd: copy, stdio: 'inherit', env: process.env });
	if (build.status !== 0) throw new Error(`the ${kind} build failed`);
	return join(copy, 'build');
}
