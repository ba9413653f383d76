/** Texts of the round end: the final lap, the hands left, the settlement, places and points. */

import { Texts } from './texts.svelte';

const steine = (n: number) => (n === 1 ? '1 Stein' : `${n} Steine`);

export const de = {
	handsTitle: 'Abrechnung: Steine in der Hand',
	handsHintOut: (name: string) =>
		`${name} hat als Erster alle Steine gelegt und bekommt die Steine der anderen.`,
	handsHintEarly: 'Vorzeitiges Spielende: jedem werden die eigenen Steine abgezogen.',
	handsHintBlocked: 'Blockiert: die kleinste Hand gewinnt die Runde.',
	holds: (name: string, n: number) => `${name} hält ${steine(n)}`,
	sum: 'Summe',
	sumLabel: (name: string) => `Summe der Steine von ${name}`,
	byTiles: 'Steine antippen',
	bySum: 'Summe eingeben',
	addTile: 'Stein hinzufügen',
	removeTile: (tile: string) => `${tile} entfernen`,
	tilesEntered: (n: number, of: number) => `${n} von ${of} Steinen`,
	tilesSum: (sum: number) => `= ${sum}`,
	noTiles: 'keine Steine',
	settle: 'Abrechnen',
	resultTitle: 'Ergebnis',
	settlementPoints: 'Abrechnung',
	total: 'Punkte',
	place: 'Platz',
	// A soft hyphen: on a phone the column's heading breaks there instead of widening the table.
	points: 'Turnier\u00ADpunkte',
	confirm: 'Ergebnis bestätigen',
	confirmHint: 'Alle Spieler prüfen das Blatt; dann bestätigt der Tisch das Ergebnis.',
	confirmed: 'Ergebnis bestätigt.',
	next: 'Wie geht es weiter?',
	handIn: 'Ergebnis an die Turnierleitung übergeben',
	handInHint: 'Zeigt den Code, den die Turnierleitung scannt (oder eine Datei).',
	nextRound: 'Nächste Runde',
	nextRoundHint: 'Auf der Seite der Partie wählen, wer beginnt.',
	sameTable: 'Neue Runde mit denselben Spielern',
	ended: { out: 'letzter Stein gelegt', early: 'vorzeitiges Spielende', blocked: 'blockiert' },
	placeOf: (place: number) => `${place}.`
};

/** In the current language (`.t`); English loads with ./table.en.ts. */
export const roundEndTexts = Texts.lazy('round-end', de);
