import { cleanup, render, screen } from '@testing-library/svelte';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '$lib/i18n/index.svelte';
import { RoundTabLock, type TabLockEnvironment } from './round-tab-lock.state.svelte';
import TabLockNotice from './TabLockNotice.svelte';

// Several windows of one browser, in one test: a LockManager and BroadcastChannels they share, following
// the Web Locks rules the lock relies on (exclusive locks, ifAvailable, steal, signal).

const abort = () => new DOMException('The lock request was aborted.', 'AbortError');

interface Request {
	callback: (lock: Lock | null) => unknown;
	resolve: (value: unknown) => void;
	reject: (cause: unknown) => void;
	signal?: AbortSignal;
}

class Locks {
	#held = new Map<string, Request>();
	#queue = new Map<string, Request[]>();

	request(name: string, options: LockOptions, callback: (lock: Lock | null) => unknown): Promise<unknown> {
		return new Promise((resolve, reject) => {
			const request: Request = { callback, resolve, reject, signal: options.signal };
			if (options.steal) {
				this.#held.get(name)?.reject(abort());
				this.#held.delete(name);
				this.#grant(name, request);
			} else if (!this.#held.has(name)) {
				this.#grant(name, request);
			} else if (options.ifAvailable) {
				Promise.resolve(callback(null)).then(resolve, reject);
			} else {
				const queue = this.#queue.get(name) ?? [];
				queue.push(request);
				this.#queue.set(name, queue);
				options.signal?.addEventListener('abort', () => {
					const waiting = this.#queue.get(name) ?? [];
					if (!waiting.includes(request)) return;
					this.#queue.set(
						name,
						waiting.filter((r) => r !== request)
					);
					reject(abort());
				});
			}
		});
	}

	#grant(name: string, request: Request): void {
		this.#held.set(name, request);
		Promise.resolve(request.callback({ name, mode: 'exclusive' } as Lock)).then(
			(value) => this.#release(name, request, () => request.resolve(value)),
			(cause: unknown) => this.#release(name, request, () => request.reject(cause))
		);
	}

	#release(name: string, request: Request, settle: () => void): void {
		if (this.#held.get(name) !== request) return; // stolen: its promise was rejected already
		this.#held.delete(name);
		settle();
		const [next, ...rest] = this.#queue.get(name) ?? [];
		this.#queue.set(name, rest);
		if (next) this.#grant(name, next);
	}
}

class Channels {
	#open = new Set<{ name: string; target: EventTarget }>();

	open(name: string): BroadcastChannel {
		const target = new EventTarget();
		const entry = { name, target };
		this.#open.add(entry);
		return Object.assign(target, {
			postMessage: (data: unknown) => {
				for (const other of this.#open) {
					if (other !== entry && other.name === name) {
						queueMicrotask(() => other.target.dispatchEvent(new MessageEvent('message', { data })));
					}
				}
			},
			close: () => this.#open.delete(entry)
		}) as unknown as BroadcastChannel;
	}
}

function deferred() {
	let resolve!: () => void;
	const promise = new Promise<void>((r) => (resolve = r));
	return { promise, resolve };
}

/** A browser: its locks, its channels and the stored round's change notifications. */
function browser(handoverTimeoutMs = 2000) {
	const locks = new Locks();
	const channels = new Channels();
	const watchers = new Set<() => void>();
	const environment: Partial<TabLockEnvironment> = {
		locks: locks as unknown as LockManager,
		channel: (name) => channels.open(name),
		watch: (_round, changed) => {
			watchers.add(changed);
			return () => watchers.delete(changed);
		},
		handoverTimeoutMs
	};
	/** A window showing round r-1: the screen's hooks, spied on. */
	function window() {
		let saved = Promise.resolve();
		const hooks = {
			round: () => 'r-1',
			flush: vi.fn(() => saved),
			refresh: vi.fn(() => Promise.resolve())
		};
		let shown = true;
		const visibility = new EventTarget();
		const lock = new RoundTabLock(hooks, {
			...environment,
			visible: () => shown,
			onVisibility: (changed) => {
				visibility.addEventListener('change', changed);
				return () => visibility.removeEventListener('change', changed);
			}
		});
		const stop = lock.start();
		/** The scorer switches to another window (false) or back to this one (true). */
		const show = (visible: boolean) => {
			shown = visible;
			visibility.dispatchEvent(new Event('change'));
		};
		/** Taps still on their way to disk until the returned function is called. */
		const slowSave = () => {
			const write = deferred();
			saved = write.promise;
			return write.resolve;
		};
		return { lock, hooks, stop, slowSave, show };
	}
	return { window, storedLogChanged: () => watchers.forEach((changed) => changed()) };
}

const settled = () => new Promise((r) => setTimeout(r, 0));
const until = (check: () => boolean) => vi.waitFor(() => expect(check()).toBe(true), { timeout: 1000 });

