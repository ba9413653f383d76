import { writeFile } from 'node:fs/promises';

/**
 * A client of classic W3C WebDriver (https://www.w3.org/TR/webdriver2/) over fetch, for WebKitWebDriver:
 * the dozen commands the engine suite sends. A whole client library (WebdriverIO) would bring 135
 * packages, among them installers that download Edge's and Firefox's drivers, which this suite never
 * uses.
 */

/** How W3C WebDriver marks an element reference in JSON. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

/** How long an element command waits for its element to exist and take the command (as WebdriverIO's do). */
const ELEMENT_WAIT_MS = 5_000;

/** A command the remote end refused: its WebDriver error code (`no such element`, …) and message. */
export class WebDriverError extends Error {
	constructor(
		readonly code: string,
		message: string
	) {
		super(`${code}: ${message}`);
		this.name = 'WebDriverError';
	}
}

/** Errors after which an element command is tried again: the element is not there, gone, or not ready. */
const RETRY = new Set(['no such element', 'stale element reference', 'element not interactable']);

async function send(url: string, method: string, body: unknown, timeoutMs: number): Promise<unknown> {
	const response = await fetch(url, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? null : JSON.stringify(body),
		signal: AbortSignal.timeout(timeoutMs)
	});
	const { value } = (await response.json()) as { value: unknown };
	if (!response.ok) {
		const { error, message } = (value ?? {}) as { error?: string; message?: string };
		throw new WebDriverError(error ?? String(response.status), message ?? '');
	}
	return value;
}

export interface Session {
	readonly capabilities: Record<string, unknown>;
	/** How long one command may take. */
	timeoutMs: number;
	navigate(url: string): Promise<void>;
	back(): Promise<void>;
	refresh(): Promise<void>;
	currentUrl(): Promise<string>;
	/** Runs a function body in the page; a promise it returns is awaited (WebDriver's Execute Script). */
	execute<T>(script: string): Promise<T>;
	/** Element Click on the first element matching the CSS selector, once it exists and takes the click. */
	click(selector: string): Promise<void>;
	/** Element Clear, then Element Send Keys. */
	setValue(selector: string, text: string): Promise<void>;
	/** Element Send Keys alone (a file input takes a path). */
	sendKeys(selector: string, text: string): Promise<void>;
	windowHandle(): Promise<string>;
	newTab(): Promise<string>;
	switchTo(handle: string): Promise<void>;
	setWindowSize(width: number, height: number): Promise<void>;
	/** The window's outer size (Get Window Rect). */
	windowSize(): Promise<{ width: number; height: number }>;
	screenshot(path: string): Promise<void>;
	close(): Promise<void>;
}

/**
 * Opens a session at a driver listening on `origin` (`http://127.0.0.1:PORT`). `capabilities` go into
 * `alwaysMatch`.
 */
export async function newSession(
	origin: string,
	capabilities: Record<string, unknown>,
	timeoutMs: number
): Promise<Session> {
	const created = (await send(
		`${origin}/session`,
		'POST',
		{ capabilities: { alwaysMatch: capabilities } },
		timeoutMs
	)) as {
		sessionId: string;
		capabilities: Record<string, unknown>;
	};
	const base = `${origin}/session/${created.sessionId}`;
	const session = {
		capabilities: created.capabilities,
		timeoutMs,
		command: (method: string, path: string, body?: unknown) =>
			send(`${base}${path}`, method, body, session.timeoutMs)
	};
	const { command } = session;

	/** Finds the element and runs `act` on it, again while it is missing, stale or not interactable. */
	async function onElement(selector: string, act: (id: string) => Promise<unknown>): Promise<void> {
		const deadline = Date.now() + ELEMENT_WAIT_MS;
		for (;;) {
			try {
				const found = (await command('POST', '/element', {
					using: 'css selector',
					value: selector
				})) as Record<string, string>;
				await act(found[ELEMENT]!);
				return;
			} catch (error) {
				if (!(error instanceof WebDriverError && RETRY.has(error.code)) || Date.now() > deadline) {
					throw error instanceof WebDriverError
						? new WebDriverError(error.code, `${selector}: ${error.message}`)
						: error;
				}
				await new Promise((r) => setTimeout(r, 100));
			}
		}
	}

	return Object.assign(session, {
		navigate: async (url: string) => void (await command('POST', '/url', { url })),
		back: async () => void (await command('POST', '/back', {})),
		refresh: async () => void (await command('POST', '/refresh', {})),
		currentUrl: async () => (await command('GET', '/url')) as string,
		execute: async <T>(script: string) => (await command('POST', '/execute/sync', { script, args: [] })) as T,
		click: (selector: string) => onElement(selector, (id) => command('POST', `/element/${id}/click`, {})),
		setValue: (selector: string, text: string) =>
			onElement(selector, async (id) => {
				await command('POST', `/element/${id}/clear`, {});
				await command('POST', `/element/${id}/value`, { text });
			}),
		sendKeys: (selector: string, text: string) =>
			onElement(selector, (id) => command('POST', `/element/${id}/value`, { text })),
		windowHandle: async () => (await command('GET', '/window')) as string,
		newTab: async () =>
			((await command('POST', '/window/new', { type: 'tab' })) as { handle: string }).handle,
		switchTo: async (handle: string) => void (await command('POST', '/window', { handle })),
		setWindowSize: async (width: number, height: number) =>
			void (await command('POST', '/window/rect', { width, height })),
		windowSize: async () => {
			const { width, height } = (await command('GET', '/window/rect')) as { width: number; height: number };
			return { width, height };
		},
		screenshot: async (path: string) =>
			writeFile(path, Buffer.from((await command('GET', '/screenshot')) as string, 'base64')),
		close: async () => void (await send(base, 'DELETE', undefined, session.timeoutMs))
	});
}
