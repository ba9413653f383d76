import type { AnnouncementProblem, AnnouncementProblems } from '../../domain/problems';
import type { Locale } from '../../domain/numbers';
import { germanNumber as de } from '../../domain/announcement/numbers-de';
import { englishNumber as en } from '../../domain/announcement/numbers-en';
import { bonusParts, type BonusPart } from '../../domain/announcement/turn-parts';
import { problemTexts, textIn } from './texts';

// What a player announced: numbers are said as words ("minus zehn"), as the player said them.

const BONUS_NAMES: Record<BonusPart, Record<Locale, string>> = {
	trio: { de: 'Trio-Eröffnung', en: 'opening trio' },
	out: { de: 'letzter Stein', en: 'going out' },
	bridge: { de: 'Brücke', en: 'bridge' },
	hexagon: { de: 'Sechseck', en: 'hexagon' },
	'double-hexagon': { de: 'Doppelsechseck', en: 'double hexagon' },
	'triple-hexagon': { de: 'Dreifachsechseck', en: 'triple hexagon' }
};

/** What a bonus is for, in the table's words: 50 → "Sechseck", 75 → "Sechseck + letzter Stein". */
export function bonusName(value: number, lang: Locale): string | null {
	return (
		bonusParts(value)
			?.map((part) => BONUS_NAMES[part][lang])
			.join(' + ') ?? null
	);
}

const purchases = (n: number) => (n === 1 ? '1 Kauf' : `${n} Käufen`);
const purchasesEn = (n: number) => (n === 1 ? '1 purchase' : `${n} purchases`);

/** "fünfzig (Sechseck)", "keiner"; with the tile known, each bonus is named; 40 on a 0 tile may be the classic 0-0-0 opening. */
function bonusList(bonuses: readonly number[], lang: Locale, tile?: number | null): string {
	if (bonuses.length === 0) return lang === 'de' ? 'keiner' : 'none';
	const word = lang === 'de' ? de : en;
	const named = bonuses.map((bonus) => {
		const name =
			bonus === 40 && tile === 0
				? lang === 'de'
					? 'Brücke oder 0-0-0-Trio'
					: 'bridge or 0-0-0 trio'
				: bonusName(bonus, lang);
		return name === null || tile === undefined ? word(bonus) : `${word(bonus)} (${name})`;
	});
	return named.join(' + ');
}

const tooLarge = {
	de: (said: string, max: number) => `„${said}“ ist zu groß für eine Ansage (höchstens ${max}).`,
	en: (said: string, max: number) => `"${said}" is too large for an announcement (at most ${max}).`
};

/** An announcement that cannot be read at all. */
const unreadable = { de: 'Ansage nicht lesbar:', en: 'Cannot read the announcement:' };

