import type { Spectator, SpectatorRound, SpectatorStanding, SpectatorTable } from '../codecs/spectator';

/** One seat of a table: who sat there and, once the table has reported, how the game went for him. */
export interface Seat {
	readonly player: string;
	readonly place?: number;
	readonly points?: string;
	readonly gamePoints?: number;
	readonly left?: boolean;
}

/** A table's seats in seat order, each with its outcome once the table has reported. */
export function seatsOf(table: SpectatorTable): Seat[] {
	const { result } = table;
	return table.players.map((player, seat) =>
		result
			? {
					player,
					place: result.places[seat],
					points: result.points[seat],
					gamePoints: result.gamePoints[seat],
					left: result.left?.includes(seat) ?? false
				}
			: { player }
	);
}

/** One line of the live standings: the place, name and points the group it stands in ranks by. */
export type StandingLine = Omit<SpectatorStanding, 'final'>;

/** A part of the standings: the final's players by the final's own points, or the rest by the prelims. */
export interface StandingGroup {
	/** null: no final has begun, one group of everyone by the prelims. */
	readonly stage: 'final' | 'prelim' | null;
	readonly lines: readonly StandingLine[];
}

const prelimLine = (row: SpectatorStanding): StandingLine => ({
	rank: row.rank,
	player: row.player,
	points: row.points,
	gamePoints: row.gamePoints,
	...(row.share === undefined ? {} : { share: row.share }),
	withdrawn: row.withdrawn
});

/**
 * The standings as a spectator reads them (RULES.md §6: the final's ranking decides its places). Once the
 * final has begun its players stand first, ranked and scored by the final alone — so the first place is
 * never shown with fewer points than the second — and everyone else follows by the prelims.
 */
export function standingGroups(doc: Spectator): StandingGroup[] {
	const finalists = doc.standings.filter((row) => row.final);
	if (!finalists.length) return [{ stage: null, lines: doc.standings.map(prelimLine) }];
	const final = finalists
		.map((row) => ({ row, final: row.final! }))
		.sort((a, b) => a.final.rank - b.final.rank)
		.map(({ row, final }) => ({
			rank: final.rank,
			player: row.player,
			points: final.points,
			gamePoints: final.gamePoints,
			withdrawn: row.withdrawn
		}));
	const rest = doc.standings.filter((row) => !row.final).map(prelimLine);
	return [
		{ stage: 'final', lines: final },
		...(rest.length ? [{ stage: 'prelim' as const, lines: rest }] : [])
	];
}

/** The round that is being played or was played last; null before the first draw. */
export function currentRound(doc: Spectator): SpectatorRound | null {
	return doc.rounds.at(-1) ?? null;
}

/** A round's key in a link (`?runde=3`, the final's second round `?runde=F2`), and back. */
export function roundKey(round: Pick<SpectatorRound, 'stage' | 'ofStage'>): string {
	return round.stage === 'final' ? `F${round.ofStage}` : String(round.ofStage);
}

/** The round a link names, the current one when it names none; null when there is no such round. */
export function roundNamed(doc: Spectator, key: string | null): SpectatorRound | null {
	if (!key) return currentRound(doc);
	return doc.rounds.find((round) => roundKey(round) === key) ?? null;
}

/** Not all of a round's tables have reported yet. */
export function openTables(round: SpectatorRound): boolean {
	return round.tables.some((table) => !table.result);
}

/** One game of a player: where he sat, how it went, and the others at his table. */
export interface Game {
	readonly round: SpectatorRound;
	/** 1-based. */
	readonly table: number;
	readonly seat: Seat;
	readonly others: readonly Seat[];
	readonly reported: boolean;
}

/** Every game of a player in the order played, each with his table's other seats (RULES.md §6: one table per round). */
export function gamesOf(doc: Spectator, player: string): Game[] {
	return doc.rounds.flatMap((round) =>
		round.tables.flatMap((table, index) => {
			const seats = seatsOf(table);
			const seat = seats.find((s) => s.player === player);
			if (!seat) return [];
			const others = seats.filter((s) => s !== seat);
			return [{ round, table: index + 1, seat, others, reported: table.result !== undefined }];
		})
	);
}

/** A player's line in the standings, null when he does not play in the tournament. */
export function standingOf(doc: Spectator, player: string): SpectatorStanding | null {
	return doc.standings.find((row) => row.player === player) ?? null;
}
