import type Dexie from 'dexie';
import { z } from 'zod/mini';
import { formatRational } from '../domain/rational';
import { replayLog } from '../domain/roundLog';
import { standings } from '../domain/tournament';
import { loadGameView } from './games';
import { db } from './index';
import { listRounds, loadRound } from './rounds';
import { board } from './sync-board';
import { pendingBatches } from './sync-desk';
import { heldStandings, joinedTables, roundOfTable } from './sync-tablet';
import { knownTournament } from './tournament-keys';
import type { IndexShape } from './raw-fixture';
import { listTournaments, loadTournament } from './tournaments';

/**
 * Stored databases of earlier schema versions, as files (`src/lib/db/fixtures/schema-v<n>.json`): every
 * row of every table of a database written by the app of that version, the version's store definitions,
 * and what that version read back from it. `src/lib/db/upgrade.test.ts` builds each one as a raw IndexedDB
 * database, opens it with today's `WertungsblattDB` and checks that it reads back the same and takes new
 * writes. `scripts/db-fixture.ts` writes the fixture of the current version (docs/ARCHITECTURE.md).
 */

export const FIXTURE_FORMAT = 'wertungsblatt-db-fixture/1';

/** What the app reads from a database: rounds replayed, games, tournaments with standings, sync state. */
export interface Observation {
	readonly device: string | null;
	readonly events: number;
	readonly rounds: readonly {
		id: string;
		entries: number;
		confirmed: boolean;
		phase: string;
		totals: number[];
		gameId: string | null;
		tournamentId: string | null;
	}[];
	readonly games: readonly {
		id: string;
		rounds: number;
		totals: number[];
		over: boolean;
		running: boolean;
	}[];
	readonly tournaments: readonly {
		id: string;
		name: string;
		events: number;
		players: number;
		rounds: { number: number; tables: number; reported: number; locked: boolean }[];
		standings: { player: string; rank: number; points: string; gamePoints: number }[];
		role: string | null;
		board: string[];
		pending: { round: number; table: number; reason: string; status: string }[];
	}[];
	readonly joined: readonly {
		tournamentId: string;
		round: number;
		table: number;
		roundId: string | null;
		standingsRevision: number | null;
	}[];
}

const observationSchema: z.ZodMiniType<Observation> = z.object({
	device: z.nullable(z.string()),
	events: z.number(),
	rounds: z.array(
		z.object({
			id: z.string(),
			entries: z.number(),
			confirmed: z.boolean(),
			phase: z.string(),
			totals: z.array(z.number()),
			gameId: z.nullable(z.string()),
			tournamentId: z.nullable(z.string())
		})
	),
	games: z.array(
		z.object({
			id: z.string(),
			rounds: z.number(),
			totals: z.array(z.number()),
			over: z.boolean(),
			running: z.boolean()
		})
	),
	tournaments: z.array(
		z.object({
			id: z.string(),
			name: z.string(),
			events: z.number(),
			players: z.number(),
			rounds: z.array(
				z.object({ number: z.number(), tables: z.number(), reported: z.number(), locked: z.boolean() })
			),
			standings: z.array(
				z.object({ player: z.string(), rank: z.number(), points: z.string(), gamePoints: z.number() })
			),
			role: z.nullable(z.string()),
			board: z.array(z.string()),
			pending: z.array(
				z.object({ round: z.number(), table: z.number(), reason: z.string(), status: z.string() })
			)
		})
	),
	joined: z.array(
		z.object({
			tournamentId: z.string(),
			round: z.number(),
			table: z.number(),
			roundId: z.nullable(z.string()),
			standingsRevision: z.nullable(z.number())
		})
	)
});

/** A fixture file. */
export const fixtureSchema = z.object({
	format: z.literal(FIXTURE_FORMAT),
	/** The Dexie version (`this.version(n)`) the database was written with. */
	schemaVersion: z.int().check(z.gte(1)),
	/** The IndexedDB version number Dexie opened it at (Dexie multiplies by 10). */
	nativeVersion: z.int().check(z.gte(1)),
	/** That version's store definitions, in Dexie's syntax (`'id, [stream+seq], stream'`). */
	stores: z.record(z.string(), z.string()),
	madeBy: z.string(),
	/** Every row of every store, in primary-key order. */
	tables: z.record(z.string(), z.array(z.unknown())),
	/** What the app of that version read back from it. */
	expected: observationSchema
});
export type DatabaseFixture = z.infer<typeof fixtureSchema>;

/** A Dexie database's declared stores, in Dexie's syntax (the primary key first). */
export function storesOf(database: Dexie): Record<string, string> {
	return Object.fromEntries(
		database.tables
			.map((table) => [
				table.name,
				[table.schema.primKey, ...table.schema.indexes].map((i) => i.src).join(', ')
			])
			.sort(([a], [b]) => String(a).localeCompare(String(b)))
	);
}

