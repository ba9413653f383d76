/** Texts of the exchange between tablets and the director: codes, camera, files. German first. */

import { Texts } from './texts.svelte';
export const de = {
	reader: {
		title: 'Code scannen',
		camera: 'Kamera',
		paste: 'Code einfügen',
		file: 'Datei',
		startCamera: 'Kamera starten',
		stopCamera: 'Kamera aus',
		cameraHint:
			'Halten Sie den Code ruhig vor die Kamera, bis er erkannt ist. Bei mehreren Bildern alle nacheinander zeigen – die Reihenfolge ist egal.',
		cameraDenied:
			'Die Kamera ist nicht erlaubt. Bitte in den Browser-Einstellungen für diese Seite erlauben – oder den Code einfügen bzw. eine Datei wählen.',
		noCamera: 'Dieses Gerät hat keine nutzbare Kamera. Bitte den Code einfügen oder eine Datei wählen.',
		insecure:
			'Die Kamera gibt es nur über eine sichere Verbindung (https oder localhost). Bitte den Code einfügen oder eine Datei wählen.',
		cameraBusy:
			'Die Kamera ließ sich nicht starten – vielleicht benutzt eine andere App sie gerade. Bitte die andere App schließen und noch einmal versuchen – oder den Code einfügen bzw. eine Datei wählen.',
		cameraFailed: (detail: string) => `Die Kamera ließ sich nicht starten (${detail}).`,
		starting: 'Kamera startet …',
		looking: 'Suche Code …',
		stuck:
			'Noch kein Code erkannt. Das hilft: näher heran (der Code soll ein Drittel des Bildes füllen), ruhig halten, den Bildschirm heller stellen – oder:',
		chooseFile: 'Datei oder Foto wählen',
		decoderMissing: 'Der Code-Leser konnte nicht geladen werden.',
		pasteLabel: 'Code als Text',
		pasteHint: 'Den Text eines Codes einfügen (bei mehreren Bildern einen nach dem anderen).',
		read: 'Übernehmen',
		fileLabel: 'Austauschdatei wählen (.wbsync)',
		fileHint: 'Oder ein Foto bzw. Bildschirmfoto eines Codes wählen.',
		progress: (have: number, total: number) => `${have} von ${total} Bildern gelesen …`,
		missing: (list: string) => `Es fehlen noch: ${list}`,
		busy: 'Wird geprüft …'
	},
	code: {
		frame: (index: number, total: number) => `Bild ${index} von ${total}`,
		pause: 'Anhalten',
		play: 'Weiter abspielen',
		next: 'Nächstes Bild',
		asText: 'Code als Text',
		version: (version: number) => `QR-Version ${version}`,
		share: 'Als Datei teilen',
		download: 'Als Datei speichern',
		shared: 'Geteilt.',
		saved: 'Gespeichert.'
	},
	tablet: {
		title: 'Tisch',
		intro:
			'Im Turnier: den Tisch-Code der Turnierleitung scannen, die Runde spielen, dann das Ergebnis abgeben.',
		join: 'Tisch beitreten',
		joinHint: 'Scannen Sie den Code Ihres Tisches bei der Turnierleitung.',
		joined: (table: number, round: number) => `Tisch ${table} · Runde ${round}`,
		tournament: 'Turnier',
		seats: 'Sitzordnung',
		startRound: 'Runde beginnen',
		openRound: 'Zur Runde',
		roundState: {
			none: 'Noch nicht begonnen',
			running: 'Läuft',
			settle: 'Abrechnung',
			finished: 'Beendet, noch nicht bestätigt',
			confirmed: 'Bestätigt'
		},
		handIn: 'Ergebnis abgeben',
		handInHint: 'Zeigen Sie diesen Code der Turnierleitung. Die Prüfsumme muss dort gleich angezeigt werden.',
		handInEarly: 'Die Runde ist noch nicht bestätigt – die Turnierleitung sieht den Zwischenstand.',
		digest: 'Prüfsumme',
		digestFor: 'Prüfsumme für die Turnierleitung',
		digestParts:
			'Einträge · letzter Eintrag · Kennung. Die Turnierleitung sieht nach dem Einlesen dieselben Werte – dann ist alles angekommen.',
		standings: 'Rangliste',
		receiveStandings: 'Rangliste empfangen',
		standingsHint: 'Scannen Sie den Ranglisten-Code der Turnierleitung.',
		afterRound: (round: number) => (round ? `Stand nach Runde ${round}` : 'Noch keine Ergebnisse'),
		nextTable: 'Ihr nächster Tisch',
		nextRound: (round: number, table: number) => `Runde ${round} an diesem Tisch (Tisch ${table})`,
		startNext: 'Nächste Runde an diesem Tisch beginnen',
		whereNext: 'Wer spielt wo',
		atTable: (table: number) => `Tisch ${table}`,
		otherTables: 'Andere Tische',
		earlier: 'Frühere Tische',
		joinedOk: (table: number, round: number) => `Beigetreten: Tisch ${table}, Runde ${round}.`,
		standingsOk: 'Rangliste übernommen.',
		standingsOlder: 'Dieser Ranglisten-Code ist älter als der vorhandene – nichts geändert.',
		name: 'Name dieses Tablets',
		nameHint:
			'Z. B. „Tablet 3 (blau)“ – steht in jedem Ergebnis-Code, damit die Turnierleitung das Tablet erkennt.',
		namePlaceholder: 'Tablet 3 (blau)',
		nameSaved: (name: string) => (name ? `Gespeichert: „${name}“.` : 'Name entfernt.'),
		oldCodeTitle: 'Alter Tisch-Code',
		oldCode: (time: string, ago: string, round: number) =>
			`Dieser Tisch-Code wurde um ${time} Uhr ausgegeben, vor ${ago}${ago.endsWith('.') ? '' : '.'} Läuft Runde ${round} noch? Fragen Sie die Turnierleitung, bevor Sie spielen.`,
		ago: (hours: number, minutes: number) => (hours ? `${hours} Std. ${minutes} Min.` : `${minutes} Min.`),
		oldCodeGoOn: (round: number) => `Runde ${round} läuft noch – weiter`,
		oldCodeOther: 'Anderen Tisch-Code einlesen',
		otherTable: {
			title: 'Code eines anderen Tisches',
			code: (table: number, round: number) => `Tisch-Code: Tisch ${table}, Runde ${round}`,
			explain: (table: number, round: number) =>
				`Dieses Tablet ist Tisch ${table} in Runde ${round}. Nur wechseln, wenn die Turnierleitung diesem Tablet einen anderen Tisch gegeben hat – der Code eines anderen Tisches kann auch versehentlich oder absichtlich vorgehalten worden sein.`,
			confirm: (table: number) => `Zu Tisch ${table} wechseln`,
			stay: (table: number) => `Bei Tisch ${table} bleiben`,
			stayed: (table: number) => `Dieses Tablet bleibt Tisch ${table}. Nichts wurde geändert.`
		},
		keyChanged: {
			text: (when: string) =>
				`Am ${when} wurde auf diesem Tablet ein anderer Schlüssel der Turnierleitung übernommen. War das nicht die Turnierleitung, lässt sich der Wechsel rückgängig machen.`,
			undo: 'Wechsel rückgängig machen',
			undone:
				'Wechsel rückgängig gemacht: der vorherige Schlüssel der Turnierleitung gilt wieder, Rangliste und Tisch sind wie vorher.'
		},
		leave: {
			open: 'Turnier verlassen',
			title: (name: string) => `Turnier „${name}“ verlassen?`,
			explain:
				'Das Tablet vergisst dieses Turnier: den Schlüssel der Turnierleitung, die Rangliste und die Tische. Danach nimmt es den Tisch-Code der Turnierleitung an wie ein neues Tablet. Gespielte Runden bleiben auf dem Gerät.',
			keep: 'Ergebnisse, die die Turnierleitung noch nicht hat, zuerst als Datei sichern – nach dem Verlassen kann dieses Tablet sie nicht mehr unterschreiben:',
			round: (round: number, table: number) => `Runde ${round}, Tisch ${table}`,
			save: 'Als Datei sichern',
			saved: 'Gesichert',
			confirm: 'Ja, Turnier verlassen',
			cancel: 'Abbrechen',
			left: (name: string) =>
				`Turnier „${name}“ verlassen. Zum Mitspielen den Tisch-Code der Turnierleitung scannen.`,
			none: 'Dieses Gerät spielt in keinem Turnier als Tisch mit.',
			tournaments: 'Turniere als Tisch',
			settingsHint:
				'Hat dieses Tablet einen falschen Tisch-Code oder eine falsche Rangliste angenommen, bringt „Turnier verlassen“ es zurück an den Anfang.'
		},
		newKey: {
			title: 'Anderes Gerät der Turnierleitung',
			code: (tournament: string, table: number, round: number) =>
				`Tisch-Code: ${tournament}, Tisch ${table}, Runde ${round}`,
			explain:
				'Dieser Tisch-Code ist von einem anderen Gerät der Turnierleitung unterschrieben als die bisherigen (z. B. nach einer Wiederherstellung). Nur übernehmen, wenn die Turnierleitung das bestätigt.',
			kept: 'Eine hier schon begonnene Runde dieses Tisches bleibt erhalten und wird mit dem neuen Tisch-Code abgegeben.',
			confirm: 'Neuen Schlüssel der Turnierleitung übernehmen',
			cancel: 'Abbrechen',
			cancelled:
				'Abgebrochen – der bisherige Schlüssel der Turnierleitung gilt weiter. Nichts wurde geändert.'
		}
	},
	director: {
		title: 'Austausch',
		back: 'Zurück zum Turnier',
		unknown:
			'Dieses Turnier ist auf diesem Gerät nicht gespeichert. Eine Turnierdatei (Sicherung) übernehmen?',
		handOut: 'Tische ausgeben',
		handOutHint: 'Ein Code je Tisch: das Tablet des Tisches scannt ihn unter „Tisch beitreten“.',
		collect: 'Ergebnisse einsammeln',
		collectHint:
			'Scannen Sie die Ergebnis-Codes Tisch für Tisch. Die Tafel zeigt, was da, vollständig und geprüft ist.',
		standings: 'Rangliste ausgeben',
		standingsHint:
			'Ein Code für alle Tablets: Rangliste und – sobald ausgelost – die Tische der nächsten Runde.',
		files: 'Dateien',
		filesHint:
			'Sicherung des ganzen Turniers oder die Ergebnisse einer Runde – zum Aufbewahren oder für ein anderes Gerät.',
		exportTournament: 'Ganzes Turnier exportieren',
		exportRound: (round: number) => `Ergebnisse Runde ${round} exportieren`,
		/** Said when the file is out: its name, and whether it was shared or downloaded. */
		exported: {
			saved: (file: string) => `Gespeichert: ${file} (als Download auf diesem Gerät).`,
			shared: (file: string) => `Geteilt: ${file}.`
		},
		importFile: 'Datei übernehmen',
		tooLong: (names: string, max: number) =>
			`Zu lange Namen (mehr als ${max} Zeichen) kommen in den Codes gekürzt an: ${names}.`,
		rename: 'In der Anmeldung umbenennen',
		round: (round: number) => `Runde ${round}`,
		table: (table: number) => `Tisch ${table}`,
		noRound: 'Es ist noch keine Runde ausgelost.',
		codesFailed: (why: string) =>
			`Die Codes konnten nicht erstellt werden (${why}). Bitte die Seite neu laden.`,
		states: {
			missing: 'fehlt',
			running: 'läuft',
			finished: 'beendet',
			confirmed: 'bestätigt',
			reported: 'eingetragen',
			conflict: 'Entscheidung nötig'
		},
		boardTitle: (round: string) => `Tafel ${round}`,
		inCount: (done: number, total: number) => `${done} von ${total} Tischen eingetragen`,
		events: (count: number, seq: number, hash: string) => `${count} Einträge · bis #${seq} · ${hash}`,
		conflicts: 'Entscheidungen',
		conflictReasons: {
			'other-stream': 'Ein zweites Gerät hat diesen Tisch erfasst (z. B. Ersatztablet).',
			locked: 'Die Runde ist schon abgeschlossen (gesperrt).',
			players: 'Die Namen passen nicht zur Auslosung.',
			'result-differs': 'Für diesen Tisch ist schon ein anderes Ergebnis eingetragen.',
			'other-device':
				'Ein anderes Gerät setzt die schon abgegebene Runde dieses Tisches fort (der Tisch gehört dem Gerät, das zuerst abgegeben hat).',
			rewrites: 'Der Code nimmt zurück oder ändert, was dieser Tisch schon abgegeben hatte.',
			'other-table': 'Dieses Tablet gehört zu einem anderen Tisch.'
		},
		otherTable: (at: string, holds: string) =>
			`Das Tablet gehört zu ${holds}, nicht zu ${at}: übernehmen nur nach Ihrer Entscheidung.`,
		namedTablet: (name: string, round: string, table: number) =>
			`Tablet „${name}“ (Tisch ${table} in ${round})`,
		absences: 'Meldungen der Tische',
		tabletName: (name: string) => `Tablet „${name}“`,
		absent: (at: string, tablet: string | null, player: string) =>
			`${at}${tablet ? ` (${tablet})` : ''}: ${player} ist nicht erschienen.`,
		absentHint: 'Die Turnierleitung entscheidet: Ersatz, Abmeldung oder Eintrag am Schreibtisch.',
		absentDone: 'Erledigt',
		absentWithdraw: (player: string) => `${player} abmelden …`,
		absentStatus: { open: 'offen', done: 'erledigt' },
		boardAbsent: (names: string, count: number) =>
			`Meldung: ${names} ${count === 1 ? 'fehlt' : 'fehlen'} – siehe unten`,
		take: 'Dieses Ergebnis übernehmen',
		setAside: 'Beiseitelegen',
		reason: 'Grund',
		reasonHint: 'z. B. „Ersatztablet, am Tisch bestätigt“',
		reasonNeeded: 'Übernehmen ersetzt ein eingetragenes Ergebnis: bitte eine Begründung eintragen.',
		reasonNeededOther: 'Das Tablet gehört zu einem anderen Tisch: bitte eine Begründung eintragen.',
		lockedNote: (round: string, running: string | null) =>
			`${round} ist gesperrt${running ? ` – ${running} läuft` : ''}. Übernehmen ist nur als Korrektur der Turnierleitung möglich – mit Begründung; sie bleibt im Protokoll sichtbar.`,
		override: 'Als Korrektur der Turnierleitung übernehmen',
		decided: { taken: 'übernommen', 'set-aside': 'beiseitegelegt', open: 'offen' },
		device: (device: string) => `Gerät ${device}`,
		received: {
			added: (at: string, n: number) => `${at}: ${n} neue Einträge übernommen.`,
			reported: (at: string) => `${at}: Ergebnis eingetragen.`,
			unchanged: (at: string) => `${at}: schon vorhanden – nichts geändert.`,
			conflict: (at: string) => `${at}: wartet auf Ihre Entscheidung.`,
			otherTable: (at: string) =>
				`${at}: das Tablet gehört zu einem anderen Tisch – wartet auf Ihre Entscheidung.`,
			absence: (at: string, player: string) => `${at}: ${player} fehlt – gemeldet.`,
			absenceAgain: (at: string, player: string) =>
				`${at}: ${player} fehlt – schon gemeldet, nichts geändert.`,
			locked: (at: string) =>
				`${at}: die Runde ist gesperrt – übernehmen nur als Korrektur der Turnierleitung mit Begründung.`,
			tournament: (events: number, tables: number) =>
				`Turnierdatei übernommen: ${events} Turnier-Ereignisse, ${tables} Tische.`
		},
		recorded: 'Gewertet',
		at: (round: string, table: number) => `${round}, Tisch ${table}`,
		finalRound: (n: number) => `Finalrunde ${n}`,
		tabletOf: (round: string, table: number) => `Tablet von Tisch ${table} (${round})`,
		recordedResult: 'Eingetragen (zählt)',
		incomingResult: 'Dieser Code',
		noResult: 'noch kein Ergebnis',
		unreadable: 'Code nicht lesbar',
		ended: 'Das Turnier ist beendet – es werden keine Tisch-Codes mehr ausgegeben.',
		newKeys: (round: string, when: string) =>
			`Neue Schlüssel nach der Wiederherstellung: Geben Sie jedem Tisch der laufenden Runde seinen Tisch-Code neu (${round}). Das Turnier wurde am ${when} aus einem Export „Alles (JSON)“ wiederhergestellt und hat neue Schlüssel; die Tablets übernehmen den neuen Schlüssel nach einer Rückfrage. Ein Ergebnis-Code, der mit einem Tisch-Code von vor der Wiederherstellung erstellt wurde, wird abgelehnt – das Tablet liest erst den neuen Tisch-Code und gibt dann noch einmal ab.`,
		setAsideCount: (n: number) =>
			n === 1 ? 'Ein Code beiseitegelegt (zählt nicht)' : `${n} Codes beiseitegelegt (zählen nicht)`
	}
};

