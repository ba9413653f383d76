/** Texts of the print view of the score sheet. */

import { Texts } from './texts.svelte';

export const de = {
	title: 'Wertungsblatt Triominos',
	date: 'Datum',
	table: 'Tisch',
	signatures: 'Unterschriften der Spieler',
	back: 'Zurück zum Blatt',
	unfinished: 'Runde läuft noch'
};

/** In the current language (`.t`); English loads with ./table.en.ts. */
export const printTexts = Texts.lazy('print', de);
