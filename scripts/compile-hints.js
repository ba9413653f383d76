// V8's explicit compile hint (Chrome 136 and later): a script that begins with the comment
// `//# allFunctionsCalledOnLoad` is compiled whole while it streams in, on a background thread, instead of
// function by function on the main thread at each one's first call. Starting the app runs most of the
// Svelte and SvelteKit runtime for the first time; compiled lazily, that compiling was about half of the
// main thread's work while the first screen mounted (measured: 45–58 ms of thread time without the hint,
// 21–34 ms with it, on the start page on this project's 2-core machine) — and Lighthouse counts all of it
// as blocking. Other browsers read the line as a comment. Only the first screens' code gets it: a file
// whose functions mostly never run would cost compiling and memory for nothing.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The comment, as the first line of a file. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/**
 * @typedef {{ type: 'chunk', fileName: string, code: string, imports: string[], moduleIds: string[] }
 *   | { type: 'asset', fileName: string }} BundleFile
 */

/**
 * The chunks a first screen runs: the app's entries (`…/entry/…`), the chunks holding one of the
 * modules `isRoot` picks (a screen's components), and every chunk those import statically, transitively.
 * @param {Record<string, BundleFile>} bundle the client build's output, by file name
 * @param {(moduleId: string) => boolean} isRoot
 * @returns {Set<string>} their file names
 */
export function firstScreenChunks(bundle, isRoot) {
	const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
	const found = new Set();
	const visit = (/** @type {string} */ fileName) => {
		const chunk = bundle[fileName];
		if (found.has(fileName) || chunk?.type !== 'chunk') return;
		found.add(fileName);
		for (const imported of chunk.imports) visit(imported);
	};
	for (const chunk of chunks) {
		if (/(^|\/)entry\//.test(chunk.fileName) || chunk.moduleIds.some(isRoot)) visit(chunk.fileName);
	}
	return found;
}

/**
 * A Vite plugin that begins each first-screen chunk of the client build with {@link COMPILE_HINT}.
 * @param {readonly string[]} screens the first screens' components, as paths ending their module ids
 *   (e.g. `src/routes/+page.svelte`)
 * @returns {import('vite').Plugin}
 */
export function compileHintsPlugin(screens) {
	let ssr = false;
	const isRoot = (/** @type {string} */ id) => screens.some((screen) => id.endsWith(`/${screen}`));
	return {
		name: 'wertungsblatt-compile-hints',
		apply: 'build',
		enforce: 'post',
		configResolved(config) {
			ssr = Boolean(config.build.ssr);
		},
		// Once written: Vite puts its own first line (`const __vite__mapDeps=…`) into chunks that load
		// others as late as its generateBundle, and the comment must come first.
		writeBundle(options, bundle) {
			if (ssr || !options.dir) return;
			const files = /** @type {Record<string, BundleFile>} */ (/** @type {unknown} */ (bundle));
			for (const fileName of firstScreenChunks(files, isRoot)) {
				const path = join(options.dir, fileName);
				const code = readFileSync(path, 'utf8');
				if (!code.startsWith(COMPILE_HINT)) writeFileSync(path, COMPILE_HINT + code);
			}
		}
	};
}
