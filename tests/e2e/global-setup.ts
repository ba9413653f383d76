import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
	export interface ProvidedContext {
		baseURL: string;
	}
}

function freePort(): Promise<number> {
	return new Promise((resolve, reject) => {
		const server = createServer();
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
	for (let i = 0; i < 200; i++) {
		if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
		try {
			if ((await fetch(url)).ok) return;
		} catch {
			// not up yet
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`server did not answer at ${url}`);
}

/** Builds the app once (unless WB_SKIP_BUILD=1) and serves build/ on a free port for the e2e tests. */
export default async function setup(project: TestProject) {
	if (process.env.WB_SKIP_BUILD !== '1') {
		const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit', env: process.env });
		if (build.status !== 0) throw new Error('vite build failed');
	}
	const port = await freePort();
	const server = spawn(process.execPath, ['scripts/serve.js'], {
		env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
		stdio: ['ignore', 'ignore', 'inherit']
	});
	const baseURL = `http://127.0.0.1:${port}`;
	await waitFor(`${baseURL}/`, server);
	project.provide('baseURL', baseURL);
	return () => {
		server.kill();
	};
}
