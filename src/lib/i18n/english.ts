/**
 * English texts that load only when needed: the table's screens ship German alone, so a German table
 * loads no English. They load before the app starts when English is the chosen language
 * (hooks.client.ts), before the switch to English (index.svelte.ts), and before a message is shown in
 * both languages.
 */
const loaded = new Map<string, unknown>();
let loading: Promise<void> | null = null;

/** Loads the lazy English texts (once). */
export function loadEnglish(): Promise<void> {
	loading ??= import('./table.en').then(
		({ english }) => {
			for (const [area, texts] of Object.entries(english)) loaded.set(area, texts);
		},
		(cause: unknown) => {
			loading = null;
			throw cause;
		}
	);
	return loading;
}

/** An area's English texts, once loaded. */
export function englishOf(area: string): unknown {
	return loaded.get(area);
}
