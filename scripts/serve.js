// Serves the built app (build/) on localhost: static files, SPA fallback to 200.html.
import { createReadStream, existsSync, statSync } from 'node:fs';
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
	res.writeHead(200, {
		'content-type': types[extname(path)] ?? 'application/octet-stream',
		'cache-control': isAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
		'x-content-type-options': 'nosniff'
	});
	createReadStream(path).pipe(res);
});

server.listen(port, host, () => {
	console.log(`Wertungsblatt läuft auf http://${host === '0.0.0.0' ? 'localhost' : host}:${port}/`);
});
