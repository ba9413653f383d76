import type { BoundsProblems, ScoreField } from '../../domain/problems';
import type { Locale } from '../../domain/numbers';
import { problemTexts } from './texts';

// Names and game points beyond the bounds (domain/limits.ts): a record, the desk, the command line.

/** The numbers of a score, as a sentence names them. */
export const FIELDS: Record<Locale, Record<ScoreField, string>> = {
	de: { points: 'Spielpunkte', found: 'gefundene SETs', falseCalls: 'Fehlrufe' },
	en: { points: 'game points', found: 'SETs found', falseCalls: 'false calls' }
};

export const boundsTexts = problemTexts<keyof BoundsProblems>({
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
