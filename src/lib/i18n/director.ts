/** Texts of the director's desk (Turnierleitung): setup, registration, draw, results, standings, final. */

import { Texts } from './texts.svelte';
export const de = {
	title: 'Turnierleitung',
	intro:
		'Turniere anlegen, Teilnehmer anmelden, Tische auslosen, Ergebnisse erfassen – alles auf diesem Gerät, ohne Netz.',
	tournaments: 'Turniere',
	newTournament: 'Neues Turnier',
	noTournaments: 'Noch kein Turnier angelegt. Beginnen Sie mit „Neues Turnier“.',
	damagedTournaments: (n: number) =>
		n === 1
			? 'Ein Turnier ist im Speicher beschädigt und wird nicht angezeigt.'
			: `${n} Turniere sind im Speicher beschädigt und werden nicht angezeigt.`,
	open: 'Öffnen',
	formats: {
		triominos: 'Triominos-Qualifikation',
		swiss: 'Schweizer System (Kingdomino)',
		set: 'SET'
	},
	formatHints: {
		triominos:
			'Vorrunde mit zwei Auslosungen zu je zwei Runden, dann das Finale der besten 3 (bis 18 Teilnehmer) bzw. 4.',
		swiss: 'Alle spielen jede Runde; ab Runde 2 setzt die Rangliste die Tische. Kein Finale.',
		set: '3 oder 4 Vorrunden an Tischen zu 3, dann das Finale der besten 5.'
	},
	statuses: { registration: 'Anmeldung', prelims: 'Vorrunde', final: 'Finale', finished: 'beendet' },
	columns: { name: 'Name', date: 'Datum', format: 'Format', status: 'Stand' },

	setup: {
		title: 'Neues Turnier',
		format: 'Format',
		name: 'Name des Turniers',
		namePlaceholder: 'z. B. Qualifikationsturnier Leipzig',
		date: 'Datum',
		options: 'Einstellungen',
		finalRounds: 'Runden im Finale',
		finalRoundsHint: 'Das Finale ist ein Spiel an einem Tisch; Standard: 2 Runden.',
		avoidRepeats: 'Bei der zweiten Auslosung bekannte Gegner möglichst vermeiden',
		rounds: 'Runden',
		maxPlayers: 'Höchstens Teilnehmer',
		setRounds: 'Vorrunden',
		setPlan: 'Sitzplan',
		setPlanOfficial: 'Offizieller Plan (004 §3), wo er gültig ist',
		setPlanGenerated: 'Generierter Plan mit möglichst wenigen wiederholten Gegnern',
		setPlanHint:
			'Die offiziellen Pläne gibt es für 9, 12, …, 36 Spieler; die fehlerhaften (27 und 32) werden nie verwendet.',
		create: 'Turnier anlegen',
		creating: 'Wird angelegt …'
	},

	tabs: {
		overview: 'Übersicht',
		registration: 'Anmeldung',
		draw: 'Auslosung & Sitzplan',
		status: 'Rundenstatus',
		results: 'Ergebniseingabe',
		standings: 'Rangliste',
		final: 'Finale',
		projector: 'Beamer',
		print: 'Ergebnisliste drucken'
	},
	sections: 'Bereiche der Turnierleitung',
	backToList: 'Alle Turniere',
	lostEntry: {
		title: 'Ein Eintrag fehlt',
		text: 'Nach einem Stromausfall fehlt ein gespeicherter Eintrag dieses Turniers, spätere sind erhalten. Bitte Anmeldung, Auslosung und die eingesammelten Ergebnisse prüfen: Fehlt ein Ergebnis, den Code des Tisches erneut einlesen oder das Ergebnis von Hand eintragen; fehlt eine Anmeldung oder Abmeldung, sie erneut eintragen.',
		check: 'Turnier jetzt prüfen'
	},

	overview: {
		next: 'Nächster Schritt',
		players: (n: number) => (n === 1 ? '1 Teilnehmer' : `${n} Teilnehmer`),
		roundOf: (n: number, of: number) => `Runde ${n} von ${of}`,
		nextRegister: 'Teilnehmer anmelden, dann Runde 1 auslosen.',
		nextDraw: (n: number) => `Runde ${n} auslosen.`,
		nextKept: (n: number) => `Runde ${n} eröffnen: gleiche Tische wie in Runde ${n - 1}.`,
		nextResults: (n: number, missing: number) =>
			missing === 1 ? `Runde ${n}: ein Tisch fehlt noch.` : `Runde ${n}: ${missing} Tische fehlen noch.`,
		nextFinal: 'Die Vorrunde ist komplett: Finale eröffnen.',
		nextFinalResults: 'Das Finale läuft: Ergebnisse eintragen.',
		nextDecide: 'Ein Gleichstand braucht noch eine Entscheidung.',
		finished: 'Das Turnier ist beendet.',
		qualification: 'DM-Qualifikation',
		go: 'Weiter'
	},

	registration: {
		title: 'Anmeldung',
		quickAdd: 'Name',
		quickAddHint: 'Name eingeben und mit Enter bestätigen.',
		add: 'Anmelden',
		paste: 'Liste einfügen',
		pasteLabel: 'Namensliste',
		pasteHint: 'Ein Name pro Zeile oder durch Kommas getrennt.',
		pasteAdd: 'Alle anmelden',
		added: (n: number) => (n === 1 ? '1 Teilnehmer angemeldet.' : `${n} Teilnehmer angemeldet.`),
		refused: 'Nicht angemeldet:',
		participants: 'Teilnehmer',
		count: (n: number) => (n === 1 ? '1 Teilnehmer' : `${n} Teilnehmer`),
		none: 'Noch niemand angemeldet.',
		number: 'Nr.',
		rename: 'Umbenennen',
		renameLabel: (name: string) => `Neuer Name für ${name}`,
		renameOf: (name: string) => `${name} umbenennen`,
		withdraw: 'Abmelden',
		withdrawOf: (name: string) => `${name} abmelden`,
		withdrawFrom: 'ab Runde',
		withdrawConfirm: 'Abmeldung bestätigen',
		withdrawn: (round: number) => `abgemeldet ab Runde ${round}`,
		closed: 'Die Anmeldung ist geschlossen: Runde 1 hat begonnen. Umbenennen und Abmelden gehen weiter.',
		qualifiers: (n: number) =>
			n === 1 ? 'Es qualifiziert sich 1 Spieler.' : `Es qualifizieren sich ${n} Spieler.`,
		finalists: (n: number) => `Im Finale: die besten ${n}.`,
		tables: (text: string) => `Tische: ${text}`,
		limit: (n: number) => `Höchstens ${n} Teilnehmer.`,
		tooLong: (length: number, max: number) =>
			`Name zu lang für die Codes (${length} Zeichen, höchstens ${max}) – bitte umbenennen.`
	},

	draw: {
		title: 'Auslosung & Sitzplan',
		nextRound: (n: number) => `Runde ${n}`,
		preview: (n: number) => `Vorschlag für Runde ${n}`,
		redraw: 'Neu auslosen',
		open: (n: number) => `Runde ${n} eröffnen`,
		opened: (n: number) => `Runde ${n} ist eröffnet.`,
		notYet: (n: number) =>
			`Runde ${n} kann erst ausgelost werden, wenn alle Ergebnisse von Runde ${n - 1} da sind.`,
		allDrawn: 'Alle Vorrunden sind ausgelost.',
		seed: 'Los-Schlüssel (Seed)',
		seedHint: 'Mit diesem Schlüssel lässt sich die Auslosung nachprüfen.',
		methods: {
			official: 'Sitzplan nach dem offiziellen Plan (004 §3); die Spielernummern wurden ausgelost.',
			generated: 'Generierter SET-Plan mit möglichst wenigen wiederholten Gegnern.',
			draw: 'Zufällig ausgelost; die Sitzreihenfolge ergibt sich aus der Auslosung.',
			avoiding: 'Neu ausgelost; wer schon gegeneinander gespielt hat, wird möglichst getrennt.',
			kept: 'Zweite Runde desselben Spiels: gleiche Tische wie in der Runde davor.',
			standings: 'Nach der Rangliste:'
		},
		byTable: 'Tische',
		places: (table: number, first: number, last: number) => `Tisch ${table} = Plätze ${first}–${last}`,
		byPlayer: 'Wer sitzt wo?',
		table: (n: number) => `Tisch ${n}`,
		seat: (n: number) => `Platz ${n}`,
		cards: 'Tischkarten drucken',
		tableCodes: 'Tisch-Codes ausgeben',
		round: 'Runde',
		showRound: 'Sitzplan von',
		planNote: 'Offizieller Plan',
		planValid: (players: number, extra: number) =>
			extra === 0
				? `Der offizielle Plan für ${players} Spieler ist gültig, ohne wiederholte Gegner.`
				: `Der offizielle Plan für ${players} Spieler ist gültig, hat aber ${extra} wiederholte Begegnung${extra === 1 ? '' : 'en'}.`,
		planInvalid: (players: number, errors: number) =>
			`Der offizielle Plan für ${players} Spieler ist fehlerhaft (${errors} Fehler) und wird nicht verwendet.`,
		planNone: (players: number) =>
			`Für ${players} Spieler gibt es keinen offiziellen Plan: der generierte Plan wird verwendet.`,
		planChosenGenerated: 'Für dieses Turnier wurde der generierte Plan gewählt.',
		planErrors: 'Fehler im offiziellen Plan:',
		planRepeats: 'Wiederholte Gegner im offiziellen Plan (Spielernummern des Plans):',
		move: 'Spieler verschieben',
		moveWho: 'Spieler',
		moveTo: 'an Tisch',
		moveDo: 'Verschieben',
		moved: 'Von Hand geändert:',
		moveToNew: 'neuer Tisch',
		moveLine: (name: string, table: number) => `${name} → Tisch ${table}`,
		movedRecorded: 'Nach der Auslosung von Hand geändert:',
		sizesTitle: 'Die Tischgrößen weichen von den Regeln ab:',
		sizesConfirm: 'Ich weiche bewusst ab und bestätige diese Tischgrößen.',
		recheck: 'Auslosung nachprüfen',
		recheckAsDrawn: 'Nachgeprüft: Der Los-Schlüssel ergibt genau diesen Sitzplan.',
		recheckEdited: (moves: string) =>
			`Nachgeprüft: Der Los-Schlüssel ergibt den ausgelosten Sitzplan; danach von Hand geändert: ${moves}.`,
		recheckDiffers: (names: readonly string[]) =>
			`Nachgeprüft: Der Los-Schlüssel ergibt einen anderen Sitzplan – abweichend sitzen: ${names.join(', ') || '–'}.`,
		noRepeats: 'Niemand trifft auf einen bekannten Gegner.',
		repeats: (n: number) =>
			n === 1
				? 'Eine Paarung hat schon gegeneinander gespielt:'
				: `${n} Paarungen haben schon gegeneinander gespielt:`,
		repeat: (table: number, a: string, b: string) => `Tisch ${table}: ${a} – ${b}`
	},

	cards: {
		title: 'Tischkarten',
		round: (n: number) => `Runde ${n}`,
		finalRound: (n: number) => `Finalrunde ${n}`,
		table: (n: number) => `Tisch ${n}`,
		seatOrder: 'Sitzreihenfolge (im Uhrzeigersinn)',
		startTriominos: 'Startspieler: Jeder zieht einen Stein – der höchste Wert beginnt.',
		startSwiss: (name: string) => `Startspieler (ausgelost): ${name} – wählt zuerst Farbe und Platz.`,
		startSet: (name: string) => `Startspieler (ausgelost): ${name} – legt die ersten zwölf Karten aus.`,
		print: 'Drucken',
		back: 'Zurück zur Auslosung'
	},

	status: {
		title: 'Rundenstatus',
		none: 'Noch keine Runde ausgelost.',
		round: (n: number) => `Runde ${n}`,
		finalRound: (n: number) => `Finalrunde ${n}`,
		reported: 'gemeldet',
		missing: 'fehlt',
		corrected: 'korrigiert',
		override: 'Korrektur der Turnierleitung',
		byHand: 'von Hand',
		byTablet: 'vom Tablet',
		complete: 'Alle Tische haben gemeldet.',
		incomplete: (n: number) => (n === 1 ? 'Ein Tisch fehlt noch.' : `${n} Tische fehlen noch.`),
		locked: 'gesperrt',
		lock: (round: string) => `${round} sperren`,
		lockHint: 'Nach dem Sperren sind Änderungen nur noch als Korrektur der Turnierleitung möglich.',
		drawNext: (n: number) => `Runde ${n} auslosen`,
		keepNext: (n: number) => `Runde ${n} eröffnen (Tische wie Runde ${n - 1})`,
		toFinal: 'Zum Finale',
		exchange: 'Tische ausgeben / Ergebnisse einsammeln',
		backup:
			'Der Browser kann das gespeicherte Turnier löschen, wenn der Speicher knapp wird. Sichern Sie nach jeder Runde die Turnierdatei.',
		backupAction: 'Turnierdatei sichern (.wbsync)',
		enter: 'Ergebnis eintragen',
		correct: 'Korrigieren',
		table: 'Tisch',
		players: 'Spieler',
		state: 'Stand'
	},

	results: {
		title: 'Ergebniseingabe',
		chooseRound: 'Runde',
		chooseTable: 'Tisch',
		table: (n: number) => `Tisch ${n}`,
		gamePoints: 'Spielpunkte',
		gamePointsOf: (name: string) => `Spielpunkte von ${name}`,
		found: 'Gefundene SETs',
		foundOf: (name: string) => `Gefundene SETs von ${name}`,
		falseCalls: 'Fehlrufe',
		falseCallsOf: (name: string) => `Fehlrufe von ${name}`,
		left: 'hat das Spiel verlassen',
		leftOf: (name: string) => `${name} hat das Spiel verlassen`,
		leftHint: 'Wer das Spiel verlässt, wird mit 0 Spielpunkten Letzter.',
		leftLegend: 'Hat das Spiel verlassen:',
		leftHintSet: 'Wer das Spiel verlässt, wird mit 0 SET-Punkten (gefundene SETs minus Fehlrufe) Letzter.',
		save: 'Ergebnis speichern',
		saved: (table: number) => `Tisch ${table}: Ergebnis gespeichert.`,
		reportedAlready: 'Dieser Tisch hat schon gemeldet. Eine Änderung ist eine Korrektur mit Begründung.',
		lockedAlready:
			'Die Runde ist gesperrt. Eine Änderung ist nur als Korrektur der Turnierleitung möglich – mit Begründung, sie bleibt im Protokoll sichtbar.',
		reason: 'Begründung',
		reasonHint: 'z. B. „Additionsfehler, am Tisch bestätigt“',
		correct: 'Korrektur speichern',
		override: 'Korrektur der Turnierleitung speichern',
		corrections: 'Korrekturen',
		correction: (reason: string) => `Korrektur: ${reason}`,
		overrideNote: (reason: string) => `Korrektur der Turnierleitung: ${reason}`,
		noRound: 'Noch keine Runde ausgelost.',
		outcome: 'Ergebnis',
		place: 'Platz',
		points: 'Turnierpunkte'
	},

	standings: {
		title: 'Rangliste',
		rank: 'Platz',
		name: 'Name',
		points: 'Turnierpunkte',
		gamePoints: 'Spielpunkte',
		setPoints: 'SET-Punkte',
		share: 'Anteil %',
		final: 'Finale',
		finalCell: (rank: number, points: string) => `${rank}. (${points} Pkt.)`,
		tiebreaks: 'Gleichstand',
		moreTies: (n: number) => (n === 1 ? '1 weiterer Vergleich' : `${n} weitere Vergleiche`),
		finalist: 'Finalist',
		qualifier: 'qualifiziert',
		provisional: (badge: string) => `${badge} (vorläufig)`,
		withdrawn: 'abgemeldet',
		none: 'Noch keine Ergebnisse.',
		finalists: 'Finalisten',
		qualifiers: (n: number) => `Qualifikanten (${n})`,
		undecided: 'Offene Gleichstände',
		decided: 'Gleichstände entschieden',
		tieOf: (names: string) => `Gleichstand: ${names}`,
		finalTie: (names: string) => `Gleichstand im Finale: ${names}`,
		drawLot: 'Los ziehen',
		lotLater: 'Das Los wird gezogen, wenn alle Runden gespielt sind.',
		playOff: 'Stechen eintragen',
		playOffTitle: 'Ergebnis des Stechens (Zusatzrunde: wer zuerst 3 SETs findet)',
		playOffPlace: (n: number) => `${n}. im Stechen`,
		lotDrawn: (names: string) => `Los gezogen: ${names}`,
		lotConfirmTitle: 'Los bestätigen',
		lotConfirm: (names: string) =>
			`Das Los entscheidet endgültig über die Reihenfolge von ${names} und kann nicht zurückgenommen werden. Jetzt ziehen?`,
		lotConfirmYes: 'Ja, Los jetzt ziehen',
		lotConfirmNo: 'Abbrechen',
		exports: 'Export',
		csvStandings: 'Rangliste (CSV)',
		csvResults: 'Alle Ergebnisse (CSV)',
		json: 'Alles (JSON)',
		print: 'Ergebnisliste drucken',
		projector: 'Beamer-Ansicht'
	},

	final: {
		title: 'Finale',
		noFinal: 'Das Schweizer System hat kein Finale.',
		notYet: 'Das Finale kann beginnen, wenn alle Vorrunden gespielt sind.',
		finalists: 'Finalisten',
		cutUndecided: (names: string) =>
			`Um den letzten Finalplatz gibt es einen Gleichstand (${names}) – bitte in der Rangliste entscheiden.`,
		open: 'Finale eröffnen',
		seatOrder: 'Sitzreihenfolge (ausgelost)',
		round: (n: number) => `Finalrunde ${n}`,
		ranking: 'Endstand des Finales',
		complete: 'Das Finale ist beendet.',
		qualifiers: 'Qualifiziert zur Deutschen Meisterschaft',
		points: 'Turnierpunkte im Finale',
		gamePoints: 'Spielpunkte im Finale',
		setPoints: 'SET-Punkte im Finale',
		overall: 'Gesamtwertung'
	},

	projector: {
		title: 'Beamer',
		standings: 'Rangliste',
		seating: 'Sitzplan',
		fullscreen: 'Vollbild',
		page: (n: number, of: number) => `Seite ${n} / ${of}`,
		roundSeating: (n: number) => `Sitzplan Runde ${n}`,
		finalSeating: 'Finale',
		noRound: 'Noch keine Runde ausgelost.',
		afterRounds: (n: number) => (n === 1 ? 'nach 1 Runde' : `nach ${n} Runden`),
		finalStanding: 'Endstand',
		table: 'Tisch',
		pts: 'Pkt.',
		back: 'Zurück zur Turnierleitung'
	},

	print: {
		title: 'Ergebnisliste',
		standings: 'Rangliste',
		results: 'Ergebnisse',
		round: (n: number) => `Runde ${n}`,
		finalRound: (n: number) => `Finalrunde ${n}`,
		printed: (date: string) => `Stand: ${date}`,
		print: 'Drucken',
		back: 'Zurück'
	},

	/** Column headers of the CSV exports. */
	csv: {
		rank: 'Platz',
		player: 'Spieler',
		points: 'Turnierpunkte',
		gamePoints: 'Spielpunkte',
		setPoints: 'SET-Punkte',
		share: 'Anteil %',
		finalRank: 'Platz im Finale',
		finalPoints: 'Turnierpunkte im Finale',
		finalGamePoints: 'Spielpunkte im Finale',
		finalist: 'Finalist',
		qualifier: 'Qualifiziert',
		withdrawn: 'Abgemeldet ab Runde',
		tiebreaks: 'Gleichstand',
		round: 'Runde',
		stage: 'Phase',
		prelim: 'Vorrunde',
		final: 'Finale',
		table: 'Tisch',
		seat: 'Sitz',
		found: 'Gefundene SETs',
		falseCalls: 'Fehlrufe',
		left: 'Verlassen',
		place: 'Platzierung',
		correction: 'Korrektur',
		yes: 'ja'
	},
	files: { standings: 'rangliste', results: 'ergebnisse' },

	restore: {
		title: 'Turnier aus Datei wiederherstellen',
		hint: 'Eine Sicherung (.wbsync, „Ganzes Turnier exportieren“) oder ein Export „Alles (JSON)“ – auch auf einem Gerät, das das Turnier noch nie gesehen hat. Sie sehen erst, was die Datei enthält; gespeichert wird erst nach „Wiederherstellen“.',
		choose: 'Datei wählen (.wbsync oder .json)',
		reading: 'Liest …',
		holds: 'Die Datei enthält',
		name: 'Turnier',
		date: 'Datum',
		format: 'Format',
		players: 'Teilnehmer',
		rounds: 'Runden',
		roundsOf: (prelims: number, finals: number) =>
			[
				prelims === 1 ? '1 Vorrunde' : `${prelims} Vorrunden`,
				finals === 1 ? '1 Finalrunde' : finals ? `${finals} Finalrunden` : ''
			]
				.filter(Boolean)
				.join(', '),
		restore: 'Wiederherstellen',
		cancel: 'Abbrechen',
		newKeysTitle: 'Neue Schlüssel',
		newKeys:
			'Ein Export „Alles (JSON)“ enthält keine Schlüssel: das Turnier bekommt hier neue. Die Tablets der laufenden Runde brauchen danach von Ihnen einen neuen Tisch-Code, bevor sie ihr Ergebnis abgeben können. Eine Sicherung (.wbsync) stellt das Turnier mit den alten Schlüsseln wieder her – nehmen Sie die Sicherung, wenn es eine gibt.'
	},

	busy: 'Wird gespeichert …',
	storageError: (detail: string) => `Speichern fehlgeschlagen – nichts wurde verändert. (${detail})`
};

