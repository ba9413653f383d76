import * as common from './common';
import { loadEnglish } from './english';

/** The languages of the UI: German first, English second. */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * The texts every screen needs (the app shell). The texts of one area — the table,
 * the club evening, the settings, the exchange, the director's desk — live in `<area>.ts` beside this
 * file, exporting `de`, `en: typeof de` and a `Texts` accessor (texts.svelte.ts), so that each screen
 * loads only its own. To add an area, create such a module; import its accessor where it is shown.
 */
const dictionaries = {
	de: { common: common.de },
	en: { common: common.en }
} satisfies Record<Locale, unknown>;

export type Messages = (typeof dictionaries)['de'];

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

/** The current language and its texts; reading `t` in a template re-renders on a switch. */
class I18n {
	#locale = $state<Locale>(initialLocale());

	get locale(): Locale {
		return this.#locale;
	}

	set locale(value: Locale) {
		this.#locale = value;
		try {
			globalThis.localStorage?.setItem(STORAGE_KEY, value);
		} catch {
			// not persisted; the switch still applies to this session
		}
		if (typeof document !== 'undefined') document.documentElement.lang = value;
	}

	get t(): Messages {
		return dictionaries[this.#locale];
	}

	/** Switches the language once all its texts are there (the table's English loads first, english.ts). */
	async switchTo(locale: Locale): Promise<void> {
		if (locale === 'en') await loadEnglish();
		this.locale = locale;
	}
}

export const i18n = new I18n();

/** The texts of a language, for code outside components (tests, exports). */
export function messages(locale: Locale): Messages {
	return dictionaries[locale];
}
