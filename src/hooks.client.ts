import type { ClientInit } from '@sveltejs/kit';
import { z } from 'zod/mini';
import { followDatabase } from '$lib/db/followers';
import { loadEnglish } from '$lib/i18n/english';
import { i18n } from '$lib/i18n/index.svelte';
import { yieldToMain } from '$lib/lazy.svelte';
import { connection } from '$lib/pwa/database-connection.state.svelte';

// Zod compiles object parsers with `new Function` when the page allows it and probes for that on first
// use. Our Content-Security-Policy forbids eval (svelte.config.js), so the probe only fails — and is
// reported as a CSP violation. Parse without the compiler from the start.
z.config({ jitless: true });

// This tab's connection state watches the app's database from its creation, and follows the page into the
// back-forward cache: in the capture phase and before Dexie loads, so before Dexie's own `pagehide`.
followDatabase((database) => connection.watch(database));
connection.followPage(window);

/**
 * The app starts in the chosen language (English texts that load only when needed are there first).
 * It yields first: running the app's modules is one task, the router's start (its table of routes, the
 * page's code) another, and the first screen's mounting a third (`+layout.ts`) — on a slow phone one task
 * for all of it was Lighthouse's longest.
 */
export const init: ClientInit = async () => {
	await yieldToMain();
	if (i18n.locale === 'en') await loadEnglish().catch(() => {});
};
