import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from '../../src/lib/publish/testing/free-port';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
	export interface ProvidedContext {
		baseURL: string;
	}
}

/**
 * Waits until `url` answers, or fails when `child` (the process that should answer) exits first or has not
 * answered in 30 s (a node start took more than 10 s while the 2-core machine ran a build beside it).
 */
export async function waitFor(url: string, child: ChildProcess): Promise<void> {
	for (const end = Date.now() + 30_000; Date.now() < end;) {
		if (child.exitCode !== null) throw new Error(`${child.spawnfile} exited with ${child.exitCode}`);
		try {
			if ((await fetch(url)).ok) return;
		} catch {
			// not up yet
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`${child.spawnfile} did not answer at ${url}`);
}

/** Builds the app once (unless WB_SKIP_BUILD=1) and serves build/ on a free port for the e2e tests. */
export default async function setup(project: TestProject) {
	buildApp();
	const { baseURL, stop } = await serveApp();
	project.provide('baseURL', baseURL);
	return stop;
}

/** Builds the app unless WB_SKIP_BUILD=1. */
export function buildApp(): void {
	if (process.env.WB_SKIP_BUILD === '1') return;
	const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit', env: process.env });
	if (build.status !== 0) throw new Error('vite build failed');
}

/** Serves build/ on a free port, or on `port` again (the same origin, after a network cut). */
export async function serveApp(port?: number): Promise<{ baseURL: string; stop: () => Promise<void> }> {
	port ??= await freePort();
	const server = spawn(process.execPath, ['scripts/serve.js'], {
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const baseURL = `http://127.0.0.1:${port}`;
	// A server that did not answer in time is not left running behind a second try.
	await waitFor(`${baseURL}/`, server).catch((error: unknown) => {
		server.kill();
		throw error;
	});
	const stop = () =>
		new Promise<void>((resolve) => {
			if (server.exitCode !== null) return resolve();
			server.once('exit', () => resolve());
			server.kill();
		});
	return { baseURL, stop };
}
