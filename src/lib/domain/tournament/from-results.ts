import type { Score, TournamentEvent, TournamentOptions } from './events';
import type { Format } from './tables';

/** Plain results: per round, per table, player → game points (SET: SET points). Seat order = key order. */
export type PlainRounds = readonly (readonly Readonly<Record<string, number>>[])[];

/** What a plain result file describes: the players (ids = names) and their rounds. */
export interface PlainTournament {
	readonly format: Format;
	readonly players: readonly string[];
	readonly rounds: PlainRounds;
	readonly options?: Partial<TournamentOptions>;
}

/** A SET score from net SET points: positive as SETs found, negative as false calls. */
function setScore(player: string, setPoints: number): Score {
	return { player, found: Math.max(0, setPoints), falseCalls: Math.max(0, -setPoints) };
}

/**
 * The event log for plain results: created, every player registered, then each round opened with the
 * tables as given and every table reported. Ids are numbered; `at` is the same for all events.
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
			name: 'Turnier',
			date: at.slice(0, 10),
			options: { ...plain.options, ...(rounds === undefined ? {} : { rounds }) }
		}
	];
	for (const player of plain.players)
		events.push({ type: 'player-registered', ...base(), player, name: player });
	plain.rounds.forEach((tables, r) => {
		const round = r + 1;
		events.push({ type: 'round-opened', ...base(), round, seed: 'given', tables: tables.map(Object.keys) });
		tables.forEach((table, t) => {
			const scores = Object.entries(table).map(([player, points]) =>
				plain.format === 'set' ? setScore(player, points) : { player, points }
			);
			events.push({ type: 'table-reported', ...base(), round, table: t + 1, scores });
		});
	});
	return events;
}
