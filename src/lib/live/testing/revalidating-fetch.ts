/** What a {@link revalidatingFetch} did: answers revalidated (304) and answers sent in full. */
export interface Revalidations {
	notModified: number;
	full: number;
}

/**
 * A fetch for node that keeps the last answer per URL as a browser's HTTP cache does and revalidates it
 * the way a browser does for `cache: 'no-cache'`: `If-None-Match` with the stored ETag and
 * `Cache-Control: max-age=0`; a 304 hands back the stored answer as a 200. So code written for the browser's
 * cache (`live/follow.ts`) makes in node the requests it makes in a browser (node's fetch has no cache).
 */
export function revalidatingFetch(
	base: typeof fetch = globalThis.fetch,
	seen: Revalidations = { notModified: 0, full: 0 }
): typeof fetch {
	const stored = new Map<string, { etag: string; body: ArrayBuffer; status: number; headers: Headers }>();
	return async (input, init = {}) => {
		const { cache, ...rest } = init;
		const url = input instanceof Request ? input.url : String(input);
		const cached = cache === 'no-cache' && (rest.method ?? 'GET') === 'GET';
		const kept = cached ? stored.get(url) : undefined;
		const headers = new Headers(rest.headers);
		if (kept) {
			headers.set('if-none-match', kept.etag);
			headers.set('cache-control', 'max-age=0');
		}
		const response = await base(url, { ...rest, headers });
		if (kept && response.status === 304) {
			seen.notModified++;
			return new Response(kept.body, { status: kept.status, headers: kept.headers });
		}
		seen.full++;
		const etag = response.headers.get('etag');
		if (!cached || !response.ok || !etag) return response;
		const body = await response.arrayBuffer();
		stored.set(url, { etag, body, status: response.status, headers: response.headers });
		return new Response(body, { status: response.status, headers: response.headers });
	};
}
