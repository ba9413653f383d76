/**
 * `npm run test:mutation [-- <folder>|<file>…] [--incremental] [--changed [<base>]] [--dry-run]`: mutation testing of the
 * domain, the codecs, the protocol and the db's sync modules, folder by folder (mutation.config.js).
 * Writes an HTML report per folder to reports/mutation/<folder>.html and ends with one line of scores:
 * `mutation: domain 93.1 %, codecs …, protocol …, db-sync …`.
 * --incremental: reuse the results of the last run for the code and tests that did not change
 *   (reports/mutation/<folder>.incremental.json).
 * --changed: mutate only the files of the folders that differ from <base> (default main), committed or not.
 * <file>: mutate only these files (each in its folder, with that folder's tests).
 * --dry-run: only the first, plain run of the tests (StrykerJS's dryRunOnly), to measure what it costs.
 * A run stopped before its end (Ctrl-C, SIGTERM) keeps what it tested in the incremental file
 * (scripts/mutation-partial.js): the next --incremental run goes on from there.
 */
import { Stryker } from '@stryker-mutator/core';
import type { MutantResult, PartialStrykerOptions } from '@stryker-mutator/api/core';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { equivalent, folders, stryker } from '../mutation.config.js';

type Folder = keyof typeof folders;

// The sync property tests run 10,000 schedules by default (minutes): a mutant that breaks convergence breaks
// it in the first few hundred, and every mutant the test covers runs it again.
process.env.SYNC_PROPERTY_RUNS ??= '200';
// The other property tests run a tenth of their cases (at least 20; src/lib/domain/testing/runs.ts).
process.env.WB_PROPERTY_RUNS_SHARE ??= '0.1';

const args = process.argv.slice(2);
const incremental = args.includes('--incremental');
const dryRun = args.includes('--dry-run');
const changedAt = args.indexOf('--changed');
const base =
	changedAt >= 0 && args[changedAt + 1] && !args[changedAt + 1]!.startsWith('--')
		? args[changedAt + 1]!
		: 'main';
const named = args.filter((a, i) => !a.startsWith('--') && !(changedAt >= 0 && i === changedAt + 1));
const paths = named.filter((a) => a.includes('/'));
const names = named.filter((a) => !a.includes('/'));
for (const name of names)
	if (!(name in folders)) throw new Error(`unknown folder ${name}: ${Object.keys(folders).join(', ')}`);
const chosen = (names.length > 0 ? names : Object.keys(folders)) as Folder[];

/** The files that differ from `base` (committed on this branch or not yet committed). */
function changedFiles(): string[] {
	const git = (...a: string[]) => execFileSync('git', a, { encoding: 'utf8' }).split('\n').filter(Boolean);
	return [
		...new Set([...git('diff', '--name-only', `${base}...HEAD`), ...git('diff', '--name-only', 'HEAD')])
	];
}

/** A glob of mutation.config.js as a regular expression (`**`, `*` and literal text are all it uses). */
function globToRegExp(glob: string): RegExp {
	const source = glob
		.replace(/[.+^${}()|[\]\\]/g, '\\$&')
		.replace(/\*\*\//g, '\uE000')
		.replace(/\*\*/g, '.*')
		.replace(/\*/g, '[^/]*')
		.replace(/\uE000/g, '(?:.*/)?');
	return new RegExp(`^${source}$`);
}

function matches(file: string, globs: string[]): boolean {
	const include = globs.filter((g) => !g.startsWith('!')).map(globToRegExp);
	const exclude = globs.filter((g) => g.startsWith('!')).map((g) => globToRegExp(g.slice(1)));
	return include.some((r) => r.test(file)) && !exclude.some((r) => r.test(file));
}

/** The test files beside a source file: `x.test.ts` and `x.<anything>.test.ts`. */
function besideTests(file: string): string[] {
	const dir = dirname(file);
	const name = basename(file, '.ts');
	return readdirSync(dir)
		.filter((f) => f === `${name}.test.ts` || (f.startsWith(`${name}.`) && f.endsWith('.test.ts')))
		.map((f) => join(dir, f));
}

/** The source text a mutant replaced. */
function original(mutant: MutantResult, sources: Map<string, string[]>): string {
	let lines = sources.get(mutant.fileName);
	if (!lines) sources.set(mutant.fileName, (lines = readFileSync(mutant.fileName, 'utf8').split('\n')));
	const { start, end } = mutant.location;
	if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1);
	return [
		lines[start.line - 1]!.slice(start.column - 1),
		...lines.slice(start.line, end.line - 1),
		lines[end.line - 1]!.slice(0, end.column - 1)
	].join('\n');
}

