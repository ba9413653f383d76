import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page } from 'playwright-core';
import { waitFor } from './global-setup';

/** scripts/serve.js serving one build directory; stop it to take the app "off the network". */
export class AppServer {
	#child: ChildProcess | undefined;

	constructor(readonly port: number) {}

	get origin(): string {
		return `http://127.0.0.1:${this.port}`;
	}

	/** Serves `buildDir` on this server's port (the same origin every time). */
	async start(buildDir: string): Promise<void> {
		await this.stop();
		const child = spawn(process.execPath, ['scripts/serve.js'], {
			env: { ...process.env, PORT: String(this.port), HOST: '127.0.0.1', WB_BUILD_DIR: buildDir },
			stdio: ['ignore', 'ignore', 'inherit']
		});
		this.#child = child;
		// The global setup's wait (30 s): 10 s was too short for a node start on two busy cores, and the
		// update test then never reached its checks (the offer, its print media).
		await waitFor(`${this.origin}/`, child);
	}

	async stop(): Promise<void> {
		const child = this.#child;
		this.#child = undefined;
		if (!child || child.exitCode !== null) return;
		const exited = new Promise((resolve) => child.once('exit', resolve));
		child.kill();
		await exited;
	}
}

/** Builds the app into `buildDir` instead of build/ (quietly, unless it fails), with another Vite config if given. */
export function buildApp(buildDir: string, config?: string): void {
	const build = spawnSync('npx', ['vite', 'build', ...(config ? ['--config', config] : [])], {
		encoding: 'utf8',
		env: { ...process.env, WB_BUILD_DIR: buildDir }
	});
	if (build.status !== 0) {
		throw new Error(`vite build into ${buildDir} failed:\n${build.stdout}\n${build.stderr}`);
	}
}

/** Every file of a build, as URL paths ("/200.html", "/_app/…"). */
export function buildFiles(buildDir: string): string[] {
	const files = readdirSync(buildDir, { recursive: true, withFileTypes: true })
		.filter((entry) => entry.isFile())
		.map((entry) => `/${relative(buildDir, join(entry.parentPath, entry.name)).replaceAll('\\', '/')}`);
	// The brotli and gzip copies that scripts/serve.js writes beside a file are the same file in transit.
	const built = new Set(files);
	return files.filter((path) => !/\.(br|gz)$/.test(path) || !built.has(path.slice(0, -3)));
}

/**
 * The build's identity: SvelteKit names its bootstrap global `__sveltekit_<hash of the version>`, in
 * 200.html and on `window` of a page running that build.
 */
export function buildId(buildDir: string): string {
	const id = /(__sveltekit_\w+)\s*=/.exec(readFileSync(join(buildDir, '200.html'), 'utf8'))?.[1];
	if (!id) throw new Error(`no SvelteKit bootstrap in ${buildDir}/200.html`);
	return id;
}

/** The build the page is running, or null while it navigates. */
export async function runningBuildId(page: Page): Promise<string | null> {
	try {
		return await page.evaluate(
			() => Object.keys(window).find((key) => key.startsWith('__sveltekit_')) ?? null
		);
	} catch {
		return null;
	}
}

/** The app as the PWA tests use it: the update banner, the service worker and its caches. */
export class AppPage {
	constructor(readonly page: Page) {}

	banner(text: string) {
		return this.page.locator('aside').filter({ hasText: text });
	}

	get updateButton() {
		return this.page.getByRole('button', { name: 'Aktualisieren' });
	}

	/** Whether a service worker controls the page, and which script. */
	controller(): Promise<string | null> {
		return this.page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);
	}

	/** Whether a new service worker waits to be activated. */
	hasWaitingWorker(): Promise<boolean> {
		return this.page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration())?.waiting);
	}

	/** The URL paths in the page's caches (query strings such as Workbox's revision dropped). */
	cachedPaths(): Promise<string[]> {
		return this.page.evaluate(async () => {
			const paths: string[] = [];
			for (const name of await caches.keys()) {
				const cache = await caches.open(name);
				for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
			}
			return paths;
		});
	}
}
