import { SvelteMap } from 'svelte/reactivity';
import type { registerSW } from 'virtual:pwa-register';

/** Ends a hold taken with {@link AppUpdate.holdUpdates}; calling it a second time does nothing. */
export type ReleaseHold = () => void;

/** What the update flow needs from the browser; tests pass fakes. */
export interface UpdateEnvironment {
	register: typeof registerSW;
	serviceWorker: ServiceWorkerContainer | undefined;
	reload: () => void;
	isOnline: () => boolean;
}

/** How often an open app asks the server for a new version while it has a network. */
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * The service worker as the app sees it: is the app ready offline, is a new version waiting, and may it be
 * installed now. A new version is offered, never applied by itself; while any hold is active (a round is
 * being played at this tablet) it cannot be applied at all.
 *
 * Several tabs: each tab has its own holds. When another tab activates the new version, the service worker
 * changes under every open tab (`controllerchange`). A tab without holds reloads at once onto the new
 * version; a tab with holds keeps running the old code, shows that it must reload, and reloads when its
 * last hold is released. It must not lazily load screens it has not opened yet in the meantime: the old
 * version's files left the cache when the new version activated.
 */
export class AppUpdate {
	/** A new version is installed and waits to be applied. */
	needRefresh = $state(false);
	/** Every file is cached: the app now starts and runs without a network. */
	offlineReady = $state(false);
	/** Another tab applied a new version while this one held updates; it reloads when released. */
	reloadPending = $state(false);

	#holds = new SvelteMap<symbol, string>();
	/** Why updates are held right now, e.g. ["Runde 3 läuft"]. */
	readonly holdReasons = $derived([...this.#holds.values()]);
	/** Some part of the app holds updates back. */
	readonly held = $derived(this.#holds.size > 0);
	/** The waiting version may be applied now. */
	readonly canApply = $derived(this.needRefresh && !this.held);

	#environment: Partial<UpdateEnvironment>;
	#applyWaiting: (() => Promise<void>) | undefined;
	#started = false;
	#hadController = false;
	#serviceWorker: ServiceWorkerContainer | undefined;
	#reloading = false;

	constructor(environment: Partial<UpdateEnvironment> = {}) {
		this.#environment = environment;
	}

	/**
	 * Keeps a new version from being applied until the returned function is called — take it when a
	 * round starts, release it when the round's result is saved.
	 */
	holdUpdates(reason: string): ReleaseHold {
		const key = Symbol(reason);
		this.#holds.set(key, reason);
		return () => {
			if (!this.#holds.delete(key)) return;
			// Going from one screen of a round to another (the sheet to its print view) releases one hold
			// and takes the next in the same update: reload only if none is taken by then.
			if (this.#holds.size === 0 && this.reloadPending) {
				setTimeout(() => {
					if (this.#holds.size === 0) this.#reload();
				}, 0);
			}
		};
	}

	/** Activates the waiting version; every tab without holds then reloads onto it. */
	async applyUpdate(): Promise<void> {
		if (!this.canApply) return;
		await this.#applyWaiting?.();
	}

	/** Hides the offer or the offline notice for now; a waiting version is offered again on the next start. */
	dismiss(): void {
		this.needRefresh = false;
		this.offlineReady = false;
	}

	/** Registers the service worker (once) and starts listening for new versions. */
	start(): void {
		if (this.#started) return;
		this.#started = true;
		const serviceWorker =
			'serviceWorker' in this.#environment
				? this.#environment.serviceWorker
				: globalThis.navigator?.serviceWorker;
		if (!serviceWorker) return;
		this.#serviceWorker = serviceWorker;
		this.#hadController = serviceWorker.controller !== null;
		serviceWorker.addEventListener('controllerchange', () => this.#onControllerChange());
		const register = this.#environment.register;
		if (register) this.#register(register);
		else
			import('virtual:pwa-register').then(
				({ registerSW }) => this.#register(registerSW),
				(error: unknown) => console.error('Der Service Worker ließ sich nicht registrieren.', error)
			);
	}

	#register(register: typeof registerSW): void {
		const applyWaiting = register({
			immediate: true,
			onNeedRefresh: () => this.#onNeedRefresh(),
			onOfflineReady: () => {
				this.offlineReady = true;
			},
			// virtual:pwa-register would reload by itself (only in some tabs); #onControllerChange decides.
			onNeedReload: () => {},
			onRegisteredSW: (_url, registration) => {
				if (registration) this.#checkForUpdates(registration);
			},
			onRegisterError: (error: unknown) => {
				console.error('Der Service Worker ließ sich nicht registrieren.', error);
			}
		});
		this.#applyWaiting = () => applyWaiting();
	}

	/**
	 * A worker is installed that this page did not register. On a page that opened under a worker, that is
	 * a new version. On a page that opened without one it may be the app's first install, begun by an
	 * earlier page (Firefox caches the app over several page loads): a new version only if it waits behind
	 * an active one; otherwise the app is ready offline, and nothing new is offered.
	 */
	#onNeedRefresh(): void {
		const registration = this.#hadController ? undefined : this.#serviceWorker?.getRegistration?.();
		if (!registration) {
			this.needRefresh = true;
			return;
		}
		void registration.then(
			(found) => {
				if (found?.active && found.waiting) this.needRefresh = true;
				else this.offlineReady = true;
			},
			() => {
				this.needRefresh = true;
			}
		);
	}

	#onControllerChange(): void {
		// The first install claims the page (clientsClaim): that is not a new version.
		if (!this.#hadController) {
			this.#hadController = true;
			return;
		}
		this.needRefresh = false;
		if (this.held) this.reloadPending = true;
		else this.#reload();
	}

	#reload(): void {
		if (this.#reloading) return;
		this.#reloading = true;
		(this.#environment.reload ?? (() => location.reload()))();
	}

	/** Asks the server for a new version every hour and whenever the network comes back. */
	#checkForUpdates(registration: ServiceWorkerRegistration): void {
		const isOnline = this.#environment.isOnline ?? (() => navigator.onLine);
		const check = () => {
			if (registration.installing || !isOnline()) return;
			registration.update().catch(() => {
				// No server reachable (the venue has no network): the next check tries again.
			});
		};
		setInterval(check, UPDATE_CHECK_INTERVAL_MS);
		addEventListener('online', check);
	}
}

/** The app's one update state; the root layout starts it. */
export const appUpdate = new AppUpdate();
