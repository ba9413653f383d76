import { createServer, request, type IncomingHttpHeaders } from 'node:http';
import { freePort } from '../../publish/testing/free-port';

/** One request as it reached the server: what a browser sent, and the status and ETag it got. */
export interface LoggedRequest {
	readonly method: string;
	readonly path: string;
	readonly headers: IncomingHttpHeaders;
	status: number | null;
	etag: string | null;
}

/** An HTTP proxy on loopback in front of a real server that writes down every request passing through. */
export interface RequestLog {
	/** `http://127.0.0.1:PORT`: another origin than the app's and the server's. */
	readonly origin: string;
	readonly requests: readonly LoggedRequest[];
	close(): Promise<void>;
}

/** Starts a logging proxy on a free loopback port that forwards to `target` (`http://127.0.0.1:PORT`). */
export async function requestLog(target: string): Promise<RequestLog> {
	const { hostname, port } = new URL(target);
	const requests: LoggedRequest[] = [];
	const server = createServer((incoming, outgoing) => {
		const logged: LoggedRequest = {
			method: incoming.method ?? '',
			path: incoming.url ?? '',
			headers: incoming.headers,
			status: null,
			etag: null
		};
		requests.push(logged);
		const upstream = request(
			{ hostname, port, method: incoming.method, path: incoming.url, headers: incoming.headers },
			(answer) => {
				logged.status = answer.statusCode ?? null;
				logged.etag = answer.headers.etag ?? null;
				outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
				answer.pipe(outgoing);
			}
		);
		upstream.on('error', () => outgoing.destroy());
		incoming.pipe(upstream);
	});
	const listening = await freePort();
	await new Promise<void>((resolve) => server.listen(listening, '127.0.0.1', resolve));
	return {
		origin: `http://127.0.0.1:${listening}`,
		requests,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve());
			})
	};
}

/**
 * Where the logged requests differ from a browser whose HTTP cache revalidates the GETs of `path` (a fetch
 * with `cache: 'no-cache'`, as live/testing/browser-cache-fetch.ts simulates it): any preflight (OPTIONS),
 * a GET of `path` without `Cache-Control: max-age=0`, or with an `If-None-Match` other than the ETag of the
 * last full answer (none before the first). `cached: false`: a browser that keeps no copy (WebKit under
 * WebDriver), which sends no If-None-Match at all. Empty when there is no difference.
 */
export function unlikeRevalidation(
	requests: readonly LoggedRequest[],
	path: string,
	{ cached = true } = {}
): string[] {
	const faults: string[] = [];
	let stored: string | null = null;
	for (const [i, asked] of requests.entries()) {
		const headers = asked.headers;
		if (asked.method === 'OPTIONS')
			faults.push(`${i}: a preflight for ${String(headers['access-control-request-headers'])}`);
		if (asked.method !== 'GET' || !asked.path.endsWith(path)) continue;
		if (headers['cache-control'] !== 'max-age=0')
			faults.push(`${i}: Cache-Control ${String(headers['cache-control'])}`);
		if ((headers['if-none-match'] ?? null) !== (cached ? stored : null))
			faults.push(
				`${i}: If-None-Match ${String(headers['if-none-match'])}, the stored ETag ${String(stored)}`
			);
		if (asked.status === 200) stored = asked.etag;
	}
	return faults;
}
