import type { BoundsProblems, ScoreField } from '../../domain/problems';
import type { Locale } from '../../domain/numbers';
import type { ProblemOf } from '../../domain/result';
import { problemTexts } from './texts';

// Names, game points and files beyond the bounds (domain/limits.ts): a record, the desk, the command line.

/** The numbers of a score, as a sentence names them. */
export const FIELDS: Record<Locale, Record<ScoreField, string>> = {
	de: { points: 'Spielpunkte', found: 'gefundene SETs', falseCalls: 'Fehlrufe' },
	en: { points: 'game points', found: 'SETs found', falseCalls: 'false calls' }
};

/** What is too large in a file or code, and the bound it passes. */
function tooLarge(p: ProblemOf<'too-large'>, lang: Locale): string {
	const de = lang === 'de';
	const limit = p.limit.toLocaleString(de ? 'de' : 'en');
	switch (p.what) {
		case 'bytes':
			return de ? `mehr als ${limit} Bytes` : `more than ${limit} bytes`;
		case 'depth':
			return de
				? `ein Eintrag ist tiefer als ${p.limit} Ebenen verschachtelt`
				: `an entry is nested deeper than ${p.limit} levels`;
		case 'events':
			return de ? `mehr als ${limit} Ereignisse` : `more than ${limit} events`;
		case 'values':
			return de ? `mehr als ${limit} Einträge` : `more than ${limit} entries`;
	}
}

export const boundsTexts = problemTexts<keyof BoundsProblems>({
	'too-large': {
		de: (p) => `Zu groß für eine Turnierdatei: ${tooLarge(p, 'de')}. Nichts wurde übernommen.`,
		en: (p) => `Too large for a tournament file: ${tooLarge(p, 'en')}. Nothing was taken over.`
	},
	'name-too-long': {
		de: (p) =>
			`„${p.name}“ hat ${p.length} Zeichen – ein Name darf höchstens ${p.max} haben, damit er in jeden Code passt.`,
		en: (p) =>
			`"${p.name}" has ${p.length} characters – a name may have at most ${p.max}, so that it fits in every code.`
	},
	'game-points-beyond-limit': {
		de: (p) =>
			`${p.player}: ${p.points} ${FIELDS.de[p.field]} – eine Partie ergibt höchstens ±${p.max.toLocaleString('de-DE')} (so viel lassen die Regeln nicht zu).`,
		en: (p) =>
			`${p.player}: ${p.points} ${FIELDS.en[p.field]} – one game scores at most ±${p.max.toLocaleString('en-GB')} (the rules allow no more).`
	}
});
