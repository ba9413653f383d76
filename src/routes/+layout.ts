import type { LayoutLoad } from './$types';
import { yieldToMain } from '$lib/lazy.svelte';

export const ssr = false;
export const prerender = false;

let started = false;

/**
 * The app's first screen mounts in a task of its own, after the router has found the page and its code
 * (see `init` in `hooks.client.ts`). Only on the app's start: later navigations (and `invalidateAll`)
 * go straight on.
 */
export const load: LayoutLoad = async () => {
	if (started) return;
	started = true;
	await yieldToMain();
};
