import { parseArgs } from 'node:util';
import { MAX_ROUNDS, seatingForFormat, type FormatSeating } from '../../lib/domain/seating/format-seating';
import { fail } from '../../lib/domain/result';
import { FORMATS, tooManyPlayers, type Format } from '../../lib/domain/tournament/tables';
import { printJson, problemMessage, usageError, type Command } from '../io';

const USAGE = `Aufruf: seat --format set|triominos|swiss --players N [--rounds R] [--seed S] [--json]

  Sitzplan für die Spieler 1..N, Runde für Runde, Sitzreihenfolge wie ausgelost
  (SET und Schweizer System: der Erste am Tisch ist der ausgeloste Startspieler).
  set        jede Runde neu, so wenige wiederholte Gegner wie möglich (Standard: 4 Runden)
  triominos  Runde 1+2 an denselben Tischen, Runde 3+4 neu ausgelost ohne bekannte Gegner, wo möglich
             (Standard: 4 Runden)
  swiss      Runde 1 wird ausgelost; ab Runde 2 setzt die Rangliste der Runde davor die Tische
             (Tisch 1 = Plätze 1–4, …, die 3er-Tische unten). Vor den Ergebnissen kennt das niemand:
             "rounds" enthält nur Runde 1, "byStandings" die Regel für Runde 2 bis R (Tische als Plätze
             der Rangliste). Standard: --rounds 1
  --seed S   wiederholt genau diese Auslosung; ohne --seed wird er aus der Uhrzeit gebildet und ausgegeben
  --json     { "rounds": [[[1, 5, 9], …], …], "repeats": …, "seed": "…" }
             swiss mit --rounds R > 1 zusätzlich: "byStandings": { "fromRound": 2, "toRound": R,
             "places": [[1, 2, 3, 4], [5, 6, 7, 8], …] }

Usage: seat --format set|triominos|swiss --players N [--rounds R] [--seed S] [--json]
  Seating for players 1..N (1 to ${MAX_ROUNDS} rounds; default 4, swiss 1). Without --seed the seed
  is taken from the clock and printed, so the draw can be repeated. Swiss: round 1 is drawn; rounds 2..R
  are seated by the standings of the round before (table 1 = places 1–4, …), unknown before the results:
  "rounds" holds round 1 only and "byStandings" the rule for rounds 2..R, tables as places.`;

const int = (text: string | undefined) =>
	text !== undefined && /^-?\d+$/.test(text.trim()) ? Number(text) : NaN;

const compact = (value: unknown) => JSON.stringify(value).replaceAll(',', ', ').replaceAll(':', ': ');

/** The JSON answer with one round per line, so a plan can be read as it is printed. */
function seatingJson({ rounds, repeats, seed, byStandings }: FormatSeating): string {
	const lines = rounds.map((round) => `    ${compact(round)}`);
	const later = byStandings ? `,\n  "byStandings": ${compact(byStandings)}` : '';
	return `{\n  "rounds": [\n${lines.join(',\n')}\n  ],\n  "repeats": ${repeats},\n  "seed": ${JSON.stringify(seed)}${later}\n}`;
}

/** The swiss rule for rounds 2..R, for people, in German and English. */
function standingsRule({ fromRound, toRound, places }: NonNullable<FormatSeating['byStandings']>): string[] {
	const one = fromRound === toRound;
	const de = one ? `Runde ${fromRound}` : `Runden ${fromRound}–${toRound}`;
	const en = one ? `Round ${fromRound}` : `Rounds ${fromRound}–${toRound}`;
	const span = (table: number[]) => (table.length ? `${table[0]}–${table.at(-1)}` : '');
	return [
		`${de}: nach der Rangliste der Runde davor – erst nach deren Ergebnissen bekannt`,
		...places.map((table, t) => `  Tisch ${t + 1}: Plätze ${span(table)}`),
		'  Sitzreihenfolge am Tisch ausgelost; die Rangliste gibt „standings DATEI.json“.',
		`  (${en}: by the standings of the round before, known only after its results;`,
		'  table 1 = places 1–4, …; seat order drawn at each table.)'
	];
}

/** `seat --format F --players N [--rounds R] [--seed S] [--json]`: a seating plan (RULES.md §6–8). */
export const seat: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: {
			format: { type: 'string' },
			players: { type: 'string' },
			rounds: { type: 'string' },
			seed: { type: 'string' },
			json: { type: 'boolean', default: false },
			help: { type: 'boolean', short: 'h', default: false }
		}
	});
	if (values.help) {
		io.out(USAGE);
		return 0;
	}
	const format = values.format?.toLowerCase() as Format;
	if (!FORMATS.includes(format)) {
		return usageError(
			io,
			`unbekanntes oder fehlendes Format „${values.format ?? ''}“ (set, triominos, swiss); Hilfe: seat --help`,
			`unknown or missing format "${values.format ?? ''}" (set, triominos, swiss); help: seat --help`
		);
	}
	const players = int(values.players);
	const rounds = values.rounds === undefined ? (format === 'swiss' ? 1 : 4) : int(values.rounds);
	if (positionals.length > 0 || Number.isNaN(players) || Number.isNaN(rounds)) {
		return usageError(
			io,
			'--players und --rounds brauchen ganze Zahlen; Hilfe: seat --help',
			'--players and --rounds take whole numbers; help: seat --help'
		);
	}
	const seed = values.seed ?? new Date().toISOString();
	const seating = Number.isSafeInteger(players)
		? seatingForFormat(format, players, rounds, seed)
		: fail(tooManyPlayers(values.players!.trim()));
	if (!seating.ok) {
		const error = problemMessage(seating.error);
		if (values.json) printJson(io, { error });
		else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
		return 1;
	}
	const { rounds: plan, repeats, byStandings } = seating.value;
	if (values.json) {
		io.out(seatingJson(seating.value));
		return 0;
	}
	const lines = plan.flatMap((round, r) => [
		`Runde ${r + 1}`,
		...round.map((table, t) => `  Tisch ${t + 1}: ${table.join(' · ')}`)
	]);
	if (byStandings) lines.push(...standingsRule(byStandings));
	const again = repeats === 0 ? 'keine wiederholten Gegner' : `wiederholte Begegnungen: ${repeats}`;
	io.out([...lines, '', `${again} — Seed: ${seed} (wiederholen mit --seed "${seed}")`].join('\n'));
	return 0;
};
