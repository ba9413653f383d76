import { describe, expect, it } from 'vitest';
import type { TournamentBundle } from '../codecs/sync';
import { replay, type TournamentEvent } from '../domain/tournament';
import { logFromResults, type PlainTournament } from '../domain/tournament/from-results';
import { toFileText } from './files';
import { newTournamentKey } from './hmac';
import { newSigningKey } from './keys';
import { encodePayload, type Payload } from './payload';
import { TOURNAMENT_ID } from './testing';
import {
	isBackupText,
	isDeskExport,
	logOfBackup,
	logOfExport,
	readTournamentJson,
	tournamentJson
} from './tournament-file';

const AT = '2026-11-28T19:00:00Z';

function stateOf(events: TournamentEvent[]) {
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return state.value;
}

const evening: PlainTournament = {
	format: 'triominos',
	players: ['Anna', 'Ben', 'Cara'],
	rounds: [[{ Anna: 3, Ben: 2, Cara: 2 }]],
	name: 'Vereinsabend',
	date: '2026-11-28'
};

/** The desk's "Alles (JSON)" export as a file holds it. */
const exported = (plain: PlainTournament, events = logFromResults(plain, AT)) =>
	JSON.parse(JSON.stringify(tournamentJson('t-1', stateOf(events), events))) as Record<string, unknown>;

