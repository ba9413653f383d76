// Serves the built app (build/) on localhost: static files, SPA fallback to 200.html.
// Headers: the service worker is always revalidated; HTML gets the Content-Security-Policy of its own
// <meta> tag (hashes from SvelteKit's build) plus `frame-ancestors`, which a meta tag cannot carry.
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';

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
	if (!path && extname(req.url ?? '') && !(req.url ?? '').endsWith('.html')) {
		res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
		return;
	}
	path ??= join(root, '200.html');
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
	res.writeHead(200, headers);
	createReadStream(path).pipe(res);
});

server.listen(port, host, () => {
	console.log(`Wertungsblatt läuft auf http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
});
