import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { TournamentBundle } from '../codecs/sync';
import { newTournamentKey } from '../protocol/hmac';
import { newSigningKey, tableKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { dumpTables } from './fixture';
import { useDatabase } from './index';
import { receive } from './sync';
import { board } from './sync-board';
import { exportTournament } from './sync-bundles';
import { currentStandings, tableAssignments } from './sync-handout';
import { directorKeys, encodeAsDirector } from './sync-keys';
import { handIn, joinedTables } from './sync-tablet';
import { closeDevices, device, directedTournament, playTable } from './sync-testing';
import { knownTournament } from './tournament-keys';
import { loadTournament } from './tournaments';

// The director's device broke mid-round; he restores the tournament on a spare device from its
// "Alles (JSON)" export, which carries no keys (src/lib/director/restore.ts makes the file below from it).

afterEach(closeDevices);

const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
const TABLET_ACCEPTS = ['assignment', 'standings'] as const;
const DIRECTOR_ACCEPTS = ['batch', 'tournament'] as const;
const RESTORED_AT = Date.parse('2026-11-22T15:04:00Z');

/** The tournament file a JSON export becomes: the log with keys of its own, as restore.ts makes it. */
async function fromExport(tournamentId: string): Promise<Uint8Array> {
	const loaded = await loadTournament(tournamentId);
	if (!loaded.ok) throw new Error(loaded.error.en);
	const signing = await newSigningKey();
	const bundle: TournamentBundle = {
		kind: 'tournament',
		tournamentId,
		tournamentName: loaded.value.state.name,
		key: newTournamentKey(),
		signing: signing.privateKey,
		director: signing.publicKey,
		legacyThrough: 0,
		events: loaded.value.events.map((event, i) => ({
			device: 'restored0export',
			seq: i + 1,
			at: RESTORED_AT - 1000 + i,
			type: event.type,
			body: event
		})),
		rounds: [],
		pending: []
	};
	return encodePayload(bundle, signing);
}

/**
 * Round 1 handed out on the first desk; table 1's tablet has scored part of it and holds its code of
 * then; the desk is restored from the export on a spare device.
 */
async function brokenMidRound() {
	const first = device();
	const tournamentId = await directedTournament(NAMES);
	const handed = await tableAssignments(tournamentId);
	if (!handed.ok) throw new Error(handed.error.en);
	const assignment = handed.value.assignments[0]!;
	const oldCode = await encodeAsDirector(tournamentId, assignment);
	const file = await fromExport(tournamentId);

	const tablet = device();
	expect(await receive(oldCode, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { kind: 'joined' } });
	const played = await playTable(assignment, 2, { confirm: false, stopAfter: 6 });
	const handedIn = await handIn(played.id);
	if (!handedIn.ok) throw new Error(handedIn.error.en);
	const pinned = (await knownTournament(tournamentId))?.director;

	const spare = device();
	const restored = await receive(file, DIRECTOR_ACCEPTS, { restoredFromExport: RESTORED_AT });
	expect(restored).toMatchObject({ ok: true, value: { kind: 'tournament', tournamentId } });
	const again = await tableAssignments(tournamentId);
	if (!again.ok) throw new Error(again.error.en);
	const newCode = await encodeAsDirector(tournamentId, again.value.assignments[0]!);
	return { first, tablet, spare, tournamentId, played, oldResult: handedIn.value.bytes, newCode, pinned };
}

describe('a tournament restored from a JSON export gets new keys', () => {
	it('remembers when it was restored with new keys, and the round running then; a backup keeps its keys', async () => {
		const { first, spare, tournamentId } = await brokenMidRound();
		const known = await knownTournament(tournamentId);
		expect(known).toMatchObject({ role: 'director', restored: { at: RESTORED_AT, round: 1 } });
		// The restored desk's own backup, restored on yet another device: the same keys, nothing to remember.
		const backup = await exportTournament(tournamentId);
		if (!backup.ok) throw new Error(backup.error.en);
		device();
		expect((await receive(backup.value, DIRECTOR_ACCEPTS)).ok).toBe(true);
		expect((await knownTournament(tournamentId))?.restored).toBeUndefined();
		expect((await knownTournament(tournamentId))?.director).toBe(known?.director);
		// The first desk never was restored.
		useDatabase(first);
		expect((await knownTournament(tournamentId))?.restored).toBeUndefined();
		useDatabase(spare);
	});

	it('refuses a result code made with a table code of before the restore, naming round and table, storing nothing; another table’s key stays forged', async () => {
		const { spare, tournamentId, oldResult, tablet, played } = await brokenMidRound();
		const before = await dumpTables(spare);
		const refused = await receive(oldResult, DIRECTOR_ACCEPTS, { tournamentId });
		expect(refused).toMatchObject({ ok: false, error: { code: 'key-before-restore' } });
		if (!refused.ok) {
			expect(refused.error.de).toBe(
				'Runde 1, Tisch 1: Dieser Ergebnis-Code wurde mit einem Tisch-Code von vor der Wiederherstellung erstellt – das Turnier hat seitdem neue Schlüssel. Das Tablet liest den neuen Tisch-Code von Runde 1, Tisch 1 und gibt dann noch einmal ab. Nichts wurde übernommen.'
			);
			expect(refused.error.en).toMatch(
				/^Round 1, table 1: this result code was made with a table code from before the restore/
			);
		}
		expect(await dumpTables(spare)).toEqual(before);

		// A code that fits another table's new key is not one of before: it stays what it was.
		useDatabase(tablet);
		const stolen = await handIn(played.id);
		if (!stolen.ok) throw new Error(stolen.error.en);
		useDatabase(spare);
		// Table 1's round, signed with the restored desk's key of table 2.
		const { master } = await directorKeys(tournamentId, 'Herbstturnier');
		const other = await encodePayload(
			{ kind: 'batch', batch: stolen.value.batch },
			await tableKey(master, tournamentId, 1, 2)
		);
		expect(await receive(other, DIRECTOR_ACCEPTS, { tournamentId })).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		expect(await dumpTables(spare)).toEqual(before);
	});

	it('a tablet takes the new key only when its players confirm it; its round then reaches the restored desk', async () => {
		const { first, tablet, spare, tournamentId, played, newCode, pinned } = await brokenMidRound();
		useDatabase(tablet);
		const before = await dumpTables(tablet);
		// Read as any code: the tablet asks, and stores nothing.
		expect(await receive(newCode, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'new-director-key' }
		});
		expect(await dumpTables(tablet)).toEqual(before);
		// The restored desk's standings are not believed under the key pinned before.
		useDatabase(spare);
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error(standings.error.en);
		const standingsCode = await encodeAsDirector(tournamentId, standings.value);
		useDatabase(tablet);
		const unpinned = await receive(standingsCode, TABLET_ACCEPTS);
		expect(unpinned).toMatchObject({ ok: false, error: { code: 'forged' } });
		expect(!unpinned.ok && unpinned.error.de).toMatch(
			/Hat die Turnierleitung das Turnier auf einem anderen Gerät wiederhergestellt, bitte zuerst dort den Tisch-Code der laufenden Runde einlesen/
		);
		expect(await dumpTables(tablet)).toEqual(before);

		// Confirmed: the new key replaces the pinned one, and the table is joined with its new table key.
		expect(await receive(newCode, TABLET_ACCEPTS, { repin: true })).toMatchObject({
			ok: true,
			value: { kind: 'joined', table: { round: 1, table: 1 } }
		});
		const known = await knownTournament(tournamentId);
		expect(known?.role).toBe('table');
		expect(known?.director).not.toBe(pinned);
		expect(await joinedTables()).toHaveLength(1);
		expect(await receive(standingsCode, TABLET_ACCEPTS)).toMatchObject({ ok: true });

		// The round begun before stays; finished, it is handed in signed with the new table key.
		await played.finish();
		const code = await handIn(played.id);
		if (!code.ok) throw new Error(code.error.en);
		useDatabase(spare);
		expect(await receive(code.value.bytes, DIRECTOR_ACCEPTS, { tournamentId })).toMatchObject({
			ok: true,
			value: { kind: 'batch', round: 1, table: 1, result: 'added', reported: true }
		});
		const shown = await board(tournamentId, 1);
		expect(shown.ok && shown.value[0]).toMatchObject({ state: 'reported', digest: code.value.digest });

		// The broken desk itself, should it come back, never takes the spare's key from a code: it directs.
		useDatabase(first);
		const directing = await dumpTables(first);
		for (const options of [{}, { repin: true }]) {
			expect(await receive(newCode, TABLET_ACCEPTS, options)).toMatchObject({
				ok: false,
				error: { code: 'key-mismatch' }
			});
		}
		expect(await dumpTables(first)).toEqual(directing);
		expect((await knownTournament(tournamentId))?.role).toBe('director');
	});
});
