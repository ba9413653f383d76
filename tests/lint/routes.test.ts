// Routes place, areas hold every screen (STYLE.md; docs/ARCHITECTURE.md, "Routes are thin"): a route's
// .svelte file names its screen in <svelte:head>, reads its address, navigates, and places components of
// lib/<area>. Markup of its own — an HTML element outside <svelte:head>, or a <style> — means a screen
// (or a piece of one) lives in src/routes, where no test beside it and no other screen can reach it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The app's frame: the header, the notices and the slot every screen is placed in. */
const FRAME = 'src/routes/+layout.svelte';

function routeFiles(folder: string): string[] {
	return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return routeFiles(path);
		return entry.name.endsWith('.svelte') ? [path] : [];
	});
}

/** What a route file holds beyond placing: its <style>, and the HTML elements outside <svelte:head>. */
export function ownMarkup(source: string): string[] {
	const markup = source
		.replace(/<script[\s\S]*?<\/script>/g, '')
		.replace(/<svelte:head>[\s\S]*?<\/svelte:head>/g, '')
		.replace(/<!--[\s\S]*?-->/g, '');
	const found = [...markup.matchAll(/<([a-z][a-z0-9-]*)\b/g)].map((match) => `<${match[1]}>`);
	if (/<style[\s>]/.test(source)) found.unshift('<style>');
	return [...new Set(found)];
}

describe('routes only name and place their screens', () => {
	it('finds a route’s own markup and style, and passes a route that only places', () => {
		expect(
			ownMarkup(
				'<script lang="ts">import X from "$lib/x/X.svelte";</script>\n<svelte:head><title>T</title></svelte:head>\n{#if a}<X />{/if}'
			)
		).toEqual([]);
		expect(ownMarkup('<main class="page"><h1>T</h1><X /></main>\n<style>main{}</style>')).toEqual([
			'<style>',
			'<main>',
			'<h1>'
		]);
	});

	it.each(routeFiles('src/routes').filter((file) => file !== FRAME))('%s', (file) => {
		expect(ownMarkup(readFileSync(file, 'utf8'))).toEqual([]);
	});
});
