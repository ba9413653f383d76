import { fail, ok, type Problem, type Result } from '../domain/result';
import { bytesAtMost } from '../protocol/streams';
import type { BadAddress } from './problems';

/**
 * A CouchDB database over its plain HTTP API: the few calls publishing and reading need (documents,
 * `_all_docs`, `_bulk_docs`, `_changes`, `_session`). No local replica: the desk's own store is the
 * source, the server is only where it is published to. The server is not ours: every answer is read
 * within a time and a size bound.
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

/** How long one request may take, answer included, unless the caller says otherwise. */
export const REQUEST_MS = 30_000;

/** Bytes of one answer unless the caller allows more: session, database info, design document, a head. */
export const ANSWER_BYTES = 1_000_000;

function badAddress(url: string, why: BadAddress): Problem {
	return { code: 'bad-address', url, why };
}

/** Hosts a page served over https may still reach over plain http (the browser's own machine). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The database a URL names (`https://name:password@host/season`). Credentials in the URL win over
 * `auth` (`name:password`); the fetch API refuses URLs that carry them, so they go into a header.
 * `page`: the URL of the page that will send the requests — a page served over https cannot reach a
 * plain-http server (the browser blocks it as mixed content), which is said here instead of failing later.
 */
export function database(
	address: string,
	options: { auth?: string | null; fetch?: typeof fetch; page?: string } = {}
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
	if (
		options.page?.startsWith('https:') &&
		url.protocol === 'http:' &&
		!LOOPBACK.has(url.hostname.toLowerCase())
	) {
		return fail(badAddress(`${url.origin}${path}`, 'mixed-content'));
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

/** A response the caller handles: its status, parsed body and size. */
export interface Reply {
	readonly status: number;
	/** The parsed body; null when it is the caller's `known` body again (then `same`). */
	readonly body: unknown;
	/** Bytes of the body as it came (for a reader's budget over many answers). */
	readonly bytes: number;
	/** The body as it came: the `known` of the next request for the same document. */
	readonly raw: Uint8Array;
	/** The body is byte for byte the caller's `known` one: not parsed again. */
	readonly same?: true;
}

/** Why a request failed: a stable code, as everywhere. */
export const couchProblem = {
	unreachable: (origin: string, cause: string): Problem => ({ code: 'unreachable', origin, cause }),
	unauthorized: (origin: string): Problem => ({ code: 'unauthorized', origin }),
	forbidden: (reason: string): Problem => ({ code: 'forbidden', reason }),
	notCouch: (origin: string, status: number): Problem => ({ code: 'not-couchdb', origin, status }),
	noDatabase: (url: string): Problem => ({ code: 'no-database', url }),
	tooLarge: (origin: string, limit: number): Problem => ({ code: 'answer-too-large', origin, limit }),
	tooSlow: (origin: string, ms: number): Problem => ({ code: 'answer-too-slow', origin, ms })
};

/** Request options: the body, statuses the caller handles besides 2xx, and the bounds of the answer. */
export interface RequestOptions {
	readonly body?: unknown;
	readonly expect?: readonly number[];
	/** The caller's own end (leaving the page): aborting it throws, it is no problem of the server. */
	readonly signal?: AbortSignal;
	/** Whole request, answer included; default {@link REQUEST_MS}. */
	readonly timeoutMs?: number;
	/** Bytes of the answer's body; default {@link ANSWER_BYTES}. */
	readonly maxBytes?: number;
	/**
	 * Let the browser's HTTP cache revalidate its copy (`cache: 'no-cache'`): it asks with the stored
	 * ETag itself and hands an unchanged answer (304) over as its stored 200. Unlike an `If-None-Match`
	 * of our own, which is not CORS-safelisted, this costs no preflight on another origin (the live page).
	 */
	readonly revalidate?: boolean;
	/**
	 * The body of the caller's last answer to the same request: a success with the same bytes is not
	 * parsed again (a revalidated copy: the live page's every poll while nothing changes).
	 */
	readonly known?: Uint8Array;
	/** The path is the server's (`/_session`), not the database's. */
	readonly server?: boolean;
}

/** Ended by the size bound while reading. */
class TooLarge extends Error {}

/**
 * A body read to its end, or refused as soon as it passes `maxBytes` (a declared length past it is
 * refused before reading anything).
 */
async function boundedBody(response: Response, maxBytes: number): Promise<Uint8Array> {
	const declared = Number(response.headers.get('content-length'));
	if (declared > maxBytes) {
		await response.body?.cancel().catch(() => undefined);
		throw new TooLarge();
	}
	if (!response.body) return new Uint8Array();
	const bytes = await bytesAtMost(response.body, maxBytes);
	if (!bytes) throw new TooLarge();
	return bytes;
}

/**
 * One request: JSON in, JSON out, within the time and size bounds. 401 and 403 become problems; the
 * statuses in `expect` (besides 2xx) come back for the caller to handle; anything else means the server
 * is not the one we want.
 */
export async function request(
	db: Database,
	method: 'GET' | 'POST' | 'PUT',
	path: string,
	options: RequestOptions = {}
): Promise<Result<Reply>> {
	const headers: Record<string, string> = { accept: 'application/json' };
	if (options.body !== undefined) headers['content-type'] = 'application/json';
	if (db.authorization) headers.authorization = db.authorization;
	const timeoutMs = options.timeoutMs ?? REQUEST_MS;
	const timeout = AbortSignal.timeout(timeoutMs);
	const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
	const ended = (error: unknown): Result<Reply> => {
		if (options.signal?.aborted) throw error;
		if (timeout.aborted) return fail(couchProblem.tooSlow(db.origin, timeoutMs));
		const cause =
			error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
		return fail(couchProblem.unreachable(db.origin, cause));
	};
	let response: Response;
	try {
		response = await db.fetch(`${options.server ? db.origin : db.url}${path}`, {
			method,
			headers,
			body: options.body === undefined ? null : JSON.stringify(options.body),
			signal,
			credentials: 'omit',
			...(options.revalidate ? { cache: 'no-cache' as const } : {})
		});
	} catch (error) {
		return ended(error);
	}
	let bytes: Uint8Array;
	try {
		bytes = await boundedBody(response, options.maxBytes ?? ANSWER_BYTES);
	} catch (error) {
		if (error instanceof TooLarge) {
			return fail(couchProblem.tooLarge(db.origin, options.maxBytes ?? ANSWER_BYTES));
		}
		return ended(error);
	}
	if (response.ok && options.known && sameBytes(bytes, options.known))
		return ok({ status: response.status, body: null, bytes: bytes.byteLength, raw: bytes, same: true });
	let body: unknown;
	try {
		body = JSON.parse(new TextDecoder().decode(bytes));
	} catch {
		return fail(couchProblem.notCouch(db.origin, response.status));
	}
	if (response.status === 401) return fail(couchProblem.unauthorized(db.origin));
	if (response.status === 403) return fail(couchProblem.forbidden(reasonOf(body)));
	if (response.ok || options.expect?.includes(response.status)) {
		return ok({ status: response.status, body, bytes: bytes.byteLength, raw: bytes });
	}
	return fail(couchProblem.notCouch(db.origin, response.status));
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
	if (a.length !== b.length) return false;
	for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
	return true;
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