export const en: typeof de = {
	title: 'Tournament director',
	intro: 'Create tournaments, register players, draw tables, enter results – all on this device, offline.',
	tournaments: 'Tournaments',
	newTournament: 'New tournament',
	noTournaments: 'No tournament yet. Start with “New tournament”.',
	damagedTournaments: (n: number) =>
		n === 1
			? 'One tournament is damaged in storage and is not shown.'
			: `${n} tournaments are damaged in storage and are not shown.`,
	open: 'Open',
	formats: {
		triominos: 'Triominos qualifier',
		swiss: 'Swiss system (Kingdomino)',
		set: 'SET'
	},
	formatHints: {
		triominos:
			'Prelims with two draws of two rounds each, then a final of the best 3 (up to 18 players) or 4.',
		swiss: 'Everyone plays every round; from round 2 the standings set the tables. No final.',
		set: '3 or 4 prelim rounds at tables of 3, then a final of the best 5.'
	},
	statuses: { registration: 'Registration', prelims: 'Prelims', final: 'Final', finished: 'finished' },
	columns: { name: 'Name', date: 'Date', format: 'Format', status: 'Status' },

	setup: {
		title: 'New tournament',
		format: 'Format',
		name: 'Tournament name',
		namePlaceholder: 'e.g. Leipzig qualifier',
		date: 'Date',
		options: 'Options',
		finalRounds: 'Rounds in the final',
		finalRoundsHint: 'The final is one game at one table; default 2 rounds.',
		avoidRepeats: 'Avoid known opponents in the second draw where possible',
		rounds: 'Rounds',
		maxPlayers: 'Maximum players',
		setRounds: 'Prelim rounds',
		setPlan: 'Seating plan',
		setPlanOfficial: 'Official plan (004 §3) where it is valid',
		setPlanGenerated: 'Generated plan with as few repeated opponents as possible',
		setPlanHint: 'Official plans exist for 9, 12, …, 36 players; the faulty ones (27 and 32) are never used.',
		create: 'Create tournament',
		creating: 'Creating …'
	},

	tabs: {
		overview: 'Overview',
		registration: 'Registration',
		draw: 'Draw & seating',
		status: 'Round status',
		results: 'Result entry',
		standings: 'Standings',
		final: 'Final',
		projector: 'Projector',
		print: 'Print results'
	},
	sections: 'Sections of the director’s desk',
	backToList: 'All tournaments',
	lostEntry: {
		title: 'An entry is missing',
		text: 'After a power cut a saved entry of this tournament is missing while later ones are kept. Please check the registration, the draw and the collected results: if a result is missing, scan the table’s code again or enter the result by hand; if a registration or withdrawal is missing, enter it again.',
		check: 'Check the tournament now'
	},

	overview: {
		next: 'Next step',
		players: (n: number) => (n === 1 ? '1 player' : `${n} players`),
		roundOf: (n: number, of: number) => `Round ${n} of ${of}`,
		nextRegister: 'Register players, then draw round 1.',
		nextDraw: (n: number) => `Draw round ${n}.`,
		nextKept: (n: number) => `Open round ${n}: the same tables as in round ${n - 1}.`,
		nextResults: (n: number, missing: number) =>
			missing === 1 ? `Round ${n}: one table still missing.` : `Round ${n}: ${missing} tables still missing.`,
		nextFinal: 'The prelims are complete: open the final.',
		nextFinalResults: 'The final is on: enter its results.',
		nextDecide: 'A tie still needs a decision.',
		finished: 'The tournament is finished.',
		qualification: 'Championship qualification',
		go: 'Go'
	},

	registration: {
		title: 'Registration',
		quickAdd: 'Name',
		quickAddHint: 'Type a name and press Enter.',
		add: 'Register',
		paste: 'Paste a list',
		pasteLabel: 'List of names',
		pasteHint: 'One name per line or separated by commas.',
		pasteAdd: 'Register all',
		added: (n: number) => (n === 1 ? '1 player registered.' : `${n} players registered.`),
		refused: 'Not registered:',
		participants: 'Players',
		count: (n: number) => (n === 1 ? '1 player' : `${n} players`),
		none: 'Nobody registered yet.',
		number: 'No.',
		rename: 'Rename',
		renameLabel: (name: string) => `New name for ${name}`,
		renameOf: (name: string) => `Rename ${name}`,
		withdraw: 'Withdraw',
		withdrawOf: (name: string) => `Withdraw ${name}`,
		withdrawFrom: 'from round',
		withdrawConfirm: 'Confirm withdrawal',
		withdrawn: (round: number) => `withdrawn from round ${round}`,
		closed: 'Registration is closed: round 1 has started. Renaming and withdrawing still work.',
		qualifiers: (n: number) => (n === 1 ? '1 player qualifies.' : `${n} players qualify.`),
		finalists: (n: number) => `Final: the best ${n}.`,
		tables: (text: string) => `Tables: ${text}`,
		limit: (n: number) => `At most ${n} players.`,
		tooLong: (length: number, max: number) =>
			`Name too long for the codes (${length} characters, at most ${max}) – please rename.`
	},

	draw: {
		title: 'Draw & seating',
		nextRound: (n: number) => `Round ${n}`,
		preview: (n: number) => `Proposal for round ${n}`,
		redraw: 'Draw again',
		open: (n: number) => `Open round ${n}`,
		opened: (n: number) => `Round ${n} is open.`,
		notYet: (n: number) => `Round ${n} can be drawn once all results of round ${n - 1} are in.`,
		allDrawn: 'All prelim rounds are drawn.',
		seed: 'Draw key (seed)',
		seedHint: 'The draw can be re-checked with this key.',
		methods: {
			official: 'Seated by the official plan (004 §3); the player numbers were drawn.',
			generated: 'Generated SET plan with as few repeated opponents as possible.',
			draw: 'Drawn at random; the seat order follows the draw.',
			avoiding: 'Drawn anew; players who have met are kept apart where possible.',
			kept: 'Second round of the same game: the same tables as the round before.',
			standings: 'By the standings:'
		},
		byTable: 'Tables',
		places: (table: number, first: number, last: number) => `table ${table} = places ${first}–${last}`,
		byPlayer: 'Who sits where?',
		table: (n: number) => `Table ${n}`,
		seat: (n: number) => `Seat ${n}`,
		cards: 'Print table cards',
		tableCodes: 'Hand out table codes',
		round: 'Round',
		showRound: 'Seating of',
		planNote: 'Official plan',
		planValid: (players: number, extra: number) =>
			extra === 0
				? `The official plan for ${players} players is valid, with no repeated opponents.`
				: `The official plan for ${players} players is valid but has ${extra} repeated meeting${extra === 1 ? '' : 's'}.`,
		planInvalid: (players: number, errors: number) =>
			`The official plan for ${players} players is faulty (${errors} errors) and is not used.`,
		planNone: (players: number) =>
			`There is no official plan for ${players} players: the generated plan is used.`,
		planChosenGenerated: 'The generated plan was chosen for this tournament.',
		planErrors: 'Faults in the official plan:',
		planRepeats: 'Repeated opponents in the official plan (the plan’s player numbers):',
		move: 'Move a player',
		moveWho: 'Player',
		moveTo: 'to table',
		moveDo: 'Move',
		moved: 'Changed by hand:',
		moveToNew: 'new table',
		moveLine: (name: string, table: number) => `${name} → table ${table}`,
		movedRecorded: 'Changed by hand after the draw:',
		sizesTitle: 'The table sizes depart from the rules:',
		sizesConfirm: 'I depart on purpose and confirm these table sizes.',
		recheck: 'Re-check the draw',
		recheckAsDrawn: 'Re-checked: the draw key gives exactly this seating.',
		recheckEdited: (moves: string) =>
			`Re-checked: the draw key gives the drawn seating; then changed by hand: ${moves}.`,
		recheckDiffers: (names: readonly string[]) =>
			`Re-checked: the draw key gives another seating – seated differently: ${names.join(', ') || '–'}.`,
		noRepeats: 'Nobody meets a known opponent.',
		repeats: (n: number) => (n === 1 ? 'One pair has met before:' : `${n} pairs have met before:`),
		repeat: (table: number, a: string, b: string) => `Table ${table}: ${a} – ${b}`
	},

	cards: {
		title: 'Table cards',
		round: (n: number) => `Round ${n}`,
		finalRound: (n: number) => `Final round ${n}`,
		table: (n: number) => `Table ${n}`,
		seatOrder: 'Seat order (clockwise)',
		startTriominos: 'Start player: everyone draws a tile – the highest value starts.',
		startSwiss: (name: string) => `Start player (drawn): ${name} – picks colour and seat first.`,
		startSet: (name: string) => `Start player (drawn): ${name} – lays out the first twelve cards.`,
		print: 'Print',
		back: 'Back to the draw'
	},

	status: {
		title: 'Round status',
		none: 'No round drawn yet.',
		round: (n: number) => `Round ${n}`,
		finalRound: (n: number) => `Final round ${n}`,
		reported: 'reported',
		missing: 'missing',
		corrected: 'corrected',
		override: 'Director override',
		byHand: 'by hand',
		byTablet: 'from tablet',
		complete: 'All tables have reported.',
		incomplete: (n: number) => (n === 1 ? 'One table is still missing.' : `${n} tables are still missing.`),
		locked: 'locked',
		lock: (round: string) => `Lock ${round.charAt(0).toLowerCase()}${round.slice(1)}`,
		lockHint: 'Once locked, changes are only possible as a director override.',
		drawNext: (n: number) => `Draw round ${n}`,
		keepNext: (n: number) => `Open round ${n} (tables as in round ${n - 1})`,
		toFinal: 'To the final',
		exchange: 'Hand out tables / collect results',
		backup:
			'The browser may delete the stored tournament when space runs low. Save the tournament file after every round.',
		backupAction: 'Save the tournament file (.wbsync)',
		enter: 'Enter result',
		correct: 'Correct',
		table: 'Table',
		players: 'Players',
		state: 'Status'
	},

	results: {
		title: 'Result entry',
		chooseRound: 'Round',
		chooseTable: 'Table',
		table: (n: number) => `Table ${n}`,
		gamePoints: 'Game points',
		gamePointsOf: (name: string) => `Game points of ${name}`,
		found: 'SETs found',
		foundOf: (name: string) => `SETs found by ${name}`,
		falseCalls: 'False calls',
		falseCallsOf: (name: string) => `False calls of ${name}`,
		left: 'left the game',
		leftOf: (name: string) => `${name} left the game`,
		leftHint: 'A player who leaves the game is last with 0 game points.',
		leftLegend: 'Left the game:',
		leftHintSet: 'A player who leaves the game is last with 0 SET points (SETs found minus false calls).',
		save: 'Save result',
		saved: (table: number) => `Table ${table}: result saved.`,
		reportedAlready: 'This table has already reported. A change is a correction with a reason.',
		lockedAlready:
			'The round is locked. A change is only possible as a director override – with a reason; it stays visible in the record.',
		reason: 'Reason',
		reasonHint: 'e.g. “addition error, confirmed at the table”',
		correct: 'Save correction',
		override: 'Save director override',
		corrections: 'Corrections',
		correction: (reason: string) => `Correction: ${reason}`,
		overrideNote: (reason: string) => `Director override: ${reason}`,
		noRound: 'No round drawn yet.',
		outcome: 'Result',
		place: 'Place',
		points: 'Tournament points'
	},

	standings: {
		title: 'Standings',
		rank: 'Rank',
		name: 'Name',
		points: 'Tournament points',
		gamePoints: 'Game points',
		setPoints: 'SET points',
		share: 'Share %',
		final: 'Final',
		finalCell: (rank: number, points: string) => `${rank}. (${points} pts)`,
		tiebreaks: 'Ties',
		moreTies: (n: number) => (n === 1 ? '1 more comparison' : `${n} more comparisons`),
		finalist: 'finalist',
		qualifier: 'qualified',
		provisional: (badge: string) => `${badge} (provisional)`,
		withdrawn: 'withdrawn',
		none: 'No results yet.',
		finalists: 'Finalists',
		qualifiers: (n: number) => `Qualifiers (${n})`,
		undecided: 'Undecided ties',
		decided: 'Ties decided',
		tieOf: (names: string) => `Tie: ${names}`,
		finalTie: (names: string) => `Tie in the final: ${names}`,
		drawLot: 'Draw lots',
		lotLater: 'The lot is drawn once all rounds are played.',
		playOff: 'Enter play-off',
		playOffTitle: 'Play-off result (extra round: first to find 3 SETs)',
		playOffPlace: (n: number) => `Play-off place ${n}`,
		lotDrawn: (names: string) => `Lot drawn: ${names}`,
		lotConfirmTitle: 'Confirm the lot',
		lotConfirm: (names: string) =>
			`The lot decides the order of ${names} for good and cannot be taken back. Draw now?`,
		lotConfirmYes: 'Yes, draw the lot now',
		lotConfirmNo: 'Cancel',
		exports: 'Export',
		csvStandings: 'Standings (CSV)',
		csvResults: 'All results (CSV)',
		json: 'Everything (JSON)',
		print: 'Print results list',
		projector: 'Projector view'
	},

	final: {
		title: 'Final',
		noFinal: 'The Swiss system has no final.',
		notYet: 'The final can start once all prelim rounds are played.',
		finalists: 'Finalists',
		cutUndecided: (names: string) =>
			`There is a tie for the last place in the final (${names}) – please decide it in the standings.`,
		open: 'Open the final',
		seatOrder: 'Seat order (drawn)',
		round: (n: number) => `Final round ${n}`,
		ranking: 'Final ranking',
		complete: 'The final is over.',
		qualifiers: 'Qualified for the German championship',
		points: 'Tournament points in the final',
		gamePoints: 'Game points in the final',
		setPoints: 'SET points in the final',
		overall: 'Overall ranking'
	},

	projector: {
		title: 'Projector',
		standings: 'Standings',
		seating: 'Seating',
		fullscreen: 'Full screen',
		page: (n: number, of: number) => `Page ${n} / ${of}`,
		roundSeating: (n: number) => `Seating round ${n}`,
		finalSeating: 'Final',
		noRound: 'No round drawn yet.',
		afterRounds: (n: number) => (n === 1 ? 'after 1 round' : `after ${n} rounds`),
		finalStanding: 'Final result',
		table: 'Table',
		pts: 'Pts',
		back: 'Back to the desk'
	},

	print: {
		title: 'Results list',
		standings: 'Standings',
		results: 'Results',
		round: (n: number) => `Round ${n}`,
		finalRound: (n: number) => `Final round ${n}`,
		printed: (date: string) => `As of ${date}`,
		print: 'Print',
		back: 'Back'
	},

	csv: {
		rank: 'Rank',
		player: 'Player',
		points: 'Tournament points',
		gamePoints: 'Game points',
		setPoints: 'SET points',
		share: 'Share %',
		finalRank: 'Final rank',
		finalPoints: 'Final tournament points',
		finalGamePoints: 'Final game points',
		finalist: 'Finalist',
		qualifier: 'Qualified',
		withdrawn: 'Withdrawn from round',
		tiebreaks: 'Ties',
		round: 'Round',
		stage: 'Stage',
		prelim: 'Prelims',
		final: 'Final',
		table: 'Table',
		seat: 'Seat',
		found: 'SETs found',
		falseCalls: 'False calls',
		left: 'Left',
		place: 'Place',
		correction: 'Correction',
		yes: 'yes'
	},
	files: { standings: 'standings', results: 'results' },

	restore: {
		title: 'Restore a tournament from a file',
		hint: 'A backup (.wbsync, “Export the whole tournament”) or an “Everything (JSON)” export – also on a device that has never seen the tournament. You see first what the file holds; it is stored only after “Restore”.',
		choose: 'Choose file (.wbsync or .json)',
		reading: 'Reading …',
		holds: 'The file holds',
		name: 'Tournament',
		date: 'Date',
		format: 'Format',
		players: 'Participants',
		rounds: 'Rounds',
		roundsOf: (prelims: number, finals: number) =>
			[
				prelims === 1 ? '1 prelim round' : `${prelims} prelim rounds`,
				finals === 1 ? '1 final round' : finals ? `${finals} final rounds` : ''
			]
				.filter(Boolean)
				.join(', '),
		restore: 'Restore',
		cancel: 'Cancel',
		newKeysTitle: 'New keys',
		newKeys:
			'An “Everything (JSON)” export carries no keys: the tournament gets new ones here. The tablets of the running round then need a new table code from you before they can hand in their result. A backup (.wbsync) restores the tournament with the old keys – use the backup if there is one.'
	},

	busy: 'Saving …',
	storageError: (detail: string) => `Saving failed – nothing was changed. (${detail})`
};

/** The director texts in the current language (`.t`) or in a given one (`.in(locale)`). */
export const directorTexts = new Texts(de, en);
