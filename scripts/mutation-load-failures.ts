import type { Test } from '@vitest/runner';
import type { Reporter, Vitest } from 'vitest/node';

/**
 * A test file that fails to load counts as a failed test in a mutation run. StrykerJS's vitest runner (9.6.1)
 * builds a mutant's result from the tests vitest collected, and a file whose import throws collects none: a
 * mutant that breaks a module while it loads (a zod schema that cannot be built, a table the file reads at
 * its top) was reported survived although every test of that file fails on it (stryker-js#6150). This
 * reporter gives such a file one failed test carrying its load error, so the mutant counts as killed.
 */
export class LoadFailuresAsTests implements Reporter {
	#vitest: Vitest | undefined;

	onInit(vitest: Vitest): void {
		this.#vitest = vitest;
	}

	onTestRunEnd(): void {
		for (const file of this.#vitest?.state.getFiles() ?? []) {
			if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
			const failed: Test = {
				type: 'test',
				id: `${file.id}_load`,
				name: 'loads',
				fullName: `${file.name} loads`,
				fullTestName: 'loads',
				mode: 'run',
				file,
				suite: file,
				meta: {},
				annotations: [],
				artifacts: [],
				timeout: 0,
				result: { state: 'fail', errors: file.result.errors },
				// vitest types a test with a context only it can build; nothing reads it after the run.
				context: undefined as unknown as Test['context']
			};
			file.tasks.push(failed);
		}
	}
}
