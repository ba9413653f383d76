/** Texts of the new-round screen: players, rules, the start draw. */

import { Texts } from './texts.svelte';

const list = (names: readonly string[], and: string) =>
	names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;

export const de = {
	title: 'Neue Runde',
	players: 'Spieler',
	playersHint: 'In Sitzreihenfolge im Uhrzeigersinn, 2 bis 6 Spieler.',
	playerName: (n: number) => `Name von Spieler ${n}`,
	addPlayer: 'Spieler hinzufügen',
	removePlayer: (name: string) => `${name || 'Spieler'} entfernen`,
	moveUp: (name: string) => `${name || 'Spieler'} einen Platz nach vorn`,
	moveDown: (name: string) => `${name || 'Spieler'} einen Platz nach hinten`,
	rules: 'Wertung',
	presets: {
		tournament: 'Turnierrunde',
		classic: 'Klassisch bis 400',
		kids: 'Kinderwertung'
	},
	presetHints: {
		tournament: 'Turnierregeln: letzte Runde nach dem letzten Stein, Plätze und Turnierpunkte.',
		classic: 'Originalregeln: Trio-Start, Runde endet beim letzten Stein, Spiel bis 400 Punkte.',
		kids: 'Nur Brücken, Sechsecke und Rundensieg zählen (1/1/2/3/5 Punkte).'
	},
	tileSet: 'Steine',
	tileSets: { 56: '56 Steine (Standard)', 76: '76 Steine (erweitert)' },
	startPlayer: 'Startspieler',
	startModes: {
		draw: 'Auslosen',
		trio: 'Trio-Start',
		choose: 'Selbst wählen'
	},
	drawHint:
		'Jeder zieht einen Stein. Der höchste Wert beginnt; bei Gleichstand ziehen nur die Gleichen noch einmal.',
	drawRound: (n: number) => (n === 0 ? 'Ziehen' : `Stechen ${n}`),
	drawFor: (name: string) => `Gezogener Wert von ${name}`,
	drawNext: (name: string) => `${name} zieht: Wert antippen`,
	drawTie: (names: readonly string[]) => `Gleichstand: ${list(names, 'und')} ziehen noch einmal.`,
	drawDecided: (name: string) => `${name} beginnt.`,
	notDrawing: 'zieht nicht mehr',
	trioQuestion: 'Wer hat das höchste Trio (drei gleiche Zahlen)?',
	trioNobody: 'Niemand hat ein Trio',
	highestQuestion: 'Wer hat den Stein mit dem höchsten Wert?',
	trioHint: 'Wer das höchste Trio und 0-0-0 hat, darf mit 0-0-0 eröffnen (40 Punkte).',
	chooseQuestion: 'Wer beginnt?',
	starts: (name: string) => `${name} beginnt`,
	start: 'Runde starten',
	starting: 'Startet …',
	importTitle: 'Runde aus Datei',
	gameContext: 'Gehört zum Clubabend',
	tournamentContext: (round: number | null, table: number | null) =>
		['Turnier', round ? `Runde ${round}` : '', table ? `Tisch ${table}` : ''].filter(Boolean).join(' · '),
	fixedTitle: 'Vorgegeben von der Turnierleitung',
	fixedHint:
		'Spieler, Sitzreihenfolge, Regeln, Steine und Wertung stehen im Tisch-Code und können hier nicht geändert werden.',
	fixedRules: (rules: string, tiles: string) => `${rules} · ${tiles}`,
	absentTitle: 'Ein Spieler ist nicht da?',
	absentHint:
		'Nicht selbst umsetzen oder streichen: Melden Sie der Turnierleitung, wer fehlt – sie entscheidet (Ersatz, neue Auslosung oder Eintrag am Schreibtisch).',
	absentReport: (name: string) => `${name} fehlt`,
	absentReported: (name: string) =>
		`Bitte jetzt der Turnierleitung melden: ${name} ist nicht am Tisch. Die Runde wartet auf ihre Entscheidung.`,
	absentUndo: 'Doch da – die Turnierleitung lässt spielen',
	absentCode: 'Meldung für die Turnierleitung',
	absentCodeHint:
		'Zeigen Sie diesen Code der Turnierleitung (oder geben Sie die Datei ab) – dort erscheint die Meldung.'
};

/** In the current language (`.t`); English loads with ./table.en.ts. */
export const newRoundTexts = Texts.lazy('new-round', de);
