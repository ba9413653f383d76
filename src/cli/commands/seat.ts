import { parseArgs } from 'node:util';
import { MAX_ROUNDS, seatingForFormat } from '../../lib/domain/seating/format-seating';
import { fail } from '../../lib/domain/result';
import { FORMATS, tooManyPlayers, type Format } from '../../lib/domain/tournament/tables';
import { printJson, usageError, type Command } from '../io';

const USAGE = `Aufruf: seat --format set|triominos|swiss --players N [--rounds R] [--seed S] [--json]

  Sitzplan für die Spieler 1..N, Runde für Runde, Sitzreihenfolge wie ausgelost
  (SET und Schweizer System: der Erste am Tisch ist der ausgeloste Startspieler).
  set        jede Runde neu, so wenige wiederholte Gegner wie möglich (Standard: 4 Runden)
  triominos  Runde 1+2 an denselben Tischen, Runde 3+4 neu ausgelost ohne bekannte Gegner, wo möglich
             (Standard: 4 Runden)
  swiss      nur Runde 1 (Auslosung): ab Runde 2 setzt die Rangliste die Tische, daher nur --rounds 1
  --seed S   wiederholt genau diese Auslosung; ohne --seed wird er aus der Uhrzeit gebildet und ausgegeben
  --json     { "rounds": [[[1, 5, 9], …], …], "repeats": …, "seed": "…" }

Usage: seat --format set|triominos|swiss --players N [--rounds R] [--seed S] [--json]
  Seating for players 1..N (1 to ${MAX_ROUNDS} rounds; default 4, swiss only 1). Without --seed the seed
  is taken from the clock and printed, so the draw can be repeated.`;

const int = (text: string | undefined) =>
	text !== undefined && /^-?\d+$/.test(text.trim()) ? Number(text) : NaN;

/** The JSON answer with one round per line, so a plan can be read as it is printed. */
function seatingJson(rounds: readonly number[][][], repeats: number, seed: string): string {
	const lines = rounds.map((round) => `    ${JSON.stringify(round).replaceAll(',', ', ')}`);
	return `{\n  "rounds": [\n${lines.join(',\n')}\n  ],\n  "repeats": ${repeats},\n  "seed": ${JSON.stringify(seed)}\n}`;
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
		if (values.json) printJson(io, { error: { message: seating.error.de, en: seating.error.en } });
		else io.err(`Fehler: ${seating.error.de}\nError: ${seating.error.en}`);
		return 1;
	}
	const { rounds: plan, repeats } = seating.value;
	if (values.json) {
		io.out(seatingJson(plan, repeats, seed));
		return 0;
	}
	const lines = plan.flatMap((round, r) => [
		`Runde ${r + 1}`,
		...round.map((table, t) => `  Tisch ${t + 1}: ${table.join(' · ')}`)
	]);
	const again = repeats === 0 ? 'keine wiederholten Gegner' : `wiederholte Begegnungen: ${repeats}`;
	io.out([...lines, '', `${again} — Seed: ${seed} (wiederholen mit --seed "${seed}")`].join('\n'));
	return 0;
};
