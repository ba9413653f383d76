import type { StandingsPayload } from '../codecs/sync';
import { newTournamentKey } from './hmac';
import { newSigningKey, type SigningKey } from './keys';

/**
 * Test support for issue 24, case 3 (a forger must not capture a tablet for good): the forger — the real
 * tournament and its seating, under keys of his own — and the standings he signs. The storage test
 * (src/lib/db/sync-capture.test.ts) and the one in Chromium (tests/e2e/tablet-capture.test.ts) play it.
 */

/** What the forger's standings name as the winner: a screen that shows it believed him. */
export const EVIL_WINS = 'EVIL WINS';

/** The forger's own keys: a master key for his table codes and a signing key for the rest. */
export async function forgerKeys(): Promise<{ key: Uint8Array; signing: SigningKey }> {
	return { key: newTournamentKey(), signing: await newSigningKey() };
}

/** Standings as the forger signs them: he wins, and the tournament is "after" a round of his choosing. */
export function evilStandings(
	tournament: { readonly id: string; readonly name: string },
	afterRound: number,
	revision: number
): StandingsPayload {
	return {
		kind: 'standings',
		tournamentId: tournament.id,
		tournamentName: tournament.name,
		afterRound,
		revision,
		rows: [
			{
				player: 'p-evil',
				name: EVIL_WINS,
				rank: 1,
				points: { num: 99, den: 1 },
				gamePoints: 9999,
				withdrawn: false
			}
		],
		next: null
	};
}
