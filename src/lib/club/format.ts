import type { Locale } from '../i18n/index.svelte';

/** A date and time as people read it in the language: "12.05.2025, 19:30" / "May 12, 2025, 7:30 PM". */
export function formatDateTime(ms: number, locale: Locale): string {
	return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
		dateStyle: 'medium',
		timeStyle: 'short'
	}).format(ms);
}
