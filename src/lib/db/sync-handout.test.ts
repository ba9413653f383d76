import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Format } from '../domain/tournament';
import { tableAssignments } from './sync-handout';
import { closeDevices, device, directedTournament, NAMES } from './sync-testing';

afterEach(closeDevices);

describe('what the desk hands out', () => {
	it.each<[Format, string]>([
		['swiss', 'Kingdomino (002)'],
		['set', 'SET (004)']
	])(
		'hands out no table codes for a %s tournament: a table code seats a Triominos table (%s)',
		async (format) => {
			device('desk');
			const tournamentId = await directedTournament(NAMES, { name: 'Spieleabend', format });
			expect(await tableAssignments(tournamentId, 1)).toEqual({
				ok: false,
				error: { code: 'not-triominos' }
			});
		}
	);
});
