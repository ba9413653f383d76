import { createTournament, recordEvents, type EventDraft } from '../db/tournaments';
import type { Format, TournamentOptions } from '../domain/tournament';
import { problemText } from '../i18n/problems/index';

/** Player ids in tests: the name in lower case. */
export const pid = (name: string) => name.toLowerCase();

/**
 * A stored tournament for tests: the players (ids = lower-case names) and then, per round, its tables as
 * name → game points (SET points) in seat order; a table given as names only is seated but not reported.
 */
function isNames(table: TestTable): table is readonly string[] {
	return Array.isArray(table);
}

/** A table: name → points in seat order, or only names when it has not reported. */
export type TestTable = readonly string[] | { readonly [name: string]: number | undefined };

export async function storedTournament(
	format: Format,
	names: readonly string[],
	rounds: readonly (readonly TestTable[])[] = [],
	options: Partial<TournamentOptions> = {}
): Promise<string> {
	const created = await createTournament({ format, name: 'Testturnier', date: '2025-05-17', options }, 1000);
	if (!created.ok) throw new Error(problemText(created.error, 'en'));
	const drafts: EventDraft[] = names.map((name) => ({ type: 'player-registered', player: pid(name), name }));
	rounds.forEach((tables, r) => {
		const round = r + 1;
		const listed = tables.map((table) =>
			isNames(table) ? table.map((name) => [name, undefined] as const) : Object.entries(table)
		);
		const seated = listed.map((table) => table.map(([name]) => pid(name)));
		drafts.push({ type: 'round-opened', round, seed: `test-${round}`, tables: seated });
		listed.forEach((table, t) => {
			if (isNames(tables[t] as TestTable)) return;
			const scores = table.map(([name, points = 0]) =>
				format === 'set'
					? { player: pid(name), found: Math.max(0, points), falseCalls: Math.max(0, -points) }
					: { player: pid(name), points }
			);
			drafts.push({ type: 'table-reported', round, table: t + 1, scores });
		});
	});
	const recorded = await recordEvents(created.value, drafts, 2000);
	if (!recorded.ok) throw new Error(problemText(recorded.error, 'en'));
	return created.value;
}
