// A fetch for a crowd of simulated phones in one node process (`npm run bench -- spectators`): node's own
// http client on one keep-alive agent instead of node's fetch, which costs a crowd process several times
// the server's CPU per question. It does what a browser does for the live page's GETs and no more.
import { Agent, request, type IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { Answers } from './counting-fetch';

/** The network errors of a connection the server closed while it sat idle in the pool. */
const STALE = new Set(['ECONNRESET', 'EPIPE']);
/** Pooled connections tried before a new one. */
const STALE_TRIES = 4;

/**
 * A fetch over `agent` for GETs of JSON, counting its answers into `seen`: 304s and full answers (the
 * server compresses those for a phone, as it would for a browser, and they are inflated here). A GET on a
 * pooled connection the server had closed (it closes one idle for 5 s; a crowd process late on its event
 * loop may not have seen that yet) is sent again, as browsers do (node's http documentation,
 * `request.reusedSocket`): on the next pooled connection, which may be as old, and at last on a new one. Any
 * other failure is the caller's: a question that did reach the server and got no answer.
 */
export function keepAliveFetch(agent: Agent, seen: Answers): typeof fetch {
	const once = (url: string, init: RequestInit | undefined, tries: number): Promise<Response> =>
		new Promise((resolve, reject) => {
			const headers = { ...(init?.headers as Record<string, string>), 'accept-encoding': 'gzip' };
			const pooled = tries > 1 ? agent : false;
			const asked = request(url, { method: init?.method ?? 'GET', headers, agent: pooled }, (answer) => {
				resolve(responseOf(answer, seen));
			});
			const signal = init?.signal;
			const abort = () => asked.destroy(signal?.reason as Error);
			if (signal?.aborted) return abort();
			signal?.addEventListener('abort', abort, { once: true });
			asked.once('close', () => signal?.removeEventListener('abort', abort));
			asked.once('error', (error: NodeJS.ErrnoException) => {
				if (tries > 0 && asked.reusedSocket && STALE.has(error.code ?? '') && !signal?.aborted)
					resolve(once(url, init, tries - 1));
				else reject(new TypeError('fetch failed', { cause: error }));
			});
			if (typeof init?.body === 'string') asked.end(init.body);
			else asked.end();
		});
	return (input, init) => once(String(input), init, STALE_TRIES);
}

function responseOf(answer: IncomingMessage, seen: Answers): Response {
	const status = answer.statusCode ?? 0;
	const headers = new Headers();
	for (const name of ['etag', 'content-type']) {
		const value = answer.headers[name];
		if (typeof value === 'string') headers.set(name, value);
	}
	if (status === 304 || status === 204) {
		seen.notModified += status === 304 ? 1 : 0;
		answer.resume();
		return new Response(null, { status, headers });
	}
	seen.full++;
	const gzipped = answer.headers['content-encoding'] === 'gzip';
	const body = gzipped ? answer.pipe(createGunzip()) : answer;
	return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, { status, headers });
}
