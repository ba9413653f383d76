import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { LIMITS } from '../domain/limits';
import { decodePayload } from '../protocol/payload';
import { appendEvents, streamEvents } from './events';
import { useDatabase } from './index';
import { receive } from './sync';
import { exportTournament } from './sync-bundles';
import { currentStandings, tableAssignments } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import {
	createTournament,
	loadTournament,
	recordEvent,
	recordEvents,
	reportTableResult,
	type EventDraft
} from './tournaments';
import { closeDevices, device, openedDatabases } from './sync-testing';

afterEach(closeDevices);

const LONG = 'Maximiliane Auguste Theodora von und zu Hohenzollern-Sigmaringen';
const SIX = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'];
const TABLES = [
	['p-Anna', 'p-Ben', 'p-Cara'],
	['p-Dirk', 'p-Eva', 'p-Finn']
];

/** Six players and round 1 drawn, as the desk records them. */
async function sixPlayers(): Promise<string> {
	const created = await createTournament({
		format: 'triominos',
		name: 'Stadtmeisterschaft',
		date: '2026-03-14'
	});
	if (!created.ok) throw new Error(created.error.en);
	const drafts: EventDraft[] = [
		...SIX.map((name): EventDraft => ({ type: 'player-registered', player: `p-${name}`, name })),
		{ type: 'round-opened', round: 1, seed: 's1', tables: TABLES }
	];
	const recorded = await recordEvents(created.value, drafts);
	if (!recorded.ok) throw new Error(recorded.error.en);
	return created.value;
}

/** A rename as a version before the limit stored it: straight into the log, past today's doors. */
async function renamedByAnOlderVersion(id: string, player: string, name: string) {
	const body = { type: 'player-renamed', id: 'e-old', at: '2025-01-01T00:00:00Z', player, name };
	await appendEvents(id, 'tournament', [{ type: body.type, body }]);
}

describe('the desk keeps to LIMITS (issue 18, case 6)', () => {
	it(`refuses to register or rename to a name of ${LONG.length} characters, and writes nothing`, async () => {
		device();
		expect(LONG.length).toBe(64);
		const id = await sixPlayers();
		const before = (await streamEvents(id)).length;
		const why = {
			code: 'name-too-long',
			de: `„${LONG}“ hat 64 Zeichen – ein Name darf höchstens 60 haben, damit er in jeden Code passt.`,
			en: `"${LONG}" has 64 characters – a name may have at most 60, so that it fits in every code.`
		};
		expect(await recordEvent(id, { type: 'player-renamed', player: 'p-Anna', name: LONG })).toEqual({
			ok: false,
			error: why
		});
		const fresh = await createTournament({ format: 'triominos', name: 'Zweites', date: '2026-03-14' });
		if (!fresh.ok) throw new Error(fresh.error.en);
		expect(await recordEvent(fresh.value, { type: 'player-registered', player: 'p-x', name: LONG })).toEqual({
			ok: false,
			error: why
		});
		expect((await streamEvents(id)).length).toBe(before);
		expect((await streamEvents(fresh.value)).length).toBe(1);
	});

	it.each([
		['600,000,000,000', 600_000_000_000],
		['2^53 − 1', Number.MAX_SAFE_INTEGER],
		['one beyond the bound', LIMITS.gamePoints + 1]
	])('refuses game points of %s entered by hand, and writes nothing', async (_case, points) => {
		device();
		const id = await sixPlayers();
		const before = (await streamEvents(id)).length;
		const scores = [
			{ player: 'p-Anna', points },
			{ player: 'p-Ben', points: 50 },
			{ player: 'p-Cara', points: 10 }
		];
		const reported = await reportTableResult(id, 1, 1, scores, { kind: 'hand' });
		expect(reported).toMatchObject({ ok: false, error: { code: 'game-points-beyond-limit' } });
		expect(reported.ok ? '' : reported.error.de).toBe(
			`Anna: ${points} Spielpunkte – eine Partie ergibt höchstens ±10.000 (so viel lassen die Regeln nicht zu).`
		);
		expect((await streamEvents(id)).length).toBe(before);
		scores[0] = { player: 'p-Anna', points: LIMITS.gamePoints };
		expect((await reportTableResult(id, 1, 1, scores, { kind: 'hand' })).ok).toBe(true);
	});

	it('a tournament stored with a 64-character name still opens, and its codes still read on a tablet', async () => {
		device();
		const id = await sixPlayers();
		await renamedByAnOlderVersion(id, 'p-Anna', LONG);
		const loaded = await loadTournament(id);
		expect(loaded.ok && loaded.value.state.players.get('p-Anna')?.name).toBe(LONG);

		const shortened = `${LONG.slice(0, LIMITS.nameLength - 1)}…`;
		const handed = await tableAssignments(id);
		if (!handed.ok) throw new Error(handed.error.en);
		for (const assignment of handed.value.assignments) {
			const read = await decodePayload(await encodeAsDirector(id, assignment));
			expect(read.ok, read.ok ? '' : read.error.en).toBe(true);
		}
		expect(handed.value.assignments[0]?.players[0]).toEqual({ id: 'p-Anna', name: shortened });

		const standings = await currentStandings(id);
		if (!standings.ok) throw new Error(standings.error.en);
		const read = await decodePayload(await encodeAsDirector(id, standings.value));
		expect(read.ok, read.ok ? '' : read.error.en).toBe(true);
		expect(standings.value.rows.find((row) => row.player === 'p-Anna')?.name).toBe(shortened);
	});

	it('a tournament file with a 64-character name is refused on another desk, which stores nothing', async () => {
		device();
		const id = await sixPlayers();
		await renamedByAnOlderVersion(id, 'p-Anna', LONG);
		const file = await exportTournament(id);
		if (!file.ok) throw new Error(file.error.en);

		const spare = device();
		const received = await receive(file.value, ['batch', 'tournament']);
		expect(received.ok).toBe(false);
		expect(received.ok ? '' : `${received.error.de} ${received.error.en}`).toMatch(/60/);
		expect(await spare.events.count()).toBe(0);
		expect((await loadTournament(id)).ok).toBe(false);
		// Renamed within the limit on the first desk, the file goes across.
		useDatabase(openedDatabases()[0]!);
		expect((await recordEvent(id, { type: 'player-renamed', player: 'p-Anna', name: 'Maxi' })).ok).toBe(true);
		const renamed = await exportTournament(id);
		if (!renamed.ok) throw new Error(renamed.error.en);
		useDatabase(spare);
		expect(await receive(renamed.value, ['batch', 'tournament'])).toMatchObject({ ok: true });
	});
});
