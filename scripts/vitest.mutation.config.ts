import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { LoadFailuresAsTests } from './mutation-load-failures';

// The unit tests of the mutated folders as StrykerJS's vitest runner runs them for `npm run test:mutation`
// (mutation.config.js picks the test files per folder). Lean on purpose, because every mutant is a new
// vitest run: no SvelteKit plugin (the domain, codecs, protocol and db modules are plain TypeScript), no
// browser, no setup files.
/**
 * Quick test files first. StrykerJS stops a mutant's run at its first failing test, and vitest's own order
 * runs the longest files first (by the times of the run before): every mutant the seating searches reach,
 * and every mutant that acts while a module loads, paid for the searches before a quick test caught it.
 * Files that failed in the run before come first (the mutant before was likely caught there), then the
 * known ones from the shortest, then the unknown ones from the smallest.
 */
class QuickFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		const { cache, config } = this.ctx;
		const rank = (file: TestSpecification): [number, number] => {
			const key = `${file.project.name}:${relative(config.root, file.moduleId)}`;
			const result = cache.getFileTestResults(key);
			if (result) return [result.failed ? 0 : 1, result.duration];
			return [2, cache.getFileStats(key)?.size ?? 0];
		};
		const ranks = new Map(files.map((file) => [file, rank(file)]));
		return [...files].sort((a, b) => {
			const [groupA, costA] = ranks.get(a)!;
			const [groupB, costB] = ranks.get(b)!;
			return groupA - groupB || costA - costB;
		});
	}
}

export default defineConfig({
	// StrykerJS runs vitest in its sandbox, a copy of the project: the root is where it runs.
	root: process.cwd(),
	test: {
		environment: 'node',
		// Each test file loads its modules anew, in every run. StrykerJS's vitest runner (9.6.1) says it can
		// reload the test environment but only starts vitest again in the same process (stryker-js#6209): a
		// mutant in code that runs while a module loads takes effect only because nothing is kept from the
		// run before.
		isolate: true,
		// A test's own time limit is no measure here: a mutation run has the machine's idle time only (the
		// bg-mut CPU group), and at 1 % of a core a one-second db test ran past 120 s and failed the first,
		// plain run. The plain run is bounded by StrykerJS's dryRunTimeoutMinutes, each mutant's run by its
		// timeout (a mutant that loops counts as killed).
		testTimeout: 120 * 60_000,
		// The folder's tests, chosen by scripts/mutation.ts.
		include: process.env.WB_MUTATION_TESTS
			? (JSON.parse(process.env.WB_MUTATION_TESTS) as string[])
			: ['src/**/*.test.ts'],
		exclude: ['src/**/*.svelte.test.ts'],
		reporters: ['default', new LoadFailuresAsTests()],
		sequence: { sequencer: QuickFirst }
	}
});
