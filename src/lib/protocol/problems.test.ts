import { describe, expect, it } from 'vitest';
import { refusal } from './problems';

// The refusals' codes and fields are stable (problems.ts): the UI words each from its code and fields
// (lib/i18n/problems), and tests across the app compare them whole.
describe('the refusals a code or file meets, as the UI reads them', () => {
	const cases: [() => unknown, unknown][] = [
		[() => refusal.unreadable({ why: 'frame' }), { code: 'unreadable', why: 'frame' }],
		[() => refusal.checksum(), { code: 'checksum' }],
		[
			() => refusal.otherVersion('file', { kind: 'format', value: '2' }),
			{ code: 'version', what: 'file', from: { kind: 'format', value: '2' } }
		],
		[() => refusal.version(6), { code: 'version', what: 'code', from: { kind: 'protocol', value: '6' } }],
		[() => refusal.wrongKind('standings'), { code: 'wrong-kind', kind: 'standings' }],
		[() => refusal.forged(), { code: 'forged', table: null }],
		[() => refusal.unknownTournament('t-1'), { code: 'unknown-tournament', id: 't-1' }],
		[() => refusal.otherTournament('t-1'), { code: 'other-tournament', id: 't-1', round: false, at: null }],
		[
			() => refusal.otherTournament('t-1', { round: 2, table: 3 }),
			{ code: 'other-tournament', id: 't-1', round: false, at: { round: 2, table: 3 } }
		],
		[() => refusal.foreignRound('t-2'), { code: 'other-tournament', id: 't-2', round: true, at: null }],
		[() => refusal.keyMismatch(), { code: 'key-mismatch' }],
		[
			() => refusal.newDirectorKey({ tournamentId: 't-1', tournamentName: 'Frühjahr', round: 2, table: 3 }),
			{ code: 'new-director-key', tournamentId: 't-1', tournamentName: 'Frühjahr', round: 2, table: 3 }
		],
		[() => refusal.standingsOtherKey(), { code: 'forged', table: null, standings: true }],
		[() => refusal.keyBeforeRestore(2, 3), { code: 'key-before-restore', round: 2, table: 3 }],
		[() => refusal.mismatch({ what: 'stored' }), { code: 'mismatch', what: 'stored' }],
		[() => refusal.noSuchTable(2, 9), { code: 'unknown-table', round: 2, table: 9 }],
		[() => refusal.olderTable(1, 3), { code: 'older-table', round: 1, newest: 3 }],
		[() => refusal.lockedTake(2, 3, 4), { code: 'locked-take', round: 2, table: 3, running: 4 }],
		[
			() => refusal.otherTableTake(2, 3, { round: 2, table: 5 }),
			{ code: 'other-table-take', round: 2, table: 3, holds: { round: 2, table: 5 } }
		],
		[() => refusal.lockedAbsence(2, 3, null), { code: 'locked-absence', round: 2, table: 3, running: null }],
		[
			() => refusal.unknownPlayer(2, 3, 'p-9'),
			{ code: 'unseated-player', round: 2, table: 3, player: 'p-9' }
		],
		[
			() => refusal.beyondTournament(null, 2 ** 41),
			{ code: 'beyond-tournament', round: null, revision: 2 ** 41 }
		],
		[
			() => refusal.otherTableCode(2, 3, { round: 2, table: 1 }),
			{ code: 'other-table-code', round: 2, table: 3, current: { round: 2, table: 1 } }
		],
		[() => refusal.pastTable(2, 3), { code: 'past-table', round: 2, afterRound: 3 }],
		[() => refusal.unknownSeating(2, 3, 27), { code: 'unknown-seating', round: 2, table: 3, revision: 27 }],
		[() => refusal.superseded(3), { code: 'superseded', table: 3 }],
		[() => refusal.inconsistent('k3:7'), { code: 'inconsistent', id: 'k3:7' }],
		[() => refusal.streamElsewhere(2, 3), { code: 'stream-elsewhere', round: 2, table: 3 }],
		[() => refusal.tooLarge('bytes', 16), { code: 'too-large', what: 'bytes', limit: 16 }],
		[() => refusal.duplicateId('p-1'), { code: 'duplicate-id', id: 'p-1' }],
		[() => refusal.notPinned(), { code: 'not-pinned' }],
		[() => refusal.notThisTable(2, 3), { code: 'forged', table: { round: 2, table: 3 } }],
		[() => refusal.invalid({ why: 'no-start' }), { code: 'invalid', why: 'no-start' }]
	];
	// Each refusal made in its own case, not as the table is read: a mutation test knows which case covers it.
	it.each(cases.map(([make, expected]) => [expected, make] as const))('%o', (expected, make) => {
		expect(make()).toEqual(expected);
	});

	it('names the table of another table’s code as it was, not as the caller keeps it', () => {
		const current = { round: 2, table: 1, extra: 'kept elsewhere' };
		expect(refusal.otherTableCode(2, 3, current)).toEqual({
			code: 'other-table-code',
			round: 2,
			table: 3,
			current: { round: 2, table: 1 }
		});
	});
});
