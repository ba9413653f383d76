import type { Locale } from '../i18n/index.svelte';

/** A date and time as people read it in the language: "12.05.2025, 19:30" / "May 12, 2025, 7:30 PM". */
export function formatDateTime(ms: number, locale: Locale): string {
	return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
		dateStyle: 'medium',
		timeStyle: 'short'
	}).format(ms);
}

/** "Anna", "Anna und Ben", "Anna, Ben und Cara". */
export function joinNames(names: readonly string[], and: string): string {
	if (names.length <= 1) return names.join('');
	return `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}

/** Points with the sign people write on a score sheet: "−15" with a real minus. */
export function formatPoints(points: number): string {
	return points < 0 ? `−${-points}` : String(points);
}
