import { flushSync } from 'svelte';
import { vi } from 'vitest';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { AppUpdate } from './app-update.state.svelte';

/**
 * A service worker container and registerSW() that the test drives by hand. `onScreen`: what the worker
 * reports is on screen at once (a component test), not at the next microtask.
 */
export function fakeBrowser({
	controlled = true,
	onScreen = false,
	registration = { active: {}, waiting: {} } as { active: object | null; waiting: object | null }
} = {}) {
	const report = (event: () => void) => () => (onScreen ? flushSync(event) : event());
	const container = new EventTarget() as EventTarget & {
		controller: object | null;
		getRegistration(): Promise<object>;
	};
	container.controller = controlled ? {} : null;
	container.getRegistration = () => Promise.resolve(registration);
	let options: RegisterSWOptions = {};
	const skipWaiting = vi.fn(() => Promise.resolve());
	const reload = vi.fn();
	const update = new AppUpdate({
		serviceWorker: container as unknown as ServiceWorkerContainer,
		register: (registerOptions) => {
			options = registerOptions ?? {};
			return skipWaiting;
		},
		reload,
		isOnline: () => true
	});
	update.start();
	return {
		update,
		skipWaiting,
		reload,
		/** The service worker found a new version and it now waits. */
		newVersionWaiting: report(() => options.onNeedRefresh?.()),
		offlineReady: report(() => options.onOfflineReady?.()),
		/** Some tab activated a service worker: it now controls this page. */
		controllerChanged: () => {
			container.controller = {};
			container.dispatchEvent(new Event('controllerchange'));
		}
	};
}
