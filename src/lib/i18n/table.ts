/** Texts of the table screen: the score sheet, the turn pad, announcements, files, storage. */

import type { CellColumns } from '$lib/domain/sheet';
import { Texts } from './texts.svelte';

const steine = (n: number) => (n === 1 ? '1 Stein' : `${n} Steine`);

export const de = {
	sheet: {
		title: 'Wertungsblatt',
		loading: 'Runde wird geladen …',
		lap: 'Runde',
		lapShort: 'Rd.',
		settlement: 'Abrechnung',
		settlementShort: 'Abr.',
		left: 'gelegt',
		middle: 'Bonus',
		right: 'Stand',
		leftShort: 'L',
		middleShort: 'M',
		rightShort: 'Σ',
		pool: (n: number) => `Vorrat: ${steine(n)}`,
		hand: (n: number) => steine(n),
		handLabel: (name: string, n: number) => `${name} hält ${steine(n)}`,
		toPlay: 'am Zug',
		passed: 'passt',
		corrected: 'korrigiert',
		correctedBecause: (reason: string) => `korrigiert: ${reason}`,
		pendingCell: 'wird gespeichert',
		cellLabel: (name: string, lap: number, text: string) => `${name}, Runde ${lap}: ${text}`,
		settlementLabel: (name: string, text: string) => `${name}, Abrechnung: ${text}`,
		emptyCell: 'noch leer',
		/** What a screen reader says for a cell (a pass says so, not "gelegt 0, Bonus passt"). */
		cellParts: (c: CellColumns) =>
			[
				c.passed ? `gepasst${c.left !== '0' ? ` (${c.left})` : ''}` : c.left ? `gelegt ${c.left}` : '',
				c.marks ? `Striche ${c.marks}` : '',
				c.middle && !(c.passed && !c.marks.includes('/')) ? `${c.left ? 'Bonus' : 'Punkte'} ${c.middle}` : '',
				`Stand ${c.total}`
			]
				.filter(Boolean)
				.join(', '),
		editHint: 'Feld antippen, um einen Zug zu korrigieren.',
		backToGame: 'Zurück zum Clubabend',
		context: {
			tournament: 'Turnier',
			round: (n: number) => `Runde ${n}`,
			table: (n: number) => `Tisch ${n}`
		},
		tiles: (n: number) => `${n} Steine`,
		rules: {
			tournament: 'Turnierrunde',
			classic: 'Klassisch',
			kids: 'Kinderwertung'
		},
		notFound: 'Diese Runde gibt es auf diesem Gerät nicht.',
		newRound: 'Neue Runde'
	},
	pad: {
		toPlay: (name: string) => `${name} ist am Zug`,
		bought: (n: number) => (n === 0 ? '' : n === 1 ? '1 Stein gekauft' : `${n} Steine gekauft`),
		finalLap: (name: string) => `Letzte Runde: ${name} legt noch einmal – kein Kaufen`,
		buy: 'Kaufen',
		buyPoints: '−5',
		pass: 'Passen',
		passPoints: (penalty: number) => (penalty < 0 ? '−10' : '0'),
		undo: 'Rückgängig',
		lastTile: 'Letzter Stein',
		lastTileHint: (name: string) => `${name} legt den letzten Stein: +25`,
		bonus: 'Bonus',
		bonusFirst: 'Erst Bonus wählen, dann Wert antippen.',
		noBonusFirstTile: 'Der erste Stein bringt keinen Bonus.',
		bonuses: {
			bridge: 'Brücke',
			hexagon: 'Sechseck',
			'double-hexagon': 'Doppelsechseck',
			'triple-hexagon': 'Dreifachsechseck'
		},
		byValue: 'Wert',
		byNumbers: 'Zahlen',
		valueLabel: (value: number) => `Stein mit Wert ${value} legen`,
		numbersLabel: (n: number) => `Zahl ${n} des Steins`,
		numberOption: (n: number, position: number) => `${n} als ${position}. Zahl`,
		lay: (value: number) => `${value} legen`,
		layTile: (tile: string, value: number) => `${tile} legen (${value})`,
		trio: 'Trio eröffnen',
		trioLabel: (tile: string) => `Trio ${tile} legen`,
		poolEmpty: 'Vorrat leer – legen oder passen (−10).',
		passAfterThree: 'Passen erst nach drei Käufen.',
		blocked: 'Erst die Ansage klären.',
		saving: 'Speichert …',
		saved: 'Gespeichert',
		roundOver: 'Die Runde ist zu Ende.'
	},
	announce: {
		title: 'Ansage',
		nothingYet: 'Der Startspieler legt einen Stein oder kauft.',
		speak: 'Ansage vorlesen',
		speakUnavailable: 'Vorlesen ist in diesem Browser nicht verfügbar.',
		check: 'Ansagen prüfen',
		/** Why the check starts on or off (the menu says it under the switch). */
		checkDefault: {
			on: 'Im Turnier von Anfang an: dort gehört die Ansage zu den Regeln, und ein Fehler zählt.',
			off: 'Am Clubabend zunächst aus: dort wird ohne Ansagepflicht gespielt, und jede Ansage einzutippen hält auf. Einschalten, wenn der Tisch sie prüfen möchte.'
		},
		checkTitle: (name: string, lap: number) => `Was hat ${name} in Runde ${lap} angesagt?`,
		/** Whose turn a verdict belongs to (it stays while the next player plays). */
		verdictOf: (name: string, lap: number) => `${name}, Runde ${lap}:`,
		checkInput: 'Ansage des Spielers',
		checkPlaceholder: 'z. B. minus fünf, sieben, ergibt zwei – oder -5 7 2',
		checkButton: 'Prüfen',
		listen: 'Ansage sprechen',
		listening: 'Hört zu …',
		listenFailed: 'Spracherkennung nicht verfügbar – bitte eintippen.',
		matched: 'Ansage stimmt.',
		accepted: 'Ansage trotz Abweichung übernommen.',
		corrected: 'Zug nach der Ansage korrigiert.',
		mismatch: (name: string, lap: number) => `Die Ansage von ${name} (Runde ${lap}) weicht ab:`,
		step: (n: number, said: string) => `Schritt ${n} („${said}“)`,
		expected: (text: string) => `Richtig wäre: ${text}`,
		accept: 'Ansage trotzdem übernehmen',
		correct: 'Zug korrigieren',
		retry: 'Neu eingeben',
		mustResolve: 'Vor dem nächsten Zug: Ansage übernehmen oder Zug korrigieren.',
		keys: {
			minus: 'minus',
			result: 'ergibt',
			bonus: 'Bonus',
			pass: 'passe',
			comma: ',',
			clear: 'Löschen',
			back: '⌫'
		},
		keysLabel: 'Ansage-Tasten',
		keysOpen: 'Ansage-Tasten zeigen',
		keysClose: 'Ansage-Tasten ausblenden'
	},
	files: {
		export: 'Exportieren (.trn)',
		share: 'Teilen',
		import: 'Runde importieren (.trn)',
		importHint: 'Eine Rundenaufzeichnung (.trn) öffnen; sie wird geprüft und als neue Runde gespeichert.',
		importing: 'Importiert …',
		importFailed: (line: number, reason: string) => `Nicht importiert – Zeile ${line}: ${reason}`,
		notText: 'Die Datei ist keine Textdatei.',
		print: 'Drucken',
		printView: 'Druckansicht',
		backup:
			'Der Browser kann die gespeicherten Runden löschen, wenn der Speicher knapp wird. Sichern Sie das Ergebnis dieser Runde als Datei.',
		backupAction: 'Runde als Datei sichern (.trn)'
	},
	tabLock: {
		elsewhere: 'Diese Runde ist in einem anderen Fenster geöffnet.',
		taken: 'Diese Runde wurde in einem anderen Fenster übernommen.',
		readOnly: 'Hier wird sie nur angezeigt – eingetragen wird immer nur in einem Fenster.',
		takeOver: 'Hier übernehmen',
		takingOver: 'Wird übernommen …'
	},
	storage: {
		persisted: 'Speicher dauerhaft',
		notPersisted: 'Speicher nicht dauerhaft',
		notPersistedHint: 'Der Browser könnte die Daten bei Platzmangel löschen. Als App installieren hilft.',
		unknown: 'Speicherstatus unbekannt',
		saveFailed: (detail: string) => `Nicht gespeichert: ${detail}. Der letzte Tipp wurde zurückgenommen.`
	},
	partMissing:
		'Ein Teil der App ließ sich nicht laden. Alles Eingetragene ist gespeichert – bitte die Seite neu laden.',
	lostEntry: {
		title: 'Ein Eintrag fehlt',
		text: 'Nach einem Stromausfall fehlt ein gespeicherter Eintrag dieser Runde, spätere sind erhalten. Prüft den Bogen gemeinsam: Fehlt ein Zug oder steht einer beim falschen Spieler, nehmt die Einträge ab dort mit „Rückgängig“ zurück und erfasst sie neu.',
		check: 'Bogen jetzt prüfen'
	},
	settings: {
		title: 'Einstellungen der Runde',
		language: 'Sprache der Ansage folgt der App-Sprache.'
	}
};

/** In the current language (`.t`); English loads with ./table.en.ts. */
export const tableTexts = Texts.lazy('table', de);
