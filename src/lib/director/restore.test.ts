import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpTables } from '../db/fixture';
import { db } from '../db/index';
import { exportTournament } from '../db/sync-bundles';
import { knownTournament } from '../db/tournament-keys';
import { loadTournament } from '../db/tournaments';
import { LIMITS } from '../domain/limits';
import { hostileBackup, hostileExport, noBase45After, pastTheEventsBound } from '../protocol/bounds-testing';
import { toFileText } from '../protocol/files';
import { tournamentJson } from '../protocol/tournament-file';
import { readRestoreFile, restoreTournament } from './restore';
import { storedTournament } from './testing';
import { closeDevices, device } from '../db/sync-testing';
import { problemText } from '$lib/i18n/problems/index';

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
	if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
	const backup = await exportTournament(id);
	if (!backup.ok) throw new Error(JSON.stringify(backup.error));
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
			if (!read.ok) throw new Error(JSON.stringify(read.error));
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
			expect(again).toEqual({ ok: false, error: { code: 'restore-refused', why: 'already-here' } });
			expect(!again.ok && problemText(again.error, 'de')).not.toContain(id);
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
			expect(!read.ok && problemText(read.error, 'de')).toMatch(why);
			expect(!read.ok && problemText(read.error, 'en').length).toBeGreaterThan(10);
		}
		expect(await dumpTables(fresh)).toEqual(before);
		expect(db()).toBe(fresh);
	});
});

/**
 * Issue 24, item 5: the restore preview reads a file within the bounds, and refuses it at the first
 * element past one, with the reason; each file goes on past the bound with what is no file at all.
 */
describe('restoring refuses a file at the first element past a bound', () => {
	it('a backup whose rounds pass 20,000 events: for the bound, before the garbage after them', async () => {
		const fresh = device();
		const before = await dumpTables(fresh);
		const read = await readRestoreFile(await hostileBackup(pastTheEventsBound('t-hostile0000000000')));
		expect(read).toEqual({ ok: false, error: { code: 'too-large', what: 'events', limit: 20_000 } });
		expect(!read.ok && problemText(read.error, 'de')).toBe(
			'Zu groß für eine Turnierdatei: mehr als 20.000 Ereignisse. Nichts wurde übernommen.'
		);
		expect(await dumpTables(fresh)).toEqual(before);
	});

	it('a backup whose text after that round is no Base45: decoded only as far as it is read', async () => {
		device();
		const text = noBase45After(await hostileBackup(pastTheEventsBound('t-hostile0000000000')));
		expect(await readRestoreFile(text)).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'events', limit: 20_000 }
		});
	});

	it('an export whose log passes 20,000 events: for the bound, before the text stops being JSON', async () => {
		device();
		const events = LIMITS.eventsPerFile + 1;
		const text = [...hostileExport('t-hostile0000000000', events, { tail: ', this is no JSON' })].join('');
		expect(await readRestoreFile(text)).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'events', limit: 20_000 }
		});
	});

	it('an export of more than its bytes bound, by its length', async () => {
		device();
		const text = `{"tournament": {"id": "t-abc"}, "events": []}${' '.repeat(LIMITS.fileBytes)}`;
		expect(await readRestoreFile(text)).toEqual({
			ok: false,
			error: { code: 'too-large', what: 'bytes', limit: LIMITS.fileBytes }
		});
	});
});