describe('the desk’s "Alles (JSON)" export (tournamentJson)', () => {
	it('holds the settings, the standings with exact points, every table’s places and points, and the log', () => {
		const events = logFromResults(evening, AT);
		const json = exported(evening, events);
		const player = (seat: number, name: string, points: number, place: number, tournamentPoints: number) => ({
			seat,
			player: name,
			score: { points },
			place,
			points: { value: tournamentPoints, exact: String(tournamentPoints) },
			gamePoints: points
		});
		const row = (rank: number, name: string, points: number, gamePoints: number, tiebreaks: unknown[]) => ({
			rank,
			player: name,
			id: name,
			points: { value: points, exact: String(points) },
			gamePoints,
			withdrawn: false,
			tiebreaks
		});
		// RULES.md §5: a table of 3 gives 5-3-1; Ben and Cara share second place and split 3 + 1. §6: with at
		// most 18 players the best 3 play the final; their tie on points and game points waits for a lot.
		expect(json).toEqual({
			tournament: {
				id: 't-1',
				name: 'Vereinsabend',
				date: '2026-11-28',
				format: 'triominos',
				status: 'prelims',
				options: { rounds: 4, finalSize: null, finalRounds: 2, avoidRepeats: true, maxPlayers: null }
			},
			standings: [
				row(1, 'Anna', 5, 3, []),
				row(2, 'Ben', 2, 2, [{ against: 'Cara', by: 'tied', won: null }]),
				row(2, 'Cara', 2, 2, [{ against: 'Ben', by: 'tied', won: null }])
			],
			finalists: ['Anna', 'Ben', 'Cara'],
			qualifiers: { count: 0, players: [] },
			undecided: [{ stage: 'prelim', by: 'lot', players: ['Ben', 'Cara'] }],
			rounds: [
				{
					round: 1,
					stage: 'prelim',
					seed: 'given',
					locked: false,
					tables: [
						{
							table: 1,
							players: [player(1, 'Anna', 3, 1, 5), player(2, 'Ben', 2, 2, 2), player(3, 'Cara', 2, 2, 2)],
							corrections: []
						}
					]
				}
			],
			events: JSON.parse(JSON.stringify(events))
		});
	});

	it('shows a table not yet in by its seats alone, a correction with its reason, who withdrew, a final', () => {
		const plain: PlainTournament = {
			...evening,
			players: ['Anna', 'Ben', 'Cara', 'Dirk'],
			rounds: [[{ Anna: 3, Ben: 2, Cara: 1, Dirk: 0 }]],
			lots: [],
			final: [[{ Anna: 50, Ben: 40, Cara: 30 }]],
			options: { rounds: 1, finalRounds: 1 }
		};
		const log = logFromResults(plain, AT);
		const final = log.findIndex((event) => event.type === 'final-opened');
		const events: TournamentEvent[] = [
			...log.slice(0, final),
			{ type: 'player-withdrawn', id: 'w1', at: AT, player: 'Dirk', fromRound: 2 },
			{
				type: 'result-corrected',
				id: 'c1',
				at: AT,
				round: 1,
				table: 1,
				scores: [
					{ player: 'Anna', points: 3 },
					{ player: 'Ben', points: 2 },
					{ player: 'Cara', points: 1 },
					{ player: 'Dirk', points: 1 }
				],
				reason: 'verzählt',
				override: true
			},
			...log.slice(final)
		];
		const json = exported(plain, events) as {
			standings: { player: string; withdrawn: boolean; final?: unknown; points: unknown }[];
			rounds: { stage: string; tables: { corrections: unknown[]; players: { place?: number }[] }[] }[];
		};
		const row = (name: string) => json.standings.find((r) => r.player === name);
		expect(row('Dirk')?.withdrawn).toBe(true);
		// §5: Cara and Dirk now share third place at a table of 4 (2 + 1) / 2.
		expect(row('Dirk')?.points).toEqual({ value: 1.5, exact: '1.5' });
		// The round was not locked yet: no director override, whatever the event asked.
		expect(json.rounds[0]?.tables[0]?.corrections).toEqual([{ at: AT, reason: 'verzählt', override: false }]);
		expect(row('Anna')?.final).toEqual({ rank: 1, points: { value: 5, exact: '5' }, gamePoints: 50 });
		expect(row('Dirk')?.final).toBeUndefined();
		expect(json.rounds.map((r) => r.stage)).toEqual(['prelim', 'final']);
		// A table with no result yet: its seats and players, no places.
		const open = exported({ ...evening, rounds: [] }, [
			...logFromResults({ ...evening, rounds: [] }, AT),
			{ type: 'round-opened', id: 'o1', at: AT, round: 1, seed: 'given', tables: [['Anna', 'Ben', 'Cara']] }
		]) as { rounds: { tables: unknown[] }[] };
		expect(open.rounds[0]?.tables).toEqual([
			{
				table: 1,
				players: [
					{ seat: 1, player: 'Anna' },
					{ seat: 2, player: 'Ben' },
					{ seat: 3, player: 'Cara' }
				],
				corrections: []
			}
		]);
	});

	it('carries the tiebreaks as data, no sentence: the rival, what settled it, the values compared; swiss rows their share', () => {
		const json = exported({
			format: 'swiss',
			players: ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn'],
			rounds: [
				[
					{ Anna: 10, Ben: 8, Cara: 6 },
					{ Dirk: 10, Eva: 8, Finn: 2 }
				]
			]
		}) as { standings: { player: string; id: string; tiebreaks: unknown[]; share?: number }[] };
		const row = (name: string) => json.standings.find((r) => r.player === name)!;
		// Level on points and game points, the share decides (002 §3): 10 of 20 beats 10 of 24 at a table
		// of 3, in percent as the row's `share`.
		expect(row('Dirk').tiebreaks).toEqual([
			{ against: row('Anna').id, by: 'share', won: true, values: [37.5, 31.25] }
		]);
		expect([row('Dirk').share, row('Anna').share]).toEqual([37.5, 31.25]);
		expect(row('Finn').tiebreaks).toEqual([
			{ against: row('Cara').id, by: 'gamePoints', won: false, values: [2, 6] }
		]);
	});
});

