import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TOURNAMENT, type RuleOptions } from '../../../src/lib/domain/rules';
import { logFromResults } from '../../../src/lib/domain/tournament/from-results';
import {
	applyEvent,
	openNextRound,
	replay,
	type TournamentEvent,
	type TournamentState
} from '../../../src/lib/domain/tournament';
import { toFileText } from '../../../src/lib/protocol/files';
import { toCodes } from '../../../src/lib/protocol/frames';
import { standingsPayload } from '../../../src/lib/protocol/standings';
import { newTournamentKey } from '../../../src/lib/protocol/hmac';
import { newSigningKey, tableKey, type SigningKey } from '../../../src/lib/protocol/keys';
import { encodePayload } from '../../../src/lib/protocol/payload';
import { batchOf, finishingChoices, roundEvents } from '../../../src/lib/protocol/testing';
import { playChoices } from '../../../src/lib/domain/testing/rounds';
import { problemText } from '../../../src/lib/i18n/problems/index';

/**
 * Tournaments made in node, as another director's device would hand them over: a signed tournament
 * file (backup), and the codes its tables would scan or hand in — so a test starts where it matters.
 */

/** A tournament as its file and key, with the seating of its newest round (names, seat order). */
export interface TournamentFixture {
	readonly id: string;
	readonly name: string;
	/** The master key: each table's key for a round is derived from it. */
	readonly key: Uint8Array;
	/** The director's signing key: table codes and files are signed with it. */
	readonly signing: SigningKey;
	readonly state: TournamentState;
	readonly tables: string[][];
	/** Path of the `.wbsync` backup. */
	readonly path: string;
}

const at = () => new Date(Date.now() - 3_600_000).toISOString();

/** Names as an entry list has them: long, with hyphens and umlauts (the result code names players by seat). */
export const HALL_NAMES = [
	'Anna-Lena Müller',
	'Maximilian Schäfer',
	'Friederike Großmann',
	'Hans-Jürgen Weißenböck',
	'Karl-Heinz Oberländer',
	'Mechthild Bräutigam',
	'Jörg-Peter Hoffmann',
	'Annemarie Schüßler',
	'Wolfgang Dietrichsen',
	'Ulrike Käßbohrer',
	'Bernadette Lindqvist',
	'Constantin Wöllmer'
] as const;

/** The log of a Triominos tournament: created, players registered, round 1 drawn (by seed). */
export function drawnLog(name: string, players: readonly string[], seed: string): TournamentEvent[] {
	const when = at();
	const log: TournamentEvent[] = [
		{ type: 'tournament-created', id: 'e-1', at: when, format: 'triominos', name, date: when.slice(0, 10) },
		...players.map((player, i): TournamentEvent => ({
			type: 'player-registered',
			id: `e-r${i}`,
			at: when,
			player: `p-${String(i + 1).padStart(2, '0')}`,
			name: player
		}))
	];
	const registered = replay(log);
	if (!registered.ok) throw new Error(problemText(registered.error, 'en'));
	const opened = openNextRound(registered.value, { id: 'e-open1', at: when, seed });
	if (!opened.ok) throw new Error(problemText(opened.error, 'en'));
	return [...log, opened.value];
}

/** Rounds 1 and 2 reported (round 2, table 1: 116 / 52 / 50, as in the issue), round 3 drawn. */
export function lockedLog(): TournamentEvent[] {
	const at = new Date(Date.now() - 3_600_000).toISOString();
	const log = logFromResults(
		{
			format: 'triominos',
			name: 'Herbstturnier',
			date: at.slice(0, 10),
			players: ['Bärbel', 'Jörg', 'Jürgen', 'Anke', 'Hans', 'Ute'],
			rounds: [
				[
					{ Bärbel: 120, Jörg: 80, Jürgen: 40 },
					{ Anke: 90, Hans: 70, Ute: 60 }
				],
				[
					{ Bärbel: 116, Jörg: 52, Jürgen: 50 },
					{ Anke: 60, Hans: 100, Ute: 75 }
				]
			]
		},
		at
	);
	const state = replay(log);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	const round3 = openNextRound(state.value, { id: 'e-open3', at, seed: 'runde-3' });
	if (!round3.ok) throw new Error(JSON.stringify(round3.error));
	return [...log, round3.value];
}

/** A hall's 14 players: long names, hyphens and umlauts, as an entry list has them. */
export const FOURTEEN = [
	'Anton Bauer',
	'Berta Schmidt-Lange',
	'Clara Weiß',
	'Dora Özdemir',
	'Emil Krüger',
	'Frieda Hoffmann',
	'Gustav Meyer',
	'Heinz-Dieter Schulz',
	'Ilse Wagner',
	'Jakob Becker',
	'Karl Schäfer',
	'Luise Koch',
	'Martha Richter',
	'Nora Klein'
] as const;

/**
 * A 14-player qualifier in its second round: round 1 reported at two tables of four and two of three,
 * round 2 drawn (by seed). Every screen of the desk has something to show.
 */
