// Where a sync row of version 1 (a `meta` row keyed `sync.<kind>:<tournament>[:<round>:<table>[:<place>]]`)
// goes at the upgrade to version 2: it moves only when its record reads and its key is the one its record
// names, so an upgrade never loses a row (upgrade.test.ts: the whole upgrade on a database of version 1).
import { describe, expect, it } from 'vitest';
import { movedRow } from './sync-records';
import { version1Records } from './sync-testing';

const held = { stream: 'r-one', device: 'd-tablet' };
const { joined, standings: payload, kept } = version1Records('t:herbst');

describe('movedRow: a version 1 sync row at the upgrade', () => {
	it('a held table takes round, table and tournament from its key, whose tournament id may hold colons', () => {
		expect(movedRow({ key: 'sync.held:t:herbst:1:2', value: held })).toEqual({
			store: 'held',
			row: { ...held, tournamentId: 't:herbst', round: 1, table: 2 }
		});
		expect(movedRow({ key: 'sync.held:t:1:2', value: held })).toEqual({
			store: 'held',
			row: { ...held, tournamentId: 't', round: 1, table: 2 }
		});
	});

	it.each([
		['a round that is not a count', 'sync.held:t:x:2'],
		['a table that is not a count', 'sync.held:t:1:y'],
		['a round beyond the safe integers', 'sync.held:t:1e300:2'],
		['no tournament id', 'sync.held::1:2'],
		['no round and table', 'sync.held:t:1'],
		['no tournament at all', 'sync.held']
	])('a held table whose key has %s stays in meta', (_, key) => {
		expect(movedRow({ key, value: held })).toBeNull();
	});

	it('a joined table moves under the key its record names, and only there', () => {
		expect(movedRow({ key: 'sync.joined:t:herbst:2:10', value: joined })).toEqual({
			store: 'joined',
			row: joined
		});
		for (const key of ['sync.joined:t:herbst:2:11', 'sync.joined:t:herbst:3:10', 'sync.joined:t:2:10'])
			expect(movedRow({ key, value: joined }), key).toBeNull();
		expect(movedRow({ key: 'sync.joined:t:herbst:2:10', value: { ...joined, round: 0 } })).toBeNull();
	});

	it('a kept batch moves with its place (its slot, or its stream), under the key that names it', () => {
		const beside = { ...kept, slot: 'r-three~h1' };
		expect(movedRow({ key: 'sync.pending:t:herbst:1:3:r-three', value: kept })).toEqual({
			store: 'pending',
			row: { ...kept, place: 'r-three' }
		});
		expect(movedRow({ key: 'sync.pending:t:herbst:1:3:r-three~h1', value: beside })).toEqual({
			store: 'pending',
			row: { ...beside, place: 'r-three~h1' }
		});
		expect(movedRow({ key: 'sync.pending:t:herbst:1:3:r-three', value: beside })).toBeNull();
		expect(
			movedRow({ key: 'sync.pending:t:herbst:1:3:r-three', value: { ...kept, status: 'done' } })
		).toBeNull();
	});

	it('a tournament and standings move under their own tournament only; a record that does not read stays', () => {
		const known = { id: 't:herbst', name: 'Herbstturnier', role: 'table' };
		expect(movedRow({ key: 'sync.tournament:t:herbst', value: known })).toEqual({
			store: 'tournamentKeys',
			row: known
		});
		expect(movedRow({ key: 'sync.tournament:t', value: known })).toBeNull();
		expect(movedRow({ key: 'sync.tournament:t:herbst', value: { ...known, role: 'player' } })).toBeNull();
		expect(movedRow({ key: 'sync.standings:t:herbst', value: { payload, receivedAt: 3 } })).toEqual({
			store: 'standings',
			row: { payload, receivedAt: 3, tournamentId: 't:herbst' }
		});
		expect(movedRow({ key: 'sync.standings:t', value: { payload, receivedAt: 3 } })).toBeNull();
		expect(movedRow({ key: 'sync.standings:t:herbst', value: { payload } })).toBeNull();
		expect(movedRow({ key: 'sync.later:t', value: held })).toBeNull();
	});
});
