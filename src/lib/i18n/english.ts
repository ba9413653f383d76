import { keepEnglish } from './loaded-english';

/**
 * English texts that load only when needed: the table's screens ship German alone, so a German table
 * loads no English. They load before the app starts when English is the chosen language
 * (hooks.client.ts), before the switch to English (index.svelte.ts), and before a message is shown in
 * both languages. The text modules find them in loaded-english.ts.
 */
let loading: Promise<void> | null = null;

/** Loads the lazy English texts (once). */
export function loadEnglish(): Promise<void> {
	loading ??= import('./table.en').then(
		({ english }) => keepEnglish(english),
		(cause: unknown) => {
			loading = null;
			throw cause;
		}
	);
	return loading;
}
