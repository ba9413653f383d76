import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { StandingsPayload, TableAssignment } from '../codecs/sync';
import { EVIL_WINS, evilStandings as evil, forgerKeys } from '../protocol/capture-testing';
import type { SigningKey } from '../protocol/keys';
import { encodePayload } from '../protocol/payload';
import { dumpTables } from './fixture';
import { receive } from './sync';
import { currentStandings } from './sync-handout';
import { encodeAsDirector } from './sync-keys';
import { handIn, heldStandings, joinedTables, leaveTournament, roundsToKeep, undoRepin } from './sync-tablet';
import {
	closeDevices,
	device,
	DIRECTOR_ACCEPTS,
	directorWithTables,
	on,
	playTable,
	TABLET_ACCEPTS
} from './sync-testing';
import { knownTournament } from './tournament-keys';

/**
 * Issue 24, case 3: a forger must not capture a tablet for good. What a tablet believes of rounds and
 * revisions is bounded by what a director could send (the rounds of a tournament and its final); a key
 * its players confirmed can be undone, and confirming the director's key again forgets what the other
 * key said; "Turnier verlassen" always brings a tablet back to the start, its rounds kept.
 */

afterEach(closeDevices);

/** The forger's own signing key, and his table code for the real tournament: the real seating, his key. */
async function forgerOf(genuine: TableAssignment) {
	const { key, signing: own } = await forgerKeys();
	const assignment: TableAssignment = { ...genuine, key: key.slice(0, 16), director: own.publicKey };
	return { own, code: await encodePayload(assignment, own) };
}

/** The forger's standings of the tournament (named as its table codes name it), signed with his key. */
const sign = (payload: StandingsPayload, key: SigningKey) => encodePayload(payload, key);
const evilStandings = (tournamentId: string, afterRound: number, revision: number) =>
	evil({ id: tournamentId, name: 'Herbstturnier' }, afterRound, revision);

