import { problem, type Problem } from '../result';

/** Where a problem is, in both languages: " an Tisch 3 in Runde 2" / " at table 3 in round 2". */
export interface Where {
	readonly de: string;
	readonly en: string;
}

const NOWHERE: Where = { de: '', en: '' };

/** Why an event was refused, in German and English; `where` names the round/table it concerns. */
export const refusal = {
	notCreated: () =>
		problem('not-created', 'Das Turnier ist noch nicht angelegt.', 'The tournament has not been created.'),
	alreadyCreated: () =>
		problem('already-created', 'Das Turnier ist schon angelegt.', 'The tournament already exists.'),
	duplicateEvent: (id: string) =>
		problem('duplicate-event', `Ereignis ${id} ist schon erfasst.`, `Event ${id} was already applied.`),
	badOption: (name: string, value: unknown) =>
		problem(
			'bad-option',
			`Ungültige Einstellung ${name}: ${String(value)}.`,
			`Invalid option ${name}: ${String(value)}.`
		),
	emptyName: () => problem('empty-name', 'Der Name ist leer.', 'The name is empty.'),
	duplicateName: (name: string) =>
		problem('duplicate-name', `„${name}“ ist schon angemeldet.`, `"${name}" is already registered.`),
	duplicatePlayerId: (id: string) =>
		problem('duplicate-player', `Spieler ${id} ist schon angemeldet.`, `Player ${id} is already registered.`),
	registrationClosed: () =>
		problem(
			'registration-closed',
			'Nach Beginn der ersten Runde kann niemand mehr angemeldet werden.',
			'No one can register once round 1 has started.'
		),
	tooManyPlayers: (max: number) =>
		problem(
			'too-many-players',
			`Es sind höchstens ${max} Spieler zugelassen.`,
			`At most ${max} players may take part.`
		),
	unknownPlayer: (id: string, where: Where = NOWHERE) =>
		problem(
			'unknown-player',
			`Unbekannter Spieler „${id}“${where.de}.`,
			`Unknown player "${id}"${where.en}.`
		),
	withdrawn: (id: string, round: number) =>
		problem(
			'player-withdrawn',
			`„${id}“ ist ab Runde ${round} ausgeschieden und kann nicht gesetzt werden.`,
			`"${id}" withdrew from round ${round} on and cannot be seated.`
		),
	alreadyWithdrawn: (id: string) =>
		problem('already-withdrawn', `„${id}“ ist schon ausgeschieden.`, `"${id}" has already withdrawn.`),
	withdrawTooLate: (round: number) =>
		problem(
			'withdraw-too-late',
			`Runde ${round} läuft schon: wer ein laufendes Spiel verlässt, wird im Tischergebnis markiert.`,
			`Round ${round} has started: a player leaving a running game is flagged in the table result.`
		),
	wrongRound: (round: number, expected: number) =>
		problem(
			'wrong-round',
			`Als Nächstes ist Runde ${expected} dran, nicht Runde ${round}.`,
			`The next round is ${expected}, not ${round}.`
		),
	tooManyRounds: (round: number, rounds: number) =>
		problem(
			'too-many-rounds',
			`Runde ${round} gibt es nicht: die Vorrunde hat ${rounds} Runden.`,
			`There is no round ${round}: the prelims have ${rounds} rounds.`
		),
	roundIncomplete: (round: number, tables: readonly number[]) =>
		problem(
			'round-incomplete',
			`In Runde ${round} fehlen noch Ergebnisse (Tisch ${tables.join(', ')}).`,
			`Round ${round} still lacks results (table ${tables.join(', ')}).`
		),
	tableSize: (size: number, round: number, table: number, allowed: string) =>
		problem(
			'table-size',
			`Tisch ${table} in Runde ${round} hat ${size} Spieler – erlaubt sind ${allowed}.`,
			`Table ${table} in round ${round} has ${size} player${size === 1 ? '' : 's'}; ${allowed} are allowed.`
		),
	seatedTwice: (id: string, where: Where) =>
		problem('seated-twice', `„${id}“ sitzt zweimal${where.de}.`, `"${id}" is seated twice${where.en}.`),
	notSeated: (id: string, where: Where) =>
		problem('not-seated', `„${id}“ hat keinen Tisch${where.de}.`, `"${id}" has no table${where.en}.`),
	roundNotOpened: (round: number) =>
		problem('round-not-opened', `Runde ${round} hat nicht begonnen.`, `Round ${round} has not started.`),
	noSuchTable: (round: number, table: number) =>
		problem(
			'no-such-table',
			`In Runde ${round} gibt es keinen Tisch ${table}.`,
			`Round ${round} has no table ${table}.`
		),
	roundLocked: (round: number) =>
		problem(
			'round-locked',
			`Runde ${round} ist abgeschlossen: eine Änderung braucht eine Korrektur der Turnierleitung mit Begründung.`,
			`Round ${round} is locked: a change needs a director override with a reason.`
		),
	alreadyLocked: (round: number) =>
		problem('already-locked', `Runde ${round} ist schon abgeschlossen.`, `Round ${round} is already locked.`),
	alreadyReported: (round: number, table: number) =>
		problem(
			'already-reported',
			`Tisch ${table} in Runde ${round} hat schon gemeldet – bitte als Korrektur erfassen.`,
			`Table ${table} in round ${round} has already reported – enter a correction instead.`
		),
	notReported: (round: number, table: number) =>
		problem(
			'not-reported',
			`Tisch ${table} in Runde ${round} hat noch nichts gemeldet, es gibt nichts zu korrigieren.`,
			`Table ${table} in round ${round} has not reported; there is nothing to correct.`
		),
	notAtTable: (id: string, where: Where) =>
		problem('not-at-table', `„${id}“ sitzt nicht${where.de}.`, `"${id}" is not seated${where.en}.`),
	missingScore: (id: string, where: Where) =>
		problem(
			'missing-score',
			`Für „${id}“ fehlt das Ergebnis${where.de}.`,
			`No result for "${id}"${where.en}.`
		),
	badScore: (id: string, what: Where, where: Where) =>
		problem(
			'bad-score',
			`Ungültiges Ergebnis für „${id}“${where.de}: ${what.de}.`,
			`Invalid result for "${id}"${where.en}: ${what.en}.`
		),
	noReason: () =>
		problem('no-reason', 'Eine Korrektur braucht eine Begründung.', 'A correction needs a reason.'),
	badDecision: (de: string, en: string) => problem('bad-decision', de, en),
	noFinal: () =>
		problem('no-final', 'Das Schweizer System hat kein Finale.', 'The swiss format has no final.'),
	finalNotReady: (de: string, en: string) => problem('final-not-ready', de, en),
	finalNotOpened: () =>
		problem('final-not-opened', 'Das Finale hat nicht begonnen.', 'The final has not started.'),
	useFinalReported: (round: number) =>
		problem(
			'final-round',
			`Runde ${round} gehört zum Finale: bitte als Finalergebnis melden.`,
			`Round ${round} belongs to the final: report it as a final result.`
		)
} satisfies Record<string, (...args: never[]) => Problem>;

/** The place of a round, or of a table in it. */
export function at(round: number, table?: number): Where {
	return table === undefined
		? { de: ` in Runde ${round}`, en: ` in round ${round}` }
		: { de: ` an Tisch ${table} in Runde ${round}`, en: ` at table ${table} in round ${round}` };
}
