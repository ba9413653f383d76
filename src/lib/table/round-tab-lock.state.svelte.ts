import { connection } from '$lib/pwa/database-connection.state.svelte';

/**
 * One round, one writer. Two windows of this browser showing the same round would each append entries
 * from their own copy of it and interleave the log; so the table screen holds a Web Lock named after the
 * round while it is open (https://developer.mozilla.org/docs/Web/API/Web_Locks_API).
 *
 * - `held`: this window writes.
 * - `elsewhere`: another window had the round open first; this one shows it read-only (and follows what
 *   the other window saves) and offers to take the round over. While it is visible it also waits in line:
 *   when the other window closes the round, this one writes. A hidden window does not wait in line, so a
 *   window reloaded in front of the scorer gets its round back, not one in the background.
 * - `taken`: another window took it over; this one finished saving what it had queued, handed over and
 *   is read-only now, like `elsewhere`.
 * - `unsupported`: no Web Locks in this browser: the screen works as before, unguarded.
 * - `pending`: the first answer (a moment after opening).
 *
 * Taking over steals the lock (`steal: true`): the other window's lock request rejects, it stops taking
 * taps, waits for its queued writes and says so on a BroadcastChannel; only then does this window read
 * the round afresh and start writing. A window that never answers (frozen, an older version of the app)
 * is waited for {@link HANDOVER_TIMEOUT_MS} at most.
 */
export type TabLockState = 'pending' | 'held' | 'elsewhere' | 'taken' | 'unsupported';

/** How long a window taking a round over waits for the other window to say it has saved everything. */
export const HANDOVER_TIMEOUT_MS = 3000;

/** What the lock needs from the table screen. */
export interface TabLockHooks {
	/** The round's id. */
	readonly round: () => string;
	/** Resolves once every tap queued in this window is on disk (`RoundSession.whenSaved`). */
	readonly flush: () => Promise<unknown>;
	/** Reads the round from storage again (the page's load: `invalidateAll`). */
	readonly refresh: () => Promise<unknown>;
}

/** The browser APIs used; tests pass their own. */
export interface TabLockEnvironment {
	readonly locks: LockManager | undefined;
	readonly channel: (name: string) => BroadcastChannel | null;
	/** Calls back whenever the round's stored log changes (in any window). */
	readonly watch: (round: string, changed: () => void) => () => void;
	/** Whether this window is shown, and a way to hear when that changes. */
	readonly visible: () => boolean;
	readonly onVisibility: (changed: () => void) => () => void;
	readonly handoverTimeoutMs: number;
}

const HANDED_OVER = 'handed-over';

function browserEnvironment(): TabLockEnvironment {
	return {
		locks: globalThis.navigator?.locks,
		channel: (name) => (typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null),
		watch: watchStoredLog,
		visible: () => globalThis.document?.visibilityState !== 'hidden',
		onVisibility: (changed) => {
			globalThis.document?.addEventListener('visibilitychange', changed);
			return () => globalThis.document?.removeEventListener('visibilitychange', changed);
		},
		handoverTimeoutMs: HANDOVER_TIMEOUT_MS
	};
}

/**
 * Calls back when the round's stored log changes, in any window (Dexie's liveQuery hears them all).
 * Only a read-only window follows the log, so Dexie loads here only then.
 */
function watchStoredLog(round: string, changed: () => void): () => void {
	let stop: (() => void) | null = null;
	let stopped = false;
	import('$lib/db/follow')
		.then(({ followStream }) => {
			if (!stopped) stop = followStream(round, changed);
		})
		.catch(() => {
			// the code could not be loaded (offline, replaced by a new version): nothing to follow
		});
	return () => {
		stopped = true;
		stop?.();
	};
}

const isAbort = (cause: unknown) => cause instanceof DOMException && cause.name === 'AbortError';

export class RoundTabLock {
	state = $state<TabLockState>('pending');
	/** A take-over is under way. */
	takingOver = $state(false);
	/** This window must not write to the round. */
	readonly readOnly = $derived(this.state !== 'held' && this.state !== 'unsupported');

	#hooks: TabLockHooks;
	#environment: TabLockEnvironment;
	#name = '';
	#channel: BroadcastChannel | null = null;
	/** Ends the hold on the lock (the callback's promise resolves). */
	#release: (() => void) | null = null;
	/** Cancels the request waiting in line. */
	#waiting: AbortController | null = null;
	#handedOver: (() => void) | null = null;
	#stopped = false;
	/** Stops following the stored log (set while this window is read-only). */
	#unwatch: (() => void) | null = null;

