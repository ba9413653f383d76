import type { NameProblems, Place, TournamentProblems } from '../../domain/problems';
import type { Locale } from '../../domain/numbers';
import { FIELDS } from './bounds';
import { problemTexts } from './texts';

// A tournament's event log: its players, rounds, results, lots and final; the bounds of names and points.

/** Where a problem is, as the end of a sentence: " an Tisch 3 in Runde 2" / " at table 3 in round 2". */
function where(at: Place, lang: Locale): string {
	if (at === null) return '';
	if ('final' in at) return lang === 'de' ? ' im Finale' : ' in the final';
	if (at.table === undefined) return lang === 'de' ? ` in Runde ${at.round}` : ` in round ${at.round}`;
	return lang === 'de'
		? ` an Tisch ${at.table} in Runde ${at.round}`
		: ` at table ${at.table} in round ${at.round}`;
}

/** Why n players cannot be seated: no tables of 3 or 4 (Triominos, swiss), or fewer than SET's 6. */
const tooFew = {
	de: (n: number, format: 'triominos' | 'swiss') =>
		`${n === 1 ? 'Mit 1 Spieler' : `Mit ${n} Spielern`} lassen sich keine Tische zu 3 oder 4 Spielern bilden: ${
			format === 'triominos'
				? 'möglich ist ein einzelner Tisch mit 3 oder 4 Spielern oder ab 6 Spielern die Verteilung nach 000; als DM-Qualifikation zählt das Turnier erst ab 6 Spielern (RULES.md §6).'
				: 'möglich sind 3, 4 oder ab 6 Spieler (RULES.md §7).'
		}`,
	en: (n: number, format: 'triominos' | 'swiss') =>
		`${n === 1 ? '1 player' : `${n} players`} cannot be seated at tables of 3 or 4: ${
			format === 'triominos'
				? 'possible are a single table of 3 or 4, or from 6 players the distribution of 000; the tournament counts as a German championship qualifier only from 6 players (RULES.md §6).'
				: 'possible are 3, 4, or 6 and more players (RULES.md §7).'
		}`
};