export const announcementTexts = problemTexts<keyof AnnouncementProblems>({
	'number-missing': {
		de: (p) => (p.after === null ? 'Hier fehlt eine Zahl.' : `Nach „${p.after}“ fehlt die Zahl.`),
		en: (p) => (p.after === null ? 'A number is missing here.' : `A number is missing after "${p.after}".`)
	},
	'number-out-of-range': {
		de: (p) => tooLarge.de(p.said, p.max),
		en: (p) => tooLarge.en(p.said, p.max)
	},
	'number-unreadable': {
		de: (p) => `„${p.word}“ ist keine Zahl.`,
		en: (p) => `"${p.word}" is not a number.`
	},
	'announcement-number-too-large': {
		de: (p) => `${unreadable.de} ${tooLarge.de(p.said, p.max)}`,
		en: (p) => `${unreadable.en} ${tooLarge.en(p.said, p.max)}`
	},
	'announcement-unreadable-word': {
		de: (p) => `${unreadable.de} „${p.word}“ ist weder eine Zahl noch ein Ansagewort (Bonus, ergibt, passe).`,
		en: (p) =>
			`${unreadable.en} "${p.word}" is neither a number nor an announcement word (bonus, makes, pass).`
	},
	'announcement-number-missing': {
		de: (p) => `${unreadable.de} nach „${p.word}“ fehlt die Zahl.`,
		en: (p) => `${unreadable.en} a number is missing after "${p.word}".`
	},
	'announcement-empty': {
		de: `${unreadable.de} keine Zahl gefunden.`,
		en: `${unreadable.en} no number found.`
	},
	'announcement-too-many': {
		de: (p) => `${unreadable.de} „${p.said}“ ist zu viel – die Ansage war mit „${p.previous}“ zu Ende.`,
		en: (p) => `${unreadable.en} "${p.said}" is one too many – the announcement ended with "${p.previous}".`
	},
	'announcement-pass-after-tile': {
		de: (p) => `${unreadable.de} „${p.said}“: gepasst, obwohl ein Stein gelegt wurde.`,
		en: (p) => `${unreadable.en} "${p.said}": a pass after a tile was laid.`
	},
	'announcement-bonus-without-tile': {
		de: (p) =>
			`${unreadable.de} „${p.said}“: ein Bonus ohne Stein – zuerst kommt der Wert des gelegten Steins.`,
		en: (p) => `${unreadable.en} "${p.said}": a bonus without a tile – the tile's value comes first.`
	},
	'announcement-result-without-turn': {
		de: (p) => `${unreadable.de} „${p.said}“: ein Ergebnis ohne Kauf und ohne Stein.`,
		en: (p) => `${unreadable.en} "${p.said}": a result without a purchase or a tile.`
	},
	'result-wrong': {
		de: (p) => `Ergebnis: angesagt ${de(p.said)}, richtig wäre ${de(p.score)}`,
		en: (p) => `result: said ${en(p.said)}, should be ${en(p.score)}`
	},
	'pass-total-wrong': {
		de: (p) =>
			`Passen nach ${purchases(p.draws)}: angesagt ${de(p.said)}, richtig wäre ${de(p.expected)}${p.draws === 0 ? ' (in der Schlussrunde: null)' : ''}`,
		en: (p) =>
			`pass after ${purchasesEn(p.draws)}: said ${en(p.said)}, should be ${en(p.expected)}${p.draws === 0 ? ' (in the final lap: zero)' : ''}`
	},
	'purchase-missing': {
		de: (p) =>
			`Passen: ${de(p.said)} gilt nach ${purchases(p.draws)}, nicht angesagt: „${p.missing.map((n) => de(n)).join(', ')}“`,
		en: (p) =>
			`pass: ${en(p.said)} follows ${purchasesEn(p.draws)}, not announced: "${p.missing.map((n) => en(n)).join(', ')}"`
	},
	'purchase-step-wrong': {
		de: (p) => `${p.draw}. Kauf: angesagt ${de(p.said)}, richtig wäre ${de(p.expected)}`,
		en: (p) => `purchase ${p.draw}: said ${en(p.said)}, should be ${en(p.expected)}`
	},
	'tile-out-of-range': {
		de: (p) => `kein Stein hat den Wert ${p.value} (Steine zählen 0 bis ${p.max})`,
		en: (p) => `no tile is worth ${p.value} (tiles count 0 to ${p.max})`
	},
	'bonus-unknown': {
		de: (p) =>
			`Bonus ${de(p.value)} gibt es nicht (Brücke vierzig, Sechseck fünfzig, Doppelsechseck sechzig, Dreifachsechseck siebzig, letzter Stein fünfundzwanzig, Trio-Eröffnung zehn)`,
		en: (p) =>
			`there is no bonus ${en(p.value)} (bridge forty, hexagon fifty, double hexagon sixty, triple hexagon seventy, going out twenty-five, opening trio ten)`
	},
	'bonus-twice': {
		de: (p) =>
			`Bonus ${de(p.value)}: diesen Bonus gibt es nur einmal je Zug – von den Figuren zählt nur die höchste`,
		en: (p) => `bonus ${en(p.value)}: this bonus counts once per turn – of the figures only the highest`
	},
	'draws-mismatch': {
		de: (p) => `Käufe: angesagt ${p.said}, gekauft ${p.bought}`,
		en: (p) => `purchases: announced ${p.said}, bought ${p.bought}`
	},
	'pass-mismatch': {
		de: (p) =>
			p.said ? 'Passen angesagt, aber es wurde nicht gepasst' : 'Passen fehlt: der Zug endete ohne Stein',
		en: (p) =>
			p.said
				? 'a pass was announced, but the player did not pass'
				: 'the pass is missing: the turn ended without a tile'
	},
	'pass-penalty-mismatch': {
		de: (p) =>
			`Strafe fürs Passen: angesagt ${de(p.said)}, richtig wäre ${de(p.expected)}${p.expected === 0 ? ' (Schlussrunde)' : ''}`,
		en: (p) =>
			`pass penalty: announced ${en(p.said)}, should be ${en(p.expected)}${p.expected === 0 ? ' (final lap)' : ''}`
	},
	'tile-mismatch': {
		de: (p) =>
			`Stein: angesagt ${p.said === null ? 'keiner' : de(p.said)}, gelegt ${p.laid === null ? 'keiner' : de(p.laid)}`,
		en: (p) =>
			`tile: announced ${p.said === null ? 'none' : en(p.said)}, laid ${p.laid === null ? 'none' : en(p.laid)}`
	},
	'bonus-mismatch': {
		de: (p) =>
			`Bonus: angesagt ${bonusList(p.said, 'de')}, richtig wäre ${bonusList(p.expected, 'de', p.tile)}`,
		en: (p) => `bonus: announced ${bonusList(p.said, 'en')}, should be ${bonusList(p.expected, 'en', p.tile)}`
	},
	'total-mismatch': {
		de: (p) => `Summe: angesagt ${de(p.said)}, richtig wäre ${de(p.expected)}`,
		en: (p) => `total: announced ${en(p.said)}, should be ${en(p.expected)}`
	}
});

/** What a problem of an announcement says: for the table screen's checker, which loads these texts with it. */
export function announcementProblemText(problem: AnnouncementProblem, lang: Locale): string {
	return textIn(announcementTexts, problem, lang, (inner) => inner.code);
}
