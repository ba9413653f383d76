import { parseArgs } from 'node:util';
import { AUTH_VARIABLE, database } from '../../lib/publish/couch';
import { readSeason, type SeasonAnswer } from '../../lib/publish/season';
import { printJson, problemMessage, usageError, type CliIO, type Command } from '../io';

const USAGE = 'Aufruf: season --from URL [--json]';

/** A German list for people: each tournament with its qualifiers, then the season's list. */
function printSeason(io: CliIO, season: SeasonAnswer): void {
	const lines = season.tournaments.map(
		(t) => `${t.date}  ${t.name} (${t.players} Spieler): ${t.qualified.join(', ') || '–'}`
	);
	lines.push('', `Qualifiziert für die Deutsche Meisterschaft (${season.qualified.length}):`);
	season.qualified.forEach((q, i) =>
		lines.push(`${String(i + 1).padStart(3)}. ${q.player} (${q.tournament})`)
	);
	io.out(lines.join('\n'));
}

/**
 * `season --from URL [--json]`: the season's tournaments by date with their qualifiers (RULES.md §6)
 * and the season's qualified players with move-up (§6a), read from the season's CouchDB database.
 */
export const season: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { from: { type: 'string' }, json: { type: 'boolean', default: false } }
	});
	if (positionals.length || !values.from) return usageError(io, USAGE, 'usage: season --from URL [--json]');
	const db = database(values.from, { auth: process.env[AUTH_VARIABLE] ?? null });
	const answer = db.ok ? await readSeason(db.value) : db;
	if (!answer.ok) {
		const error = problemMessage(answer.error);
		if (values.json) printJson(io, { error });
		else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
		return 1;
	}
	if (values.json) printJson(io, answer.value);
	else printSeason(io, answer.value);
	return 0;
};
