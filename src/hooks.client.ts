import type { ClientInit } from '@sveltejs/kit';
import { z } from 'zod/mini';
import { loadEnglish } from '$lib/i18n/english';
import { i18n } from '$lib/i18n/index.svelte';

// Zod compiles object parsers with `new Function` when the page allows it and probes for that on first
// use. Our Content-Security-Policy forbids eval (svelte.config.js), so the probe only fails — and is
// reported as a CSP violation. Parse without the compiler from the start.
z.config({ jitless: true });

/** The app starts in the chosen language: English texts that load only when needed are there first. */
export const init: ClientInit = async () => {
	if (i18n.locale === 'en') await loadEnglish().catch(() => {});
};
