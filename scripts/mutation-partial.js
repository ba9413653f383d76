// A StrykerJS reporter (`wb-partial`, loaded by scripts/mutation.ts) that keeps an interrupted run's work:
// StrykerJS writes the incremental file (reports/mutation/<folder>.incremental.json) only when every mutant
// has run, so a run stopped after an hour of the domain's 6,700 mutants kept nothing. This one writes the
// mutants tested so far in the same format every minute and when the process ends early (Ctrl-C, SIGTERM:
// StrykerJS turns those into process.exit, which runs 'exit' handlers), so the next `--incremental` run
// reuses them and tests only the rest. Plain JavaScript: StrykerJS also loads its plugins in the test runner
// processes, which run without the TypeScript loader.
import { PlanKind } from '@stryker-mutator/api/core';
import { commonTokens, declareClassPlugin, PluginKind } from '@stryker-mutator/api/plugin';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';

/** How often the file is rewritten while the run goes on (it is also written when the run is stopped). */
const EVERY_MS = 60_000;

/** @param {string} file */
const reportName = (file) => relative(process.cwd(), file).replaceAll('\\', '/');

export class PartialIncrementalReporter {
	static inject = /** @type {const} */ ([commonTokens.options]);

	/** @type {Map<string, import('@stryker-mutator/api/core').MutantResult>} */
	#mutants = new Map();
	/** @type {import('@stryker-mutator/api/test-runner').TestResult[]} */
	#tests = [];
	/** @type {Map<string, string>} The sources as the run read them, not as they are when it is stopped. */
	#sources = new Map();
	#lastWrite = Date.now();
	/** The test time of the dry run (every test once, the code instrumented). */
	#dryRunSeconds = 0;
	/** Set once StrykerJS has its complete report: it writes the whole file itself then. */
	#done = false;
	#onExit = () => this.#tryWrite();

	/**
	 * The incremental file as the run found it: a run of a few of the folder's files (`npm run test:mutation --
	 * <file>`) that is stopped keeps the other files' mutants and tests from it, as StrykerJS's own report does.
	 * @type {{ files: Record<string, object>, testFiles: Record<string, object> } | null}
	 */
	#previous = null;

