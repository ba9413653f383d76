import { spawn, type ChildProcess } from 'node:child_process';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../browser';

/**
 * Chromium started by the test itself on a persistent profile (--user-data-dir), driven over CDP, so the
 * test owns the browser process and can kill it the hard way (SIGKILL to its whole process group: the
 * battery dies, the tablet's OS kills the app) and start it again on the same profile.
 */
export class ProfileBrowser {
	#child: ChildProcess | null = null;
	#browser: Browser | null = null;

	constructor(
		readonly profileDir: string,
		readonly viewport = { width: 1280, height: 800 },
		/** More command-line switches (the power-cut test's: less disk work unrelated to the app's data). */
		readonly extraArgs: readonly string[] = []
	) {}

	/** Starts Chromium on the profile and returns its one page. */
	async launch(): Promise<Page> {
		const child = spawn(
			CHROMIUM_PATH,
			[
				...CHROMIUM_ARGS,
				'--headless=new',
				`--user-data-dir=${this.profileDir}`,
				'--remote-debugging-port=0',
				`--window-size=${this.viewport.width},${this.viewport.height}`,
				'--lang=de-DE',
				'--hide-crash-restore-bubble',
				'--disable-session-crashed-bubble',
				...this.extraArgs,
				'about:blank'
			],
			{ detached: true, stdio: ['ignore', 'ignore', 'pipe'] }
		);
		this.#child = child;
		const endpoint = await new Promise<string>((resolve, reject) => {
			let seen = '';
			const timer = setTimeout(
				() => reject(new Error(`Chromium did not start: ${seen.slice(-500)}`)),
				20_000
			);
			child.stderr?.on('data', (chunk: Buffer) => {
				seen += chunk.toString();
				const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
				if (match) {
					clearTimeout(timer);
					resolve(match[1]!);
				}
			});
			child.once('exit', (code) => {
				clearTimeout(timer);
				reject(new Error(`Chromium exited (${code}): ${seen.slice(-500)}`));
			});
		});
		child.stderr?.resume();
		this.#browser = await chromium.connectOverCDP(endpoint);
		const context: BrowserContext = this.#browser.contexts()[0] ?? (await this.#browser.newContext());
		const page = context.pages()[0] ?? (await context.newPage());
		await page.setViewportSize(this.viewport);
		return page;
	}

	/** Chromium's main process (its helpers descend from it), while it runs. */
	get pid(): number | undefined {
		return this.#child?.pid;
	}

	/** SIGKILL to Chromium and all its helper processes; resolves once the main process is gone. */
	async kill(): Promise<void> {
		const child = this.#child;
		if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
		const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
		try {
			process.kill(-child.pid, 'SIGKILL');
		} catch {
			child.kill('SIGKILL');
		}
		await gone;
		this.#browser = null;
		this.#child = null;
	}

	/** Closes normally (end of the test). */
	async close(): Promise<void> {
		await this.#browser?.close().catch(() => {});
		await this.kill();
	}
}
