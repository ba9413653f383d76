import { problemTexts } from './texts';

// Storage on this device (lib/db): games and tournaments not found or damaged, and the sync's refusals.
// Why a stored round cannot open is with the table screen's texts (table.ts).

export const dbTexts = problemTexts({
	storage: {
		de: (p) => p.detail,
		en: (p) => p.detail
	},
	'no-game': {
		de: (p) => `Partie ${p.id} nicht gefunden.`,
		en: (p) => `Game ${p.id} not found.`
	},
	'damaged-game': {
		de: (p) => `Die Partie ${p.id} ist im Speicher beschädigt: ihr Beginn ist unlesbar.`,
		en: (p) => `Game ${p.id} is damaged in storage: its start is unreadable.`
	},
	'bad-target': {
		de: (p) => `Das Spielziel muss eine ganze Zahl von 1 bis ${p.max} sein.`,
		en: (p) => `The target must be a whole number from 1 to ${p.max}.`
	},
	'round-running': {
		de: 'Es läuft noch eine Runde dieser Partie.',
		en: 'A round of this game is still being played.'
	},
	'game-over': {
		de: 'Die Partie ist schon entschieden.',
		en: 'The game is already decided.'
	},
	'no-tournament': {
		de: (p) => `Turnier ${p.id} nicht gefunden.`,
		en: (p) => `Tournament ${p.id} not found.`
	},
	'damaged-tournament': {
		de: (p, say) =>
			`Das Turnier ${p.id} ist im Speicher beschädigt (Ereignis ${p.index + 1}): ${'problem' in p ? say(p.problem) : p.detail}`,
		en: (p, say) =>
			`Tournament ${p.id} is damaged in storage (event ${p.index + 1}): ${'problem' in p ? say(p.problem) : p.detail}`
	},
	'bad-setup': {
		de: (p) => `Ungültige Angaben: ${p.detail}`,
		en: (p) => `Invalid setup: ${p.detail}`
	},
	'no-name': {
		de: 'Das Turnier braucht einen Namen.',
		en: 'The tournament needs a name.'
	},
	'bad-source': {
		de: 'Unbekannte Herkunft des Ergebnisses.',
		en: 'Unknown result source.'
	},
	'no-round-yet': {
		de: 'Es ist noch keine Runde ausgelost.',
		en: 'No round has been drawn yet.'
	},
	'not-triominos': {
		de: 'Tische per Code gibt es nur für Triominos-Turniere (das Wertungsblatt am Tisch ist für Triominos).',
		en: 'Tables by code exist only for Triominos tournaments (the table sheet is for Triominos).'
	},
	'scan-table-code': {
		de: (p) =>
			`Für Runde ${p.round} bitte den Tisch-Code der Turnierleitung einlesen: den Schlüssel dieser Runde bringt die Rangliste nur dem Tablet, das diesen Tisch in der Runde davor abgegeben hat.`,
		en: (p) =>
			`For round ${p.round}, please read the director’s table code: the standings bring this round’s key only to the tablet that handed in this table in the round before.`
	},
	'no-key-change': {
		de: 'Hier wurde kein Schlüssel der Turnierleitung gewechselt – es gibt nichts rückgängig zu machen.',
		en: 'No key of the director was changed here – there is nothing to undo.'
	},
	'own-tournament': {
		de: 'Dieses Gerät leitet das Turnier selbst – verlassen lässt es sich hier nicht (löschen geht über die Turnierliste).',
		en: 'This device directs the tournament itself – it cannot be left here (deleting is done from the tournament list).'
	},
	'not-a-tournament-round': {
		de: 'Diese Runde gehört zu keinem Turniertisch.',
		en: 'This round does not belong to a tournament table.'
	},
	'cannot-take': {
		de: 'Diese Runde ist nicht abgeschlossen und bestätigt, oder die Namen passen nicht zur Auslosung – bitte das Ergebnis am Schreibtisch eintragen.',
		en: 'This round is not finished and confirmed, or the names do not match the seating – please enter the result at the desk.'
	}
});
