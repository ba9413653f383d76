import { problem, type Problem } from '../domain/result';
import { initialPool, type RuleOptions } from '../domain/rules';
import { replayBatch } from './merge';
import { inLogOrder, type RoundBatch } from './sync-events';

/** What the desk handed a tournament table: its rules and its players, in seat order. */
export interface HandedTable {
	readonly rules: RuleOptions;
	readonly players: readonly string[];
}

const PRESET_NAMES = {
	tournament: { de: 'Turnierrunde', en: 'tournament round' },
	classic: { de: 'Klassisch bis 400', en: 'classic to 400' }
} as const;
const SCORING_NAMES = {
	standard: { de: 'normale Wertung', en: 'standard scoring' },
	kids: { de: 'Kinderwertung', en: 'kids’ scoring' }
} as const;

const sameName = (a: string, b: string) =>
	a.trim().toLocaleLowerCase('de') === b.trim().toLocaleLowerCase('de');

/**
 * Why a table's round is not the round the desk handed out — other rules, tiles, scoring, pool, number
 * of players, or the handed-out players in another seat order — or null when it is. A tournament table
 * plays what the director set; names that do not match the seating at all are the director's decision
 * (a player renamed since), not a refusal. The reason names the round and table.
 */
export function setupDifference(batch: RoundBatch, handed: HandedTable): Problem | null {
	const replayed = replayBatch(inLogOrder(batch.events));
	// A round that does not replay is refused by the import itself, with its own reason.
	if (!replayed.ok) return null;
	const { rules, players, pool } = replayed.value.setup;
	const differs = (de: string, en: string) =>
		problem(
			'setup-differs',
			`Runde ${batch.round}, Tisch ${batch.table}: am Tisch wurde anders gespielt, als die Turnierleitung den Tisch ausgegeben hat (${de}). Nichts wurde übernommen – bitte das Ergebnis am Schreibtisch eintragen.`,
			`Round ${batch.round}, table ${batch.table}: the table played otherwise than the director handed it out (${en}). Nothing was taken over – please enter the result at the desk.`
		);
	if (rules.preset !== handed.rules.preset) {
		const [got, want] = [PRESET_NAMES[rules.preset], PRESET_NAMES[handed.rules.preset]];
		return differs(`${got.de} statt ${want.de}`, `${got.en} instead of ${want.en}`);
	}
	if (rules.scoring !== handed.rules.scoring) {
		const [got, want] = [SCORING_NAMES[rules.scoring], SCORING_NAMES[handed.rules.scoring]];
		return differs(`${got.de} statt ${want.de}`, `${got.en} instead of ${want.en}`);
	}
	if (rules.tiles !== handed.rules.tiles) {
		return differs(
			`${rules.tiles} statt ${handed.rules.tiles} Steine`,
			`${rules.tiles} instead of ${handed.rules.tiles} tiles`
		);
	}
	if (players.length !== handed.players.length) {
		return differs(
			`${players.length} statt ${handed.players.length} Spieler`,
			`${players.length} instead of ${handed.players.length} players`
		);
	}
	if (pool !== undefined && pool !== initialPool(players.length, rules.tiles)) {
		const dealt = initialPool(players.length, rules.tiles);
		return differs(
			`${pool} statt ${dealt} Steine im Vorrat`,
			`${pool} instead of ${dealt} tiles in the pool`
		);
	}
	const seated = handed.players.every((name) => players.some((p) => sameName(p, name)));
	if (seated && players.some((name, seat) => !sameName(name, handed.players[seat] ?? ''))) {
		return differs('andere Sitzreihenfolge', 'another seat order');
	}
	return null;
}
