// Serves the built app (build/) on localhost: static files, SPA fallback to 200.html.
// Headers: the service worker is always revalidated; HTML gets the Content-Security-Policy of its own
// <meta> tag (hashes from SvelteKit's build) plus `frame-ancestors`, which a meta tag cannot carry.
// Text files go out compressed (brotli or gzip, as the browser accepts), each compressed once per
// file and modification time and kept in memory.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CONNECT_PAGES, CONNECT_SHELL } from './connect-pages.js';

const root = resolve(process.env.WB_BUILD_DIR ?? 'build');
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

const types = {
	'.html': 'text/html; charset=utf-8',
	'.js': 'text/javascript; charset=utf-8',
	'.mjs': 'text/javascript; charset=utf-8',
	'.css': 'text/css; charset=utf-8',
	'.json': 'application/json; charset=utf-8',
	'.webmanifest': 'application/manifest+json; charset=utf-8',
	'.svg': 'image/svg+xml',
	'.png': 'image/png',
	'.ico': 'image/x-icon',
	'.woff2': 'font/woff2',
	'.wasm': 'application/wasm',
	'.txt': 'text/plain; charset=utf-8',
	'.trn': 'text/plain; charset=utf-8'
};

if (!existsSync(join(root, '200.html'))) {
	console.error(`Kein gebautes App-Verzeichnis in ${root} – zuerst "npm run build". / No build found.`);
	process.exit(1);
}

/** Files sent compressed when the browser accepts it: text, which shrinks to a fraction. */
const compressible = new Set([
	'.html',
	'.js',
	'.mjs',
	'.css',
	'.json',
	'.webmanifest',
	'.svg',
	'.txt',
	'.trn'
]);

