import type Dexie from 'dexie';

/**
 * This tab's connection to the database, as the app must react to it:
 *
 * - `open`: normal work.
 * - `blocked`: this tab (a newer version of the app) wants to upgrade the database, but another tab still
 *   holds it open at the older version and does not let go. The upgrade waits; the app says so.
 * - `closing`: another tab opened the database at a higher version (a new version of the app) or deletes
 *   it. This tab finishes the writes it has queued (the table screen's taps), then closes its connection so
 *   the other tab can go on. Nothing new is accepted meanwhile.
 * - `closed`: the connection is closed for good; this tab must reload (onto the new version). `reason`
 *   says why; `lost` means the browser closed it (e.g. the site's data was cleared).
 * - `failed`: the database did not open (`unopenable`): nothing was lost, and reloading would only open it
 *   again and fail again — a page that reloads itself as soon as it touches its data, which no one can use.
 *   The app says so and stays; a later open that succeeds makes it `open` again.
 *
 * Dexie's own reaction to `versionchange` is to close at once, which would fail the writes still queued
 * behind the current one; this replaces it (docs: https://dexie.org/docs/Dexie/Dexie.on.versionchange).
 */
export type ConnectionState = 'open' | 'blocked' | 'closing' | 'closed' | 'failed';
export type CloseReason = 'upgrade' | 'delete' | 'lost' | 'unopenable';

/** How long queued writes may take before the connection closes anyway (the other tab waits meanwhile). */
export const FLUSH_TIMEOUT_MS = 3000;
/** A blocked upgrade is shown only when it lasts: the other tab normally lets go within milliseconds. */
export const BLOCKED_NOTICE_AFTER_MS = 1000;

export class DatabaseConnection {
	state = $state<ConnectionState>('open');
	reason = $state<CloseReason | null>(null);
	#flushes: (() => Promise<unknown>)[] = [];
	#closing = false;
	#ready = false;
	#inBackForwardCache = false;

	/**
	 * Registers writes that must reach the disk before this tab lets another tab upgrade the database
	 * (the table screen passes its session's `whenSaved`). Returns the function that unregisters it.
	 */
	beforeClose(flush: () => Promise<unknown>): () => void {
		this.#flushes = [...this.#flushes, flush];
		return () => {
			this.#flushes = this.#flushes.filter((each) => each !== flush);
		};
	}

	/**
	 * Follows the page into the browser's back-forward cache and out of it. Dexie closes its connection when
	 * the page goes in (so the browser may keep the page) and opens it again on the next use; that close is
	 * no loss and must not make the app reload. It fires inside Dexie's own `pagehide` listener, so this one
	 * must run first: it listens in the capture phase and is added when this module loads, before Dexie.
	 */
	followPage(page: EventTarget): void {
		const follow = (cached: boolean) => (event: Event) => {
			if ((event as PageTransitionEvent).persisted) this.#inBackForwardCache = cached;
		};
		page.addEventListener('pagehide', follow(true), { capture: true });
		page.addEventListener('pageshow', follow(false), { capture: true });
	}

	/** Takes over the database's versionchange, blocked and close events. */
	watch(database: Dexie, timeouts = { flush: FLUSH_TIMEOUT_MS, blocked: BLOCKED_NOTICE_AFTER_MS }): void {
		database.on('versionchange', (event: IDBVersionChangeEvent) => {
			void this.#closeFor(database, event.newVersion ? 'upgrade' : 'delete', timeouts.flush);
			return false; // not Dexie's immediate close: the queued writes go first
		});
		database.on('blocked', () => {
			setTimeout(() => {
				if (!this.#ready && this.state === 'open') this.state = 'blocked';
			}, timeouts.blocked);
		});
		database.on(
			'ready',
			() => {
				this.#ready = true;
				if (this.state === 'blocked' || this.state === 'failed') {
					this.state = 'open';
					this.reason = null;
				}
			},
			true
		);
		database.on('close', () => {
			if (this.#closing || this.#inBackForwardCache) return;
			// Dexie closes a database it could not open (its open failed): no connection was lost.
			if (database.hasFailed()) {
				this.reason = 'unopenable';
				this.state = 'failed';
				return;
			}
			this.#closing = true;
			this.reason = 'lost';
			this.state = 'closed';
		});
	}

	async #closeFor(database: Dexie, reason: CloseReason, timeout: number): Promise<void> {
		if (this.#closing) return;
		this.#closing = true;
		this.reason = reason;
		this.state = 'closing';
		let timer: ReturnType<typeof setTimeout> | undefined;
		const flushed = Promise.allSettled(this.#flushes.map((flush) => flush()));
		await Promise.race([flushed, new Promise((resolve) => (timer = setTimeout(resolve, timeout)))]);
		clearTimeout(timer);
		// No auto-open: this code must not reopen the database at the version it knows.
		database.close({ disableAutoOpen: true });
		this.state = 'closed';
	}
}

/**
 * The app's database connection state. hooks.client.ts attaches it to the app's one database
 * (`followDatabase`) when the app starts, before any page opens the database.
 */
export const connection = new DatabaseConnection();
