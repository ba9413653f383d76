import * as club from './club';
import * as common from './common';
import * as director from './director';
import * as pwa from './pwa';
import * as table from './table';
import * as settings from './settings';
import * as sync from './sync';

/** The languages of the UI: German first, English second. */
export const LOCALES = ['de', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

/**
 * All texts, one module per area in this folder. To add an area: create `<area>.ts` exporting
 * `de` and `en: typeof de`, and list it here.
 */
const dictionaries = {
	de: {
		common: common.de,
		table: table.de,
		club: club.de,
		settings: settings.de,
		sync: sync.de,
		director: director.de,
		pwa: pwa.de
	},
	en: {
		common: common.en,
		table: table.en,
		club: club.en,
		settings: settings.en,
		sync: sync.en,
		director: director.en,
		pwa: pwa.en
	}
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
}

export const i18n = new I18n();

/** The texts of a language, for code outside components (tests, exports). */
export function messages(locale: Locale): Messages {
	return dictionaries[locale];
}
