// The service worker: every built file is precached, so the app starts and runs with no network.
// SvelteKit bundles this file; @vite-pwa/sveltekit then replaces `self.__WB_MANIFEST` with the list of
// files and their revisions (see vite.config.ts). A new version installs in the background and then
// waits: it activates only when the app asks (`SKIP_WAITING`, sent by src/lib/pwa/app-update.state.svelte.ts),
// never by itself, so no table switches versions in the middle of a round.
// Its own tsconfig.json gives it the service worker's globals instead of the DOM's:
// `npx tsc -p src/service-worker` (svelte-check leaves this folder out).
import { clientsClaim } from 'workbox-core';
import {
	cleanupOutdatedCaches,
	createHandlerBoundToURL,
	precacheAndRoute,
	type PrecacheEntry
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CONNECT_PAGES } from '../../scripts/connect-pages.js';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The message the app sends to activate a waiting version. */
const SKIP_WAITING = 'SKIP_WAITING';

self.addEventListener('message', (event: ExtendableMessageEvent) => {
	const data: unknown = event.data;
	if (typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING) {
		event.waitUntil(self.skipWaiting());
	}
});

precacheAndRoute(self.__WB_MANIFEST);
// Drops caches left by older Workbox precache formats; outdated files of our own precache are removed
// when a new version activates.
cleanupOutdatedCaches();

// Every navigation — `/`, a deep link like `/tisch/3`, an unknown path — gets the app shell; the
// client-side router then shows the right screen (or its own "not found").
// Publishing, live and season pages need the network anyway and come from the server with their own
// shell and policy (scripts/connect-pages.js), never from the cache.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/200.html'), { denylist: [CONNECT_PAGES] }));

// On the very first install, take over the open page at once so it works offline without a reload.
// For updates this changes nothing: a new version only activates after SKIP_WAITING.
clientsClaim();
