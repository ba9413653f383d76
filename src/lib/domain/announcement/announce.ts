import { germanNumber } from './numbers-de';
import { englishNumber } from './numbers-en';
import { DRAW_PENALTY, turnScore, type TurnParts } from './turn-parts';

/** The languages an announcement is generated in. */
export const LANGUAGES = ['de', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The words of an announcement in each language. */
export const ANNOUNCEMENT_WORDS = {
	de: { number: germanNumber, bonus: 'Bonus', result: 'ergibt', pass: 'passe' },
	en: { number: englishNumber, bonus: 'bonus', result: 'makes', pass: 'pass' }
} as const satisfies Record<
	Language,
	{ number: (n: number) => string; bonus: string; result: string; pass: string }
>;

/**
 * The canonical announcement of a turn, step by step (RULES.md §3): each purchase as the running
 * penalty; a penalised pass as the turn total; a final-lap pass as "passe, null"; a lay as the tile,
 * each bonus as "Bonus n" and, after purchases or a bonus, "ergibt" and the turn total.
 * A turn with purchases and neither tile nor pass (still running) announces the purchases only.
 */
export function announce(parts: TurnParts, lang: Language = 'de'): string[] {
	const words = ANNOUNCEMENT_WORDS[lang];
	const steps = Array.from({ length: parts.draws }, (_, i) => words.number(DRAW_PENALTY * (i + 1)));
	const total = words.number(turnScore(parts));
	if (parts.pass) {
		if (parts.passPenalty === 0) steps.push(words.pass);
		steps.push(total);
	} else if (parts.tile !== null) {
		steps.push(words.number(parts.tile));
		for (const bonus of parts.bonuses) steps.push(`${words.bonus} ${words.number(bonus)}`);
		if (parts.draws > 0 || parts.bonuses.length > 0) steps.push(`${words.result} ${total}`);
	}
	return steps;
}

/** The canonical announcement as one line: the steps joined by ", ". */
export function announcementText(parts: TurnParts, lang: Language = 'de'): string {
	return announce(parts, lang).join(', ');
}

/**
 * A turn under the kids' scoring (001 §Tip) is announced by its points alone, in words like every other
 * announcement: "null Punkte", "ein Punkt", "zwei Punkte" / "zero points", "one point", "two points".
 */
export function kidsAnnouncement(points: number, lang: Language = 'de'): string {
	if (lang === 'de') return points === 1 ? 'ein Punkt' : `${germanNumber(points)} Punkte`;
	return `${englishNumber(points)} ${points === 1 ? 'point' : 'points'}`;
}
