import { createServer } from 'node:net';

/**
 * A free TCP port on loopback, for a server a test or a benchmark starts (the built app, a CouchDB server):
 * the one copy for the tests in src/, tests/e2e, tests/engines and scripts/.
 */
export function freePort(): Promise<number> {
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
