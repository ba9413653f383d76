import { processIO, usageError, type CliIO, type Command } from './io';
import { sheet } from './commands/sheet';
import { tables } from './commands/tables';
import { seat } from './commands/seat';
import { announce } from './commands/announce';
import { standings } from './commands/standings';

const commands: Record<string, Command> = {
	sheet,
	announce,
	tables,
	seat,
	standings
};

const HELP = `wertungsblatt – Triominos-Wertungsblatt auf der Kommandozeile

  sheet FILE.trn [FILE.trn …] [--json]     Wertungsblatt einer Runde / score a round record
  announce [--json] "TEXT"                 Ansage prüfen / check an announcement
  tables N --format triominos|swiss|set    Tischverteilung / table sizes
  standings --json FILE.json               Rangliste / standings
  seat --format F --players N --rounds R   Sitzplan / seating plan
`;

/** node:util parseArgs errors (an unknown option, a missing value) in German and English; null for others. */
function argumentError(error: unknown): { de: string; en: string } | null {
	const code = error instanceof Error && 'code' in error ? error.code : null;
	if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS_')) return null;
	const option = /'(-[^' ]*)/.exec((error as Error).message)?.[1] ?? '';
	if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
		return {
			de: `unbekannte Option „${option}“ (Hilfe: wertungsblatt --help)`,
			en: `unknown option "${option}" (help: wertungsblatt --help)`
		};
	}
	if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
		return {
			de: `Option „${option}“: der Wert fehlt oder ist hier nicht erlaubt`,
			en: `option "${option}": its value is missing or not allowed here`
		};
	}
	return { de: `ungültiger Aufruf (${(error as Error).message})`, en: (error as Error).message };
}

/** Runs one command line; returns the exit code. Errors are printed, never thrown at the user. */
export async function main(argv: string[], io: CliIO = processIO): Promise<number> {
	const [name, ...rest] = argv;
	if (!name || name === '--help' || name === '-h' || name === 'help') {
		io.out(HELP);
		return name ? 0 : 2;
	}
	const command = commands[name];
	if (!command) {
		return usageError(io, `unbekannter Befehl „${name}“\n${HELP}`, `unknown command "${name}"`);
	}
	try {
		return await command(rest, io);
	} catch (error) {
		const args = argumentError(error);
		if (args) return usageError(io, args.de, args.en);
		const text = error instanceof Error ? error.message : String(error);
		return usageError(io, text, text);
	}
}