export function secondRoundLog(name = 'Herbstturnier Halle'): TournamentEvent[] {
	const at = new Date(Date.now() - 3_600_000).toISOString();
	const [a, b, c, d, e, f, g, h, i, j, k, l, m, n] = FOURTEEN;
	const log = logFromResults(
		{
			format: 'triominos',
			name,
			date: at.slice(0, 10),
			players: [...FOURTEEN],
			rounds: [
				[
					{ [a]: 212, [b]: 140, [c]: 96, [d]: -12 },
					{ [e]: 180, [f]: 175, [g]: 60, [h]: 33 },
					{ [i]: 150, [j]: 120, [k]: 88 },
					{ [l]: 99, [m]: 97, [n]: 41 }
				]
			]
		},
		at
	);
	const state = replay(log);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	const round2 = openNextRound(state.value, { id: 'e-open2', at, seed: 'runde-2' });
	if (!round2.ok) throw new Error(JSON.stringify(round2.error));
	return [...log, round2.value];
}

/** A tournament file of this log, signed with a fresh key, written to a temporary `.wbsync`. */
export async function tournamentFile(
	id: string,
	log: readonly TournamentEvent[]
): Promise<TournamentFixture> {
	let state: TournamentState | null = null;
	for (const event of log) {
		const next = applyEvent(state, event);
		if (!next.ok) throw new Error(problemText(next.error, 'en'));
		state = next.value;
	}
	if (!state) throw new Error('empty log');
	const start = Date.now() - 3_600_000;
	const events = log.map((event, i) => ({
		device: 'desk0other1',
		seq: i + 1,
		at: start + i,
		type: event.type,
		body: event
	}));
	const key = newTournamentKey();
	const signing = await newSigningKey();
	const bytes = await encodePayload(
		{
			kind: 'tournament',
			tournamentId: id,
			tournamentName: state.name,
			key,
			signing: signing.privateKey,
			director: signing.publicKey,
			legacyThrough: 0,
			events,
			rounds: [],
			pending: []
		},
		signing
	);
	const path = join(tmpdir(), `${id}-${process.pid}.wbsync`);
	writeFileSync(path, toFileText(bytes));
	const round = state.rounds.at(-1);
	const names = (ids: readonly string[]) => ids.map((p) => state.players.get(p)?.name ?? p);
	return { id, name: state.name, key, signing, state, tables: round ? round.tables.map(names) : [], path };
}

/**
 * The code a table's tablet hands in for a finished, confirmed round (players as it played them), and
 * the round's totals by seat. From the first seed on that plays the round to its end.
 */
export async function resultCodes(
	fixture: TournamentFixture,
	options: { table: number; round?: number; players: string[]; rules?: RuleOptions; seed?: number }
): Promise<{ codes: string[]; totals: number[] }> {
	const { table, round = 1, players, rules = TOURNAMENT } = options;
	let seed = options.seed ?? 11;
	let choices = finishingChoices([seed, seed * 7]);
	while (playChoices(rules, players, 0, choices).state.phase !== 'over') {
		seed++;
		choices = finishingChoices([seed, seed * 7]);
	}
	// Each table's tablet is a device of its own, and its round a stream of its own.
	const device = `e2e0r${round}t${table}s${seed}`;
	const stream = `r-${device}`;
	const events = roundEvents({ players, rules, choices, round, table, device, tournamentId: fixture.id });
	const batch = batchOf(events, { tournamentId: fixture.id, round, table, stream });
	return {
		codes: toCodes(
			await encodePayload({ kind: 'batch', batch }, await tableKey(fixture.key, fixture.id, round, table))
		),
		totals: [...playChoices(rules, players, 0, choices).state.totals]
	};
}

/**
 * The table code the desk hands a table of the newest round (or of an earlier one: a code kept too long).
 * `issuedAt`: when the desk made it (minutes since the epoch), as the desk stamps it.
 */
export async function tableCodes(
	fixture: TournamentFixture,
	table: number,
	number = fixture.state.rounds.at(-1)!.number,
	options: { issuedAt?: number } = {}
): Promise<string[]> {
	const round = fixture.state.rounds.find((r) => r.number === number)!;
	const seated = round.tables[table - 1]!;
	return toCodes(
		await encodePayload(
			{
				kind: 'assignment',
				tournamentId: fixture.id,
				tournamentName: fixture.name,
				key: await tableKey(fixture.key, fixture.id, round.number, table),
				director: fixture.signing.publicKey,
				round: round.number,
				table,
				players: seated.map((id) => ({ id, name: fixture.state.players.get(id)?.name ?? id })),
				rules: TOURNAMENT,
				...(options.issuedAt === undefined ? {} : { issuedAt: options.issuedAt })
			},
			fixture.signing
		)
	);
}

/** The desk's standings code of the tournament as its file holds it (signed by the director). */
export async function standingsCodes(fixture: TournamentFixture, revision: number): Promise<string[]> {
	const payload = standingsPayload(fixture.state, fixture.id, revision);
	if (!payload.ok) throw new Error(JSON.stringify(payload.error));
	return toCodes(await encodePayload(payload.value, fixture.signing));
}
