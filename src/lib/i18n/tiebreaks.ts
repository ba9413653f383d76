import { formatPercent, formatWhole, type Locale } from '../domain/numbers';
import { sharePercent, type Tiebreak } from '../domain/tournament';

/** What a criterion compared, when it was more and when less. */
const CRITERIA = {
	gamePoints: {
		de: ['mehr Spielpunkte', 'weniger Spielpunkte'],
		en: ['more game points', 'fewer game points']
	},
	setPoints: { de: ['mehr SET-Punkte', 'weniger SET-Punkte'], en: ['more SET points', 'fewer SET points'] },
	share: {
		de: ['höherer Prozentanteil', 'niedrigerer Prozentanteil'],
		en: ['higher percentage share', 'lower percentage share']
	}
} as const;

/** Both values a criterion compared, as the standings show them. */
function shown(tiebreak: Tiebreak & { by: keyof typeof CRITERIA }, locale: Locale): [string, string] {
	if (tiebreak.by === 'share') {
		const [mine, theirs] = tiebreak.values.map((share) => formatPercent(sharePercent(share), locale));
		return [mine as string, theirs as string];
	}
	return [formatWhole(tiebreak.values[0]), formatWhole(tiebreak.values[1])];
}

/**
 * Why a player stands where he does against a rival with the same points: "Punktgleich mit Anna: mehr
 * Spielpunkte (210 zu 110)", "Gleichstand mit Ben: das Los entschied für ihn".
 */
export function tiebreakText(tiebreak: Tiebreak, rival: string, locale: Locale): string {
	const de = locale === 'de';
	switch (tiebreak.by) {
		case 'tied':
			return de ? `Gleichstand mit ${rival}: noch nicht entschieden` : `Tied with ${rival}: not decided yet`;
		case 'lot':
		case 'playOff': {
			const lot = tiebreak.by === 'lot';
			return de
				? `Gleichstand mit ${rival}: ${lot ? 'das Los' : 'die Zusatzrunde'} entschied ${tiebreak.won ? 'für' : 'gegen'} ihn`
				: `Tied with ${rival}: ${lot ? 'the lot' : 'the play-off'} went ${tiebreak.won ? 'his way' : `${rival}'s way`}`;
		}
		default: {
			const words = CRITERIA[tiebreak.by][locale][tiebreak.won ? 0 : 1];
			const [mine, theirs] = shown(tiebreak, locale);
			return de
				? `Punktgleich mit ${rival}: ${words} (${mine} zu ${theirs})`
				: `Level on points with ${rival}: ${words} (${mine} to ${theirs})`;
		}
	}
}
