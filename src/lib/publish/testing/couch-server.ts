// A real CouchDB-protocol server for tests: PouchDB's express-pouchdb (devDependencies, pure JavaScript)
// in a child process on a free loopback port, in a temporary folder of its own (config.json with the
// admin, log.txt and, on disk, the databases). No mock of the protocol.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { freePort } from './free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { designDocument } from '../../../../couchdb/design-document';

const PROCESS = fileURLToPath(new URL('./couch-server-process.mjs', import.meta.url));

export const ADMIN = { name: 'admin', password: 'admin-geheim' };

export interface CouchServer {
	/** `http://127.0.0.1:PORT` */
	readonly origin: string;
	/** A URL with credentials: `http://name:password@127.0.0.1:PORT/path`. */
	url(path: string, user?: { name: string; password: string }): string;
	/** Stops the server at once (SIGKILL: like a pulled plug). */
	kill(): Promise<void>;
	/** Starts it again on the same port and folder (with `onDisk`, the data survives). */
	restart(): Promise<void>;
	/** Kills it and removes its folder. */
	stop(): Promise<void>;
	/** The server's process (benchmarks read its CPU time and memory from /proc), null when it is not running. */
	pid(): number | null;
}

async function waitFor(url: string, child: ChildProcess): Promise<void> {
	for (let i = 0; i < 300; i++) {
		if (child.exitCode !== null) throw new Error(`the test CouchDB server exited with ${child.exitCode}`);
		try {
			if ((await fetch(url)).ok) return;
		} catch {
			// not up yet
		}
		await new Promise((r) => setTimeout(r, 50));
	}
	throw new Error(`the test CouchDB server did not answer at ${url}`);
}

/**
 * Starts the server bound to 127.0.0.1 only, in memory or (`onDisk`) in its folder, every write in a log
 * there before it is answered, and makes an admin (so the server leaves "admin party": without
 * credentials nobody is an admin).
 */
export async function startCouch(options: { onDisk?: boolean } = {}): Promise<CouchServer> {
	const dir = mkdtempSync(join(tmpdir(), 'wb-couch-'));
	const port = await freePort();
	const origin = `http://127.0.0.1:${port}`;
	const args = ['--port', String(port), ...(options.onDisk ? ['--dir', dir] : [])];
	let child: ChildProcess;
	const start = async () => {
		child = spawn(process.execPath, [PROCESS, ...args], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
		// A test or benchmark that dies must not leave the server running.
		const started = child;
		process.once('exit', () => started.kill('SIGKILL'));
		await waitFor(`${origin}/`, child);
	};
	await start();
	await fetch(`${origin}/_config/admins/${ADMIN.name}`, {
		method: 'PUT',
		body: JSON.stringify(ADMIN.password)
	});
	const kill = () =>
		new Promise<void>((resolve) => {
			if (child.exitCode !== null || child.signalCode !== null) return resolve();
			child.once('exit', () => resolve());
			child.kill('SIGKILL');
		});
	return {
		origin,
		url: (path, user) =>
			user
				? `http://${encodeURIComponent(user.name)}:${encodeURIComponent(user.password)}@127.0.0.1:${port}${path}`
				: `${origin}${path}`,
		kill,
		restart: start,
		pid: () => (child.exitCode === null && child.signalCode === null ? (child.pid ?? null) : null),
		stop: async () => {
			await kill();
			rmSync(dir, { recursive: true, force: true });
		}
	};
}

/** An admin request (JSON). */
export async function asAdmin(server: CouchServer, method: string, path: string, body?: unknown) {
	const response = await fetch(`${server.origin}${path}`, {
		method,
		headers: {
			authorization: `Basic ${btoa(`${ADMIN.name}:${ADMIN.password}`)}`,
			'content-type': 'application/json'
		},
		...(body === undefined ? {} : { body: JSON.stringify(body) })
	});
	const json = (await response.json()) as unknown;
	if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(json)}`);
	return json;
}

/** A server user with roles. */
export async function addUser(server: CouchServer, name: string, password: string, roles: string[]) {
	await asAdmin(server, 'PUT', `/_users/org.couchdb.user:${name}`, { name, password, roles, type: 'user' });
	return { name, password };
}

/**
 * A season's database set up as the README says: members are the roles director and reader, the
 * design document holds the validate function and the season's settings.
 */
export async function setUpSeason(server: CouchServer, name: string, options: { moveUp?: boolean } = {}) {
	await asAdmin(server, 'PUT', `/${name}`);
	await asAdmin(server, 'PUT', `/${name}/_security`, {
		admins: { names: [], roles: [] },
		members: { names: [], roles: ['director', 'reader'] }
	});
	await asAdmin(server, 'PUT', `/${name}/_design/wertungsblatt`, designDocument(options.moveUp ?? true));
}
