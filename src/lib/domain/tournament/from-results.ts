import { STAGES, type Score, type TournamentEvent, type TournamentOptions } from './events';
import type { Format } from './tables';

/** Plain results: per round, per table, player → game points (SET: SET points). Seat order = key order. */
export type PlainRounds = readonly (readonly Readonly<Record<string, number>>[])[];

/** What a plain result file describes: the players (ids = names) and their rounds. */
export interface PlainTournament {
	readonly format: Format;
	readonly players: readonly string[];
	readonly rounds: PlainRounds;
	readonly options?: Partial<TournamentOptions>;
	/** The final's rounds, each a list of tables (the final plays at one table; RULES.md §6, §8). */
	readonly final?: PlainRounds;
	/** Orders a lot (SET: a play-off) decided, first = ahead; each applies to prelims and final alike. */
	readonly lots?: readonly (readonly string[])[];
	readonly name?: string;
	readonly date?: string;
}

/** A SET score from net SET points: positive as SETs found, negative as false calls. */
function setScore(player: string, setPoints: number): Score {
	return { player, found: Math.max(0, setPoints), falseCalls: Math.max(0, -setPoints) };
}

/**
 * The event log for plain results: created, every player registered, then each round opened with the
 * tables as given and every table reported; then the lots, and the final opened with the players of its
 * first table and each final round reported. Ids are numbered; `at` is the same for all events.
 */
export function logFromResults(plain: PlainTournament, at: string): TournamentEvent[] {
	let n = 0;
	const base = () => ({ id: `e${++n}`, at });
	const rounds =
		plain.options?.rounds ??
		(plain.format === 'set' ? Math.min(4, Math.max(3, plain.rounds.length)) : undefined);
	const events: TournamentEvent[] = [
		{
			type: 'tournament-created',
			...base(),
			format: plain.format,
			name: plain.name ?? 'Turnier',
			date: plain.date ?? at.slice(0, 10),
			options: { ...plain.options, ...(rounds === undefined ? {} : { rounds }) }
		}
	];
	for (const player of plain.players)
		events.push({ type: 'player-registered', ...base(), player, name: player });
	const scoresOf = (table: Readonly<Record<string, number>>) =>
		Object.entries(table).map(([player, points]) =>
			plain.format === 'set' ? setScore(player, points) : { player, points }
		);
	plain.rounds.forEach((tables, r) => {
		const round = r + 1;
		events.push({ type: 'round-opened', ...base(), round, seed: 'given', tables: tables.map(Object.keys) });
		tables.forEach((table, t) => {
			events.push({ type: 'table-reported', ...base(), round, table: t + 1, scores: scoresOf(table) });
		});
	});
	for (const players of plain.lots ?? []) {
		for (const stage of STAGES) {
			events.push(
				plain.format === 'set'
					? { type: 'play-off-recorded', ...base(), stage, players }
					: { type: 'lot-drawn', ...base(), stage, seed: 'given', players }
			);
		}
	}
	const finalPlayers = plain.final?.[0]?.[0];
	if (finalPlayers) {
		events.push({ type: 'final-opened', ...base(), seed: 'given', players: Object.keys(finalPlayers) });
		plain.final?.forEach((tables, r) => {
			const round = plain.rounds.length + r + 1;
			for (const table of tables)
				events.push({ type: 'final-reported', ...base(), round, scores: scoresOf(table) });
		});
	}
	return events;
}
