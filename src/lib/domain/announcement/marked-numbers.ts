import type { AnnouncementProblem } from '../problems';
import { fail, ok, type Result } from '../result';
import { readGermanNumber } from './read-de';
import { readEnglishNumber } from './read-en';
import { BREAK, isMinusWord, tokenize, wordKey } from './tokens';

/** The words that say what the following number is. */
export type Marker = 'bonus' | 'plus' | 'result' | 'pass';

const MARKERS = new Map<string, Marker>([
	['bonus', 'bonus'],
	['plus', 'plus'],
	['+', 'plus'],
	...['ergibt', 'gibt', 'macht', 'sind', 'gleich', '=', 'makes', 'make', 'equals', 'gives', 'total'].map(
		(word) => [word, 'result'] as const
	),
	...['passe', 'pass', 'passen', 'passt', 'passes'].map((word) => [word, 'pass'] as const)
]);

/** Words said around the numbers that change nothing. */
const FILLERS = new Set(['und', 'and', 'ich', 'i', 'punkte', 'punkt', 'points', 'point']);

type Item =
	{ readonly marker: Marker; readonly said: string } | { readonly value: number; readonly said: string };

/** A number as said, with the marker word before it; only a pass may come without a number. */
export type MarkedNumber =
	| { readonly mark: Exclude<Marker, 'pass'> | null; readonly value: number; readonly said: string }
	| { readonly mark: 'pass'; readonly value: number | null; readonly said: string };

/**
 * The numbers of an announcement, each with the marker word said before it ("Bonus", "ergibt", "passe", …).
 * Fillers ("und", "ich") and punctuation drop out; a word that is neither gives an error naming it.
 */
export function readMarkedNumbers(text: string): Result<MarkedNumber[], AnnouncementProblem> {
	const items = readItems(tokenize(text));
	return items.ok ? groupMarkers(items.value) : items;
}

function readItems(tokens: readonly string[]): Result<Item[], AnnouncementProblem> {
	const items: Item[] = [];
	for (let i = 0; i < tokens.length;) {
		const token = tokens[i] as string;
		const key = wordKey(token);
		const marker = MARKERS.get(key);
		if (token === BREAK || FILLERS.has(key)) {
			i++;
		} else if (marker) {
			items.push({ marker, said: token });
			i++;
		} else {
			const german = readGermanNumber(tokens, i);
			const read = german.ok ? german : readEnglishNumber(tokens, i);
			if (!read.ok) return unreadableNumber(tokens, i, german.ok ? read.error : german.error);
			const said = tokens.slice(i, i + read.value.length).filter((t) => t !== BREAK);
			items.push({ value: read.value.value, said: said.join(' ') });
			i += read.value.length;
		}
	}
	return ok(items);
}

function unreadableNumber(
	tokens: readonly string[],
	at: number,
	why: AnnouncementProblem
): { ok: false; error: AnnouncementProblem } {
	const token = tokens[at] as string;
	if (why.code === 'number-out-of-range')
		return fail({ code: 'announcement-number-too-large', said: why.said, max: why.max });
	const word = isMinusWord(token) ? tokens.slice(at + 1).find((t) => t !== BREAK) : token;
	if (word === undefined) return missingNumber(token);
	return fail({ code: 'announcement-unreadable-word', word });
}

/** Markers said together count as one: "plus Bonus", "passe, ergibt", "= ergibt", "ergibt plus". */
function combined(first: Marker, second: Marker): Marker | null {
	if (first === second) return first;
	if ((first === 'plus' || first === 'bonus') && (second === 'plus' || second === 'bonus')) return 'bonus';
	if (first === 'pass' && second === 'result') return 'pass';
	// "ergibt plus drei": the plus is the total's sign, as "minus" is in "ergibt minus drei".
	if (first === 'result' && second === 'plus') return 'result';
	return null;
}

function groupMarkers(items: readonly Item[]): Result<MarkedNumber[], AnnouncementProblem> {
	const entries: MarkedNumber[] = [];
	for (let i = 0; i < items.length; i++) {
		const item = items[i] as Item;
		if (!('marker' in item)) {
			entries.push({ mark: null, value: item.value, said: item.said });
			continue;
		}
		let mark = item.marker;
		const words = [item.said];
		for (let next = items[i + 1]; next && 'marker' in next; next = items[i + 1]) {
			const both = combined(mark, next.marker);
			if (!both) return missingNumber(words.at(-1) as string);
			[mark, i] = [both, i + 1];
			words.push(next.said);
		}
		const number = items[i + 1];
		if (number && !('marker' in number)) {
			entries.push({ mark, value: number.value, said: [...words, number.said].join(' ') });
			i++;
		} else if (mark === 'pass') {
			entries.push({ mark, value: null, said: words.join(' ') });
		} else {
			return missingNumber(words.at(-1) as string);
		}
	}
	return ok(entries);
}

function missingNumber(word: string): { ok: false; error: AnnouncementProblem } {
	return fail({ code: 'announcement-number-missing', word });
}
