import { parseArgs } from 'node:util';
import { AUTH_VARIABLE, database } from '../../lib/publish/couch';
import { unpublishTournament } from '../../lib/publish/unpublish';
import { printJson, problemMessage, usageError, type Command } from '../io';

const USAGE = 'Aufruf: unpublish --from URL [--json] TURNIER (z. B. tom:t-3k9…, wie season es nennt)';

/**
 * `unpublish --from URL KEY`: the season's admin removes a wrong tournament (its head, then its events).
 * Only admins may delete in a season (the validate function refuses everyone else).
 */
export const unpublish: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { from: { type: 'string' }, json: { type: 'boolean', default: false } }
	});
	const key = positionals[0];
	if (positionals.length !== 1 || key === undefined || !values.from)
		return usageError(
			io,
			USAGE,
			'usage: unpublish --from URL [--json] TOURNAMENT (e.g. tom:t-3k9…, as season names it)'
		);
	const db = database(values.from, { auth: process.env[AUTH_VARIABLE] ?? null });
	const result = db.ok ? await unpublishTournament(db.value, key) : db;
	if (!result.ok) {
		const error = problemMessage(result.error);
		if (values.json) printJson(io, { error });
		else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
		return 1;
	}
	const { head, events } = result.value;
	if (values.json) printJson(io, { tournament: key, head, events });
	else
		io.out(
			`${key}: ${head ? 'Rangliste' : 'keine Rangliste'} und ${events} Ereignisse entfernt.\n` +
				`${key}: ${head ? 'standings' : 'no standings'} and ${events} events removed.`
		);
	return 0;
};
