/** Texts of the table: new round, the score sheet, the turn pad, announcements, round end, print. */

import { Texts } from './texts.svelte';

const steine = (n: number) => (n === 1 ? '1 Stein' : `${n} Steine`);
const tiles = (n: number) => (n === 1 ? '1 tile' : `${n} tiles`);
const list = (names: readonly string[], and: string) =>
	names.length <= 1 ? names.join('') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;

export const de = {
	newRound: {
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
			['Turnier', round ? `Runde ${round}` : '', table ? `Tisch ${table}` : ''].filter(Boolean).join(' · ')
	},
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
		cellParts: (left: string, marks: string, middle: string, total: string) =>
			[`gelegt ${left}`, marks ? `Striche ${marks}` : '', middle ? `Bonus ${middle}` : '', `Stand ${total}`]
				.filter(Boolean)
				.join(', '),
		editHint: 'Feld antippen, um einen Zug zu korrigieren.',
		backToGame: 'Zurück zum Clubabend',
		context: {
			tournament: 'Turnier',
			round: (n: number) => `Runde ${n}`,
			table: (n: number) => `Tisch ${n}`
		},
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
		checkTitle: (name: string) => `Was hat ${name} angesagt?`,
		checkInput: 'Ansage des Spielers',
		checkPlaceholder: 'z. B. minus fünf, sieben, ergibt zwei – oder -5 7 2',
		checkButton: 'Prüfen',
		listen: 'Ansage sprechen',
		listening: 'Hört zu …',
		listenFailed: 'Spracherkennung nicht verfügbar – bitte eintippen.',
		matched: 'Ansage stimmt.',
		accepted: 'Ansage trotz Abweichung übernommen.',
		corrected: 'Zug nach der Ansage korrigiert.',
		mismatch: 'Die Ansage weicht ab:',
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
		keysLabel: 'Ansage-Tasten'
	},
	end: {
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
		noTiles: 'keine Steine',
		settle: 'Abrechnen',
		resultTitle: 'Ergebnis',
		settlementPoints: 'Abrechnung',
		total: 'Punkte',
		place: 'Platz',
		points: 'Turnierpunkte',
		confirm: 'Ergebnis bestätigen',
		confirmHint: 'Alle Spieler prüfen das Blatt; dann bestätigt der Tisch das Ergebnis.',
		confirmed: 'Ergebnis bestätigt.',
		ended: { out: 'letzter Stein gelegt', early: 'vorzeitiges Spielende', blocked: 'blockiert' },
		placeOf: (place: number) => `${place}.`
	},
	correct: {
		title: (name: string, lap: number) => `Zug korrigieren: ${name}, Runde ${lap}`,
		hint: 'Nur wenn sich der Tisch einig ist. Das Blatt rechnet neu; der alte Eintrag bleibt im Protokoll.',
		draws: 'Gekauft',
		outcome: 'Dann',
		layOutcome: 'Stein gelegt',
		passOutcome: 'Gepasst',
		value: 'Wert',
		noBonus: 'kein Bonus',
		reason: 'Grund',
		reasonPlaceholder: 'z. B. Wert verwechselt, Tisch einig',
		reasonMissing: 'Bitte einen Grund angeben.',
		preview: (score: string) => `Neuer Zug: ${score}`,
		save: 'Korrektur speichern'
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
	print: {
		title: 'Wertungsblatt Triominos',
		date: 'Datum',
		table: 'Tisch',
		signatures: 'Unterschriften der Spieler',
		back: 'Zurück zum Blatt',
		unfinished: 'Runde läuft noch'
	},
	settings: {
		title: 'Einstellungen der Runde',
		language: 'Sprache der Ansage folgt der App-Sprache.'
	}
};