describe('a tablet can always be brought back (issue 24, case 3)', () => {
	it('a fresh tablet a forger pinned: standings beyond any tournament are refused, and the director’s key, once confirmed, takes over', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const forger = await forgerOf(assignments[0]!);
		const tablet = device('fresh');
		// The fresh tablet reads the forger's table code first: it pins his key (it cannot know better).
		expect(await receive(forger.code, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { kind: 'joined' } });
		// "After round 10000, revision 2^40": no director can send that (a tournament has at most 26 rounds).
		const before = await dumpTables(tablet);
		const beyond = await receive(
			await sign(evilStandings(tournamentId, 10_000, 2 ** 40), forger.own),
			TABLET_ACCEPTS
		);
		expect(beyond).toMatchObject({ ok: false, error: { code: 'beyond-tournament' } });
		expect(await dumpTables(tablet)).toEqual(before);
		// Within the bounds he is believed while his key is the one pinned …
		const latest = await sign(evilStandings(tournamentId, 26, 20_000), forger.own);
		expect(await receive(latest, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { newer: true } });
		// … until the players confirm the director's key: its table code is taken, his standings are gone.
		expect(await receive(codes[0]!, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'new-director-key' }
		});
		expect(await receive(codes[0]!, TABLET_ACCEPTS, { repin: true })).toMatchObject({
			ok: true,
			value: { kind: 'joined' }
		});
		expect(await heldStandings(tournamentId)).toBeNull();
		// The director's standings are taken again.
		on(director);
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error(JSON.stringify(standings.error));
		const real = await encodeAsDirector(tournamentId, standings.value);
		on(tablet);
		expect(await receive(real, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { newer: true } });
		expect((await heldStandings(tournamentId))?.rows.map((r) => r.name)).not.toContain(EVIL_WINS);
	});

	it('a tablet whose players confirmed a forger’s key once: undoing it brings the director’s key, standings and table back, and its round reaches the desk', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const standings = await currentStandings(tournamentId);
		if (!standings.ok) throw new Error(JSON.stringify(standings.error));
		const real = await encodeAsDirector(tournamentId, standings.value);
		const forger = await forgerOf(assignments[0]!);
		const tablet = device('tablet');
		expect((await receive(codes[0]!, TABLET_ACCEPTS)).ok).toBe(true);
		expect((await receive(real, TABLET_ACCEPTS)).ok).toBe(true);
		const pinned = (await knownTournament(tournamentId))!.director;
		// The players are talked into confirming the forger's "new key"; his standings follow.
		expect((await receive(forger.code, TABLET_ACCEPTS, { repin: true })).ok).toBe(true);
		expect(
			(await receive(await sign(evilStandings(tournamentId, 26, 20_000), forger.own), TABLET_ACCEPTS)).ok
		).toBe(true);
		// Its round is signed with the forger's table key: the desk refuses it.
		const played = await playTable(assignments[0]!, 3);
		const captured = await handIn(played.id);
		if (!captured.ok) throw new Error(JSON.stringify(captured.error));
		on(director);
		expect(await receive(captured.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'forged' }
		});
		// The players undo the key they confirmed: the director's key, its standings and table are back.
		on(tablet);
		expect(await undoRepin(tournamentId)).toEqual({ ok: true, value: null });
		expect((await knownTournament(tournamentId))!.director).toBe(pinned);
		expect((await heldStandings(tournamentId))?.revision).toBe(standings.value.revision);
		expect((await joinedTables())[0]).toMatchObject({ round: 1, table: 1 });
		const handed = await handIn(played.id);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		on(director);
		expect(await receive(handed.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 1, result: 'added', reported: true }
		});
		// Nothing to undo any more.
		on(tablet);
		expect(await undoRepin(tournamentId)).toMatchObject({ ok: false, error: { code: 'no-key-change' } });
	});

	it('a tablet whose players confirmed a forger’s key comes back by confirming the director’s key again, whatever round he claimed', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const forger = await forgerOf({ ...assignments[0]!, round: 26 });
		device('tablet');
		expect((await receive(codes[0]!, TABLET_ACCEPTS)).ok).toBe(true);
		expect((await receive(forger.code, TABLET_ACCEPTS, { repin: true })).ok).toBe(true);
		expect(
			(await receive(await sign(evilStandings(tournamentId, 25, 20_000), forger.own), TABLET_ACCEPTS)).ok
		).toBe(true);
		// The director's table code of round 1: asked about, confirmed, taken (round 26 was the forger's).
		expect(await receive(codes[0]!, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'new-director-key' }
		});
		expect(await receive(codes[0]!, TABLET_ACCEPTS, { repin: true })).toMatchObject({
			ok: true,
			value: { kind: 'joined', table: { round: 1, table: 1 } }
		});
		const played = await playTable(assignments[0]!, 4);
		const handed = await handIn(played.id);
		if (!handed.ok) throw new Error(JSON.stringify(handed.error));
		on(director);
		expect(await receive(handed.value.bytes, DIRECTOR_ACCEPTS)).toMatchObject({
			ok: true,
			value: { table: 1, result: 'added' }
		});
	});

	it('"Turnier verlassen": the tablet forgets the tournament, keeps its rounds (to save as files first), and joins anew', async () => {
		const { director, tournamentId, assignments, codes } = await directorWithTables();
		const forger = await forgerOf(assignments[0]!);
		const tablet = device('tablet');
		expect((await receive(forger.code, TABLET_ACCEPTS)).ok).toBe(true);
		expect(
			(await receive(await sign(evilStandings(tournamentId, 26, 20_000), forger.own), TABLET_ACCEPTS)).ok
		).toBe(true);
		const played = await playTable(assignments[0]!, 5, { confirm: false, stopAfter: 12 });
		// What the tablet keeps as files before it leaves: its round, signed as a result code.
		const kept = await roundsToKeep(tournamentId);
		expect(kept).toMatchObject([{ round: 1, table: 1, stream: played.id }]);
		expect(kept[0]!.bytes.length).toBeGreaterThan(50);
		const rounds = await tablet.rounds.count();
		const events = await tablet.events.count();
		expect(await leaveTournament(tournamentId)).toEqual({ ok: true, value: null });
		expect(await knownTournament(tournamentId)).toBeNull();
		expect(await joinedTables()).toEqual([]);
		expect(await heldStandings(tournamentId)).toBeNull();
		expect(await tablet.rounds.count()).toBe(rounds);
		expect(await tablet.events.count()).toBe(events);
		// The director's table code now joins as on a fresh tablet.
		expect(await receive(codes[0]!, TABLET_ACCEPTS)).toMatchObject({ ok: true, value: { kind: 'joined' } });
		// A director's own tournament is never left this way.
		on(director);
		expect(await leaveTournament(tournamentId)).toMatchObject({
			ok: false,
			error: { code: 'own-tournament' }
		});
		expect(await knownTournament(tournamentId)).toMatchObject({ role: 'director' });
	});

	it('refuses a table code of a round no tournament has, naming it', async () => {
		const { assignments, signing } = await directorWithTables();
		const tablet = device('tablet');
		const before = await dumpTables(tablet);
		const beyond = await encodePayload({ ...assignments[0]!, round: 27 }, signing);
		expect(await receive(beyond, TABLET_ACCEPTS)).toEqual({
			ok: false,
			error: { code: 'beyond-tournament', round: 27, revision: null }
		});
		const late = await encodePayload({ ...assignments[0]!, revision: 20_001 }, signing);
		expect(await receive(late, TABLET_ACCEPTS)).toMatchObject({
			ok: false,
			error: { code: 'beyond-tournament', revision: 20_001 }
		});
		expect(await dumpTables(tablet)).toEqual(before);
	});
});

describe('another table’s code at a playing tablet (issue 24, case 6)', () => {
	it('asks before it switches the tablet’s table; the same table’s next round joins at once', async () => {
		const { assignments, codes, signing } = await directorWithTables();
		const tablet = device('tablet');
		expect((await receive(codes[0]!, TABLET_ACCEPTS)).ok).toBe(true);
		await playTable(assignments[0]!, 6, { confirm: false, stopAfter: 8 });
		// Table 3's genuine code, shown to table 1's tablet (a player of table 3 holds it up): asked about.
		const before = await dumpTables(tablet);
		expect(await receive(codes[2]!, TABLET_ACCEPTS)).toEqual({
			ok: false,
			error: { code: 'other-table-code', round: 1, table: 3, current: { round: 1, table: 1 } }
		});
		expect(await dumpTables(tablet)).toEqual(before);
		expect((await joinedTables())[0]).toMatchObject({ round: 1, table: 1 });
		// The players confirm the switch: now it is table 3.
		expect(await receive(codes[2]!, TABLET_ACCEPTS, { switchTable: true })).toMatchObject({
			ok: true,
			value: { kind: 'joined', table: { round: 1, table: 3 } }
		});
		// Table 3's code of the next round joins without a question.
		const next = await encodePayload({ ...assignments[2]!, round: 2 }, signing);
		expect(await receive(next, TABLET_ACCEPTS)).toMatchObject({
			ok: true,
			value: { kind: 'joined', table: { round: 2, table: 3 } }
		});
	});
});