const encoders = {
	// Compressed once per file and kept: the slowest, smallest setting pays off.
	br: (/** @type {Buffer} */ data) =>
		promisify(brotliCompress)(data, {
			params: {
				[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
				[constants.BROTLI_PARAM_SIZE_HINT]: data.length
			}
		}),
	gzip: (/** @type {Buffer} */ data) => promisify(gzip)(data, { level: constants.Z_BEST_COMPRESSION })
};

/**
 * The encoding to send, from the request's Accept-Encoding: brotli before gzip, nothing when neither is
 * accepted (a coding with q=0 is refused).
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | null}
 */
function chooseEncoding(header) {
	/** @type {Map<string, number>} */
	const accepted = new Map();
	for (const part of (header ?? '').toLowerCase().split(',')) {
		const [coding, ...params] = part.trim().split(';');
		if (!coding) continue;
		const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
		accepted.set(coding.trim(), q === undefined ? 1 : Number(q));
	}
	const wildcard = accepted.get('*');
	const weight = (/** @type {string} */ coding) => accepted.get(coding) ?? wildcard ?? 0;
	if (weight('br') > 0) return 'br';
	if (weight('gzip') > 0 || (accepted.get('x-gzip') ?? 0) > 0) return 'gzip';
	return null;
}

/** @type {Map<string, { mtime: number, encoded: Map<string, Promise<Buffer>> }>} */
const compressed = new Map();

/**
 * The file's bytes in `encoding`, compressed on first use and kept until the file changes on disk.
 * @param {string} path
 * @param {'br' | 'gzip'} encoding
 * @param {number} mtime
 */
function compressedFile(path, encoding, mtime) {
	let entry = compressed.get(path);
	if (entry?.mtime !== mtime) {
		entry = { mtime, encoded: new Map() };
		compressed.set(path, entry);
	}
	let bytes = entry.encoded.get(encoding);
	if (!bytes) {
		bytes = readFile(path).then(encoders[encoding]);
		const current = entry;
		bytes.catch(() => current.encoded.delete(encoding));
		entry.encoded.set(encoding, bytes);
	}
	return bytes;
}

/** Service worker scripts: revalidated on every check (`no-cache` like all non-hashed files), scope `/`. */
const serviceWorkers = new Set(['/service-worker.js', '/sw.js']);

/** @type {Map<string, { mtime: number, policy: string }>} */
const policies = new Map();

/**
 * The Content-Security-Policy header for an HTML file of the build: the policy SvelteKit wrote into its
 * <meta> tag (svelte.config.js, with the hashes of the inline scripts) plus `frame-ancestors`.
 */
function policyFor(path) {
	const mtime = statSync(path).mtimeMs;
	const cached = policies.get(path);
	if (cached?.mtime === mtime) return cached.policy;
	const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(
		readFileSync(path, 'utf8')
	);
	const fromMeta = meta?.[1].replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
	if (!fromMeta) console.warn(`${path}: kein Content-Security-Policy-Meta-Tag / no CSP meta tag`);
	const policy = [fromMeta, "frame-ancestors 'none'"].filter(Boolean).join('; ');
	policies.set(path, { mtime, policy });
	return policy;
}

/** Resolves a URL path to a file inside the build, or null. */
function fileFor(urlPath) {
	const decoded = decodeURIComponent(urlPath.split('?')[0] ?? '/');
	const candidate = normalize(join(root, decoded));
	if (!candidate.startsWith(root)) return null;
	for (const path of [candidate, join(candidate, 'index.html'), `${candidate}.html`]) {
		if (existsSync(path) && statSync(path).isFile()) return path;
	}
	return null;
}

const server = createServer((req, res) => {
	let path;
	try {
		path = fileFor(req.url ?? '/');
	} catch {
		res.writeHead(400).end('Bad request');
		return;
	}
	const isAsset = (req.url ?? '').startsWith('/_app/immutable/');
	// The path only: a query may hold dots (/live?db=https://…) and is no file extension.
	const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
	if (!path && extname(pathname) && !pathname.endsWith('.html')) {
		res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
		return;
	}
	// Publishing, live and season pages get the shell that may reach a server (scripts/connect-pages.js).
	const connects = CONNECT_PAGES.test(pathname);
	path ??= join(root, connects && existsSync(join(root, CONNECT_SHELL)) ? CONNECT_SHELL : '200.html');
	const headers = {
		'content-type': types[extname(path)] ?? 'application/octet-stream',
		'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
		'x-content-type-options': 'nosniff'
	};
	if (serviceWorkers.has(new URL(req.url ?? '/', 'http://localhost').pathname)) {
		headers['service-worker-allowed'] = '/';
		// The worker's own policy: it fetches only from this origin.
		headers['content-security-policy'] = "default-src 'self'";
	}
	if (extname(path) === '.html') {
		headers['content-security-policy'] = policyFor(path);
		headers['x-frame-options'] = 'DENY';
		headers['referrer-policy'] = 'no-referrer';
	}
	const stat = statSync(path);
	const head = req.method === 'HEAD';
	const text = compressible.has(extname(path));
	// The same URL answers differently by Accept-Encoding: caches must keep the variants apart.
	if (text) headers['vary'] = 'Accept-Encoding';
	const encoding = text ? chooseEncoding(req.headers['accept-encoding']) : null;
	if (!encoding) {
		res.writeHead(200, { ...headers, 'content-length': stat.size });
		if (head) res.end();
		else createReadStream(path).pipe(res);
		return;
	}
	compressedFile(path, encoding, stat.mtimeMs).then(
		(body) => {
			if (body.length >= stat.size) {
				// Tiny files (version.json) grow when compressed.
				res.writeHead(200, { ...headers, 'content-length': stat.size });
				if (head) res.end();
				else createReadStream(path).pipe(res);
				return;
			}
			res.writeHead(200, { ...headers, 'content-encoding': encoding, 'content-length': body.length });
			res.end(head ? undefined : body);
		},
		() => {
			if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
			res.end('Internal error');
		}
	);
});

server.listen(port, host, () => {
	console.log(`Wertungsblatt läuft auf http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
});