/** A mutant no test noticed: where, what it replaced and with what. */
interface Survivor {
	file: string;
	line: number;
	kind: string;
	original: string;
	replacement: string;
	covered: boolean;
	/** Survived although none of its tests ran to the end (stryker-js#6213): not a measurement. */
	unmeasured: boolean;
}

interface Score {
	folder: Folder;
	/** The files mutated, when not the whole folder. */
	files?: number;
	seconds: number;
	killed: number;
	/** Of the killed: by running past their time (an endless loop, most often). */
	timedOut: number;
	survived: Survivor[];
	equivalent: number;
	other: number;
}

const scores: Score[] = [];
const changed = changedAt >= 0 ? changedFiles() : paths.length > 0 ? paths : undefined;
for (const folder of chosen) {
	const { mutate, testFiles } = folders[folder];
	const files = changed?.filter((f) => matches(f, mutate));
	if (files && files.length === 0) continue;
	// A few files: the tests beside them (x.ts: x.test.ts, x.*.test.ts), when each has its own.
	const own = files?.map((f) => besideTests(f));
	const beside = own?.every((tests) => tests.length > 0) ? own.flat() : undefined;
	const options: PartialStrykerOptions = {
		...stryker,
		mutate: files ?? mutate,
		reporters: ['html', 'progress-append-only', 'wb-partial'],
		appendPlugins: [new URL('./mutation-partial.js', import.meta.url).href],
		htmlReporter: { fileName: `reports/mutation/${folder}.html` },
		incremental,
		dryRunOnly: dryRun,
		incrementalFile: `reports/mutation/${folder}.incremental.json`
	};
	// The test files go to vitest's own `include` (scripts/vitest.mutation.config.ts), not to Stryker's
	// `testFiles`: with those, StrykerJS 9.6.1 turns a mutant that acts while a module loads on only after
	// the module has loaded, and reports it survived (stryker-js#6144).
	process.env.WB_MUTATION_TESTS = JSON.stringify(beside ?? testFiles);
	const started = performance.now();
	const results = await new Stryker(options).runMutationTest();
	const seconds = (performance.now() - started) / 1000;
	const sources = new Map<string, string[]>();
	const score: Score = {
		folder,
		files: files?.length,
		seconds,
		killed: 0,
		timedOut: 0,
		survived: [],
		equivalent: 0,
		other: 0
	};
	for (const mutant of results) {
		if (mutant.status === 'Killed' || mutant.status === 'Timeout') {
			score.killed++;
			if (mutant.status === 'Timeout') score.timedOut++;
		} else if (mutant.status === 'Survived' || mutant.status === 'NoCoverage') {
			const file = relative(process.cwd(), mutant.fileName);
			const text = original(mutant, sources);
			const known = equivalent.find(
				(e) =>
					e.file === file &&
					e.mutator === mutant.mutatorName &&
					e.original === text &&
					e.replacement === mutant.replacement
			);
			if (known) score.equivalent++;
			else
				score.survived.push({
					file,
					line: mutant.location.start.line,
					kind: mutant.mutatorName,
					original: text,
					replacement: mutant.replacement ?? '',
					covered: mutant.status === 'Survived',
					unmeasured: mutant.status === 'Survived' && mutant.testsCompleted === 0
				});
		} else score.other++;
	}
	scores.push(score);
}

const percent = (s: Score) => ((100 * s.killed) / Math.max(1, s.killed + s.survived.length)).toFixed(1);
for (const s of scores) {
	console.log(
		`\n${s.folder}: ${s.killed} killed (${s.timedOut} by timeout), ${s.survived.length} survived (${s.survived.filter((m) => !m.covered).length} run by no test), ${s.equivalent} equivalent, ${s.other} not counted (errors, ignored); ${s.seconds.toFixed(0)} s`
	);
	const kinds = new Map<string, Survivor[]>();
	for (const m of s.survived) kinds.set(m.kind, [...(kinds.get(m.kind) ?? []), m]);
	for (const [kind, mutants] of [...kinds].sort((a, b) => b[1].length - a[1].length)) {
		console.log(`  ${kind} ${mutants.length}`);
		for (const m of mutants) {
			const code = (text: string) => JSON.stringify(text.replace(/\s+/g, ' ')).slice(0, 70);
			console.log(
				`    ${m.file}:${m.line} ${m.covered ? '' : '(no test runs it) '}${m.unmeasured ? '(ran no test to its end) ' : ''}${code(m.original)} → ${code(m.replacement)}`
			);
		}
	}
}
console.log(
	`\nmutation: ${scores.map((s) => `${s.folder}${s.files ? ` (${s.files} files)` : ''} ${percent(s)} %`).join(', ')}`
);
