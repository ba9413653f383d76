import { formatRational, type Rational } from '../domain/rational';
import { tableSizes, type Format, type TournamentState } from '../domain/tournament';
import { describeSizes } from '../i18n/problems/seating';

type Locale = 'de' | 'en';

/** A tournament date (YYYY-MM-DD) as people read it: "17.05.2025" / "17 May 2025". */
export function formatDate(date: string, locale: Locale): string {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
	if (!match) return date;
	const [, y, m, d] = match;
	return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
		dateStyle: 'medium',
		timeZone: 'UTC'
	}).format(Date.UTC(Number(y), Number(m) - 1, Number(d)));
}

/** A moment on this device's clock as people read it: "25.11.2026, 18:04" / "25 Nov 2026, 18:04". */
export function formatMoment(at: number, locale: Locale): string {
	return new Intl.DateTimeFormat(locale === 'de' ? 'de-DE' : 'en-GB', {
		dateStyle: 'medium',
		timeStyle: 'short'
	}).format(at);
}

/** Today as YYYY-MM-DD in local time. */
export function today(now = new Date()): string {
	const pad = (n: number) => String(n).padStart(2, '0');
	return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Tournament points exactly: 2,5 · 3⅓ (2.5 in English). */
export function formatPoints(points: Rational, locale: Locale): string {
	return formatRational(points, locale);
}

/** "3 Tische zu 3, 1 Tisch zu 4" for n players, or null when no seating is possible. */
export function describeTables(n: number, format: Format, locale: Locale): string | null {
	const sizes = tableSizes(n, format);
	return sizes.ok ? describeSizes(sizes.value, locale) : null;
}

/**
 * Which of the final's rounds this is (1, 2, …): the desk names a final round by it everywhere
 * ("Finalrunde 1"), never by its place after the prelims.
 */
export function finalRoundNumber(state: TournamentState, round: number): number {
	return state.rounds.filter((r) => r.stage === 'final' && r.number <= round).length;
}
