// A proxy for tests on loopback, in front of a real CouchDB-protocol server: the tests' other origin, a log of
// what a browser sent (live/testing/request-log.ts) and a server that is not ours (hostile-server.ts).
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { freePort } from './free-port';

export interface LoopbackProxy {
	/** `http://127.0.0.1:PORT`: another origin than the app's and the server's. */
	readonly origin: string;
	close(): Promise<void>;
}

export interface ProxyHooks {
	/** Answers a request itself (true), or passes it through (false); sees every request first. */
	intercept?(incoming: IncomingMessage, outgoing: ServerResponse): boolean;
	/** The target's answer to a request passed through, before it is passed back. */
	answered?(incoming: IncomingMessage, answer: IncomingMessage): void;
}

/** Starts the proxy on a free loopback port; `target` is `http://127.0.0.1:PORT`. */
export async function loopbackProxy(target: string, hooks: ProxyHooks = {}): Promise<LoopbackProxy> {
	const upstream = new URL(target);
	const server = createServer((incoming, outgoing) => {
		if (hooks.intercept?.(incoming, outgoing)) return;
		const forward = request(
			{
				host: upstream.hostname,
				port: upstream.port,
				method: incoming.method,
				path: incoming.url,
				headers: { ...incoming.headers, host: upstream.host }
			},
			(answer) => {
				hooks.answered?.(incoming, answer);
				outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(outgoing);
			}
		);
		forward.on('error', () => outgoing.destroy());
		incoming.pipe(forward);
	});
	const port = await freePort();
	await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
}
