// scripts/serve.js sends text files compressed: brotli or gzip as the browser accepts, with the headers
// caches need (Vary, Content-Encoding, Content-Length), compressed once per file when the server starts and
// again only after the file changed; and it serves nothing outside its build folder.
import {
	cpSync,
	existsSync,
	mkdirSync,
	readdirSync,
	readFileSync,
	rmSync,
	utimesSync,
	writeFileSync
} from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../src/lib/publish/testing/free-port';
import { AppServer } from './pwa-helpers';

interface Answer {
	status: number;
	headers: Record<string, string | string[] | undefined>;
	/** The body as sent, still encoded. */
	raw: Buffer;
	/** The body after undoing the Content-Encoding. */
	body: Buffer;
}

/** One request with exactly these headers; no client-side decoding. */
function get(url: string, acceptEncoding: string | null, method = 'GET'): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const headers = acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding };
		const req = request(url, { method, headers }, (res) => {
			const chunks: Buffer[] = [];
			res.on('data', (chunk: Buffer) => chunks.push(chunk));
			res.on('end', () => {
				const raw = Buffer.concat(chunks);
				const encoding = res.headers['content-encoding'];
				const body =
					method === 'HEAD'
						? raw
						: encoding === 'br'
							? brotliDecompressSync(raw)
							: encoding === 'gzip'
								? gunzipSync(raw)
								: raw;
				resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, body });
			});
		});
		req.on('error', reject);
		req.end();
	});
}

const BUILD = 'build';
const script = readdirSync(join(BUILD, '_app/immutable/entry')).find((f) => f.endsWith('.js'));
const style = readdirSync(join(BUILD, '_app/immutable/assets')).find((f) => f.endsWith('.css'));

/** Text files of every compressible kind, as URL path → file in the build. */
const TEXT: [string, string][] = [
	[`/_app/immutable/entry/${script}`, `_app/immutable/entry/${script}`],
	[`/_app/immutable/assets/${style}`, `_app/immutable/assets/${style}`],
	['/', 'index.html'],
	['/runde/r-irgendwas', '200.html'],
	['/manifest.webmanifest', 'manifest.webmanifest'],
	['/favicon.svg', 'favicon.svg'],
	['/service-worker.js', 'service-worker.js']
];

