import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpTables } from '../db/fixture';
import { db } from '../db/index';
import { exportTournament } from '../db/sync-bundles';
import { knownTournament } from '../db/tournament-keys';
import { loadTournament } from '../db/tournaments';
import { toFileText } from '../protocol/files';
import { tournamentJson } from '../protocol/tournament-file';
import { readRestoreFile, restoreTournament } from './restore';
import { storedTournament } from './testing';
import { closeDevices, device } from '../db/sync-testing';

afterEach(closeDevices);

const SIX = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
const ROUND = [
	{ Anna: 80, Ben: 60, Cara: 40 },
	{ Dirk: 30, Eva: 20, Finn: 10 }
];

/** A tournament directed on one device, and its backup and JSON export as files. */
async function directed() {
	device();
	const id = await storedTournament('triominos', SIX, [ROUND]);
	const loaded = await loadTournament(id);
	if (!loaded.ok) throw new Error(loaded.error.en);
	const backup = await exportTournament(id);
	if (!backup.ok) throw new Error(backup.error.en);
	const json = JSON.stringify(tournamentJson(id, loaded.value.state, loaded.value.events), null, 2);
	return { id, state: loaded.value.state, backup: toFileText(backup.value), json };
}

describe('restoring a tournament from the menus', () => {
	it.each(['backup', 'json'] as const)(
		'shows what a %s holds before storing it, then restores it on a new device',
		async (kind) => {
			const { id, state, backup, json } = await directed();
			const fresh = device();
			const before = await dumpTables(fresh);
			const read = await readRestoreFile(kind === 'backup' ? backup : json);
			if (!read.ok) throw new Error(read.error.en);
			expect(read.value).toMatchObject({
				name: 'Testturnier',
				date: '2025-05-17',
				players: 6,
				rounds: 1,
				finalRounds: 0
			});
			// A JSON export carries no keys: the preview says so; a backup keeps the old ones.
			expect(read.value.newKeys).toBe(kind === 'json');
			// Read and shown: nothing stored yet.
			expect(await dumpTables(fresh)).toEqual(before);
			expect(await restoreTournament(read.value, 1_764_000_000_000)).toEqual({ ok: true, value: id });
			// Restored with new keys is remembered (when, and the round running then); a backup is the old desk.
			expect((await knownTournament(id))?.restored).toEqual(
				kind === 'json' ? { at: 1_764_000_000_000, round: 1 } : undefined
			);
			const restored = await loadTournament(id);
			expect(restored.ok && restored.value.state.rounds).toEqual(state.rounds);
			// The same file again: already here, said without the id.
			const again = await readRestoreFile(kind === 'backup' ? backup : json);
			expect(again).toMatchObject({ ok: false, error: { code: 'restore-refused' } });
			expect(!again.ok && again.error.de).not.toContain(id);
		}
	);

	it('refuses a damaged or foreign file with its reason, storing nothing', async () => {
		const { backup, json } = await directed();
		const fresh = device();
		const before = await dumpTables(fresh);
		const lines = backup.split('\n');
		const flipped = [lines[0], lines[1]!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')), ...lines.slice(2)];
		const cases: [string, RegExp][] = [
			[flipped.join('\n'), /Prüfsumme stimmt nicht/],
			[json.slice(0, json.length / 2), /beschädigt \(kein gültiges JSON\)/],
			[JSON.stringify({ games: [] }), /kein „Alles \(JSON\)“-Export/],
			[json.replace('"type": "player-registered"', '"type": "player-vanished"'), /beschädigt/],
			['Anna: 7 12\n', /keine Wertungsblatt-Austauschdatei/]
		];
		for (const [text, why] of cases) {
			const read = await readRestoreFile(text);
			expect(read.ok).toBe(false);
			expect(!read.ok && read.error.de).toMatch(why);
			expect(!read.ok && read.error.en.length).toBeGreaterThan(10);
		}
		expect(await dumpTables(fresh)).toEqual(before);
		expect(db()).toBe(fresh);
	});
});
