import { exportTournament } from '../db/sync-bundles';
import { ok, type Result } from '../domain/result';
import { fileName, toFileText } from '../protocol/files';
import { offerFile } from '../offer-file';

/**
 * The whole tournament as a signed `.wbsync` file (or, with `round`, that round's results): handed to the
 * share sheet where the browser can share files, otherwise downloaded. The same file the exchange screen
 * exports and imports.
 */
export async function saveTournamentFile(
	id: string,
	name: string,
	round?: number
): Promise<Result<{ done: 'shared' | 'saved' | 'cancelled'; file: string }>> {
	const bytes = await exportTournament(id, round);
	if (!bytes.ok) return bytes;
	const what = round === undefined ? name : `${name}_runde${round}`;
	const file = fileName(what);
	return ok({ done: await offerFile(file, toFileText(bytes.value)), file });
}
