/** The languages of the UI: German first, English second. */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

const STORAGE_KEY = 'wb.locale';

function initialLocale(): Locale {
	try {
		const stored = globalThis.localStorage?.getItem(STORAGE_KEY);
		if (stored === 'de' || stored === 'en') return stored;
	} catch {
		// storage blocked: fall back to German
	}
	return 'de';
}

/**
 * The language the app shows, kept on this device. It imports nothing, so that every text module can read
 * it (texts.svelte.ts) while index.svelte.ts, which loads the English, stays outside their imports.
 */
export class CurrentLocale {
	#value = $state<Locale>(initialLocale());

	get value(): Locale {
		return this.#value;
	}

	set value(value: Locale) {
		this.#value = value;
		try {
			globalThis.localStorage?.setItem(STORAGE_KEY, value);
		} catch {
			// not persisted; the switch still applies to this session
		}
		if (typeof document !== 'undefined') document.documentElement.lang = value;
	}
}

export const currentLocale = new CurrentLocale();
