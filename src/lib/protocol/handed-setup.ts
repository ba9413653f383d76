import type { Problem } from '../domain/result';
import { initialPool, type RuleOptions } from '../domain/rules';
import { replayBatch } from './merge';
import type { SetupDifference } from './problems';
import { inLogOrder, type RoundBatch } from './sync-events';

/** What the desk handed a tournament table: its rules and its players, in seat order. */
export interface HandedTable {
	readonly rules: RuleOptions;
	readonly players: readonly string[];
}

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
	const differs = (difference: SetupDifference): Problem => ({
		code: 'setup-differs',
		round: batch.round,
		table: batch.table,
		difference
	});
	if (rules.preset !== handed.rules.preset) {
		return differs({ what: 'preset', got: rules.preset, want: handed.rules.preset });
	}
	if (rules.scoring !== handed.rules.scoring) {
		return differs({ what: 'scoring', got: rules.scoring, want: handed.rules.scoring });
	}
	if (rules.tiles !== handed.rules.tiles) {
		return differs({ what: 'tiles', got: rules.tiles, want: handed.rules.tiles });
	}
	if (players.length !== handed.players.length) {
		return differs({ what: 'players', got: players.length, want: handed.players.length });
	}
	if (pool !== undefined && pool !== initialPool(players.length, rules.tiles)) {
		return differs({ what: 'pool', got: pool, want: initialPool(players.length, rules.tiles) });
	}
	const seated = handed.players.every((name) => players.some((p) => sameName(p, name)));
	if (seated && players.some((name, seat) => !sameName(name, handed.players[seat] ?? ''))) {
		return differs({ what: 'seat-order' });
	}
	return null;
}
