import { formatNumber, type Locale } from '../domain/numbers';

/**
 * Published points ("2,5", "3⅓", "1 2/7") in the reader's language. The snapshot is written once, for
 * every reader, with the desk's decimal mark: a decimal is read back as the number it is and written with
 * the reader's; thirds and other fractions read the same in both languages.
 */
export function pointsForReader(text: string, locale: Locale): string {
	const decimal = /^([−-]?)(\d+)[.,](\d+)$/.exec(text);
	if (!decimal) return text;
	const [, sign, whole, fraction] = decimal;
	return formatNumber(Number(`${sign ? '-' : ''}${whole}.${fraction}`), locale);
}