	constructor(hooks: TabLockHooks, environment: Partial<TabLockEnvironment> = {}) {
		this.#hooks = hooks;
		this.#environment = { ...browserEnvironment(), ...environment };
	}

	/** Asks for the round (call when the screen opens); returns the function that lets it go. */
	start(): () => void {
		const unregister = connection.beforeClose(() => this.#hooks.flush());
		const { locks } = this.#environment;
		if (!locks) {
			this.state = 'unsupported';
			return unregister;
		}
		const round = this.#hooks.round();
		this.#name = `wb-round:${round}`;
		this.#channel = this.#environment.channel(this.#name);
		this.#channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
			if (event.data === HANDED_OVER) this.#handedOver?.();
		});
		const unlisten = this.#environment.onVisibility(() => {
			if (!this.#environment.visible()) {
				this.#waiting?.abort();
				this.#waiting = null;
			} else if (this.readOnly && this.state !== 'pending' && !this.#waiting && !this.takingOver) {
				this.#waitInLine();
			}
		});
		this.#hold(locks.request(this.#name, { ifAvailable: true }, (lock) => this.#granted(lock)));
		return () => {
			this.#stopped = true;
			unregister();
			this.#follow(false);
			unlisten();
			this.#waiting?.abort();
			// Let go only once this window's taps are on disk: the next window reads the round then.
			const release = this.#release;
			this.#release = null;
			void this.#hooks.flush().finally(() => {
				release?.();
				this.#channel?.close();
			});
		};
	}

	/** Takes the round over from the other window; this window writes from now on. */
	async takeOver(): Promise<void> {
		const { locks } = this.#environment;
		if (!locks || !this.readOnly || this.takingOver) return;
		this.takingOver = true;
		this.#waiting?.abort();
		this.#waiting = null;
		const handedOver = new Promise<void>((resolve) => {
			this.#handedOver = resolve;
			setTimeout(resolve, this.#environment.handoverTimeoutMs);
		});
		try {
			await new Promise<void>((resolve, reject) => {
				this.#hold(
					locks.request(this.#name, { steal: true }, async (lock) => {
						await handedOver;
						return this.#granted(lock, resolve);
					}),
					reject
				);
			});
		} finally {
			this.#handedOver = null;
			this.takingOver = false;
		}
	}

	/**
	 * The lock was granted (or not, with `ifAvailable`): after another window wrote, the round is read
	 * afresh first; then the lock is held until released or stolen.
	 */
	async #granted(lock: Lock | null, onheld?: () => void): Promise<void> {
		if (!lock) {
			this.#become('elsewhere');
			this.#waitInLine();
			return;
		}
		if (this.#stopped) {
			onheld?.();
			return;
		}
		this.#waiting = null;
		if (this.state !== 'pending') await this.#hooks.refresh();
		this.#become('held');
		onheld?.();
		await new Promise<void>((resolve) => (this.#release = resolve));
	}

	#become(state: 'held' | 'elsewhere' | 'taken'): void {
		this.state = state;
		this.#follow(state !== 'held' && !this.#stopped);
	}

	/**
	 * A read-only window follows what the writing window saves; the writing window does not watch its own
	 * writes (a live query re-run after every tap would compete with the next tap's write).
	 */
	#follow(on: boolean): void {
		if (!on) {
			this.#unwatch?.();
			this.#unwatch = null;
		} else {
			this.#unwatch ??= this.#environment.watch(this.#hooks.round(), () => {
				if (this.readOnly && !this.takingOver) void this.#hooks.refresh();
			});
		}
	}

	/** Watches a lock request: when another window steals the lock, this one hands over. */
	#hold(request: Promise<unknown>, onerror?: (cause: unknown) => void): void {
		request.catch((cause: unknown) => {
			onerror?.(cause);
			if (isAbort(cause) && this.state === 'held' && !this.#stopped) void this.#handOver();
		});
	}

	/** Another window took the round: no more taps here; what is queued is saved, then that window may go on. */
	async #handOver(): Promise<void> {
		this.#become('taken');
		this.#release = null;
		await this.#hooks.flush();
		this.#channel?.postMessage(HANDED_OVER);
		this.#waitInLine();
	}

	/** Queues for the lock while visible: when the other window closes the round, this one writes again. */
	#waitInLine(): void {
		const { locks, visible } = this.#environment;
		if (!locks || this.#stopped || !visible()) return;
		const waiting = new AbortController();
		this.#waiting = waiting;
		this.#hold(locks.request(this.#name, { signal: waiting.signal }, (lock) => this.#granted(lock)));
	}
}
