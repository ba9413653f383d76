import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { loopbackProxy } from '../../publish/testing/loopback-proxy';

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
	const requests: LoggedRequest[] = [];
	const logged = new WeakMap<IncomingMessage, LoggedRequest>();
	const proxy = await loopbackProxy(target, {
		intercept(incoming) {
			const entry: LoggedRequest = {
				method: incoming.method ?? '',
				path: incoming.url ?? '',
				headers: incoming.headers,
				status: null,
				etag: null
			};
			requests.push(entry);
			logged.set(incoming, entry);
			return false;
		},
		answered(incoming, answer) {
			const entry = logged.get(incoming);
			if (!entry) return;
			entry.status = answer.statusCode ?? null;
			entry.etag = answer.headers.etag ?? null;
		}
	});
	return { origin: proxy.origin, requests, close: proxy.close };
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
