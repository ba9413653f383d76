import { currentLocale, type Locale } from './current-locale.state.svelte';
import { englishOf } from './loaded-english';

/**
 * The texts of one area of the app (the table, the director's desk, …) in both languages. Each area's
 * module creates one, so a screen's code loads only the texts of the areas it shows; `t` follows the
 * current language, `in(locale)` gives a fixed one (exports, messages in both languages).
 */
export class Texts<T> {
	readonly #de: T;
	readonly #en: T | null;
	/** The area whose English loads only when needed (english.ts, kept in loaded-english.ts). */
	readonly #lazyArea: string | null;

	constructor(de: T, en: T);
	constructor(de: T, en: null, lazyArea: string);
	constructor(de: T, en: T | null, lazyArea: string | null = null) {
		this.#de = de;
		this.#en = en;
		this.#lazyArea = lazyArea;
	}

	/**
	 * An area whose English loads only when needed (english.ts); the app loads it before English is
	 * shown — should it not be there, the German texts stand in.
	 */
	static lazy<T>(area: string, de: T): Texts<T> {
		return new Texts<T>(de, null, area);
	}

	/** The texts in the current language; reading it in a template re-renders on a switch. */
	get t(): T {
		return this.in(currentLocale.value);
	}

	/** The texts in the given language. */
	in(locale: Locale): T {
		if (locale === 'de') return this.#de;
		if (this.#en !== null) return this.#en;
		return (englishOf(this.#lazyArea ?? '') as T | undefined) ?? this.#de;
	}
}
