import { parseArgs } from 'node:util';
import { AUTH_VARIABLE, database } from '../../lib/publish/couch';
import { readSeason, type SeasonAnswer } from '../../lib/publish/season';
import { printJson, problemMessage, usageError, type CliIO, type Command } from '../io';

const USAGE = 'Aufruf: season --from URL [--json]';

/** A tournament's key from its head's id: what `unpublish` takes. */
const keyOf = (headId: string) => headId.replace(/^tournament:/, '');

/** A German list for people: each tournament with its qualifiers, then the season's list, then what was left out. */
function printSeason(io: CliIO, season: SeasonAnswer): void {
	const lines = season.tournaments.map(
		(t) =>
			`${t.date}  ${t.name} (${t.players} Spieler): ${t.qualified.join(', ') || '–'}` +
			`  [von ${t.publishedBy.join(', ')}, Schlüssel ${t.signedBy}]`
	);
	lines.push('', `Qualifiziert für die Deutsche Meisterschaft (${season.qualified.length}):`);
	season.qualified.forEach((q, i) =>
		lines.push(`${String(i + 1).padStart(3)}. ${q.player} (${q.tournament})`)
	);
	if (season.disputed.length) {
		lines.push(
			'',
			'Nicht gezählt – von mehreren Turnierleitern mit verschiedenen Ergebnissen veröffentlicht:'
		);
		for (const d of season.disputed) {
			const copies = d.copies.map((c) => `${c.owner} (${c.key}, Schlüssel ${c.signedBy})`).join(', ');
			// The admin removes the wrong copy with `unpublish`, by the key shown here.
			lines.push(`  ${d.date}  ${d.name}: ${copies}`);
		}
	}
	if (season.skipped.length) {
		lines.push('', 'Nicht lesbar, nicht gezählt:');
		for (const s of season.skipped) {
			lines.push(`  ${problemMessage(s.problem).message} (Verwalter: unpublish … ${keyOf(s.id)})`);
		}
	}
	io.out(lines.join('\n'));
}

/** The answer as JSON: problems as their German and English texts. */
const asJson = (season: SeasonAnswer) => ({
	...season,
	skipped: season.skipped.map((s) => ({ id: s.id, ...problemMessage(s.problem) }))
});

/**
 * `season --from URL [--json]`: the season's tournaments by date with their qualifiers (RULES.md §6)
 * and the season's qualified players with move-up (§6a), read from the season's CouchDB database; a
 * tournament that cannot be read, or that several directors published with different results, is named
 * and left out.
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
	if (values.json) printJson(io, asJson(answer.value));
	else printSeason(io, answer.value);
	return 0;
};
