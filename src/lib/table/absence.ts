import type { JoinedTable } from '$lib/codecs/sync';
import { reportAbsence } from '$lib/db/sync-absences';
import { ok, type Result } from '$lib/domain/result';
import { storedTabletName } from '$lib/exchange/tablet-name.svelte';
import { fileName, toFileText } from '$lib/protocol/files';
import { toCodes } from '$lib/protocol/frames';

/** A table's report of a missing player, as the codes and the file the desk reads. */
export interface AbsenceCodes {
	readonly codes: string[];
	readonly file: { name: string; text: string };
}

/** The signed report that `player` of this joined table did not show up, with this tablet's name. */
export async function absenceCodes(
	table: JoinedTable,
	player: { readonly id: string },
	now = Date.now()
): Promise<Result<AbsenceCodes>> {
	const bytes = await reportAbsence(table, player.id, { tablet: storedTabletName(), now });
	if (!bytes.ok) return bytes;
	return ok({
		codes: toCodes(bytes.value),
		file: { name: fileName(`runde${table.round}_tisch${table.table}_fehlt`), text: toFileText(bytes.value) }
	});
}