beforeEach(() => {
	i18n.locale = 'de';
});
afterEach(cleanup);

describe('RoundTabLock: one window writes to a round', () => {
	it('the first window writes; a second one shows the round read-only and says why', async () => {
		const { window } = browser();
		const first = window();
		await until(() => first.lock.state === 'held');
		expect(first.lock.readOnly).toBe(false);

		const second = window();
		await until(() => second.lock.state === 'elsewhere');
		expect(second.lock.readOnly).toBe(true);
		render(TabLockNotice, { lock: second.lock });
		expect(screen.getByRole('status')).toHaveTextContent(
			'Diese Runde ist in einem anderen Fenster geöffnet. Hier wird sie nur angezeigt – eingetragen wird immer nur in einem Fenster.'
		);
		expect(screen.getByRole('button', { name: 'Hier übernehmen' })).toBeEnabled();
	});

	it('taking over: the first window stops, saves what it queued, hands over; only then the second reads and writes', async () => {
		const { window } = browser();
		const first = window();
		await until(() => first.lock.state === 'held');
		const second = window();
		await until(() => second.lock.state === 'elsewhere');
		render(TabLockNotice, { lock: second.lock });

		const tapSaved = first.slowSave();
		await userEvent.click(screen.getByRole('button', { name: 'Hier übernehmen' }));
		await until(() => first.lock.state === 'taken');
		expect(first.lock.readOnly).toBe(true);
		expect(screen.getByRole('button', { name: 'Wird übernommen …' })).toBeDisabled();
		await settled();
		expect(second.hooks.refresh).not.toHaveBeenCalled(); // the first window's tap is not on disk yet

		tapSaved();
		await until(() => second.lock.state === 'held');
		expect(second.hooks.refresh).toHaveBeenCalledOnce();
		expect(second.lock.readOnly).toBe(false);
		expect(screen.queryByRole('status')).toBeNull();

		cleanup();
		render(TabLockNotice, { lock: first.lock });
		expect(screen.getByRole('status')).toHaveTextContent(
			'Diese Runde wurde in einem anderen Fenster übernommen.'
		);
	});

	it('waits for a window that never answers only so long', async () => {
		const { window } = browser(30);
		const first = window();
		await until(() => first.lock.state === 'held');
		first.slowSave(); // never saved: a frozen window
		const second = window();
		await until(() => second.lock.state === 'elsewhere');
		await second.lock.takeOver();
		expect(second.lock.state).toBe('held');
		expect(second.hooks.refresh).toHaveBeenCalledOnce();
	});

	it('when the writing window closes the round, the waiting one reads it afresh and writes', async () => {
		const { window } = browser();
		const first = window();
		await until(() => first.lock.state === 'held');
		const second = window();
		await until(() => second.lock.state === 'elsewhere');

		const tapSaved = first.slowSave();
		first.stop();
		await settled();
		expect(second.lock.state).toBe('elsewhere'); // the first window's last tap comes first
		tapSaved();
		await until(() => second.lock.state === 'held');
		expect(second.hooks.refresh).toHaveBeenCalledOnce();
	});

	it('a hidden window does not wait in line: a window reloaded in front of the scorer gets the round', async () => {
		const { window } = browser();
		const first = window();
		await until(() => first.lock.state === 'held');
		const background = window();
		await until(() => background.lock.state === 'elsewhere');
		background.show(false);
		first.stop(); // the scorer reloads the first window …
		await settled();
		const reloaded = window(); // … and it opens the round again
		await until(() => reloaded.lock.state === 'held');
		expect(background.lock.state).toBe('elsewhere');
		// Shown again, the background window waits in line and writes once the other one closes.
		background.show(true);
		reloaded.stop();
		await until(() => background.lock.state === 'held');
		expect(background.hooks.refresh).toHaveBeenCalledOnce();
	});

	it('the read-only window follows what the writing window saves; the writing window does not reload', async () => {
		const { window, storedLogChanged } = browser();
		const first = window();
		await until(() => first.lock.state === 'held');
		const second = window();
		await until(() => second.lock.state === 'elsewhere');
		storedLogChanged();
		expect(second.hooks.refresh).toHaveBeenCalledOnce();
		expect(first.hooks.refresh).not.toHaveBeenCalled();
	});

	it('works as before where the browser has no Web Locks', () => {
		const hooks = { round: () => 'r-1', flush: vi.fn(() => Promise.resolve()), refresh: vi.fn() };
		const lock = new RoundTabLock(hooks, { locks: undefined });
		lock.start();
		expect(lock.state).toBe('unsupported');
		expect(lock.readOnly).toBe(false);
		render(TabLockNotice, { lock });
		expect(screen.queryByRole('status')).toBeNull();
	});
});
