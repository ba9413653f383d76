import { createServer, type Server } from 'node:http';

/** A page on another origin: where a scorer goes when typing another address or following a link out. */
export interface OtherSite {
	readonly url: string;
	close(): Promise<void>;
}

/** Serves one plain page on a free port of 127.0.0.1 (another origin than the app's). */
export function openOtherSite(): Promise<OtherSite> {
	const server: Server = createServer((_request, response) => {
		response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
		response.end('<!doctype html><html lang="de"><title>Anderswo</title><h1>Anderswo</h1></html>');
	});
	return new Promise((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			resolve({
				url: `http://127.0.0.1:${port}/`,
				close: () => new Promise((done) => server.close(() => done()))
			});
		});
	});
}
