import { parseArgs } from 'node:util';
import { AUTH_VARIABLE, database } from '../../lib/publish/couch';
import { plainIdentity } from '../../lib/publish/plain-identity';
import { publishTournament } from '../../lib/publish/publish';
import { printJson, problemMessage, usageError, type CliIO, type CliMessage, type Command } from '../io';
import { readTournamentFile } from './standings';

const USAGE = 'Aufruf: publish --to URL [--json] DATEI.json|DATEI.wbsync';

function failWith(io: CliIO, json: boolean, error: CliMessage): number {
	if (json) printJson(io, { error });
	else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
	return 1;
}

/**
 * `publish --to URL FILE`: publishes a tournament (plain result file, "Alles (JSON)" export or backup)
 * to a season's CouchDB database. Credentials: in the URL, else `WERTUNGSBLATT_COUCHDB_AUTH=name:password`.
 */
export const publish: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { to: { type: 'string' }, json: { type: 'boolean', default: false } }
	});
	const path = positionals[0];
	if (positionals.length !== 1 || path === undefined || !values.to)
		return usageError(io, USAGE, 'usage: publish --to URL [--json] FILE.json|FILE.wbsync');
	const db = database(values.to, { auth: process.env[AUTH_VARIABLE] ?? null });
	if (!db.ok) return failWith(io, values.json, problemMessage(db.error));
	const file = await readTournamentFile(io, path);
	if (!file.ok) return failWith(io, values.json, file.error);
	const { events, state, id, named } = file.value;
	if (!named) {
		return failWith(io, values.json, {
			message: 'Zum Veröffentlichen braucht die Datei "name" und "date" (JJJJ-MM-TT) des Turniers.',
			en: 'To publish, the file needs the tournament\'s "name" and "date" (YYYY-MM-DD).'
		});
	}
	const tournament = id === null ? await plainIdentity(events, state) : { id, events, state };
	const result = await publishTournament(db.value, tournament);
	if (!result.ok) return failWith(io, values.json, problemMessage(result.error));
	const { sent, already, head, at } = result.value;
	if (values.json) {
		printJson(io, { tournament: tournament.id, name: state.name, sent, already, head, at });
		return 0;
	}
	const what = {
		created: ['neu angelegt', 'created'],
		updated: ['aktualisiert', 'updated'],
		unchanged: ['unverändert', 'unchanged']
	}[head];
	io.out(
		`„${state.name}“ veröffentlicht: ${sent} Ereignisse gesendet, ${already} schon vorhanden; Rangliste ${what[0]} (Stand ${at}).\n` +
			`"${state.name}" published: ${sent} events sent, ${already} already there; standings ${what[1]} (as of ${at}).`
	);
	return 0;
};
