import { argumentProblem, processIO, usageError, type CliIO, type Command } from './io';
import { sheet } from './commands/sheet';
import { tables } from './commands/tables';
import { seat } from './commands/seat';
import { announce } from './commands/announce';
import { standings } from './commands/standings';
import { publish } from './commands/publish';
import { season } from './commands/season';
import { unpublish } from './commands/unpublish';

const commands: Record<string, Command> = {
	sheet,
	announce,
	tables,
	seat,
	standings,
	publish,
	season,
	unpublish
};

const HELP = `wertungsblatt – Triominos-Wertungsblatt auf der Kommandozeile

  sheet FILE.trn [FILE.trn …] [--json]     Wertungsblatt einer Runde / score a round record
  announce [--json] "TEXT"                 Ansage prüfen / check an announcement
  tables N --format triominos|swiss|set    Tischverteilung / table sizes
  standings [--json] FILE.json             Rangliste / standings (auch / also: Export, .wbsync)
                                           (optional in der Datei / in the file: "options": { "maxPlayers": 40 })
  publish --to URL [--key KEYFILE] [--json] FILE.json|FILE.wbsync
                                           Turnier auf CouchDB veröffentlichen / publish to CouchDB
                                           (Zugang in der URL oder / credentials in the URL or
                                           WERTUNGSBLATT_COUCHDB_AUTH=name:passwort; Schlüssel /
                                           key: --key, WERTUNGSBLATT_KEY, ~/.config/wertungsblatt)
  season --from URL [--json]               Saison: Qualifizierte / the season's qualified players
  unpublish --from URL TOURNAMENT          (Verwalter / admin) ein falsches Turnier entfernen /
                                           remove a wrong tournament (tom:t-3k9…)
  seat --format F --players N --rounds R   Sitzplan / seating plan (swiss: Runde 1 ausgelost, dann
                                           nach der Rangliste / round 1 drawn, then by the standings)
`;

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
		const refused = argumentProblem(error, name);
		if (refused) return usageError(io, refused.message, refused.en);
		const text = error instanceof Error ? error.message : String(error);
		return usageError(io, `unerwarteter Fehler: ${text}`, `unexpected error: ${text}`);
	}
}