export const en: typeof de = {
	newRound: {
		title: 'New round',
		players: 'Players',
		playersHint: 'In seat order, clockwise; 2 to 6 players.',
		playerName: (n: number) => `Name of player ${n}`,
		addPlayer: 'Add player',
		removePlayer: (name: string) => `Remove ${name || 'player'}`,
		moveUp: (name: string) => `Move ${name || 'player'} one seat forward`,
		moveDown: (name: string) => `Move ${name || 'player'} one seat back`,
		rules: 'Scoring',
		presets: {
			tournament: 'Tournament round',
			classic: 'Classic to 400',
			kids: "Kids' scoring"
		},
		presetHints: {
			tournament: 'Tournament rules: final lap after the last tile, places and tournament points.',
			classic: 'Original rules: trio start, the round ends with the last tile, game to 400 points.',
			kids: 'Only bridges, hexagons and winning the round count (1/1/2/3/5 points).'
		},
		tileSet: 'Tiles',
		tileSets: { 56: '56 tiles (standard)', 76: '76 tiles (extended)' },
		startPlayer: 'Start player',
		startModes: {
			draw: 'Draw',
			trio: 'Trio start',
			choose: 'Choose'
		},
		drawHint: 'Everyone draws a tile. The highest value opens; on a tie only the tied players draw again.',
		drawRound: (n: number) => (n === 0 ? 'Draw' : `Redraw ${n}`),
		drawFor: (name: string) => `Value drawn by ${name}`,
		drawNext: (name: string) => `${name} draws: tap the value`,
		drawTie: (names: readonly string[]) => `Tie: ${list(names, 'and')} draw again.`,
		drawDecided: (name: string) => `${name} opens.`,
		notDrawing: 'out of the draw',
		trioQuestion: 'Who holds the highest trio (three equal numbers)?',
		trioNobody: 'Nobody holds a trio',
		highestQuestion: 'Who holds the highest tile?',
		trioHint: 'A player holding the highest trio and 0-0-0 may open with 0-0-0 (40 points).',
		chooseQuestion: 'Who opens?',
		starts: (name: string) => `${name} opens`,
		start: 'Start round',
		starting: 'Starting …',
		importTitle: 'Round from a file',
		gameContext: 'Part of the club evening',
		tournamentContext: (round: number | null, table: number | null) =>
			['Tournament', round ? `round ${round}` : '', table ? `table ${table}` : ''].filter(Boolean).join(' · ')
	},
	sheet: {
		title: 'Score sheet',
		loading: 'Loading the round …',
		lap: 'Lap',
		lapShort: 'Lap',
		settlement: 'Settlement',
		settlementShort: 'End',
		left: 'laid',
		middle: 'bonus',
		right: 'total',
		leftShort: 'L',
		middleShort: 'M',
		rightShort: 'Σ',
		pool: (n: number) => `Pool: ${tiles(n)}`,
		hand: (n: number) => tiles(n),
		handLabel: (name: string, n: number) => `${name} holds ${tiles(n)}`,
		toPlay: 'to play',
		passed: 'pass',
		corrected: 'corrected',
		correctedBecause: (reason: string) => `corrected: ${reason}`,
		pendingCell: 'saving',
		cellLabel: (name: string, lap: number, text: string) => `${name}, lap ${lap}: ${text}`,
		settlementLabel: (name: string, text: string) => `${name}, settlement: ${text}`,
		emptyCell: 'empty',
		cellParts: (left: string, marks: string, middle: string, total: string) =>
			[`laid ${left}`, marks ? `marks ${marks}` : '', middle ? `bonus ${middle}` : '', `total ${total}`]
				.filter(Boolean)
				.join(', '),
		editHint: 'Tap a cell to correct a turn.',
		backToGame: 'Back to the club evening',
		context: {
			tournament: 'Tournament',
			round: (n: number) => `round ${n}`,
			table: (n: number) => `table ${n}`
		},
		rules: {
			tournament: 'Tournament round',
			classic: 'Classic',
			kids: "Kids' scoring"
		},
		notFound: 'This round does not exist on this device.',
		newRound: 'New round'
	},
	pad: {
		toPlay: (name: string) => `${name} to play`,
		bought: (n: number) => (n === 0 ? '' : n === 1 ? '1 tile bought' : `${n} tiles bought`),
		finalLap: (name: string) => `Final lap: ${name} lays once more – no buying`,
		buy: 'Buy',
		buyPoints: '−5',
		pass: 'Pass',
		passPoints: (penalty: number) => (penalty < 0 ? '−10' : '0'),
		undo: 'Undo',
		lastTile: 'Last tile',
		lastTileHint: (name: string) => `${name} lays the last tile: +25`,
		bonus: 'Bonus',
		bonusFirst: 'Choose the bonus first, then tap the value.',
		noBonusFirstTile: 'The first tile earns no bonus.',
		bonuses: {
			bridge: 'Bridge',
			hexagon: 'Hexagon',
			'double-hexagon': 'Double hexagon',
			'triple-hexagon': 'Triple hexagon'
		},
		byValue: 'Value',
		byNumbers: 'Numbers',
		valueLabel: (value: number) => `Lay a tile worth ${value}`,
		numbersLabel: (n: number) => `Number ${n} of the tile`,
		numberOption: (n: number, position: number) => `${n} as number ${position}`,
		lay: (value: number) => `Lay ${value}`,
		layTile: (tile: string, value: number) => `Lay ${tile} (${value})`,
		trio: 'Open with a trio',
		trioLabel: (tile: string) => `Lay trio ${tile}`,
		poolEmpty: 'Pool empty – lay or pass (−10).',
		passAfterThree: 'Pass only after three purchases.',
		blocked: 'Settle the announcement first.',
		saving: 'Saving …',
		saved: 'Saved',
		roundOver: 'The round is over.'
	},
	announce: {
		title: 'Announcement',
		nothingYet: 'The start player lays a tile or buys.',
		speak: 'Read announcements aloud',
		speakUnavailable: 'Reading aloud is not available in this browser.',
		check: 'Check announcements',
		checkTitle: (name: string) => `What did ${name} announce?`,
		checkInput: "The player's announcement",
		checkPlaceholder: 'e.g. minus five, seven, makes two – or -5 7 2',
		checkButton: 'Check',
		listen: 'Say the announcement',
		listening: 'Listening …',
		listenFailed: 'Speech recognition is not available – please type.',
		matched: 'The announcement is right.',
		accepted: 'Announcement accepted despite the mismatch.',
		corrected: 'Turn corrected after the announcement.',
		mismatch: 'The announcement differs:',
		step: (n: number, said: string) => `step ${n} ("${said}")`,
		expected: (text: string) => `Correct: ${text}`,
		accept: 'Accept the announcement anyway',
		correct: 'Correct the turn',
		retry: 'Enter again',
		mustResolve: 'Before the next turn: accept the announcement or correct the turn.',
		keys: {
			minus: 'minus',
			result: 'makes',
			bonus: 'bonus',
			pass: 'pass',
			comma: ',',
			clear: 'Clear',
			back: '⌫'
		},
		keysLabel: 'Announcement keys'
	},
	end: {
		handsTitle: 'Settlement: tiles in hand',
		handsHintOut: (name: string) => `${name} went out first and receives the others' tiles.`,
		handsHintEarly: 'Early end: everyone loses the tiles left in their own hand.',
		handsHintBlocked: 'Blocked: the lowest hand wins the round.',
		holds: (name: string, n: number) => `${name} holds ${tiles(n)}`,
		sum: 'Sum',
		sumLabel: (name: string) => `Sum of ${name}'s tiles`,
		byTiles: 'Tap the tiles',
		bySum: 'Enter the sum',
		addTile: 'Add tile',
		removeTile: (tile: string) => `Remove ${tile}`,
		tilesEntered: (n: number, of: number) => `${n} of ${of} tiles`,
		noTiles: 'no tiles',
		settle: 'Settle',
		resultTitle: 'Result',
		settlementPoints: 'Settlement',
		total: 'Points',
		place: 'Place',
		points: 'Tournament points',
		confirm: 'Confirm the result',
		confirmHint: 'Every player checks the sheet; then the table confirms the result.',
		confirmed: 'Result confirmed.',
		ended: { out: 'went out', early: 'early end', blocked: 'blocked' },
		placeOf: (place: number) => `${place}.`
	},
	correct: {
		title: (name: string, lap: number) => `Correct a turn: ${name}, lap ${lap}`,
		hint: 'Only when the table agrees. The sheet recomputes; the old entry stays in the log.',
		draws: 'Bought',
		outcome: 'Then',
		layOutcome: 'Laid a tile',
		passOutcome: 'Passed',
		value: 'Value',
		noBonus: 'no bonus',
		reason: 'Reason',
		reasonPlaceholder: 'e.g. value mixed up, table agrees',
		reasonMissing: 'Please give a reason.',
		preview: (score: string) => `New turn: ${score}`,
		save: 'Save correction'
	},
	files: {
		export: 'Export (.trn)',
		share: 'Share',
		import: 'Import a round (.trn)',
		importHint: 'Open a round record (.trn); it is checked and saved as a new round.',
		importing: 'Importing …',
		importFailed: (line: number, reason: string) => `Not imported – line ${line}: ${reason}`,
		notText: 'The file is not a text file.',
		print: 'Print',
		printView: 'Print view',
		backup: 'The browser may delete stored rounds when space runs low. Save this round’s result as a file.',
		backupAction: 'Save the round as a file (.trn)'
	},
	tabLock: {
		elsewhere: 'This round is open in another window.',
		taken: 'This round was taken over in another window.',
		readOnly: 'It is only shown here – entries are made in one window at a time.',
		takeOver: 'Take over here',
		takingOver: 'Taking over …'
	},
	storage: {
		persisted: 'Storage persistent',
		notPersisted: 'Storage not persistent',
		notPersistedHint: 'The browser might delete the data when space runs short. Installing the app helps.',
		unknown: 'Storage status unknown',
		saveFailed: (detail: string) => `Not saved: ${detail}. The last tap was taken back.`
	},
	partMissing: 'A part of the app could not be loaded. Everything entered is saved – please reload the page.',
	print: {
		title: 'Triominos score sheet',
		date: 'Date',
		table: 'Table',
		signatures: "Players' signatures",
		back: 'Back to the sheet',
		unfinished: 'Round still running'
	},
	settings: {
		title: 'Round settings',
		language: 'Announcements follow the app language.'
	}
};

/** The table texts in the current language (`.t`) or in a given one (`.in(locale)`). */
export const tableTexts = new Texts(de, en);
