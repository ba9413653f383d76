import { fail, ok, type Problem, type Result } from '../domain/result';
import type { BadAddress } from './problems';

/**
 * A CouchDB database over its plain HTTP API: the few calls publishing and reading need (documents,
 * `_all_docs`, `_bulk_docs`, `_changes`, `_session`). No local replica: the desk's own store is the
 * source, the server is only where it is published to.
 */
export interface Database {
	/** The database's URL without credentials, no trailing slash. */
	readonly url: string;
	/** The server's origin, for messages. */
	readonly origin: string;
	readonly authorization: string | null;
	readonly fetch: typeof fetch;
}

/** Environment variable the command line reads credentials from (`name:password`) when the URL has none. */
export const AUTH_VARIABLE = 'WERTUNGSBLATT_COUCHDB_AUTH';

function badAddress(url: string, why: BadAddress): Problem {
	return { code: 'bad-address', url, why };
}

/**
 * The database a URL names (`https://name:password@host/season`). Credentials in the URL win over
 * `auth` (`name:password`); the fetch API refuses URLs that carry them, so they go into a header.
 */
export function database(
	address: string,
	options: { auth?: string | null; fetch?: typeof fetch } = {}
): Result<Database> {
	let url: URL;
	try {
		url = new URL(address.trim());
	} catch {
		return fail(badAddress(address, 'not-a-url'));
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		return fail(badAddress(address, 'not-http'));
	}
	const path = url.pathname.replace(/\/+$/, '');
	if (!path || path === '/') {
		return fail(badAddress(address, 'no-name'));
	}
	const fromUrl = url.username
		? `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`
		: null;
	const credentials = fromUrl ?? options.auth ?? null;
	return ok({
		url: `${url.origin}${path}`,
		origin: url.origin,
		authorization: credentials ? `Basic ${base64(credentials)}` : null,
		fetch: options.fetch ?? globalThis.fetch.bind(globalThis)
	});
}

function base64(text: string): string {
	return btoa(String.fromCharCode(...new TextEncoder().encode(text)));
}

/** A response the caller handles: its status and parsed body. */
export interface Reply {
	readonly status: number;
	readonly body: unknown;
	/** The answer's ETag, where the server sends it and lets the page read it (CORS). */
	readonly etag?: string;
}

/** Why a request failed: a stable code, as everywhere. */
export const couchProblem = {
	unreachable: (origin: string, cause: string): Problem => ({ code: 'unreachable', origin, cause }),
	unauthorized: (origin: string): Problem => ({ code: 'unauthorized', origin }),
	forbidden: (reason: string): Problem => ({ code: 'forbidden', reason }),
	notCouch: (origin: string, status: number): Problem => ({ code: 'not-couchdb', origin, status }),
	noDatabase: (url: string): Problem => ({ code: 'no-database', url })
};

/**
 * One request: JSON in, JSON out. 401 and 403 become problems; the statuses in `expect` (besides
 * 2xx) come back for the caller to handle; anything else means the server is not the one we want.
 */
export async function request(
	db: Database,
	method: 'GET' | 'POST' | 'PUT',
	path: string,
	options: {
		body?: unknown;
		expect?: readonly number[];
		signal?: AbortSignal;
		server?: boolean;
		/** The browser's HTTP cache: 'no-cache' revalidates (If-None-Match → 304) and keeps the body. */
		cache?: RequestCache;
		/** The ETag of the answer the caller has: the same again is 304 with no body, and is not read. */
		unless?: string;
	} = {}
): Promise<Result<Reply>> {
	const headers: Record<string, string> = { accept: 'application/json' };
	if (options.body !== undefined) headers['content-type'] = 'application/json';
	if (db.authorization) headers.authorization = db.authorization;
	let response: Response;
	try {
		response = await db.fetch(`${options.server ? db.origin : db.url}${path}`, {
			method,
			headers,
			body: options.body === undefined ? null : JSON.stringify(options.body),
			signal: options.signal ?? AbortSignal.timeout(30_000),
			credentials: 'omit',
			...(options.cache ? { cache: options.cache } : {})
		});
	} catch (error) {
		if (options.signal?.aborted) throw error;
		const cause =
			error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
		return fail(couchProblem.unreachable(db.origin, cause));
	}
	const etag = response.headers.get('etag') ?? undefined;
	if (options.unless !== undefined && (response.status === 304 || etag === options.unless)) {
		await response.body?.cancel();
		return ok({ status: 304, body: null, etag: options.unless });
	}
	let body: unknown;
	try {
		body = await response.json();
	} catch {
		return fail(couchProblem.notCouch(db.origin, response.status));
	}
	if (response.status === 401) return fail(couchProblem.unauthorized(db.origin));
	if (response.status === 403) return fail(couchProblem.forbidden(reasonOf(body)));
	if (response.ok || options.expect?.includes(response.status))
		return ok({ status: response.status, body, ...(etag ? { etag } : {}) });
	return fail(couchProblem.notCouch(db.origin, response.status));
}

/** The server's reason for a refusal (a validate function's `forbidden` text). */
export function reasonOf(body: unknown): string {
	const reason = (body as { reason?: unknown } | null)?.reason;
	return typeof reason === 'string' ? reason : 'forbidden';
}

/** Query parameters; CouchDB reads keys (`startkey`, `endkey`) as JSON, so those are given as JSON text. */
export function query(params: Record<string, string | number | boolean>): string {
	const parts = Object.entries(params).map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`);
	return parts.length ? `?${parts.join('&')}` : '';
}