	/** @param {import('@stryker-mutator/api/core').StrykerOptions} options */
	constructor(options) {
		this.options = options;
		if (!options.incremental) return;
		process.on('exit', this.#onExit);
		try {
			this.#previous = JSON.parse(readFileSync(options.incrementalFile, 'utf8'));
		} catch {
			// no file yet (a first run), or one that does not read: the run starts from nothing, as StrykerJS does
		}
	}

	/** @param {import('@stryker-mutator/api/report').DryRunCompletedEvent} event */
	onDryRunCompleted(event) {
		this.#tests = event.result.tests;
		this.#dryRunSeconds = event.timing.net / 1000;
		for (const test of this.#tests) if (test.fileName) this.#source(test.fileName);
	}

	/**
	 * Says, before a mutant runs, what the run will cost: the mutants known already (from the incremental
	 * file, or reached by no test), those run against the tests that reached them, and the static ones (code
	 * that runs while a module loads), which run against every test of the folder; with the test time the
	 * dry run measured for each.
	 * @param {import('@stryker-mutator/api/report').MutationTestingPlanReadyEvent} event
	 */
	onMutationTestingPlanReady(event) {
		for (const { mutant } of event.mutantPlans) this.#source(mutant.fileName);
		const runs = event.mutantPlans.filter(
			/** @returns {p is import('@stryker-mutator/api/core').MutantRunPlan} */ (p) => p.plan === PlanKind.Run
		);
		const reused = event.mutantPlans.length - runs.length;
		const all = runs.filter((p) => p.mutant.static);
		const some = runs.filter((p) => !p.mutant.static && p.mutant.coveredBy?.length);
		const none = runs.length - all.length - some.length;
		/** @param {import('@stryker-mutator/api/core').MutantRunPlan[]} plans */
		const seconds = (plans) => (plans.reduce((sum, p) => sum + p.netTime, 0) / 1000).toFixed(0);
		console.log(
			`mutation plan: ${event.mutantPlans.length} mutants: ${reused} from the incremental file, ${none} reached by no test, ` +
				`${some.length} run against the tests that reach them (${seconds(some)} s of test time), ` +
				`${all.length} static, against every test (${seconds(all)} s); the dry run's tests took ${this.#dryRunSeconds.toFixed(0)} s`
		);
		// Where the static mutants are: the files whose code runs while they load cost the most.
		/** @type {Map<string, number>} */
		const perFile = new Map();
		for (const p of all) {
			const file = reportName(p.mutant.fileName);
			perFile.set(file, (perFile.get(file) ?? 0) + 1);
		}
		const most = [...perFile].sort((a, b) => b[1] - a[1]);
		if (most.length > 0)
			console.log(
				`mutation plan: static mutants by file: ${most.map(([file, n]) => `${file} ${n}`).join(', ')}`
			);
		// Which tests the mutants run against cost the most (a test's dry-run time, once per mutant it reaches):
		// a slow test that reaches many mutants is where a shorter run begins.
		const time = new Map(this.#tests.map((t) => [t.id, t.timeSpentMs]));
		/** @type {Map<string, { ms: number, mutants: number }>} */
		const cost = new Map();
		for (const p of some)
			for (const id of p.mutant.coveredBy ?? []) {
				const c = cost.get(id) ?? { ms: 0, mutants: 0 };
				c.ms += time.get(id) ?? 0;
				c.mutants++;
				cost.set(id, c);
			}
		const costliest = [...cost].sort((a, b) => b[1].ms - a[1].ms).slice(0, 10);
		if (costliest.length > 0)
			console.log(
				`mutation plan: the costliest tests: ${costliest
					.map(
						([id, c]) =>
							`${id} ${((time.get(id) ?? 0) / 1000).toFixed(2)} s × ${c.mutants} = ${(c.ms / 1000).toFixed(0)} s`
					)
					.join('; ')}`
			);
	}

	/** @param {Readonly<import('@stryker-mutator/api/core').MutantResult>} result */
	onMutantTested(result) {
		this.#mutants.set(result.id, result);
		if (Date.now() - this.#lastWrite > EVERY_MS) this.#tryWrite();
	}

	onMutationTestReportReady() {
		this.#done = true;
		process.off('exit', this.#onExit);
	}

	/** @param {string} file */
	#source(file) {
		if (this.#sources.has(file)) return;
		try {
			this.#sources.set(file, readFileSync(file, 'utf8'));
		} catch {
			// a file gone since the run began: its mutants and tests are not kept
		}
	}

	/** Keeping the work must not stop it: a failed write is said and the run goes on. */
	#tryWrite() {
		try {
			this.#write();
		} catch (error) {
			console.error(`mutation: could not keep the mutants tested so far: ${error}`);
		}
	}

	/** The mutants tested so far, in the incremental file's format (mutation-testing-report-schema 1.0). */
	#write() {
		this.#lastWrite = Date.now();
		if (this.#done || !this.options.incremental || this.#mutants.size === 0) return;
		/** @type {Record<string, { language: string, source: string, mutants: object[] }>} */
		const files = {};
		for (const mutant of this.#mutants.values()) {
			const source = this.#sources.get(mutant.fileName);
			if (source === undefined) continue;
			const { fileName, ...rest } = mutant;
			(files[reportName(fileName)] ??= { language: 'typescript', source, mutants: [] }).mutants.push(rest);
		}
		/** @type {Record<string, { source?: string, tests: object[] }>} */
		const testFiles = {};
		for (const test of this.#tests) {
			const file = test.fileName ? reportName(test.fileName) : '';
			const entry = (testFiles[file] ??= {
				source: test.fileName ? this.#sources.get(test.fileName) : undefined,
				tests: []
			});
			entry.tests.push({
				id: test.id,
				name: test.name,
				location: test.startPosition
					? { start: { line: test.startPosition.line + 1, column: test.startPosition.column + 1 } }
					: undefined
			});
		}
		// The files this run does not mutate or test keep what the file said of them.
		for (const [name, entry] of Object.entries(this.#previous?.files ?? {})) files[name] ??= entry;
		for (const [name, entry] of Object.entries(this.#previous?.testFiles ?? {})) testFiles[name] ??= entry;
		const report = {
			files,
			schemaVersion: '1.0',
			thresholds: this.options.thresholds,
			testFiles,
			projectRoot: process.cwd()
		};
		const file = this.options.incrementalFile;
		mkdirSync(dirname(file), { recursive: true });
		// Whole or not at all: a file cut off mid-write would make the next run throw on reading it.
		writeFileSync(`${file}.part`, JSON.stringify(report));
		renameSync(`${file}.part`, file);
	}
}

export const strykerPlugins = [
	declareClassPlugin(PluginKind.Reporter, 'wb-partial', PartialIncrementalReporter)
];