export const en: typeof de = {
	reader: {
		title: 'Scan code',
		camera: 'Camera',
		paste: 'Paste code',
		file: 'File',
		startCamera: 'Start camera',
		stopCamera: 'Camera off',
		cameraHint:
			'Hold the code steady in front of the camera until it is recognised. For several frames show them all – in any order.',
		cameraDenied:
			'The camera is not allowed. Please allow it for this site in the browser settings – or paste the code or choose a file.',
		noCamera: 'This device has no usable camera. Please paste the code or choose a file.',
		insecure:
			'The camera is only available over a secure connection (https or localhost). Please paste the code or choose a file.',
		cameraBusy:
			'The camera could not be started – perhaps another app is using it. Please close the other app and try again – or paste the code or choose a file.',
		cameraFailed: (detail: string) => `The camera could not be started (${detail}).`,
		starting: 'Camera starting …',
		looking: 'Looking for a code …',
		stuck:
			'No code recognised yet. What helps: come closer (the code should fill a third of the picture), hold it still, turn the screen brighter – or:',
		chooseFile: 'Choose a file or photo',
		decoderMissing: 'The code reader could not be loaded.',
		pasteLabel: 'Code as text',
		pasteHint: 'Paste the text of a code (for several frames, one after the other).',
		read: 'Take over',
		fileLabel: 'Choose an exchange file (.wbsync)',
		fileHint: 'Or choose a photo or screenshot of a code.',
		progress: (have: number, total: number) => `${have} of ${total} frames read …`,
		missing: (list: string) => `Still missing: ${list}`,
		busy: 'Checking …'
	},
	code: {
		frame: (index: number, total: number) => `Frame ${index} of ${total}`,
		pause: 'Pause',
		play: 'Play on',
		next: 'Next frame',
		asText: 'Code as text',
		version: (version: number) => `QR version ${version}`,
		share: 'Share as file',
		download: 'Save as file',
		shared: 'Shared.',
		saved: 'Saved.'
	},
	tablet: {
		title: 'Table',
		intro: 'At a tournament: scan the table code from the director, play the round, then hand in the result.',
		join: 'Join table',
		joinHint: 'Scan the code of your table at the director’s desk.',
		joined: (table: number, round: number) => `Table ${table} · round ${round}`,
		tournament: 'Tournament',
		seats: 'Seating',
		startRound: 'Start round',
		openRound: 'Go to round',
		roundState: {
			none: 'Not started yet',
			running: 'Running',
			settle: 'Settlement',
			finished: 'Finished, not confirmed yet',
			confirmed: 'Confirmed'
		},
		handIn: 'Hand in result',
		handInHint: 'Show this code to the director. The checksum there must read the same.',
		handInEarly: 'The round is not confirmed yet – the director sees the state so far.',
		digest: 'Checksum',
		digestFor: 'Checksum for the tournament director',
		digestParts:
			'Entries · last entry · identifier. After reading the code the director sees the same values – then everything arrived.',
		standings: 'Standings',
		receiveStandings: 'Receive standings',
		standingsHint: 'Scan the standings code from the director.',
		afterRound: (round: number) => (round ? `After round ${round}` : 'No results yet'),
		nextTable: 'Your next table',
		nextRound: (round: number, table: number) => `Round ${round} at this table (table ${table})`,
		startNext: 'Start the next round at this table',
		whereNext: 'Who plays where',
		atTable: (table: number) => `Table ${table}`,
		otherTables: 'Other tables',
		earlier: 'Earlier tables',
		joinedOk: (table: number, round: number) => `Joined: table ${table}, round ${round}.`,
		standingsOk: 'Standings taken over.',
		standingsOlder: 'This standings code is older than the one here – nothing changed.',
		name: 'This tablet’s name',
		nameHint:
			'E.g. “Tablet 3 (blue)” – it travels in every result code so the director recognises the tablet.',
		namePlaceholder: 'Tablet 3 (blue)',
		nameSaved: (name: string) => (name ? `Saved: “${name}”.` : 'Name removed.'),
		oldCodeTitle: 'Old table code',
		oldCode: (time: string, ago: string, round: number) =>
			`This table code was handed out at ${time}, ${ago} ago. Is round ${round} still running? Ask the director before you play.`,
		ago: (hours: number, minutes: number) => (hours ? `${hours} h ${minutes} min` : `${minutes} min`),
		oldCodeGoOn: (round: number) => `Round ${round} is still running – go on`,
		oldCodeOther: 'Read another table code',
		otherTable: {
			title: 'Another table’s code',
			code: (table: number, round: number) => `Table code: table ${table}, round ${round}`,
			explain: (table: number, round: number) =>
				`This tablet is table ${table} in round ${round}. Switch only if the director gave this tablet another table – another table’s code may also have been held up by mistake or on purpose.`,
			confirm: (table: number) => `Switch to table ${table}`,
			stay: (table: number) => `Stay at table ${table}`,
			stayed: (table: number) => `This tablet stays table ${table}. Nothing was changed.`
		},
		keyChanged: {
			text: (when: string) =>
				`On ${when} another key of the director was taken over on this tablet. If that was not the director, the change can be undone.`,
			undo: 'Undo the change',
			undone: 'Change undone: the director’s previous key holds again, standings and table are as before.'
		},
		leave: {
			open: 'Leave the tournament',
			title: (name: string) => `Leave the tournament “${name}”?`,
			explain:
				'The tablet forgets this tournament: the director’s key, the standings and the tables. Afterwards it takes the director’s table code like a new tablet. Rounds played stay on the device.',
			keep: 'Save results the director does not have yet as files first – once it has left, this tablet can no longer sign them:',
			round: (round: number, table: number) => `Round ${round}, table ${table}`,
			save: 'Save as file',
			saved: 'Saved',
			confirm: 'Yes, leave the tournament',
			cancel: 'Cancel',
			left: (name: string) => `Left the tournament “${name}”. To play, scan the director’s table code.`,
			none: 'This device plays as a table in no tournament.',
			tournaments: 'Tournaments as a table',
			settingsHint:
				'If this tablet took a wrong table code or wrong standings, “Leave the tournament” brings it back to the start.'
		},
		newKey: {
			title: 'Another device of the director',
			code: (tournament: string, table: number, round: number) =>
				`Table code: ${tournament}, table ${table}, round ${round}`,
			explain:
				'This table code is signed by another device of the director than the ones before (e.g. after a restore). Take it over only if the director confirms it.',
			kept: 'A round of this table already begun here is kept and handed in with the new table code.',
			confirm: 'Take over the director’s new key',
			cancel: 'Cancel',
			cancelled: 'Cancelled – the director’s previous key still holds. Nothing was changed.'
		}
	},
	director: {
		title: 'Exchange',
		back: 'Back to the tournament',
		unknown: 'This tournament is not stored on this device. Take over a tournament file (backup)?',
		handOut: 'Hand out tables',
		handOutHint: 'One code per table: the table’s tablet scans it under “Join table”.',
		collect: 'Collect results',
		collectHint: 'Scan the result codes table by table. The board shows what is in, complete and verified.',
		standings: 'Hand out standings',
		standingsHint: 'One code for all tablets: the standings and – once drawn – the next round’s tables.',
		files: 'Files',
		filesHint: 'A backup of the whole tournament or one round’s results – to keep or for another device.',
		exportTournament: 'Export the whole tournament',
		exportRound: (round: number) => `Export round ${round} results`,
		exported: {
			saved: (file: string) => `Saved: ${file} (downloaded on this device).`,
			shared: (file: string) => `Shared: ${file}.`
		},
		importFile: 'Take over file',
		tooLong: (names: string, max: number) =>
			`Names that are too long (more than ${max} characters) arrive shortened in the codes: ${names}.`,
		rename: 'Rename in the registration',
		round: (round: number) => `Round ${round}`,
		table: (table: number) => `Table ${table}`,
		noRound: 'No round has been drawn yet.',
		codesFailed: (why: string) => `The codes could not be made (${why}). Please reload the page.`,
		states: {
			missing: 'missing',
			running: 'running',
			finished: 'finished',
			confirmed: 'confirmed',
			reported: 'recorded',
			conflict: 'decision needed'
		},
		boardTitle: (round: string) => `Board ${round.charAt(0).toLowerCase()}${round.slice(1)}`,
		inCount: (done: number, total: number) => `${done} of ${total} tables recorded`,
		events: (count: number, seq: number, hash: string) => `${count} entries · up to #${seq} · ${hash}`,
		conflicts: 'Decisions',
		conflictReasons: {
			'other-stream': 'A second device recorded this table (e.g. a replacement tablet).',
			locked: 'The round is already closed (locked).',
			players: 'The names do not match the seating.',
			'result-differs': 'A different result is already recorded for this table.',
			'other-device':
				'Another device continues this table’s round that was already handed in (the table belongs to the device that handed in first).',
			rewrites: 'The code takes back or changes what this table had already handed in.',
			'other-table': 'This tablet belongs to another table.'
		},
		otherTable: (at: string, holds: string) =>
			`The tablet belongs to ${holds}, not to ${at}: taken only on your decision.`,
		namedTablet: (name: string, round: string, table: number) =>
			`Tablet “${name}” (table ${table} in ${round})`,
		absences: 'Reports from the tables',
		tabletName: (name: string) => `Tablet “${name}”`,
		absent: (at: string, tablet: string | null, player: string) =>
			`${at}${tablet ? ` (${tablet})` : ''}: ${player} did not show up.`,
		absentHint: 'The director decides: a substitute, a withdrawal or an entry at the desk.',
		absentDone: 'Done',
		absentWithdraw: (player: string) => `Withdraw ${player} …`,
		absentStatus: { open: 'open', done: 'done' },
		boardAbsent: (names: string, count: number) =>
			`Reported: ${names} ${count === 1 ? 'is' : 'are'} missing – see below`,
		take: 'Take this result',
		setAside: 'Set aside',
		reason: 'Reason',
		reasonHint: 'e.g. “replacement tablet, confirmed at the table”',
		reasonNeeded: 'Taking it replaces a recorded result: please enter a reason.',
		reasonNeededOther: 'The tablet belongs to another table: please enter a reason.',
		lockedNote: (round: string, running: string | null) =>
			`${round} is locked${running ? ` – ${running} is running` : ''}. It can only be taken as a director override – with a reason; it stays visible in the record.`,
		override: 'Take as director override',
		decided: { taken: 'taken', 'set-aside': 'set aside', open: 'open' },
		device: (device: string) => `Device ${device}`,
		received: {
			added: (at: string, n: number) => `${at}: ${n} new entries taken over.`,
			reported: (at: string) => `${at}: result recorded.`,
			unchanged: (at: string) => `${at}: already here – nothing changed.`,
			conflict: (at: string) => `${at}: waits for your decision.`,
			otherTable: (at: string) => `${at}: the tablet belongs to another table – waits for your decision.`,
			absence: (at: string, player: string) => `${at}: ${player} is missing – reported.`,
			absenceAgain: (at: string, player: string) =>
				`${at}: ${player} is missing – already reported, nothing changed.`,
			locked: (at: string) =>
				`${at}: the round is locked – it can only be taken as a director override with a reason.`,
			tournament: (events: number, tables: number) =>
				`Tournament file taken over: ${events} tournament events, ${tables} tables.`
		},
		recorded: 'Counted',
		at: (round: string, table: number) => `${round}, table ${table}`,
		finalRound: (n: number) => `Final round ${n}`,
		tabletOf: (round: string, table: number) => `Tablet of table ${table} (${round})`,
		recordedResult: 'Recorded (counts)',
		incomingResult: 'This code',
		noResult: 'no result yet',
		unreadable: 'code cannot be read',
		ended: 'The tournament is over – no more table codes are handed out.',
		newKeys: (round: string, when: string) =>
			`New keys after the restore: hand every table of the running round its table code again (${round}). The tournament was restored on ${when} from an “Everything (JSON)” export and has new keys; the tablets take over the new key after asking. A result code made with a table code from before the restore is refused – the tablet reads the new table code first and then hands in again.`,
		setAsideCount: (n: number) =>
			n === 1 ? 'One code set aside (does not count)' : `${n} codes set aside (do not count)`
	}
};

/** The sync texts in the current language (`.t`) or in a given one (`.in(locale)`). */
export const syncTexts = new Texts(de, en);