/** Every row of every store of a database, in primary-key order. */
export async function dumpTables(database: Dexie): Promise<Record<string, unknown[]>> {
	const tables: Record<string, unknown[]> = {};
	for (const table of [...database.tables].sort((a, b) => a.name.localeCompare(b.name))) {
		tables[table.name] = await table.toArray();
	}
	return tables;
}

/** The stores and indexes of an open IndexedDB database, sorted, for comparing two databases. */
export function shapeOf(
	database: IDBDatabase
): Record<string, { primKey: IndexShape; indexes: IndexShape[] }> {
	const names = [...database.objectStoreNames].sort();
	if (!names.length) return {};
	const transaction = database.transaction(names, 'readonly');
	return Object.fromEntries(
		names.map((name) => {
			const store = transaction.objectStore(name);
			const indexes = [...store.indexNames].sort().map((indexName): IndexShape => {
				const index = store.index(indexName);
				return {
					name: indexName,
					keyPath: Array.isArray(index.keyPath) ? [...index.keyPath] : index.keyPath,
					unique: index.unique,
					multiEntry: index.multiEntry,
					autoIncrement: false
				};
			});
			const keyPath = store.keyPath;
			const primKey: IndexShape = {
				name: Array.isArray(keyPath) ? `[${keyPath.join('+')}]` : (keyPath ?? ''),
				keyPath: Array.isArray(keyPath) ? [...keyPath] : keyPath,
				unique: false,
				multiEntry: false,
				autoIncrement: store.autoIncrement
			};
			return [name, { primKey, indexes }];
		})
	);
}

/** Reads everything the app shows from the database in use, through the app's own repositories. */
export async function observe(): Promise<Observation> {
	const database = db();
	const device = (await database.meta.get('device'))?.value;
	const rounds: Observation['rounds'][number][] = [];
	for (const row of await listRounds()) {
		const stored = await loadRound(row.id);
		if (!stored.ok) throw new Error(JSON.stringify(stored.error));
		const replayed = replayLog(stored.value.setup, stored.value.entries);
		if (!replayed.ok) throw new Error(`round ${row.id}: ${JSON.stringify(replayed.error)}`);
		const { state } = replayed.value;
		rounds.push({
			id: row.id,
			entries: stored.value.entries.length,
			confirmed: stored.value.confirmed,
			phase: state.phase,
			totals: [...state.totals],
			gameId: stored.value.context.gameId,
			tournamentId: stored.value.context.tournamentId
		});
	}
	const games: Observation['games'][number][] = [];
	for (const row of await database.games.toArray()) {
		const view = await loadGameView(row.id);
		if (!view.ok) throw new Error(JSON.stringify(view.error));
		const { rounds: played, standing, running } = view.value;
		if (played.some((r) => r.problem)) throw new Error(`game ${row.id}: a round is damaged`);
		games.push({
			id: row.id,
			rounds: played.length,
			totals: [...standing.totals],
			over: standing.over,
			running: running !== null
		});
	}
	const listed = await listTournaments();
	if (listed.damaged) throw new Error(`${listed.damaged} damaged tournament rows`);
	const tournaments: Observation['tournaments'][number][] = [];
	for (const { id } of listed.tournaments) {
		const loaded = await loadTournament(id);
		if (!loaded.ok) throw new Error(JSON.stringify(loaded.error));
		const { state, events } = loaded.value;
		const boardStates: string[] = [];
		for (const round of state.rounds) {
			const tables = await board(id, round.number);
			if (!tables.ok) throw new Error(JSON.stringify(tables.error));
			boardStates.push(tables.value.map((t) => `${round.number}.${t.table}:${t.state}`).join(' '));
		}
		tournaments.push({
			id,
			name: state.name,
			events: events.length,
			players: state.players.size,
			rounds: state.rounds.map((round) => ({
				number: round.number,
				tables: round.tables.length,
				reported: round.results.filter(Boolean).length,
				locked: round.locked
			})),
			standings: standings(state).rows.map((row) => ({
				player: row.player,
				rank: row.rank,
				points: formatRational(row.points, 'en'),
				gamePoints: row.gamePoints
			})),
			role: (await knownTournament(id))?.role ?? null,
			board: boardStates,
			pending: (await pendingBatches(id))
				.map((p) => ({ round: p.round, table: p.table, reason: p.reason, status: p.status }))
				.sort((a, b) => a.round - b.round || a.table - b.table)
		});
	}
	const joined: Observation['joined'][number][] = [];
	for (const table of await joinedTables()) {
		joined.push({
			tournamentId: table.tournamentId,
			round: table.round,
			table: table.table,
			roundId: (await roundOfTable(table))?.id ?? null,
			standingsRevision: (await heldStandings(table.tournamentId))?.revision ?? null
		});
	}
	const byId = <T extends { id: string }>(list: T[]) => list.sort((a, b) => a.id.localeCompare(b.id));
	return {
		device: typeof device === 'string' ? device : null,
		events: await database.events.count(),
		rounds: byId(rounds),
		games: byId(games),
		tournaments: byId(tournaments),
		joined
	};
}
