/**
 * One phone's HTTP cache for the live page's GETs, for simulated phones in node, whose fetch keeps no
 * cache: what a browser sends and hands over for a fetch with `cache: 'no-cache'` (Fetch standard,
 * "HTTP-network-or-cache fetch"; live/follow.ts asks so). Every such GET carries `Cache-Control: max-age=0`;
 * once the cache holds a 200 with an ETag for the URL, also `If-None-Match` with it, and a 304 is handed to
 * the page as the stored 200, body and all. Another answer replaces the stored one (a 200 with an ETag) or
 * drops it. Chromium sends exactly these headers and no preflight (tests/e2e/live.test.ts, "asks without a
 * preflight", logs what reaches the server). Any other request passes as it is.
 */
export function browserCacheFetch(base: typeof fetch): typeof fetch {
	const stored = new Map<string, { etag: string; body: Uint8Array<ArrayBuffer>; headers: Headers }>();
	return async (input, init) => {
		if (init?.cache !== 'no-cache' || (init.method ?? 'GET') !== 'GET') return base(input, init);
		const url = String(input);
		const copy = stored.get(url);
		const headers: Record<string, string> = { ...(init.headers as Record<string, string> | undefined) };
		headers['cache-control'] ??= 'max-age=0';
		if (copy) headers['if-none-match'] = copy.etag;
		const response = await base(input, { ...init, headers });
		if (response.status === 304 && copy) {
			await response.body?.cancel();
			return new Response(copy.body, { status: 200, headers: copy.headers });
		}
		const etag = response.headers.get('etag');
		if (
			response.status !== 200 ||
			etag === null ||
			/no-store/i.test(response.headers.get('cache-control') ?? '')
		) {
			stored.delete(url);
			return response;
		}
		const body = new Uint8Array(await response.arrayBuffer());
		stored.set(url, { etag, body, headers: response.headers });
		return new Response(body, { status: 200, headers: response.headers });
	};
}
