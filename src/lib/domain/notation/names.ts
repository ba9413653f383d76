import type { RecordProblem } from '../problems';
import { fail, ok, type Result } from '../result';

/** The header keywords of docs/NOTATION.md; a player named like one is written in quotes. */
export const KEYWORDS = ['rules', 'tiles', 'players', 'start', 'pool', 'scoring', 'hands'] as const;

const isKeyword = (name: string) => (KEYWORDS as readonly string[]).includes(name.toLowerCase());

/**
 * A name as a record writes it (docs/NOTATION.md, "Names in quotes"): bare where it reads back
 * unchanged, else in double quotes with `""` for a quote inside — "Müller, H.", "Hands", "Jo#2".
 * `quote` forces the quotes (a Hands entry whose name begins another player's name).
 */
export function writeName(name: string, quote = false): string {
	const bare = !quote && !/[,:#]/.test(name) && !name.startsWith('"') && !isKeyword(name);
	return bare ? name : `"${name.replaceAll('"', '""')}"`;
}

/**
 * Walks a line outside quoted names and returns the index of the first character `stop` accepts, or the
 * length. A double quote opens a name only where a name begins — at the start of the line or of a field
 * (after `:` or `,`, spaces skipped) — and closes at a lone `"`; `""` inside stands for one quote.
 * Elsewhere a `"` is an ordinary character, so records without quoted names read as they always did.
 */
function scan(text: string, stop: (char: string) => boolean): Result<number, RecordProblem> {
	let fieldStart = true;
	for (let i = 0; i < text.length; i++) {
		const char = text[i]!;
		if (fieldStart && char === '"') {
			const close = closingQuote(text, i);
			if (close < 0) return fail(openQuote());
			i = close;
			fieldStart = false;
			continue;
		}
		if (stop(char)) return ok(i);
		if (char === ':' || char === ',') fieldStart = true;
		else if (!/\s/.test(char)) fieldStart = false;
	}
	return ok(text.length);
}

/** The index of the quote that closes the one at `open`, or −1. */
function closingQuote(text: string, open: number): number {
	for (let i = open + 1; i < text.length; i++) {
		if (text[i] !== '"') continue;
		if (text[i + 1] === '"') i++;
		else return i;
	}
	return -1;
}

const openQuote = (): RecordProblem => ({ code: 'open-quote' });

/** The line without its comment (`#` outside quoted names) and without outer spaces. */
export function statementOf(raw: string): Result<string, RecordProblem> {
	const end = scan(raw, (char) => char === '#');
	return end.ok ? ok(raw.slice(0, end.value).trim()) : end;
}

/** Splits a statement at its first `:` outside quoted names; null when there is none. */
export function splitKey(statement: string): { key: string; value: string } | null {
	const colon = scan(statement, (char) => char === ':');
	if (!colon.ok || colon.value >= statement.length) return null;
	return { key: statement.slice(0, colon.value).trim(), value: statement.slice(colon.value + 1).trim() };
}

/** Splits a list (`Players:`, `Hands:`) at the commas outside quoted names; empty entries drop out. */
export function splitList(text: string): string[] {
	const entries: string[] = [];
	let rest = text;
	for (;;) {
		const comma = scan(rest, (char) => char === ',');
		const end = comma.ok ? comma.value : rest.length;
		entries.push(rest.slice(0, end).trim());
		if (end >= rest.length) break;
		rest = rest.slice(end + 1);
	}
	return entries.filter(Boolean);
}

/** A name at the start of `text`: `quoted` when it was written in quotes, with what follows it. */
export interface LeadingName {
	readonly name: string;
	readonly quoted: boolean;
	readonly rest: string;
}

/** Reads a quoted name at the start of `text`; null when `text` does not begin with a quote. */
export function leadingQuotedName(text: string): Result<LeadingName, RecordProblem> | null {
	const trimmed = text.trimStart();
	if (!trimmed.startsWith('"')) return null;
	const close = closingQuote(trimmed, 0);
	if (close < 0) return fail(openQuote());
	const name = trimmed.slice(1, close).replaceAll('""', '"');
	return ok({ name, quoted: true, rest: trimmed.slice(close + 1) });
}

/** Reads a field that is exactly one name (`Players:` entries, `Start:`, a turn line's key). */
export function readName(field: string): Result<LeadingName, RecordProblem> {
	const quoted = leadingQuotedName(field);
	if (!quoted) return ok({ name: field.trim(), quoted: false, rest: '' });
	if (!quoted.ok) return quoted;
	const rest = quoted.value.rest.trim();
	if (rest !== '') {
		return fail({ code: 'after-quote', name: quoted.value.name, rest });
	}
	return ok({ ...quoted.value, rest: '' });
}
