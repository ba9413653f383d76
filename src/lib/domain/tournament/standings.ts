import type { Rational } from '../rational';
import type { Problem } from '../result';
import type { PlayerId, Stage } from './events';
import { finalCut, finalRanking } from './final';
import { prelimRanking } from './prelim';
import type { Placed, Tiebreak } from './ranking';
import { sharePercent } from './share';
import type { TournamentState } from './state';
import type { Format } from './tables';
import type { Tally } from './tally';
import { qualification, qualifyingPlaces, type PendingLot } from './qualified';
import { qualifierWarning } from './triominos';

/** One line of the standings. */
export interface StandingRow {
	readonly player: PlayerId;
	readonly name: string;
	/** Overall rank: after a complete final, finalists by the final, everyone else by the prelims. */
	readonly rank: number;
	/** Prelim tournament points (victory points in swiss). */
	readonly points: Rational;
	/** Prelim game points; SET points in SET. */
	readonly gamePoints: number;
	/** Swiss only: sum of percentage shares as a fraction of 1 (9/16), and in percent (56.25). */
	readonly share?: Rational;
	readonly sharePercent?: number;
	/** Against each rival with the same points: what separated them, or that nothing has yet. */
	readonly tiebreaks: readonly Tiebreak[];
	/** How many those are, and the one against a given rival (null if none), without all the others. */
	readonly levelWith: number;
	tiebreakAgainst(rival: PlayerId): Tiebreak | null;
	readonly withdrawn: boolean;
	/** Finalists once the final has begun: its points, game points and rank so far. */
	readonly final?: { readonly points: Rational; readonly gamePoints: number; readonly rank: number };
}

/** Tied players whose order a lot (Triominos, swiss) or play-off (SET) still has to decide. */
export interface UndecidedTie {
	readonly stage: Stage;
	readonly by: 'lot' | 'playOff';
	readonly players: readonly PlayerId[];
}

/** The standings of a tournament as its log stands. */
export interface Standings {
	readonly format: Format;
	readonly rows: readonly StandingRow[];
	/** Players certain to be in the final (all of them once the cut is decided); empty in swiss. */
	readonly finalists: readonly PlayerId[];
	/**
	 * Triominos only: how many qualify for the DM and who, as far as decided; `pending`: the tie across the
	 * last place that a lot still decides (RULES.md §6), null when there is none.
	 */
	readonly qualifiers?: {
		readonly count: number;
		readonly players: readonly PlayerId[];
		readonly pending: PendingLot | null;
	};
	/**
	 * Triominos and swiss: every tie that no criterion or lot has broken (a lot may settle any of them).
	 * SET: only the tie at the final cut, the one 004 §2.5.3 settles by play-off; other ties share the place.
	 * Final ties are listed once every final round has reported.
	 */
	readonly undecided: readonly UndecidedTie[];
	readonly warnings: readonly Problem[];
}

/** The standings, computed from the state alone. */
export function standings(state: TournamentState): Standings {
	const prelim = prelimRanking(state);
	const cut = finalCut(state, prelim);
	const final = finalRanking(state);
	const by = state.format === 'set' ? 'playOff' : 'lot';
	const finalPlayers = final?.ranking.placed.map((p) => p.entry.player) ?? [];
	const finalists = final ? finalPlayers : cut.finalists;

	const finalOf = new Map(final?.ranking.placed.map((p) => [p.entry.player, p]) ?? []);
	const row = (placed: Placed<Tally>, rank: number): StandingRow => {
		const { entry } = placed;
		const inFinal = finalOf.get(entry.player);
		const explained = inFinal && final?.complete ? inFinal : placed;
		const data = {
			player: entry.player,
			name: state.players.get(entry.player)?.name ?? entry.player,
			rank,
			points: entry.points,
			gamePoints: entry.gamePoints,
			...(state.format === 'swiss' ? { share: entry.share, sharePercent: sharePercent(entry.share) } : {}),
			// Read on demand: a tie of k players has k × (k − 1) of them (see `Placed`).
			get tiebreaks() {
				return explained.tiebreaks;
			},
			levelWith: explained.levelWith,
			withdrawn: state.players.get(entry.player)?.withdrawnFrom !== null,
			...(inFinal
				? {
						final: { points: inFinal.entry.points, gamePoints: inFinal.entry.gamePoints, rank: inFinal.rank }
					}
				: {})
		};
		const against = (rival: PlayerId) => explained.tiebreakAgainst(rival);
		// Not enumerable, as in `Placed`: a row compares and prints as its data.
		return Object.defineProperty(data, 'tiebreakAgainst', { value: against }) as StandingRow;
	};

	let rows: StandingRow[];
	if (final?.complete) {
		const top = final.ranking.placed.map((p) =>
			row(prelim.placed.find((q) => q.entry.player === p.entry.player) ?? p, p.rank)
		);
		const rest = prelim.placed.filter((p) => !finalOf.has(p.entry.player));
		// Everyone else keeps his prelim order; his rank counts the finalists and those of the rest above him.
		let above = 0;
		rows = [
			...top,
			...rest.map((p, i) => {
				if (i > 0 && (rest[i - 1] as Placed<Tally>).rank !== p.rank) above = i;
				return row(p, top.length + 1 + above);
			})
		];
	} else {
		rows = prelim.placed.map((p) => row(p, p.rank));
	}

	const undecided: UndecidedTie[] = [];
	if (state.format === 'set') {
		if (cut.undecided.length && !final) undecided.push({ stage: 'prelim', by, players: cut.undecided });
	} else {
		const settled = (group: readonly PlayerId[]) => final !== null && group.every((id) => finalOf.has(id));
		for (const players of prelim.ties)
			if (!settled(players)) undecided.push({ stage: 'prelim', by, players });
	}
	if (final?.complete)
		for (const players of final.ranking.ties) undecided.push({ stage: 'final', by, players });

	const participants = state.players.size;
	const warning = state.format === 'triominos' ? qualifierWarning(participants) : null;
	return {
		format: state.format,
		rows,
		finalists,
		...(state.format === 'triominos' ? { qualifiers: qualifiersOf(rows, participants) } : {}),
		undecided,
		warnings: warning ? [warning] : []
	};
}

/** The DM qualifiers by overall rank (000 §Spielregel, RULES.md §6); a tie across the last place leaves it open. */
function qualifiersOf(rows: readonly StandingRow[], participants: number) {
	const count = qualifyingPlaces(participants);
	return { count, ...qualification(rows, count) };
}
