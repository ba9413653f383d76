import { MIN_QUALIFIER_PLAYERS, qualifierCount } from './triominos';

/** A place in a tournament's overall ranking; tied players share a rank. */
export interface Ranked {
	readonly player: string;
	readonly rank: number;
}

/** A tie across the last qualifying place: who is in it, and how many places a lot gives among them. */
export interface PendingLot {
	readonly players: readonly string[];
	readonly places: number;
}

/** Who qualifies as the ranking stands, and the tie at the last place a lot still has to decide. */
export interface Qualification {
	readonly players: readonly string[];
	readonly pending: PendingLot | null;
}

/**
 * The first `count` players of a ranking, best first (RULES.md §6: "the first ceil(n/9) of its final
 * ranking"), leaving out those `skip` names (RULES.md §6a: already qualified, so the next one moves up).
 * A tie that straddles the last place is left open: none of its players is listed until a lot decides,
 * and `pending` names them with the places still to give (RULES.md §6: "still tied → lot").
 */
export function qualification(
	ranking: readonly Ranked[],
	count: number,
	skip: (player: string) => boolean = () => false
): Qualification {
	const eligible = ranking.filter((entry) => !skip(entry.player));
	const lastIn = eligible[count - 1];
	const firstOut = eligible[count];
	const within = eligible.slice(0, Math.max(0, count));
	const open = lastIn && firstOut && lastIn.rank === firstOut.rank ? lastIn.rank : null;
	const players = within.filter((entry) => entry.rank !== open).map((entry) => entry.player);
	if (open === null) return { players, pending: null };
	const tied = eligible.filter((entry) => entry.rank === open).map((entry) => entry.player);
	return { players, pending: { players: tied, places: count - players.length } };
}

/** The players {@link qualification} lists: those already certain. */
export function qualifiedBy(
	ranking: readonly Ranked[],
	count: number,
	skip?: (player: string) => boolean
): string[] {
	return [...qualification(ranking, count, skip).players];
}

/** How many of a tournament's participants qualify: none below 6, else one per started nine (000). */
export function qualifyingPlaces(participants: number): number {
	return participants >= MIN_QUALIFIER_PLAYERS ? qualifierCount(participants) : 0;
}

/** One qualifier tournament of a season, as far as the season needs it: players named as entered. */
export interface SeasonTournament {
	readonly name: string;
	readonly date: string;
	readonly participants: number;
	/** The overall ranking (finalists by the final, everyone else by the prelims), by player name. */
	readonly ranking: readonly Ranked[];
}

/** A season's answer: each tournament's own qualifiers, and the season's list of qualified players. */
export interface Season<T extends SeasonTournament> {
	readonly tournaments: readonly (T & { readonly qualified: readonly string[] })[];
	readonly qualified: readonly { readonly player: string; readonly tournament: string }[];
}

/**
 * One person across tournaments: names are typed in at each venue, so case and spacing may differ
 * ("Hans-Jürgen  Meier" and "hans-jürgen meier" are the same player).
 */
export function samePlayerKey(name: string): string {
	return name.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('de');
}

/**
 * The season (RULES.md §6a): tournaments in date order, each with its own qualifiers (§6); the season
 * lists every player once, by the earliest tournament that qualified him. With `moveUp` (the default) a
 * player qualified before gives his place to the next of that tournament's ranking who is not yet
 * qualified ("Nachrücker"); without it the place stays empty.
 */
export function seasonQualified<T extends SeasonTournament>(
	tournaments: readonly T[],
	options: { readonly moveUp?: boolean } = {}
): Season<T> {
	const moveUp = options.moveUp ?? true;
	const ordered = [...tournaments].sort(
		(a, b) => a.date.localeCompare(b.date) || a.name.localeCompare(b.name, 'de')
	);
	const taken = new Set<string>();
	const qualified: { player: string; tournament: string }[] = [];
	const withOwn = ordered.map((tournament) => {
		const places = qualifyingPlaces(tournament.participants);
		const own = qualifiedBy(tournament.ranking, places);
		const already = (player: string) => taken.has(samePlayerKey(player));
		const listed = moveUp
			? qualifiedBy(tournament.ranking, places, already)
			: own.filter((player) => !already(player));
		for (const player of listed) {
			taken.add(samePlayerKey(player));
			qualified.push({ player, tournament: tournament.name });
		}
		return { ...tournament, qualified: own };
	});
	return { tournaments: withOwn, qualified };
}
