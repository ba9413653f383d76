import { formatNumber, MINUS } from '../domain/numbers';
import { toNumber, type Rational } from '../domain/rational';
import {
	isSetScore,
	scoreTable,
	standings as computeStandings,
	type Standings,
	type TournamentState
} from '../domain/tournament';
import * as director from '../i18n/director';
import { tiebreakText } from '../i18n/tiebreaks';

type Locale = 'de' | 'en';

/** Byte order mark: German Excel reads a CSV as UTF-8 only with it. */
export const BOM = '\uFEFF';

/** A number as German Excel reads it: decimal comma, at most 4 decimals, ASCII minus (Excel's sign). */
export function csvNumber(value: number): string {
	return formatNumber(value, 'de').replace(MINUS, '-');
}

/**
 * What a spreadsheet may take for the start of a formula: = + - @ and their full-width forms (Excel and
 * LibreOffice fold ＝ ＋ － ＠ to them), tab and carriage return, | (a DDE link in older Excel), and an
 * invisible zero-width or bidi control (U+200B–U+200F, U+202A–U+202E, U+2060, U+2066–U+2069, U+061C,
 * U+FEFF), which hides from a reader what follows it.
 */
const FORMULA_START =
	/^[=+\-@\t\r|\uff1d\uff0b\uff0d\uff20\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\u061c\ufeff]/;

/**
 * One CSV field: quoted when it holds a separator, quote or line break; text that a spreadsheet could take
 * for a formula (`FORMULA_START`) gets a leading apostrophe.
 */
export function csvField(value: string | number | null | undefined): string {
	if (value === null || value === undefined) return '';
	if (typeof value === 'number') return csvNumber(value);
	const safe = FORMULA_START.test(value) ? `'${value}` : value;
	return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Semicolon-separated lines with CRLF and a BOM (German Excel). */
export function toCsv(rows: readonly (readonly (string | number | null | undefined)[])[]): string {
	return BOM + rows.map((row) => row.map(csvField).join(';')).join('\r\n') + '\r\n';
}

const points = (r: Rational) => toNumber(r);

/** The standings as CSV: rank, name, points, game points (share), final, finalist, qualifier, ties. */
export function standingsCsv(
	state: TournamentState,
	locale: Locale,
	table: Standings = computeStandings(state)
): string {
	const t = director[locale].csv;
	const swiss = state.format === 'swiss';
	const hasFinal = table.rows.some((r) => r.final);
	const qualified = new Set(table.qualifiers?.players ?? []);
	const finalists = new Set(table.finalists);
	const header = [
		t.rank,
		t.player,
		t.points,
		state.format === 'set' ? t.setPoints : t.gamePoints,
		...(swiss ? [t.share] : []),
		...(hasFinal ? [t.finalRank, t.finalPoints, t.finalGamePoints] : []),
		...(swiss ? [] : [t.finalist]),
		...(table.qualifiers ? [t.qualifier] : []),
		t.withdrawn,
		t.tiebreaks
	];
	const rows = table.rows.map((row) => [
		row.rank,
		row.name,
		points(row.points),
		row.gamePoints,
		...(swiss ? [row.sharePercent ?? 0] : []),
		...(hasFinal
			? row.final
				? [row.final.rank, points(row.final.points), row.final.gamePoints]
				: ['', '', '']
			: []),
		...(swiss ? [] : [finalists.has(row.player) ? t.yes : '']),
		...(table.qualifiers ? [qualified.has(row.player) ? t.yes : ''] : []),
		state.players.get(row.player)?.withdrawnFrom ?? '',
		row.tiebreaks
			.map((tb) => tiebreakText(tb, state.players.get(tb.against)?.name ?? tb.against, locale))
			.join(' | ')
	]);
	return toCsv([header, ...rows]);
}

/** Every reported result, one line per player and round: the table, the score, place and points. */
export function resultsCsv(state: TournamentState, locale: Locale): string {
	const t = director[locale].csv;
	const set = state.format === 'set';
	const header = [
		t.round,
		t.stage,
		t.table,
		t.seat,
		t.player,
		...(set ? [t.found, t.falseCalls, t.setPoints] : [t.gamePoints]),
		t.left,
		t.place,
		t.points,
		t.correction
	];
	const rows: (string | number)[][] = [];
	for (const round of state.rounds) {
		round.tables.forEach((players, index) => {
			const result = round.results[index];
			if (!result) return;
			const outcomes = scoreTable(state.format, result.scores);
			const notes = result.corrections
				.map((c) =>
					c.override
						? director[locale].results.overrideNote(c.reason)
						: director[locale].results.correction(c.reason)
				)
				.join(' | ');
			players.forEach((player, seat) => {
				const score = result.scores.find((s) => s.player === player);
				const outcome = outcomes.find((o) => o.player === player);
				if (!score || !outcome) return;
				rows.push([
					round.number,
					round.stage === 'final' ? t.final : t.prelim,
					index + 1,
					seat + 1,
					state.players.get(player)?.name ?? player,
					...(isSetScore(score) ? [score.found, score.falseCalls, outcome.gamePoints] : [score.points]),
					score.left ? t.yes : '',
					outcome.place,
					points(outcome.points),
					notes
				]);
			});
		});
	}
	return toCsv([header, ...rows]);
}

/** A file name from the tournament's name and date: "quali-leipzig-2025-05-17-rangliste.csv". */
export function exportFileName(state: TournamentState, part: string, extension: string): string {
	const slug = state.name
		.toLocaleLowerCase('de')
		.replaceAll('ä', 'ae')
		.replaceAll('ö', 'oe')
		.replaceAll('ü', 'ue')
		.replaceAll('ß', 'ss')
		.normalize('NFKD')
		.replace(/[^a-z0-9]+/g, '-')
		.replace(/^-|-$/g, '');
	return [slug || 'turnier', state.date, part].filter(Boolean).join('-') + `.${extension}`;
}
