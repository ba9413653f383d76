import type { RoundProblems } from '../../domain/problems';
import { MAX_PLAYERS, MIN_PLAYERS } from '../../domain/rules';
import { problemTexts } from './texts';

// The round at the table: its setup, each action, the hands at the end, undo and corrections.

/** "1 Stein" / "3 Steine". */
const steine = (n: number) => (n === 1 ? '1 Stein' : `${n} Steine`);
/** "1 tile" / "3 tiles". */
const tiles = (n: number) => (n === 1 ? '1 tile' : `${n} tiles`);

export const roundTexts = problemTexts<keyof RoundProblems>({
	'player-count': {
		de: (p) => `Eine Runde braucht ${MIN_PLAYERS} bis ${MAX_PLAYERS} Spieler, nicht ${p.count}.`,
		en: (p) => `A round needs ${MIN_PLAYERS} to ${MAX_PLAYERS} players, not ${p.count}.`
	},
	'empty-name': {
		de: (p) => (p.at === 'table' ? 'Ein Spielername ist leer.' : 'Der Name ist leer.'),
		en: (p) => (p.at === 'table' ? 'A player name is empty.' : 'The name is empty.')
	},
	'bad-name': {
		de: (p) =>
			`Der Name „${p.name}“ enthält einen Zeilenumbruch oder ein Steuerzeichen – bitte in einer Zeile schreiben.`,
		en: (p) =>
			`The name "${p.name}" contains a line break or a control character – please write it on one line.`
	},
	'duplicate-name': {
		de: (p) =>
			p.at === 'table' ? `„${p.name}“ sitzt zweimal am Tisch.` : `„${p.name}“ ist schon angemeldet.`,
		en: (p) =>
			p.at === 'table' ? `"${p.name}" is seated twice at the table.` : `"${p.name}" is already registered.`
	},
	'bad-start': {
		de: 'Der Startspieler sitzt nicht am Tisch.',
		en: 'The start player is not at the table.'
	},
	'bad-pool': {
		de: (p) => `Der Vorrat kann nach dem Austeilen nur 0 bis ${p.max} Steine haben, nicht ${p.pool}.`,
		en: (p) => `After dealing the pool holds 0 to ${p.max} tiles, not ${p.pool}.`
	},
	'draw-final-lap': {
		de: (p) => `${p.player} darf in der letzten Runde keinen Stein kaufen (000 §Spielende).`,
		en: (p) => `${p.player} may not buy in the final lap.`
	},
	'fourth-draw': {
		de: (p) =>
			`${p.player} hat schon drei Steine gekauft – mehr sind nicht erlaubt; jetzt legen oder passen.`,
		en: (p) => `${p.player} already bought three tiles – no more are allowed; lay or pass now.`
	},
	'empty-pool': {
		de: (p) => `Der Vorrat ist leer – ${p.player} kann nicht kaufen, nur legen oder passen (−10).`,
		en: (p) => `The pool is empty – ${p.player} cannot buy, only lay or pass (−10).`
	},
	'bad-value': {
		de: (p) => `Ein Stein ist 0 bis 15 Punkte wert, nicht ${p.value}.`,
		en: (p) => `A tile is worth 0 to 15 points, not ${p.value}.`
	},
	'value-mismatch': {
		de: (p) => `Der Stein ${p.tile} ist ${p.worth} wert, nicht ${p.value}.`,
		en: (p) => `Tile ${p.tile} is worth ${p.worth}, not ${p.value}.`
	},
	'tile-twice': {
		de: (p) =>
			`Den Stein ${p.tile} gibt es nur einmal – ${p.at === 'laid' ? 'er wurde schon gelegt' : 'er kommt schon vor'}.`,
		en: (p) =>
			`There is only one ${p.tile} tile – ${p.at === 'laid' ? 'it has already been laid' : 'it already appears'}.`
	},
	'no-tiles': {
		de: (p) => `${p.player} hat keine Steine mehr.`,
		en: (p) => `${p.player} has no tiles left.`
	},
	'out-with-tiles': {
		de: (p) => `${p.player} hat noch ${steine(p.held)} – das ist nicht der letzte Stein.`,
		en: (p) => `${p.player} still holds ${tiles(p.held)} – this is not the last one.`
	},
	'last-tile-unmarked': {
		de: (p) => `Das ist der letzte Stein von ${p.player} – als „letzter Stein“ (out) eintragen.`,
		en: (p) => `This is ${p.player}'s last tile – record it as the last tile ("out").`
	},
	'opening-bonus': {
		de: 'Der erste Stein der Runde kann keine Brücke und kein Sechseck bilden.',
		en: "The round's first tile cannot make a bridge or a hexagon."
	},
	'early-pass': {
		de: (p) =>
			`${p.player} darf erst nach drei Käufen passen, solange der Vorrat Steine hat (gekauft: ${p.draws}).`,
		en: (p) =>
			`${p.player} may pass only after three purchases while the pool has tiles (bought: ${p.draws}).`
	},
	'settle-early': {
		de: (p) =>
			p.settled
				? 'Die Runde ist schon abgerechnet.'
				: 'Die Runde läuft noch – abgerechnet wird erst am Ende.',
		en: (p) =>
			p.settled
				? 'The round has already been settled.'
				: 'The round is still running – it is settled only at the end.'
	},
	'round-over': {
		de: 'Die Runde ist zu Ende – es folgt kein Zug mehr.',
		en: 'The round is over – no more turns follow.'
	},
	'hands-count': {
		de: (p) => `Es fehlen Hände: ${p.players} Spieler.`,
		en: (p) => `Hands are missing: ${p.players} players.`
	},
	'hand-missing': {
		de: (p) => `${p.player} hält noch ${steine(p.held)} – die Angabe fehlt.`,
		en: (p) => `${p.player} still holds ${tiles(p.held)} – their hand is missing.`
	},
	'hand-size': {
		de: (p) => `${p.player} hält ${steine(p.held)}, angegeben: ${p.given}.`,
		en: (p) => `${p.player} holds ${tiles(p.held)}, given: ${p.given}.`
	},
	'hand-sum': {
		de: (p) =>
			p.held === 0
				? `${p.player} hat keine Steine mehr – der Rest muss 0 sein, nicht ${p.sum}.`
				: `${p.player} hält ${steine(p.held)}: ihre Summe liegt zwischen ${p.min} und ${p.max}, nicht bei ${p.sum}.`,
		en: (p) =>
			p.held === 0
				? `${p.player} holds no tiles – the rest must be 0, not ${p.sum}.`
				: `${p.player} holds ${tiles(p.held)}: their sum lies between ${p.min} and ${p.max}, not ${p.sum}.`
	},
	'no-such-turn': {
		de: 'Diesen Zug gibt es (noch) nicht – nur gespielte Züge lassen sich korrigieren.',
		en: 'There is no such turn (yet) – only turns played can be corrected.'
	},
	'incomplete-correction': {
		de: 'Eine Korrektur ersetzt einen ganzen Zug: bis zu drei Käufe, dann Legen oder Passen.',
		en: 'A correction replaces a whole turn: up to three purchases, then a lay or a pass.'
	},
	'nothing-to-undo': {
		de: 'Es gibt nichts rückgängig zu machen.',
		en: 'There is nothing to undo.'
	},
	'bad-tile': {
		de: (p) => `„${p.text}“ ist kein Stein: erwartet drei Zahlen wie 3-4-5.`,
		en: (p) => `"${p.text}" is not a tile: expected three numbers like 3-4-5.`
	},
	'bad-tile-number': {
		de: (p) => `„${p.text}“: auf einem Stein stehen nur die Zahlen 0 bis 5.`,
		en: (p) => `"${p.text}": a tile carries only the numbers 0 to 5.`
	}
});
