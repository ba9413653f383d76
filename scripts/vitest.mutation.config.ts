import { sveltekit } from '@sveltejs/kit/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The unit tests only (node, no browser, no build), as StrykerJS's vitest runner runs them for
// `npm run test:mutation` (mutation.config.js picks the test files per folder).
export default defineConfig({
	root: fileURLToPath(new URL('..', import.meta.url)),
	plugins: [sveltekit()],
	test: {
		environment: 'node',
		// Instrumented code records which test runs which mutant: the property tests run several times slower.
		testTimeout: 120_000,
		// The folder's tests, chosen by scripts/mutation.ts.
		include: process.env.WB_MUTATION_TESTS
			? (JSON.parse(process.env.WB_MUTATION_TESTS) as string[])
			: ['src/**/*.test.ts'],
		exclude: ['src/**/*.svelte.test.ts']
	}
});
