import type { Locale } from '../../domain/numbers';
import type { ProblemOf } from '../../domain/result';
import { problemTexts, type Say } from './texts';

// The screens' own problems: a picture without a code, results typed in at the desk, ties, the official
// SET plans, a file restored. (The table screen's are in table.ts.)

type RestoreWhy = Exclude<ProblemOf<'restore-refused'>['why'], 'refused-entry'>;

const RESTORE: Record<RestoreWhy, Readonly<Record<Locale, string>>> = {
	'already-here': {
		de: 'dieses Turnier ist auf diesem Gerät schon gespeichert – es steht in der Liste der Turniere',
		en: 'this tournament is already stored on this device – it is in the list of tournaments'
	},
	'not-a-tournament-file': { de: 'keine Turnierdatei', en: 'not a tournament file' },
	'not-a-backup': {
		de: 'das ist keine Turniersicherung, sondern ein Code oder eine Datei für die Tische',
		en: 'this is not a tournament backup but a code or file for the tables'
	},
	'round-only': {
		de: 'sie enthält nur die Ergebnisse einer Runde, nicht das ganze Turnier – bitte „Ganzes Turnier exportieren“ verwenden',
		en: 'it holds only one round’s results, not the whole tournament – please use “Export the whole tournament”'
	},
	'unreadable-entry': {
		de: 'sie ist beschädigt (ein Eintrag des Turniers ist unlesbar)',
		en: 'it is damaged (an entry of the tournament cannot be read)'
	},
	'not-json': { de: 'sie ist beschädigt (kein gültiges JSON)', en: 'it is damaged (not valid JSON)' },
	'not-an-export': {
		de: 'das ist kein „Alles (JSON)“-Export eines Turniers dieser App',
		en: 'this is not an “Everything (JSON)” export of a tournament from this app'
	},
	'not-text': { de: 'sie ist keine Textdatei', en: 'it is not a text file' }
};

/** Why a file is not restored, after "Die Datei wird nicht übernommen:". */
function restoreWhy(p: ProblemOf<'restore-refused'>, lang: Locale, say: Say): string {
	if (p.why !== 'refused-entry') return RESTORE[p.why][lang];
	return lang === 'de'
		? `sie ist beschädigt (Eintrag ${p.index + 1}: ${say(p.problem)})`
		: `it is damaged (entry ${p.index + 1}: ${say(p.problem)})`;
}

export const areaTexts = problemTexts({
	'image-nothing': {
		de: 'Auf diesem Bild wurde kein Code erkannt. Bitte den Code ganz, scharf und gerade fotografieren – oder den Code als Text einfügen.',
		en: 'No code was found in this picture. Please photograph the whole code, sharp and straight – or paste the code as text.'
	},
	'image-unreadable': {
		de: 'Diese Datei lässt sich nicht als Bild öffnen. Bitte ein Foto (PNG oder JPEG) oder eine Austauschdatei (.wbsync) wählen.',
		en: 'This file cannot be opened as a picture. Please choose a photo (PNG or JPEG) or an exchange file (.wbsync).'
	},
	'missing-value': {
		de: (p) => `Für ${p.player} fehlt ein Wert.`,
		en: (p) => `A value for ${p.player} is missing.`
	},
	'not-a-whole-number': {
		de: (p) => `Für ${p.player} bitte eine ganze Zahl eintragen.`,
		en: (p) => `Please enter a whole number for ${p.player}.`
	},
	'play-off-order': {
		de: 'Bitte jedem Platz einen anderen Spieler zuordnen.',
		en: 'Please give every place a different player.'
	},
	'no-official-plan': {
		de: (p) =>
			`Für ${p.players} Spieler gibt es keinen offiziellen Plan – der generierte Plan wird verwendet.`,
		en: (p) => `There is no official plan for ${p.players} players – the generated plan is used.`
	},
	'official-plan-invalid': {
		de: (p) =>
			`Der offizielle Plan für ${p.players} Spieler ist fehlerhaft (${p.errors} Fehler) – der generierte Plan wird verwendet.`,
		en: (p) =>
			`The official plan for ${p.players} players is faulty (${p.errors} errors) – the generated plan is used.`
	},
	'restore-refused': {
		de: (p, say) => `Die Datei wird nicht übernommen: ${restoreWhy(p, 'de', say)}.`,
		en: (p, say) => `The file is not taken over: ${restoreWhy(p, 'en', say)}.`
	}
});