/** JSON text in pieces of `size` bytes, as a file is read. */
function* pieces(text: string, size = 7) {
	const bytes = new TextEncoder().encode(text);
	for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('reading a tournament’s JSON file back', () => {
	it('keeps only what a reader uses: an export’s tournament and log, a plain file’s results', async () => {
		const json = exported(evening);
		const read = await readTournamentJson(pieces(JSON.stringify(json)));
		expect(read).toEqual({ ok: true, value: { tournament: json.tournament, events: json.events } });
		expect(isDeskExport(read.ok && read.value)).toBe(true);
		const plain = { ...evening, comment: 'nicht gelesen' };
		const back = await readTournamentJson(pieces(JSON.stringify(plain)), { plain: true });
		expect(back).toEqual({ ok: true, value: evening });
		expect(isDeskExport(back.ok && back.value)).toBe(false);
		// An export read as a plain file is still an export: only its own members.
		const both = await readTournamentJson(pieces(JSON.stringify({ ...json, players: ['x'] })), {
			plain: true
		});
		expect(both).toEqual({ ok: true, value: { tournament: json.tournament, events: json.events } });
		expect(await readTournamentJson(pieces(JSON.stringify({ players: ['x'] })))).toEqual({
			ok: true,
			value: {}
		});
		expect(isDeskExport(null)).toBe(false);
		expect(isDeskExport({ events: [] })).toBe(false);
	});

	it('takes the log of an export, and refuses a file that is none or a log that is damaged, naming the event', () => {
		const json = exported(evening) as { tournament: { id: string; name: string }; events: unknown[] };
		expect(logOfExport(json)).toEqual({
			ok: true,
			value: { id: 't-1', name: 'Vereinsabend', events: json.events, source: 'export' }
		});
		for (const none of [
			{ events: json.events },
			{ ...json, events: [] },
			{ ...json, tournament: { ...json.tournament, id: '' } },
			{ ...json, tournament: { ...json.tournament, id: 'x'.repeat(201) } }
		])
			expect(logOfExport(none)).toEqual({ ok: false, error: { code: 'not-an-export' } });
		const damaged = {
			...json,
			events: json.events.map((e, i) => (i === 2 ? { ...(e as object), type: 'x' } : e))
		};
		expect(logOfExport(damaged)).toMatchObject({ ok: false, error: { code: 'damaged-log', index: 2 } });
		const reason = logOfExport(damaged);
		expect(!reason.ok && 'detail' in reason.error && reason.error.detail).not.toBe('');
	});
});

describe('a backup’s log (logOfBackup)', async () => {
	const director = await newSigningKey();
	const events = logFromResults(evening, AT);
	const bundle: TournamentBundle = {
		kind: 'tournament',
		tournamentId: TOURNAMENT_ID,
		tournamentName: 'Vereinsabend',
		key: newTournamentKey(),
		signing: director.privateKey,
		director: director.publicKey,
		legacyThrough: 0,
		// Stored out of order: the log is read in log order.
		events: events
			.map((body, i) => ({ device: 'dir1', seq: i + 1, at: 1_764_356_400_000 + i, type: body.type, body }))
			.reverse(),
		rounds: [],
		pending: []
	};
	const file = async (payload: Payload, signer = director) =>
		toFileText(await encodePayload(payload, signer));

	it('reads the log and the desk’s own key from a backup file', async () => {
		expect(isBackupText(await file(bundle))).toBe(true);
		expect(isBackupText(JSON.stringify(exported(evening)))).toBe(false);
		expect(await logOfBackup(await file(bundle))).toEqual({
			ok: true,
			value: {
				id: TOURNAMENT_ID,
				name: 'Vereinsabend',
				events: JSON.parse(JSON.stringify(events)),
				source: 'backup',
				key: { privateKey: director.privateKey, publicKey: director.publicKey }
			}
		});
	});

	it.each([
		['a file that is none', async () => 'Hallo', { code: 'unreadable', why: 'not-a-file' }],
		[
			'a damaged file',
			async () => (await file(bundle)).replace(/\n(.)/, (_, c: string) => `\n${c === 'A' ? 'B' : 'A'}`),
			{ code: 'checksum' }
		],
		[
			'another kind of code in a file',
			async () =>
				file({
					kind: 'standings',
					tournamentId: TOURNAMENT_ID,
					tournamentName: 'Vereinsabend',
					afterRound: 0,
					revision: 1,
					rows: [],
					next: null
				}),
			{ code: 'not-a-backup' }
		],
		[
			'a backup signed by another key than its own',
			async () => file(bundle, await newSigningKey()),
			{ code: 'forged' }
		],
		['a backup of rounds only', async () => file({ ...bundle, events: [] }), { code: 'round-only' }],
		[
			'a backup whose log is damaged',
			async () => file({ ...bundle, events: bundle.events.map((row) => ({ ...row, body: { type: 'x' } })) }),
			{ code: 'damaged-log' }
		]
	])('refuses %s', async (_, text, error) => {
		expect(await logOfBackup(await text())).toMatchObject({ ok: false, error });
	});
});
