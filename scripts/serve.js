// Serves the built app (build/) on localhost through sirv: static files, SPA fallback to 200.html.
// sirv lists the build's files when the server starts and serves only those: no request reaches a file
// outside build/ (`/../x`, `%2e%2e`).
// Headers: the service worker is always revalidated; HTML gets the Content-Security-Policy of its own
// <meta> tag (hashes from SvelteKit's build) plus `frame-ancestors`, which a meta tag cannot carry.
// Text files go out compressed (brotli or gzip, as the browser accepts): each is compressed once, when the
// server starts, into a `.br` and a `.gz` beside it (again only when the file is newer than its copy), and
// only where that makes it smaller.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import sirv from 'sirv';
import { CONNECT_PAGES, CONNECT_SHELL } from './connect-pages.js';

const root = resolve(process.env.WB_BUILD_DIR ?? 'build');
const port = Number(process.env.PORT ?? 4173);
const host = process.env.HOST ?? '127.0.0.1';

/** @type {Record<string, string>} */
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

/** Every file of the build, as its path below root with forward slashes. */
function filesBelow(dir = root) {
	/** @type {string[]} */
	const files = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) files.push(...filesBelow(path));
		else if (entry.isFile()) files.push(relative(root, path).split(sep).join('/'));
	}
	return files;
}

/** Writes `file.br` and `file.gz` beside each text file that lacks a fresh copy; none that would not shrink. */
function precompress() {
	const encoders = {
		// Compressed once and kept: the slowest, smallest setting pays off.
		br: (/** @type {Buffer} */ data) =>
			brotliCompressSync(data, {
				params: {
					[constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
					[constants.BROTLI_PARAM_SIZE_HINT]: data.length
				}
			}),
		gz: (/** @type {Buffer} */ data) => gzipSync(data, { level: constants.Z_BEST_COMPRESSION })
	};
	for (const file of filesBelow()) {
		if (!compressible.has(extname(file))) continue;
		const path = join(root, file);
		const mtime = statSync(path).mtimeMs;
		let data = null;
		for (const [suffix, encode] of Object.entries(encoders)) {
			const copy = `${path}.${suffix}`;
			if (existsSync(copy) && statSync(copy).mtimeMs >= mtime) continue;
			data ??= readFileSync(path);
			const encoded = encode(data);
			if (encoded.length < data.length) writeFileSync(copy, encoded);
		}
	}
}

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

/**
 * Who may frame a page: nobody; the pages that reach a server (`connect.html`) only this app's own desk,
 * which opens the publishing page unseen to publish after a round (docs/ARCHITECTURE.md, "Publishing").
 * @param {string} file
 */
const framedBy = (file) => (file === CONNECT_SHELL ? "'self'" : "'none'");

/**
 * The Content-Security-Policy header for an HTML file of the build: the policy SvelteKit wrote into its
 * <meta> tag (svelte.config.js, with the hashes of the inline scripts) plus `frame-ancestors`.
 * @param {string} file
 */
function policyOf(file) {
	const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/i.exec(
		readFileSync(join(root, file), 'utf8')
	);
	const fromMeta = meta?.[1].replaceAll('&quot;', '"').replaceAll('&#39;', "'").replaceAll('&amp;', '&');
	if (!fromMeta) console.warn(`${file}: kein Content-Security-Policy-Meta-Tag / no CSP meta tag`);
	return [fromMeta, `frame-ancestors ${framedBy(file)}`].filter(Boolean).join('; ');
}

precompress();
const files = new Set(filesBelow());
/** The policy of each HTML page of the build, by the page's file. */
const policies = new Map(
	[...files].filter((file) => file.endsWith('.html')).map((file) => [file, policyOf(file)])
);

/**
 * The file a request's path is answered with, as sirv finds it (the path, its .html, its index.html, or
 * the fallback 200.html), for the headers that depend on it.
 * @param {string} pathname
 */
function servedFile(pathname) {
	const path = pathname.replace(/^\/+|\/+$/g, '');
	for (const file of [path, `${path}.html`, `${path}/index.html`.replace(/^\//, '')]) {
		if (files.has(file)) return file;
	}
	return '200.html';
}

/** Service worker scripts: revalidated on every check (`no-cache` like all non-hashed files), scope `/`. */
const serviceWorkers = new Set(['/service-worker.js', '/sw.js']);

const serve = sirv(root, {
	single: '200.html',
	gzip: true,
	brotli: true,
	setHeaders(res, pathname) {
		const file = servedFile(pathname);
		const type = extname(file);
		res.setHeader('Content-Type', types[type] ?? 'application/octet-stream');
		res.setHeader(
			'Cache-Control',
			pathname.startsWith('/_app/immutable/') ? 'public, max-age=31536000, immutable' : 'no-cache'
		);
		res.setHeader('X-Content-Type-Options', 'nosniff');
		// The same URL answers differently by Accept-Encoding, for text only.
		if (!compressible.has(type)) res.removeHeader('Vary');
		if (serviceWorkers.has(pathname)) {
			res.setHeader('Service-Worker-Allowed', '/');
			// The worker's own policy: it fetches only from this origin.
			res.setHeader('Content-Security-Policy', "default-src 'self'");
		}
		const policy = policies.get(file);
		if (policy) {
			res.setHeader('Content-Security-Policy', policy);
			res.setHeader('X-Frame-Options', file === CONNECT_SHELL ? 'SAMEORIGIN' : 'DENY');
			res.setHeader('Referrer-Policy', 'no-referrer');
		}
	}
});

const server = createServer((req, res) => {
	// sirv takes any mention of br or gzip; the browser's weights (q=0 refuses) decide here.
	req.headers['accept-encoding'] = chooseEncoding(req.headers['accept-encoding']) ?? 'identity';
	// Publishing, live and season pages get the shell that may reach a server (scripts/connect-pages.js).
	const pathname = (req.url ?? '/').split('?')[0] ?? '/';
	if (CONNECT_PAGES.test(pathname) && files.has(CONNECT_SHELL) && servedFile(pathname) === '200.html') {
		req.url = `/${CONNECT_SHELL}`;
	}
	serve(req, res, () => {
		res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
	});
});

server.listen(port, host, () => {
	console.log(`Wertungsblatt läuft auf http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
});
