/**
 * Numbers and lists of names as people read them, in German or English: the one place that formats them,
 * so every screen, print and export writes a decimal comma the same way and one minus sign, "−" (U+2212),
 * as on a score sheet.
 */

export type Locale = 'de' | 'en';

const TAGS: Record<Locale, string> = { de: 'de-DE', en: 'en-GB' };

/** The typographic minus a score sheet writes. */
export const MINUS = '\u2212';

const numberFormats = new Map<Locale, Intl.NumberFormat>();
const listFormats = new Map<Locale, Intl.ListFormat>();

function numberFormat(locale: Locale): Intl.NumberFormat {
	let format = numberFormats.get(locale);
	if (!format) {
		// No grouping: points stay as people write them on paper ("1234"), and columns stay narrow.
		format = new Intl.NumberFormat(TAGS[locale], { useGrouping: false, maximumFractionDigits: 4 });
		numberFormats.set(locale, format);
	}
	return format;
}

/**
 * A number with the language's decimal mark and a real minus: "−2,5" / "−2.5". Intl writes the
 * hyphen-minus (U+002D) for de-DE and en-GB, so its minus part is replaced here, and only here.
 */
export function formatNumber(value: number, locale: Locale): string {
	return numberFormat(locale)
		.formatToParts(value || 0)
		.map((part) => (part.type === 'minusSign' ? MINUS : part.value))
		.join('');
}

/** A whole number (game points, totals) with a real minus: "−15". It reads the same in both languages. */
export function formatWhole(value: number): string {
	return formatNumber(value, 'de');
}

/** A percentage share: "56,25 %" / "56.25 %". */
export function formatPercent(value: number, locale: Locale): string {
	return `${formatNumber(value, locale)} %`;
}

/** "Anna", "Anna und Ben", "Anna, Ben und Cara" / "Anna, Ben and Cara". */
export function joinNames(names: readonly string[], locale: Locale): string {
	let format = listFormats.get(locale);
	if (!format) {
		format = new Intl.ListFormat(TAGS[locale], { type: 'conjunction' });
		listFormats.set(locale, format);
	}
	return format.format(names);
}
