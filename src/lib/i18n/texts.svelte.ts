import { i18n, type Locale } from './index.svelte';

/**
 * The texts of one area of the app (the table, the director's desk, …) in both languages. Each area's
 * module creates one, so a screen's code loads only the texts of the areas it shows; `t` follows the
 * current language, `in(locale)` gives a fixed one (exports, messages in both languages).
 */
export class Texts<T> {
	readonly #byLocale: Readonly<Record<Locale, T>>;

	constructor(de: T, en: T) {
		this.#byLocale = { de, en };
	}

	/** The texts in the current language; reading it in a template re-renders on a switch. */
	get t(): T {
		return this.#byLocale[i18n.locale];
	}

	/** The texts in the given language. */
	in(locale: Locale): T {
		return this.#byLocale[locale];
	}
}
