import { parseArgs } from 'node:util';
import { AUTH_VARIABLE, database } from '../../lib/publish/couch';
import { plainIdentity } from '../../lib/publish/plain-identity';
import { publishTournament } from '../../lib/publish/publish';
import { printJson, problemMessage, usageError, type CliIO, type CliMessage, type Command } from '../io';
import { defaultKeyFile, publishKey } from '../signing-key';
import { readTournamentFile } from './standings';

const USAGE = 'Aufruf: publish --to URL [--key DATEI] [--json] DATEI.json|DATEI.wbsync';

function failWith(io: CliIO, json: boolean, error: CliMessage): number {
	if (json) printJson(io, { error });
	else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
	return 1;
}

/**
 * `publish --to URL FILE`: publishes a tournament (plain result file, "Alles (JSON)" export or backup)
 * to a season's CouchDB database, signed: a backup with the desk's own key of the tournament, any other
 * file with the command line's key (`--key FILE`, made on first use; `signing-key.ts`). Credentials: in
 * the URL, else `WERTUNGSBLATT_COUCHDB_AUTH=name:password`.
 */
export const publish: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: {
			to: { type: 'string' },
			key: { type: 'string' },
			json: { type: 'boolean', default: false }
		}
	});
	const path = positionals[0];
	if (positionals.length !== 1 || path === undefined || !values.to)
		return usageError(io, USAGE, 'usage: publish --to URL [--key FILE] [--json] FILE.json|FILE.wbsync');
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
	let key = file.value.key;
	if (!key) {
		const keyFile = values.key ?? defaultKeyFile();
		const own = await publishKey(keyFile);
		if (!own.ok) return failWith(io, values.json, own.error);
		if (own.value.created) {
			io.err(
				`Neuer Schlüssel zum Veröffentlichen: ${keyFile} (Fingerabdruck ${own.value.fingerprint}). Wie ein Passwort aufbewahren und sichern.\n` +
					`New key for publishing: ${keyFile} (fingerprint ${own.value.fingerprint}). Keep and back it up like a password.`
			);
		}
		key = own.value.key;
	}
	const tournament = id === null ? await plainIdentity(events, state) : { id, events, state };
	const result = await publishTournament(db.value, tournament, { key });
	if (!result.ok) return failWith(io, values.json, problemMessage(result.error));
	const { sent, already, head, at, signedBy } = result.value;
	if (values.json) {
		printJson(io, { tournament: result.value.key, name: state.name, sent, already, head, at, signedBy });
		return 0;
	}
	const what = {
		created: ['neu angelegt', 'created'],
		updated: ['aktualisiert', 'updated'],
		unchanged: ['unverändert', 'unchanged']
	}[head];
	// The live page's query: the database without credentials, and the tournament's key.
	const live = new URLSearchParams({ db: db.value.url, t: result.value.key }).toString();
	io.out(
		`„${state.name}“ veröffentlicht: ${sent} Ereignisse gesendet, ${already} schon vorhanden; Rangliste ${what[0]} (Stand ${at}).\n` +
			`"${state.name}" published: ${sent} events sent, ${already} already there; standings ${what[1]} (as of ${at}).\n` +
			`Live: /live?${live} · Schlüssel/key ${signedBy}`
	);
	return 0;
};
