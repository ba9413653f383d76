import * as common from './common';
import { currentLocale, type Locale } from './current-locale.state.svelte';
import { loadEnglish } from './english';

export { LOCALES, type Locale } from './current-locale.state.svelte';

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

/** The current language and its texts; reading `t` in a template re-renders on a switch. */
class I18n {
	get locale(): Locale {
		return currentLocale.value;
	}

	set locale(value: Locale) {
		currentLocale.value = value;
	}

	get t(): Messages {
		return dictionaries[currentLocale.value];
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
