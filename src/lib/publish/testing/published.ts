// Tournaments as a desk publishes them, for the tests and benchmarks that publish to a real server, and
// for the component tests that render them (so nothing here starts a server: see public-season.ts).
import { readSpectator, spectatorSchema, type Spectator } from '../../codecs/spectator';
import { logFromResults, replay, type PlainTournament } from '../../domain/tournament';
import type { Publishable } from '../snapshot';
import { spectatorOf } from '../spectator';

/** A tournament from plain results, its events' ids prefixed with its own id, as a desk's are unique. */
export function publishable(id: string, plain: PlainTournament, at = '2027-03-06T09:00:00Z'): Publishable {
	const events = logFromResults(plain, at).map((event) => ({ ...event, id: `${id}-${event.id}` }));
	return upTo({ id, events, state: replayed(events) }, events.length);
}

function replayed(events: Publishable['events']): Publishable['state'] {
	const state = replay(events);
	if (!state.ok) throw new Error(JSON.stringify(state.error));
	return state.value;
}

/** The tournament as it stood after the first `count` events of its log. */
export function upTo(tournament: Publishable, count: number): Publishable {
	const events = tournament.events.slice(0, count);
	return { id: tournament.id, events, state: replayed(events) };
}

/**
 * The tournament as a director publishes it round by round: first with round 1 drawn and no table
 * reported, then after each round's last report (a drawn next round waits for the next step).
 */
export function roundByRound(tournament: Publishable): Publishable[] {
	const opened = tournament.events.flatMap((event, i) => (event.type === 'round-opened' ? [i] : []));
	const first = (opened[0] ?? 0) + 1;
	return [first, ...opened.slice(1), tournament.events.length].map((count) => upTo(tournament, count));
}

/**
 * Twelve players, two prelim rounds, a final of three (000: up to 18 players) and two qualifiers. D and G
 * lead the prelims with 10 points, A has 8 but wins the final; D and G tie in the final on points (4) and
 * game points (110), so a lot decides the second qualifying place (RULES.md §6).
 */
export const FINAL_TIE: PlainTournament = {
	format: 'triominos',
	name: 'Quali Köln',
	date: '2027-04-10',
	options: { rounds: 2 },
	players: ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J', 'K', 'L'].map((p) => `Spieler ${p}`),
	rounds: [
		[
			{ 'Spieler A': 100, 'Spieler B': 50, 'Spieler C': 10 },
			{ 'Spieler D': 90, 'Spieler E': 40, 'Spieler F': 5 },
			{ 'Spieler G': 80, 'Spieler H': 30, 'Spieler I': 0 },
			{ 'Spieler J': 70, 'Spieler K': 20, 'Spieler L': 0 }
		],
		[
			{ 'Spieler A': 60, 'Spieler D': 100, 'Spieler J': 10 },
			{ 'Spieler G': 90, 'Spieler B': 30, 'Spieler K': 10 },
			{ 'Spieler C': 30, 'Spieler E': 50, 'Spieler H': 40 },
			{ 'Spieler F': 40, 'Spieler I': 20, 'Spieler L': 10 }
		]
	],
	final: [
		[{ 'Spieler A': 100, 'Spieler D': 50, 'Spieler G': 40 }],
		[{ 'Spieler A': 80, 'Spieler D': 60, 'Spieler G': 70 }]
	]
};

/**
 * The spectators' document lea published of `tournament` at `at`, as a page is handed it (read into rows): for the tests
 * that render documents. Its key and signature are placeholders of the right form: the follower
 * (`live/follow.ts`) checks the signature before a document reaches a page, and its tests check that.
 */
export function shownSpectator(tournament: Publishable, at: string): Spectator {
	const shown = readSpectator(
		spectatorSchema.parse({
			...spectatorOf(tournament, 'lea', 'A'.repeat(87), at),
			signature: 'A'.repeat(86)
		})
	);
	if (!shown) throw new Error('the spectators’ document does not read');
	return shown;
}