describe('scripts/serve.js compression', () => {
	const baseURL = inject('baseURL');

	it.each(TEXT)('sends %s as brotli, gzip or plain, as the browser accepts', async (url, file) => {
		const original = readFileSync(join(BUILD, file));
		const cases: [string | null, string | undefined][] = [
			['gzip, deflate, br, zstd', 'br'], // what Chromium sends
			['gzip, deflate', 'gzip'],
			['br;q=0, gzip;q=0.8', 'gzip'],
			['*', 'br'],
			['identity', undefined],
			[null, undefined]
		];
		for (const [accept, expected] of cases) {
			const answer = await get(`${baseURL}${url}`, accept);
			expect(answer.status, `${url} ${accept}`).toBe(200);
			expect(answer.headers['content-encoding'], `${url} ${accept}`).toBe(expected);
			expect(answer.headers['vary'], `${url} ${accept}`).toBe('Accept-Encoding');
			expect(Number(answer.headers['content-length']), `${url} ${accept}`).toBe(answer.raw.length);
			expect(answer.body.equals(original), `${url} ${accept}: the decoded body is the file`).toBe(true);
			if (expected) expect(answer.raw.length, `${url} ${accept}`).toBeLessThan(original.length);
		}
	});

	it('keeps the other headers: type, caching, the CSP on HTML, the worker scope', async () => {
		const asset = await get(`${baseURL}${TEXT[0]![0]}`, 'br');
		expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
		expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
		const page = await get(`${baseURL}/turnier/t-x/anmeldung`, 'gzip');
		expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
		expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
		expect(page.headers['cache-control']).toBe('no-cache');
		const worker = await get(`${baseURL}/service-worker.js`, 'br');
		expect(worker.headers['service-worker-allowed']).toBe('/');
		expect(worker.headers['cache-control']).toBe('no-cache');
	});

	it('sends images, and text that compression would not shrink, as they are; HEAD without a body', async () => {
		const icon = await get(`${baseURL}/icon-192.png`, 'gzip, br');
		expect(icon.headers['content-encoding']).toBeUndefined();
		expect(icon.headers['vary']).toBeUndefined();
		expect(icon.raw.equals(readFileSync(join(BUILD, 'icon-192.png')))).toBe(true);
		const version = await get(`${baseURL}/_app/version.json`, 'gzip, br');
		expect(version.headers['content-encoding']).toBeUndefined();
		expect(version.headers['vary']).toBe('Accept-Encoding');
		expect(version.raw.equals(readFileSync(join(BUILD, '_app/version.json')))).toBe(true);

		const full = await get(`${baseURL}/`, 'br');
		const head = await get(`${baseURL}/`, 'br', 'HEAD');
		expect(head.raw.length).toBe(0);
		expect(head.headers['content-encoding']).toBe('br');
		expect(head.headers['content-length']).toBe(full.headers['content-length']);
	});

	describe('compressed when the server starts, per file and modification time', () => {
		const dir = '.tmp/serve-e2e/build';
		let server: AppServer | undefined;
		afterAll(async () => {
			await server?.stop();
			rmSync('.tmp/serve-e2e', { recursive: true, force: true });
		});

		it('compresses a file once and again only after it changed on disk', async () => {
			rmSync('.tmp/serve-e2e', { recursive: true, force: true });
			cpSync(BUILD, dir, { recursive: true });
			server = new AppServer(await freePort());
			const file = join(dir, 'favicon.svg');
			const url = `${server.origin}/favicon.svg`;
			// Whole seconds, so that setting the same time again gives exactly the same mtime.
			const atime = new Date('2025-06-01T10:00:00Z');
			const mtime = new Date('2025-06-01T10:00:00Z');
			utimesSync(file, atime, mtime);
			await server.start(dir);
			const first = readFileSync(file);
			expect((await get(url, 'br')).body.equals(first)).toBe(true);
			expect((await get(url, 'gzip')).body.equals(first)).toBe(true);
			// Beside the file, not compressed once more at the next start while the file is unchanged.
			const copy = readFileSync(`${file}.br`);
			writeFileSync(file, first.toString().replace('<svg', '<svg data-changed="1"'));
			utimesSync(file, atime, mtime);
			await server.start(dir);
			expect(readFileSync(`${file}.br`).equals(copy)).toBe(true);

			// A new modification time: compressed afresh at the next start.
			utimesSync(file, atime, new Date(Date.now() + 5000));
			await server.start(dir);
			const changed = readFileSync(file);
			expect((await get(url, 'br')).body.equals(changed)).toBe(true);
			expect((await get(url, 'gzip')).body.equals(changed)).toBe(true);
			expect(changed.toString()).toContain('data-changed');
		});
	});
});

/** One request written byte for byte (no client normalises the path); the status code it got. */
function rawStatus(origin: string, path: string): Promise<{ status: number; text: string }> {
	const { hostname, port } = new URL(origin);
	return new Promise((resolve, reject) => {
		const socket = connect(Number(port), hostname, () => {
			socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`);
		});
		const chunks: Buffer[] = [];
		socket.on('data', (chunk: Buffer) => chunks.push(chunk));
		socket.on('end', () => {
			const text = Buffer.concat(chunks).toString('latin1');
			resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1] ?? 0), text });
		});
		socket.on('error', reject);
	});
}

describe('scripts/serve.js serves its build folder and nothing beside it', () => {
	const base = '.tmp/serve-traversal';
	const SECRET = 'not-for-the-network-7f3a';
	let server: AppServer | undefined;
	afterAll(async () => {
		await server?.stop();
		rmSync(base, { recursive: true, force: true });
	});

	it.each([
		'/../build-secret/x.txt',
		'/%2e%2e/build-secret/x.txt',
		'/%2E%2E/build-secret/x.txt',
		'/..%2fbuild-secret/x.txt',
		'/%2e%2e%2fbuild-secret%2fx.txt',
		'/_app/../../build-secret/x.txt',
		'/..\\build-secret\\x.txt',
		'/../build/../build-secret/x.txt'
	])('GET %s does not answer with the file beside the build', async (path) => {
		if (!server) {
			rmSync(base, { recursive: true, force: true });
			cpSync(BUILD, join(base, 'build'), { recursive: true });
			mkdirSync(join(base, 'build-secret'), { recursive: true });
			writeFileSync(join(base, 'build-secret', 'x.txt'), SECRET);
			server = new AppServer(await freePort());
			await server.start(join(base, 'build'));
		}
		expect(existsSync(join(base, 'build-secret', 'x.txt'))).toBe(true);
		const answer = await rawStatus(server.origin, path);
		expect(answer.status, path).toBeGreaterThan(0);
		expect(answer.text, path).not.toContain(SECRET);
	});
});
