import { defineConfig } from 'vitest/config';
import { LoadFailuresAsTests } from './mutation-load-failures';

// The unit tests of the mutated folders as StrykerJS's vitest runner runs them for `npm run test:mutation`
// (mutation.config.js picks the test files per folder). Lean on purpose, because every mutant is a new
// vitest run: no SvelteKit plugin (the domain, codecs, protocol and db modules are plain TypeScript), no
// browser, no setup files.
export default defineConfig({
	// StrykerJS runs vitest in its sandbox, a copy of the project: the root is where it runs.
	root: process.cwd(),
	test: {
		environment: 'node',
		// One worker runs all of a mutant's test files and loads each module once (StrykerJS's runner starts a
		// new worker for every mutant, so a mutant in module-load code is still loaded fresh): with isolation,
		// each test file started its own worker and loaded zod, fast-check and the domain again.
		isolate: true,
		// Instrumented code records which test runs which mutant: the property tests run several times slower.
		testTimeout: 120_000,
		// The folder's tests, chosen by scripts/mutation.ts.
		include: process.env.WB_MUTATION_TESTS
			? (JSON.parse(process.env.WB_MUTATION_TESTS) as string[])
			: ['src/**/*.test.ts'],
		exclude: ['src/**/*.svelte.test.ts'],
		reporters: ['default', new LoadFailuresAsTests()]
	}
});
