import type { DistributionRule, SeatingProblems } from '../../domain/problems';
import type { Locale } from '../../domain/numbers';
import { tallySizes } from '../../domain/seating/validate';
import { problemTexts } from './texts';

// Seating plans: drawn, generated, validated, and the table sizes the rules give.

/** "3 Tische zu 3, 1 Tisch zu 4" / "3 tables of 3, 1 table of 4", sizes in the order they come. */
export function describeSizes(sizes: readonly number[], locale: Locale): string {
	const counts = new Map<number, number>();
	for (const size of sizes) counts.set(size, (counts.get(size) ?? 0) + 1);
	return [...counts]
		.map(([size, count]) =>
			locale === 'de'
				? `${count} ${count === 1 ? 'Tisch' : 'Tische'} zu ${size}`
				: `${count} ${count === 1 ? 'table' : 'tables'} of ${size}`
		)
		.join(', ');
}

/** "1, 2 und 3" / "1, 2 and 3". */
export const list = (items: readonly number[], and: string) =>
	items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} ${and} ${items.at(-1)}`;

/** The rule behind the sizes a round should have (all but `plan`, which names the count instead). */
function ruleText(
	rule: Exclude<DistributionRule, 'plan'>,
	round: number,
	players: number,
	lang: Locale
): string {
	const de = {
		kept: `wie in Runde ${round - 1} (zweite Runde desselben Spiels, 000)`,
		binding: `nach der verbindlichen Tischverteilung für ${players} Spieler (000)`,
		swiss: 'Tische zu 4, der Rest zu 3 (002)',
		set: 'Tische so gleich wie möglich, bevorzugt zu 3 (004)'
	};
	const en = {
		kept: `as in round ${round - 1} (the second round of the same game, 000)`,
		binding: `by the binding table distribution for ${players} players (000)`,
		swiss: 'tables of 4, the rest of 3 (002)',
		set: 'tables as equal as possible, preferably of 3 (004)'
	};
	return (lang === 'de' ? de : en)[rule];
}

export const seatingTexts = problemTexts<keyof SeatingProblems>({
	'drawn-twice': {
		de: (p) => `Spieler doppelt in der Auslosung: ${p.players.join(', ')}.`,
		en: (p) => `Player listed twice for the draw: ${p.players.join(', ')}.`
	},
	'bad-rounds': {
		de: (p) => `Ungültige Rundenzahl: ${p.rounds} (1 bis ${p.max}).`,
		en: (p) => `Invalid number of rounds: ${p.rounds} (1 to ${p.max}).`
	},
	'bad-seating-request': {
		de: (p) => {
			switch (p.fault) {
				case 'players':
					return `Ungültige Spielerzahl: ${p.players}.`;
				case 'rounds':
					return `Ungültige Rundenzahl: ${p.rounds}.`;
				case 'lists':
					return `${p.lists} Listen von Tischgrößen für ${p.rounds} Runden.`;
				case 'table-size':
					return `Runde ${p.round}: ungültige Tischgröße in ${p.sizes.join(', ')}.`;
				case 'seats':
					return `Runde ${p.round}: ${p.seats} Plätze für ${p.players} Spieler.`;
			}
		},
		en: (p) => {
			switch (p.fault) {
				case 'players':
					return `Invalid number of players: ${p.players}.`;
				case 'rounds':
					return `Invalid number of rounds: ${p.rounds}.`;
				case 'lists':
					return `${p.lists} lists of table sizes for ${p.rounds} rounds.`;
				case 'table-size':
					return `Round ${p.round}: invalid table size in ${p.sizes.join(', ')}.`;
				case 'seats':
					return `Round ${p.round}: ${p.seats} seats for ${p.players} players.`;
			}
		}
	},
	'not-a-player': {
		de: (p) => `Runde ${p.round}, Tisch ${p.table}: ${p.player} ist keine Spielernummer (1–${p.count}).`,
		en: (p) => `Round ${p.round}, table ${p.table}: ${p.player} is not a player number (1–${p.count}).`
	},
	'plan-seated-twice': {
		de: (p) =>
			`Runde ${p.round}: Spieler ${p.player} sitzt ${p.tables.length}-mal (Tisch ${list(p.tables, 'und')}).`,
		en: (p) =>
			`Round ${p.round}: player ${p.player} is seated ${p.tables.length} times (tables ${list(p.tables, 'and')}).`
	},
	missing: {
		de: (p) =>
			`Runde ${p.round}: Spieler ${list(p.players, 'und')} ${p.players.length === 1 ? 'fehlt' : 'fehlen'}.`,
		en: (p) => {
			const one = p.players.length === 1;
			return `Round ${p.round}: player${one ? '' : 's'} ${list(p.players, 'and')} ${one ? 'is' : 'are'} missing.`;
		}
	},
	'table-too-small': {
		de: (p) => `Runde ${p.round}, Tisch ${p.table}: nur ${p.size} Spieler – ein Tisch braucht mindestens 3.`,
		en: (p) => `Round ${p.round}, table ${p.table}: only ${p.size} players – a table needs at least 3.`
	},
	'size-not-allowed': {
		de: (p) =>
			`Runde ${p.round}, Tisch ${p.table}: ${p.size} Spieler – im Format ${p.format} sind ${p.min}–${p.max} erlaubt.`,
		en: (p) =>
			`Round ${p.round}, table ${p.table}: ${p.size} players – the ${p.format} format allows ${p.min}–${p.max}.`
	},
	'sizes-uneven': {
		de: (p) =>
			p.expected === null
				? `Runde ${p.round}: Tische mit ${p.least} bis ${p.most} Spielern – die Größen dürfen sich höchstens um eins unterscheiden.`
				: `Runde ${p.round}: Tische mit ${p.least} bis ${p.most} Spielern – bei SET unterscheiden sich die Tischgrößen höchstens um eins (004); vorgesehen sind ${describeSizes(p.expected, 'de')}.`,
		en: (p) =>
			p.expected === null
				? `Round ${p.round}: tables of ${p.least} to ${p.most} players – sizes may differ by at most one.`
				: `Round ${p.round}: tables of ${p.least} to ${p.most} players – at SET table sizes differ by at most one (004); the rules give ${describeSizes(p.expected, 'en')}.`
	},
	'not-the-distribution': {
		de: (p) =>
			p.rule === 'plan'
				? `Runde ${p.round}: Tische ${tallySizes(p.sizes)} statt ${tallySizes(p.expected)} (Tischverteilung für ${p.count} Spieler).`
				: `Runde ${p.round}: ${describeSizes(p.sizes, 'de')} statt ${describeSizes(p.expected, 'de')} – ${ruleText(p.rule, p.round, p.count, 'de')}.`,
		en: (p) =>
			p.rule === 'plan'
				? `Round ${p.round}: tables ${tallySizes(p.sizes)} instead of ${tallySizes(p.expected)} (table distribution for ${p.count} players).`
				: `Round ${p.round}: ${describeSizes(p.sizes, 'en')} instead of ${describeSizes(p.expected, 'en')} – ${ruleText(p.rule, p.round, p.count, 'en')}.`
	},
	'repeated-opponents': {
		de: (p) =>
			`Spieler ${p.players[0]} und ${p.players[1]} treffen sich ${p.rounds.length}-mal (Runden ${list(p.rounds, 'und')}).`,
		en: (p) =>
			`Players ${p.players[0]} and ${p.players[1]} meet ${p.rounds.length} times (rounds ${list(p.rounds, 'and')}).`
	},
	'repeats-total': {
		de: (p) => {
			const known =
				p.known === null
					? ''
					: p.known.avoidable
						? ` Vermeidbar: ein Plan mit ${p.known.minimum} ist bekannt.`
						: ' Weniger geht nicht.';
			return `${p.extra} wiederholte Begegnung${p.extra === 1 ? '' : 'en'}; unvermeidbar sind mindestens ${p.lowerBound}.${known}`;
		},
		en: (p) => {
			const known =
				p.known === null
					? ''
					: p.known.avoidable
						? ` Avoidable: a plan with ${p.known.minimum} is known.`
						: ' There is no plan with fewer.';
			return `${p.extra} repeated meeting${p.extra === 1 ? '' : 's'}; at least ${p.lowerBound} cannot be avoided.${known}`;
		}
	},
	'bad-count': {
		de: (p) => `Ungültige Spielerzahl: ${p.count}.`,
		en: (p) => `Invalid number of players: ${p.count}.`
	},
	'no-rounds': {
		de: 'Der Plan hat keine Runde.',
		en: 'The plan has no round.'
	},
	'plan-seats-too-many': {
		de: (p) =>
			`Der Plan setzt ${p.seats} Spieler statt ${p.players}: Spielernummer${p.numbers.length === 1 ? '' : 'n'} ${list(p.numbers, 'und')} (Runde ${list(p.rounds, 'und')}) gibt es nicht.`,
		en: (p) =>
			`The plan seats ${p.seats} players, not ${p.players}: there is no player number${p.numbers.length === 1 ? '' : 's'} ${list(p.numbers, 'and')} (round${p.rounds.length === 1 ? '' : 's'} ${list(p.rounds, 'and')}).`
	},
	'cannot-rebalance': {
		de: 'Nach den Abmeldungen lassen sich keine Tische zu 3 oder 4 mehr bilden.',
		en: 'After the withdrawals no tables of 3 or 4 can be formed.'
	},
	'bad-move': {
		de: (p) =>
			`Runde ${p.round}: die Verschiebung von „${p.player}“ an Tisch ${p.toTable} passt nicht zum Sitzplan.`,
		en: (p) => `Round ${p.round}: moving "${p.player}" to table ${p.toTable} does not fit the seating.`
	},
	'sizes-unconfirmed': {
		de: (p, say) =>
			`${p.warnings.map(say).join(' ')} Abweichende Tischgrößen nur mit Bestätigung der Turnierleitung.`,
		en: (p, say) =>
			`${p.warnings.map(say).join(' ')} Table sizes that differ need the director's confirmation.`
	}
});
