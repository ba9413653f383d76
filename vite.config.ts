import { sveltekit } from '@sveltejs/kit/vite';
import { SvelteKitPWA } from '@vite-pwa/sveltekit';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { compileHintsPlugin } from './scripts/compile-hints.js';
import { CONNECT_SHELL, connectShell } from './scripts/connect-pages.js';
import { START_SHELL, startShell } from './scripts/start-shell.js';

/**
 * A plugin that writes a file beside the shell `200.html` once the adapter has written it (the server build's
 * closeBundle, after the client's): `write` turns the shell's HTML into the new file's.
 */
function besideShellPlugin(
	name: string,
	file: string,
	write: (shell: string) => string | Promise<string>
): Plugin {
	let ssr = false;
	return {
		name,
		apply: 'build',
		configResolved(config) {
			ssr = Boolean(config.build.ssr);
		},
		closeBundle: {
			sequential: true,
			order: 'post',
			async handler() {
				const dir = process.env.WB_BUILD_DIR ?? 'build';
				const shell = join(dir, '200.html');
				if (!ssr || !existsSync(shell)) return;
				writeFileSync(join(dir, file), await write(readFileSync(shell, 'utf8')));
			}
		}
	};
}

/** What SvelteKit's server manifest tells of a page: its code and styles, below the site's root. */
interface PageFiles {
	imports: string[];
	stylesheets: string[];
}

/**
 * The shell naming the start page's own code and styles too (scripts/start-shell.js), which SvelteKit's
 * server manifest lists for the route `/`.
 */
async function startPageShell(shell: string): Promise<string> {
	const server = resolve('.svelte-kit/output/server/manifest-full.js');
	const { manifest } = (await import(pathToFileURL(server).href)) as {
		manifest: {
			_: {
				nodes: (() => Promise<PageFiles>)[];
				routes: { id: string; page: { leaf: number } | null }[];
			};
		};
	};
	const leaf = manifest._.routes.find((route) => route.id === '/')?.page?.leaf;
	const page = leaf === undefined ? undefined : await manifest._.nodes[leaf]?.();
	if (!page) throw new Error(`${server}: no page for /`);
	return startShell(shell, page.imports, page.stylesheets);
}

export default defineConfig(({ command }) => {
	// A build is a production build whatever NODE_ENV says: vitest sets "test" and the e2e tests build from
	// there, which gave Svelte's dev mode in the app and Workbox's development logger in the service worker.
	// Vite reads NODE_ENV after this file (production module conditions); SvelteKit bundles
	// src/service-worker with this `define` (the @vite-pwa/sveltekit injectManifest options do not reach
	// that bundle).
	if (command === 'build') process.env.NODE_ENV = 'production';
	return {
		define: command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
		plugins: [
			sveltekit(),
			// The first screens' code (the root layout, the start page, the table screen and the runtime under
			// them) is compiled in the background while it loads, not on the main thread while they mount.
			compileHintsPlugin([
				'src/routes/+layout.svelte',
				'src/routes/+page.svelte',
				'src/routes/runde/[id]/+page.svelte'
			]),
			// connect.html: the shell whose policy lets the publishing, live and season pages reach the server
			// the user typed in; index.html: the start page's shell for a first visit.
			besideShellPlugin('wertungsblatt-connect-shell', CONNECT_SHELL, connectShell),
			besideShellPlugin('wertungsblatt-start-shell', START_SHELL, startPageShell),
			// Offline-first: SvelteKit builds src/service-worker/index.ts into service-worker.js, then this plugin
			// injects Workbox's precache manifest into it and writes manifest.webmanifest. The update flow lives in
			// src/lib/pwa/app-update.state.svelte.ts. Docs: https://vite-pwa-org.netlify.app/frameworks/sveltekit
			SvelteKitPWA({
				strategies: 'injectManifest',
				filename: 'service-worker.js',
				// SvelteKit builds with a relative base ('./'); the worker must register at the root even when
				// the app is first opened on a deep link such as /club/neu.
				base: '/',
				scope: '/',
				registerType: 'prompt',
				injectRegister: false,
				manifest: {
					id: '/',
					name: 'Wertungsblatt',
					short_name: 'Wertungsblatt',
					description: 'Das digitale Triominos-Wertungsblatt und die Turnierleitung – ganz ohne Netz.',
					lang: 'de',
					dir: 'ltr',
					start_url: '/',
					scope: '/',
					display: 'standalone',
					orientation: 'any',
					theme_color: '#1f4e3d',
					background_color: '#fbfaf6',
					categories: ['games', 'utilities'],
					icons: [
						{ src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
						{ src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
						{ src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' }
					]
				},
				injectManifest: {
					// Everything the app can ever load; 200.html (the SPA shell) is added by `kit.spa` below.
					globPatterns: ['client/**/*.{js,css,ico,png,svg,webp,webmanifest,woff,woff2,ttf,wasm,txt}']
				},
				kit: {
					adapterFallback: '200.html',
					spa: true,
					includeVersionFile: true
				},
				devOptions: { enabled: false }
			})
		],
		test: {
			// One worker per core. Vitest's default leaves one core to its main process (cores − 1): on CI's
			// 2 cores that is one worker, every file in turn, while the main process idles once the files are
			// transformed. The end-to-end files run after the rest (a group of their own), two at a time.
			maxWorkers: availableParallelism(),
			projects: [
				{
					extends: true,
					test: {
						name: 'unit',
						environment: 'node',
						// A test's timeout catches a hang, not slowness: on a loaded 2-core machine the
						// 10,000-run property test of the announcement parser took 10 s (5 s is vitest's default).
						testTimeout: 30_000,
						include: ['src/**/*.test.ts', 'tests/lint/**/*.test.ts', 'tests/engines/**/*.test.ts'],
						exclude: ['src/**/*.svelte.test.ts']
					}
				},
				{
					extends: true,
					resolve: { conditions: ['browser'] },
					test: {
						name: 'component',
						environment: 'jsdom',
						testTimeout: 30_000,
						include: ['src/**/*.svelte.test.ts'],
						setupFiles: ['./tests/component-setup.ts']
					}
				},
				{
					test: {
						// The power-cut test's disk (tests/power/lazyfs.py): needs FUSE 3 and pyfuse3 (see README).
						name: 'power',
						environment: 'node',
						include: ['tests/power/**/*.test.ts'],
						testTimeout: 60_000
					}
				},
				{
					test: {
						name: 'e2e',
						environment: 'node',
						include: ['tests/e2e/**/*.test.ts'],
						globalSetup: ['./tests/e2e/global-setup.ts'],
						testTimeout: 120_000,
						hookTimeout: 180_000,
						// Two files at a time (WB_E2E_WORKERS): one file's Chromium mostly waits on its page, and
						// one at a time left 40 % of a 2-core machine idle (456 s for the files here, 341 s two at a
						// time, with 11 % idle). More would only share the same two cores on CI.
						sequence: { groupOrder: 1 },
						maxWorkers: Number(process.env.WB_E2E_WORKERS ?? Math.min(2, availableParallelism()))
					}
				}
			]
		}
	};
});
