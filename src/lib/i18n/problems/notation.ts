import type { Locale } from '../../domain/numbers';
import type { NotationProblems, RecordProblem } from '../../domain/problems';
import { boundsTexts } from './bounds';
import { roundTexts } from './round';
import { BONUSES } from '../../domain/rules';
import { problemTexts, textIn } from './texts';

/** Reading a `.trn` record (docs/NOTATION.md). */
export const notationTexts = problemTexts<keyof NotationProblems>({
	'record-too-large': {
		de: (p) =>
			`Die Datei ist zu groß für die Aufzeichnung einer Runde: mehr als ${p.max.toLocaleString('de')} Bytes.`,
		en: (p) => `The file is too large for a round's record: more than ${p.max.toLocaleString('en')} bytes.`
	},
	'open-quote': {
		de: 'Ein Anführungszeichen ist nicht geschlossen: ein Name in Anführungszeichen endet mit " (ein " im Namen wird "" geschrieben).',
		en: 'A double quote is not closed: a quoted name ends with " (a " inside the name is written "").'
	},
	'after-quote': {
		de: (p) => `Nach dem Namen „${p.name}“ in Anführungszeichen folgt „${p.rest}“ – erwartet „,“ oder „:“.`,
		en: (p) => `After the quoted name "${p.name}" comes "${p.rest}" – expected "," or ":".`
	},
	'empty-turn': {
		de: (p) => `Der Zug von ${p.player} ist leer: erwartet z. B. „d d 7“, „12 bridge“ oder „d d d pass“.`,
		en: (p) => `${p.player}'s turn is empty: expected e.g. "d d 7", "12 bridge" or "d d d pass".`
	},
	'too-many-draws': {
		de: (p) => `${p.player} kauft ${p.draws}-mal – höchstens drei Käufe pro Zug (000 §Spielsteine kaufen).`,
		en: (p) => `${p.player} buys ${p.draws} times – at most three purchases a turn.`
	},
	'after-pass': {
		de: (p) => `Nach „pass“ darf nichts mehr folgen, hier steht „${p.rest}“.`,
		en: (p) => `Nothing may follow "pass"; found "${p.rest}".`
	},
	'no-such-value': {
		de: (p) => `Kein Stein hat den Wert ${p.value} – Werte gehen von 0 bis 15.`,
		en: (p) => `No tile is worth ${p.value} – values run from 0 to 15.`
	},
	'draw-after': {
		de: 'Käufe („d“) stehen vor dem Stein.',
		en: 'Purchases ("d") come before the tile.'
	},
	'bad-token': {
		de: (p) =>
			p.after === 'start'
				? `„${p.token}“ verstehe ich nicht: erwartet „d“, einen Steinwert 0–15, einen Stein wie 3-4-5 oder „pass“.`
				: `„${p.token}“ verstehe ich nicht: nach dem Stein folgen nur ein Bonus (${BONUSES.join(', ')}) und „out“.`,
		en: (p) =>
			p.after === 'start'
				? `Cannot read "${p.token}": expected "d", a tile value 0–15, a tile like 3-4-5, or "pass".`
				: `Cannot read "${p.token}": after the tile come only a bonus (${BONUSES.join(', ')}) and "out".`
	},
	'two-bonuses': {
		de: 'Nur ein Bonus pro Stein – der höchste zählt (000 §Sonderpunkte); hier stehen zwei.',
		en: 'Only one bonus per tile – the highest counts; two were given.'
	},
	'bonus-after-out': {
		de: 'Der Bonus steht vor „out“.',
		en: 'The bonus comes before "out".'
	},
	'hands-player': {
		de: (p) => `„${p.entry}“: unbekannter Spieler – erwartet „Name Summe“ oder „Name Steine“.`,
		en: (p) => `"${p.entry}": unknown player – expected "name sum" or "name tiles".`
	},
	'hands-twice': {
		de: (p) => `${p.player} steht zweimal in „Hands:“.`,
		en: (p) => `${p.player} appears twice.`
	},
	'hands-empty': {
		de: (p) => `Bei ${p.player} fehlt die Summe oder die Steine.`,
		en: (p) => `${p.player}'s sum or tiles are missing.`
	},
	'hands-token': {
		de: (p, say) =>
			`Bei ${p.player}: ${say(p.problem)} Angabe als Summe („${p.player} 14“) oder als Steine („${p.player} 3-4-4 0-0-1“).`,
		en: (p, say) =>
			`For ${p.player}: ${say(p.problem)} Give a sum ("${p.player} 14") or tiles ("${p.player} 3-4-4 0-0-1").`
	},
	'bad-rules': {
		de: (p) => `Unbekannte Regeln „${p.rules}“ – erlaubt: tournament, classic.`,
		en: (p) => `Unknown rules "${p.rules}" – allowed: tournament, classic.`
	},
	'bad-tiles': {
		de: (p) => `„Tiles: ${p.tiles}“ – es gibt das Spiel mit 56 oder 76 Steinen.`,
		en: (p) => `"Tiles: ${p.tiles}" – the game has 56 or 76 tiles.`
	},
	'bad-scoring': {
		de: (p) => `Unbekannte Wertung „${p.scoring}“ – erlaubt: standard, kids.`,
		en: (p) => `Unknown scoring "${p.scoring}" – allowed: standard, kids.`
	},
	'kids-tournament': {
		de: 'Die Kinderwertung gibt es nur zu den klassischen Regeln („Rules: classic“).',
		en: "Kids' scoring exists only with the classic rules."
	},
	'no-players': {
		de: '„Players:“ fehlt – die Spieler müssen vor dem ersten Zug stehen.',
		en: '"Players:" is missing – the players must be listed before the first turn.'
	},
	'reserved-name': {
		de: (p) =>
			`„${p.name}“ ist ein Schlüsselwort – als Spielername in Anführungszeichen schreiben: "${p.name}".`,
		en: (p) => `"${p.name}" is a keyword – write it in double quotes as a player name: "${p.name}".`
	},
	'start-not-listed': {
		de: (p) => `Startspieler „${p.start}“ steht nicht unter „Players:“.`,
		en: (p) => `Start player "${p.start}" is not listed under "Players:".`
	},
	'pool-not-a-count': {
		de: (p) => `„Pool: ${p.pool}“ ist keine Anzahl.`,
		en: (p) => `"Pool: ${p.pool}" is not a count.`
	},
	'no-colon': {
		de: (p) => `„${p.statement}“: jede Zeile hat die Form „Name: Zug“ oder „Schlüssel: Wert“.`,
		en: (p) => `"${p.statement}": every line reads "name: turn" or "key: value".`
	},
	'late-header': {
		de: (p) => `„${p.key}:“ muss vor dem ersten Zug stehen.`,
		en: (p) => `"${p.key}:" must come before the first turn.`
	},
	'header-twice': {
		de: (p) => `„${p.key}:“ steht zweimal.`,
		en: (p) => `"${p.key}:" appears twice.`
	},
	'after-hands': {
		de: 'Nach „Hands:“ ist die Runde abgerechnet – es folgt nichts mehr.',
		en: 'After "Hands:" the round is settled – nothing may follow.'
	},
	'open-turn': {
		de: (p) => `${p.player} hat gekauft, aber weder gelegt noch gepasst – der Zug ist unvollständig.`,
		en: (p) => `${p.player} bought but neither laid nor passed – the turn is incomplete.`
	},
	'unknown-key': {
		de: (p) => `„${p.key}“ ist weder ein Spieler am Tisch (${p.players.join(', ')}) noch ein Schlüsselwort.`,
		en: (p) => `"${p.key}" is neither a player at the table (${p.players.join(', ')}) nor a keyword.`
	},
	'turn-after-end': {
		de: (p) =>
			p.settle
				? `Die Runde ist zu Ende – jetzt fehlt nur „Hands:“, kein Zug von ${p.player}.`
				: `Die Runde ist zu Ende – kein Zug von ${p.player} mehr.`,
		en: (p) =>
			p.settle
				? `The round is over – only "Hands:" is missing, not a turn by ${p.player}.`
				: `The round is over – no more turns by ${p.player}.`
	},
	'out-of-turn': {
		de: (p) => `${p.player} ist nicht an der Reihe – jetzt ist ${p.expected} dran.`,
		en: (p) => `It is not ${p.player}'s turn – ${p.expected} plays now.`
	}
});

const RECORD = { ...notationTexts, ...roundTexts, ...boundsTexts };

/** What a problem of a record says: for the record's import at the table, which loads no other texts. */
export function recordProblemText(problem: RecordProblem, lang: Locale): string {
	return textIn(RECORD, problem, lang, (inner) => recordProblemText(inner as RecordProblem, lang));
}
