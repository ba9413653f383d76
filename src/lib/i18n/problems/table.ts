import type { Locale } from '../../domain/numbers';
import type { ProblemOf } from '../../domain/result';
import { roundTexts } from './round';
import { problemTexts, textIn } from './texts';

// The table screen's own problems, and why a stored round cannot open: with the round's texts
// (round.ts), everything the table screen shows — and all it loads of the problem texts.

/** The corrected turn as the scorer entered it: "1 Kauf, dann 9 legen". */
function tried(p: ProblemOf<'correction-refused'>, lang: Locale): string {
	if (lang === 'de') {
		const bought = p.draws === 0 ? '' : p.draws === 1 ? '1 Kauf, dann ' : `${p.draws} Käufe, dann `;
		return p.lay === null ? `${bought}passen` : `${bought}${p.lay} legen`;
	}
	const bought = p.draws === 0 ? '' : p.draws === 1 ? '1 purchase, then ' : `${p.draws} purchases, then `;
	return p.lay === null ? `${bought}pass` : `${bought}lay ${p.lay}`;
}

export const tableTexts = problemTexts({
	'round-confirmed': {
		de: 'Das Ergebnis ist bestätigt – die Runde ist abgeschlossen.',
		en: 'The result is confirmed – the round is closed.'
	},
	'save-failed': {
		de: (p) =>
			p.takenBack
				? `Speichern fehlgeschlagen (${p.detail}) – der Tipp wurde zurückgenommen.`
				: `Speichern fehlgeschlagen (${p.detail}).`,
		en: (p) =>
			p.takenBack ? `Saving failed (${p.detail}) – the tap was taken back.` : `Saving failed (${p.detail}).`
	},
	'not-finished': {
		de: 'Die Runde ist noch nicht abgerechnet.',
		en: 'The round has not been settled yet.'
	},
	'correction-refused': {
		de: (p, say) => {
			const said = say(p.problem).replace(/\.$/, '');
			return p.later
				? `„${tried(p, 'de')}“ für ${p.player} in Runde ${p.lap} passt nicht zum Rest der Runde: danach stimmt der Zug von ${p.later.player} in Runde ${p.later.lap} nicht mehr (${said}). Zuerst jenen Zug korrigieren – oder diesen Zug anders eintragen.`
				: `„${tried(p, 'de')}“ geht für ${p.player} in Runde ${p.lap} nicht: ${said}. Bitte den Zug anders eintragen.`;
		},
		en: (p, say) => {
			const said = say(p.problem).replace(/\.$/, '');
			return p.later
				? `"${tried(p, 'en')}" for ${p.player} in lap ${p.lap} does not fit the rest of the round: ${p.later.player}'s turn in lap ${p.later.lap} would no longer hold (${said}). Correct that turn first – or enter this turn differently.`
				: `"${tried(p, 'en')}" is not possible for ${p.player} in lap ${p.lap}: ${said}. Please enter the turn differently.`;
		}
	},
	'no-round': {
		de: (p) => `Runde ${p.id} nicht gefunden.`,
		en: (p) => `Round ${p.id} not found.`
	},
	'damaged-round': {
		de: (p) =>
			`Die Runde ${p.id} ist im Speicher beschädigt: ${'start' in p.part ? 'der Rundenbeginn ist unlesbar' : `Eintrag ${p.part.entry} ist unlesbar`}`,
		en: (p) =>
			`Round ${p.id} is damaged in storage: ${'start' in p.part ? 'the start is unreadable' : `entry ${p.part.entry} is unreadable`}`
	}
});

/** A problem the table screen shows. */
export type TableScreenCode = keyof typeof roundTexts | keyof typeof tableTexts;

const isTableScreenCode = (code: string): code is TableScreenCode => code in roundTexts || code in tableTexts;

/**
 * What a problem on the table screen says. The screen loads only these texts, not every problem's: its
 * JavaScript budget (docs/ARCHITECTURE.md "What a screen loads").
 */
export function tableProblemText(problem: ProblemOf<TableScreenCode>, lang: Locale): string {
	const say = (inner: { readonly code: string }): string =>
		isTableScreenCode(inner.code) ? tableProblemText(inner as ProblemOf<TableScreenCode>, lang) : inner.code;
	return problem.code in roundTexts
		? textIn(roundTexts, problem as ProblemOf<keyof typeof roundTexts>, lang, say)
		: textIn(tableTexts, problem as ProblemOf<keyof typeof tableTexts>, lang, say);
}
