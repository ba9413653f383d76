import { problem, type Problem } from '../domain/result';

/** Why a code or file is refused, in German and English. Codes are stable: tests and the UI use them. */
export const refusal = {
	unreadable: (de: string, en: string): Problem =>
		problem('unreadable', `Der Code ist unlesbar: ${de}.`, `The code is unreadable: ${en}.`),
	checksum: (): Problem =>
		problem(
			'checksum',
			'Die Prüfsumme stimmt nicht – der Code ist beschädigt oder unvollständig abgetippt.',
			'The checksum does not match – the code is damaged or was copied incompletely.'
		),
	/** From another app version: a protocol, file format, code marker or rule preset this version does not know. */
	otherVersion: (what: 'code' | 'file', de: string, en: string): Problem =>
		problem(
			'version',
			`${what === 'file' ? 'Die Datei' : 'Der Code'} stammt aus einer anderen App-Version (${de}). Bitte beide Geräte aktualisieren.`,
			`The ${what} comes from another app version (${en}). Please update both devices.`
		),
	version: (version: number): Problem =>
		refusal.otherVersion('code', `Protokoll ${version}`, `protocol ${version}`),
	wrongKind: (de: string, en: string): Problem =>
		problem(
			'wrong-kind',
			`Das ist ${de} – hier wird etwas anderes erwartet.`,
			`This is ${en} – something else is expected here.`
		),
	forged: (): Problem =>
		problem(
			'forged',
			'Die Signatur stimmt nicht: der Code wurde verändert oder mit einem fremden Turnierschlüssel erstellt. Nichts wurde übernommen.',
			'The signature does not match: the code was altered or made with another tournament key. Nothing was taken over.'
		),
	unknownTournament: (id: string): Problem =>
		problem(
			'unknown-tournament',
			`Das Turnier ${id} ist auf diesem Gerät nicht bekannt.`,
			`Tournament ${id} is not known on this device.`
		),
	/** `at`: the round and table a table's code names (a result, a missing player). */
	otherTournament: (id: string, at?: { round: number; table: number }): Problem =>
		problem(
			'other-tournament',
			`${at ? `Runde ${at.round}, Tisch ${at.table}: ` : ''}Der Code gehört zu einem anderen Turnier (${id}) als dem hier geöffneten. Nichts wurde übernommen.`,
			`${at ? `Round ${at.round}, table ${at.table}: ` : ''}The code belongs to another tournament (${id}) than the one open here. Nothing was taken over.`
		),
	/** A round inside a tournament file that belongs to another tournament than the file. */
	foreignRound: (tournamentId: string): Problem =>
		problem(
			'other-tournament',
			`Die Datei enthält eine Runde des Turniers ${tournamentId}, nicht des Turniers der Datei. Nichts wurde übernommen.`,
			`The file holds a round of tournament ${tournamentId}, not of the file's tournament. Nothing was taken over.`
		),
	keyMismatch: (): Problem =>
		problem(
			'key-mismatch',
			'Dieses Turnier ist hier schon mit einem anderen Schlüssel bekannt – der Code ist nicht von dieser Turnierleitung.',
			'This tournament is known here with another key – the code is not from this director.'
		),
	/**
	 * A table code of a tournament this tablet knows, signed by another director's key (e.g. the desk was
	 * restored from an export with new keys): taken only when the tablet confirms it (`repin`).
	 */
	newDirectorKey: (): Problem =>
		problem(
			'new-director-key',
			'Dieser Tisch-Code ist von einem anderen Gerät der Turnierleitung unterschrieben als die bisherigen (z. B. nach einer Wiederherstellung). Nur übernehmen, wenn die Turnierleitung das bestätigt. Nichts wurde geändert.',
			'This table code is signed by another device of the director than the ones before (e.g. after a restore). Take it over only if the director confirms it. Nothing was changed.'
		),
	/**
	 * A standings code whose signature does not fit the director's key a tablet pinned: altered, or from
	 * another device of the director (restored with new keys), whose table code the tablet reads first.
	 */
	standingsOtherKey: (): Problem =>
		problem(
			'forged',
			'Die Signatur stimmt nicht: dieser Ranglisten-Code ist nicht mit dem Schlüssel der Turnierleitung unterschrieben, den dieses Tablet kennt – er wurde verändert oder kommt von einem anderen Gerät. Hat die Turnierleitung das Turnier auf einem anderen Gerät wiederhergestellt, bitte zuerst dort den Tisch-Code der laufenden Runde einlesen. Nichts wurde geändert.',
			'The signature does not match: this standings code is not signed with the director’s key this tablet knows – it was altered or comes from another device. If the director restored the tournament on another device, please read the table code of the running round there first. Nothing was changed.'
		),
	/** A result code under a table key of before the desk was restored from an export with new keys. */
	keyBeforeRestore: (round: number, table: number): Problem =>
		problem(
			'key-before-restore',
			`Runde ${round}, Tisch ${table}: Dieser Ergebnis-Code wurde mit einem Tisch-Code von vor der Wiederherstellung erstellt – das Turnier hat seitdem neue Schlüssel. Das Tablet liest den neuen Tisch-Code von Runde ${round}, Tisch ${table} und gibt dann noch einmal ab. Nichts wurde übernommen.`,
			`Round ${round}, table ${table}: this result code was made with a table code from before the restore – the tournament has new keys since. The tablet reads the new table code of round ${round}, table ${table} and then hands in again. Nothing was taken over.`
		),
	mismatch: (de: string, en: string): Problem =>
		problem(
			'mismatch',
			`Kopf und Inhalt passen nicht zusammen: ${de}.`,
			`Header and content disagree: ${en}.`
		),
	noSuchTable: (round: number, table: number): Problem =>
		problem(
			'no-such-table',
			`Runde ${round}, Tisch ${table} gibt es in diesem Turnier nicht.`,
			`Round ${round}, table ${table} does not exist in this tournament.`
		),
	olderTable: (round: number, newest: number): Problem =>
		problem(
			'older-table',
			`Dieser Tisch-Code ist von Runde ${round}; dieses Tablet spielt schon in Runde ${newest}. Nichts wurde geändert.`,
			`This table code is from round ${round}; this tablet already plays in round ${newest}. Nothing was changed.`
		),
	/** A result code of a locked round is taken only as a director override with a reason. */
	lockedTake: (round: number, table: number, running: number | null): Problem =>
		problem(
			'locked-take',
			`Runde ${round}, Tisch ${table}: Runde ${round} ist gesperrt${running === null ? '' : ` – Runde ${running} läuft`}. Übernehmen nur als Korrektur der Turnierleitung mit Begründung. Nichts wurde geändert.`,
			`Round ${round}, table ${table}: round ${round} is locked${running === null ? '' : ` – round ${running} is running`}. It can only be taken as a director override with a reason. Nothing was changed.`
		),
	/** A code of a tablet that holds another table is taken only with the director's reason. */
	otherTableTake: (round: number, table: number, holds: { round: number; table: number }): Problem =>
		problem(
			'other-table-take',
			`Runde ${round}, Tisch ${table}: das Tablet gehört zu Runde ${holds.round}, Tisch ${holds.table}. Übernehmen nur mit Begründung der Turnierleitung. Nichts wurde geändert.`,
			`Round ${round}, table ${table}: the tablet belongs to round ${holds.round}, table ${holds.table}. It can only be taken with the director's reason. Nothing was changed.`
		),
	/** A table's report of a missing player for a round that is locked: the round is over. */
	lockedAbsence: (round: number, table: number, running: number | null): Problem =>
		problem(
			'locked-absence',
			`Runde ${round}, Tisch ${table}: Runde ${round} ist gesperrt${running === null ? '' : ` – Runde ${running} läuft`}. Eine Meldung, wer fehlt, gilt nur für die laufende Runde. Nichts wurde geändert.`,
			`Round ${round}, table ${table}: round ${round} is locked${running === null ? '' : ` – round ${running} is running`}. A report of a missing player counts only for the running round. Nothing was changed.`
		),
	/** A table's report names a player who is not seated at that table. */
	unknownPlayer: (round: number, table: number, player: string): Problem =>
		problem(
			'unknown-player',
			`Runde ${round}, Tisch ${table}: der gemeldete Spieler (${player}) sitzt nicht an diesem Tisch. Nichts wurde geändert.`,
			`Round ${round}, table ${table}: the reported player (${player}) is not seated at this table. Nothing was changed.`
		),
	/** A table code of a round whose results the tablet already holds in newer standings. */
	pastTable: (round: number, afterRound: number): Problem =>
		problem(
			'past-table',
			`Dieser Tisch-Code ist von Runde ${round}, doch die Rangliste nach Runde ${afterRound} liegt schon vor: Runde ${round} ist vorbei. Bitte den Tisch-Code der laufenden Runde einlesen. Nichts wurde geändert.`,
			`This table code is from round ${round}, but the standings after round ${afterRound} are already here: round ${round} is over. Please read the table code of the current round. Nothing was changed.`
		),
	unknownSeating: (round: number, table: number, revision: number): Problem =>
		problem(
			'unknown-seating',
			`Der Code nennt die Spieler nach der Sitzordnung von Runde ${round}, Tisch ${table} (Stand ${revision}) – die kennt dieses Gerät nicht. Bitte zuerst das Turnier übernehmen.`,
			`The code names its players by the seating of round ${round}, table ${table} (revision ${revision}) – this device does not know it. Please take over the tournament first.`
		),
	superseded: (table: number): Problem =>
		problem(
			'superseded',
			`Veralteter Code: Tisch ${table} hat schon einen neueren Stand abgegeben. Nichts wurde verändert.`,
			`Outdated code: table ${table} has already handed in a newer state. Nothing was changed.`
		),
	inconsistent: (id: string): Problem =>
		problem(
			'inconsistent',
			`Ereignis ${id} ist hier schon mit anderem Inhalt gespeichert – der Code wurde verändert. Nichts wurde übernommen.`,
			`Event ${id} is already stored here with other content – the code was altered. Nothing was taken over.`
		),
	/** Past one of the bounds in src/lib/domain/limits.ts. */
	tooLarge: (what: 'bytes' | 'depth' | 'events', limit: number): Problem => {
		const [de, en] = {
			bytes: [
				`mehr als ${limit.toLocaleString('de')} Bytes`,
				`more than ${limit.toLocaleString('en')} bytes`
			],
			depth: [
				`ein Eintrag ist tiefer als ${limit} Ebenen verschachtelt`,
				`an entry is nested deeper than ${limit} levels`
			],
			events: [
				`mehr als ${limit.toLocaleString('de')} Ereignisse`,
				`more than ${limit.toLocaleString('en')} events`
			]
		}[what];
		return problem(
			'too-large',
			`Zu groß für eine Turnierdatei: ${de}. Nichts wurde übernommen.`,
			`Too large for a tournament file: ${en}. Nothing was taken over.`
		);
	},
	duplicateId: (id: string): Problem =>
		problem(
			'duplicate-id',
			`Die Datei enthält das Ereignis ${id} zweimal. Nichts wurde übernommen.`,
			`The file holds event ${id} twice. Nothing was taken over.`
		),
	/** A tablet joined by an older version holds no director's key to check what the director sends. */
	notPinned: (): Problem =>
		problem(
			'not-pinned',
			'Dieses Tablet kennt den Schlüssel der Turnierleitung noch nicht. Bitte zuerst einen neuen Tisch-Code der Turnierleitung einlesen.',
			'This tablet does not know the director’s key yet. Please read a new table code from the director first.'
		),
	/** A result code signed with another table's or round's key, or a table key used for what only the director may send. */
	notThisTable: (round: number, table: number): Problem =>
		problem(
			'forged',
			`Die Signatur passt nicht zu Runde ${round}, Tisch ${table}: ein Tisch kann nur sein eigenes Ergebnis abgeben. Nichts wurde übernommen.`,
			`The signature does not fit round ${round}, table ${table}: a table can only hand in its own result. Nothing was taken over.`
		),
	invalid: (de: string, en: string): Problem =>
		problem('invalid', `Der Inhalt ist ungültig: ${de}.`, `The content is invalid: ${en}.`)
};