/** The tournament's texts; those of names (`NameProblems`) are the round's (round.ts). */
export const tournamentTexts = problemTexts<Exclude<keyof TournamentProblems, keyof NameProblems>>({
	'not-created': {
		de: 'Das Turnier ist noch nicht angelegt.',
		en: 'The tournament has not been created.'
	},
	'already-created': {
		de: 'Das Turnier ist schon angelegt.',
		en: 'The tournament already exists.'
	},
	'duplicate-event': {
		de: (p) => `Ereignis ${p.id} ist schon erfasst.`,
		en: (p) => `Event ${p.id} was already applied.`
	},
	'bad-option': {
		de: (p) => `Ungültige Einstellung ${p.name}: ${p.value}.`,
		en: (p) => `Invalid option ${p.name}: ${p.value}.`
	},
	'duplicate-player': {
		de: (p) => `Spieler ${p.id} ist schon angemeldet.`,
		en: (p) => `Player ${p.id} is already registered.`
	},
	'registration-closed': {
		de: 'Nach Beginn der ersten Runde kann niemand mehr angemeldet werden.',
		en: 'No one can register once round 1 has started.'
	},
	'too-many-players': {
		de: (p) =>
			p.given === null
				? `Es sind höchstens ${p.max} Spieler zugelassen.`
				: `Höchstens ${p.max} Spieler je Turnier, nicht ${p.given}.`,
		en: (p) =>
			p.given === null
				? `At most ${p.max} players may take part.`
				: `At most ${p.max.toLocaleString('en-GB')} players per tournament, not ${p.given}.`
	},
	'unknown-player': {
		de: (p) => `Unbekannter Spieler „${p.id}“${where(p.at, 'de')}.`,
		en: (p) => `Unknown player "${p.id}"${where(p.at, 'en')}.`
	},
	'player-withdrawn': {
		de: (p) => `„${p.id}“ ist ab Runde ${p.round} ausgeschieden und kann nicht gesetzt werden.`,
		en: (p) => `"${p.id}" withdrew from round ${p.round} on and cannot be seated.`
	},
	'already-withdrawn': {
		de: (p) => `„${p.id}“ ist schon ausgeschieden.`,
		en: (p) => `"${p.id}" has already withdrawn.`
	},
	'withdraw-too-late': {
		de: (p) =>
			`Runde ${p.round} läuft schon: wer ein laufendes Spiel verlässt, wird im Tischergebnis markiert.`,
		en: (p) => `Round ${p.round} has started: a player leaving a running game is flagged in the table result.`
	},
	'wrong-round': {
		de: (p) => `Als Nächstes ist Runde ${p.expected} dran, nicht Runde ${p.round}.`,
		en: (p) => `The next round is ${p.expected}, not ${p.round}.`
	},
	'too-many-rounds': {
		de: (p) => `Runde ${p.round} gibt es nicht: die Vorrunde hat ${p.rounds} Runden.`,
		en: (p) => `There is no round ${p.round}: the prelims have ${p.rounds} rounds.`
	},
	'round-incomplete': {
		de: (p) => `In Runde ${p.round} fehlen noch Ergebnisse (Tisch ${p.tables.join(', ')}).`,
		en: (p) => `Round ${p.round} still lacks results (table ${p.tables.join(', ')}).`
	},
	'table-size': {
		de: (p) => `Tisch ${p.table} in Runde ${p.round} hat ${p.size} Spieler – erlaubt sind ${p.min}–${p.max}.`,
		en: (p) =>
			`Table ${p.table} in round ${p.round} has ${p.size} player${p.size === 1 ? '' : 's'}; ${p.min}–${p.max} are allowed.`
	},
	'seated-twice': {
		de: (p) => `„${p.id}“ sitzt zweimal${where(p.at, 'de')}.`,
		en: (p) => `"${p.id}" is seated twice${where(p.at, 'en')}.`
	},
	'not-seated': {
		de: (p) => `„${p.id}“ hat keinen Tisch${where(p.at, 'de')}.`,
		en: (p) => `"${p.id}" has no table${where(p.at, 'en')}.`
	},
	'round-not-opened': {
		de: (p) => `Runde ${p.round} hat nicht begonnen.`,
		en: (p) => `Round ${p.round} has not started.`
	},
	'no-such-table': {
		de: (p) => `In Runde ${p.round} gibt es keinen Tisch ${p.table}.`,
		en: (p) => `Round ${p.round} has no table ${p.table}.`
	},
	'round-locked': {
		de: (p) =>
			`Runde ${p.round} ist abgeschlossen: eine Änderung braucht eine Korrektur der Turnierleitung mit Begründung.`,
		en: (p) => `Round ${p.round} is locked: a change needs a director override with a reason.`
	},
	'already-locked': {
		de: (p) => `Runde ${p.round} ist schon abgeschlossen.`,
		en: (p) => `Round ${p.round} is already locked.`
	},
	'already-reported': {
		de: (p) => `Tisch ${p.table} in Runde ${p.round} hat schon gemeldet – bitte als Korrektur erfassen.`,
		en: (p) => `Table ${p.table} in round ${p.round} has already reported – enter a correction instead.`
	},
	'not-reported': {
		de: (p) =>
			`Tisch ${p.table} in Runde ${p.round} hat noch nichts gemeldet, es gibt nichts zu korrigieren.`,
		en: (p) => `Table ${p.table} in round ${p.round} has not reported; there is nothing to correct.`
	},
	'not-at-table': {
		de: (p) => `„${p.id}“ sitzt nicht${where(p.at, 'de')}.`,
		en: (p) => `"${p.id}" is not seated${where(p.at, 'en')}.`
	},
	'missing-score': {
		de: (p) => `Für „${p.id}“ fehlt das Ergebnis${where(p.at, 'de')}.`,
		en: (p) => `No result for "${p.id}"${where(p.at, 'en')}.`
	},
	'bad-score': {
		de: (p) => {
			const what =
				p.fault === 'not-whole'
					? `${FIELDS.de[p.field]} muss eine ganze Zahl${p.nonNegative ? ' ≥ 0' : ''} sein, nicht ${p.value}`
					: p.fault === 'set-needs-counts'
						? 'SET braucht gefundene SETs und Fehlrufe'
						: 'hier zählen Spielpunkte';
			return `Ungültiges Ergebnis für „${p.id}“${where(p.at, 'de')}: ${what}.`;
		},
		en: (p) => {
			const what =
				p.fault === 'not-whole'
					? `${FIELDS.en[p.field]} must be a whole number${p.nonNegative ? ' ≥ 0' : ''}, not ${p.value}`
					: p.fault === 'set-needs-counts'
						? 'SET needs SETs found and false calls'
						: 'this format counts game points';
			return `Invalid result for "${p.id}"${where(p.at, 'en')}: ${what}.`;
		}
	},
	'no-reason': {
		de: 'Eine Korrektur braucht eine Begründung.',
		en: 'A correction needs a reason.'
	},
	'bad-decision': {
		de: (p) =>
			({
				'lot-at-set': 'Bei SET entscheidet kein Los, sondern eine Zusatzrunde.',
				'play-off-not-set': 'Eine Zusatzrunde gibt es nur bei SET; hier entscheidet das Los.',
				'too-few': 'Ein Los oder eine Zusatzrunde ordnet mindestens zwei verschiedene Spieler.'
			})[p.fault],
		en: (p) =>
			({
				'lot-at-set': 'SET ties are settled by a play-off, not by lot.',
				'play-off-not-set': 'Only SET has play-offs; here a lot decides.',
				'too-few': 'A lot or play-off orders at least two different players.'
			})[p.fault]
	},
	'no-final': {
		de: 'Das Schweizer System hat kein Finale.',
		en: 'The swiss format has no final.'
	},
	'final-not-ready': {
		de: (p) =>
			p.fault === 'running'
				? 'Das Finale läuft schon.'
				: p.fault === 'prelims'
					? `Erst ${p.started} von ${p.rounds} Vorrunden haben begonnen.`
					: `Für den letzten Finalplatz ist noch ${p.format === 'set' ? 'eine Zusatzrunde' : 'ein Los'} nötig: ${p.players.join(', ')}.`,
		en: (p) =>
			p.fault === 'running'
				? 'The final has begun.'
				: p.fault === 'prelims'
					? `Only ${p.started} of ${p.rounds} prelim rounds have started.`
					: `The last place in the final still needs a ${p.format === 'set' ? 'play-off' : 'lot'}: ${p.players.join(', ')}.`
	},
	'final-not-opened': {
		de: 'Das Finale hat nicht begonnen.',
		en: 'The final has not started.'
	},
	'final-round': {
		de: (p) => `Runde ${p.round} gehört zum Finale: bitte als Finalergebnis melden.`,
		en: (p) => `Round ${p.round} belongs to the final: report it as a final result.`
	},
	'too-few-players': {
		de: (p) =>
			p.format === 'set'
				? `Ein SET-Turnier braucht mindestens 6 Spieler (RULES.md §8), nicht ${p.players}.`
				: tooFew.de(p.players, p.format),
		en: (p) =>
			p.format === 'set'
				? `A SET tournament needs at least 6 players (RULES.md §8), not ${p.players}.`
				: tooFew.en(p.players, p.format)
	},
	'not-a-qualifier': {
		de: (p) =>
			`Mit ${p.players} ${p.players === 1 ? 'Spieler' : 'Spielern'} zählt das Turnier nicht als Qualifikation zur Deutschen Meisterschaft (mindestens ${p.min}).`,
		en: (p) =>
			`With ${p.players} ${p.players === 1 ? 'player' : 'players'} the tournament does not count as a German championship qualifier (at least ${p.min}).`
	},
	'fraction-too-large': {
		de: (p) =>
			`Der Bruch ${p.num}/${p.den} ist zu groß für einen Code oder eine Datei (Zähler und Nenner höchstens ${p.max}); er würde ungenau. Nichts wurde geschrieben.`,
		en: (p) =>
			`The fraction ${p.num}/${p.den} is too large for a code or file (numerator and denominator at most ${p.max}); it would lose precision. Nothing was written.`
	}
});
