import { initialPool, type Bonus, type RuleOptions } from '../rules';
import type { Hand, RoundAction, RoundSetup, RoundState } from '../round';
import type { Tile } from '../tiles';

/** What a turn line says: purchases, then a tile (with bonus and `out`), a pass, or nothing yet. */
export interface RecordedTurn {
	readonly player: string;
	readonly draws: number;
	readonly play:
		| {
				readonly kind: 'lay';
				readonly value: number;
				readonly tile: Tile | null;
				readonly bonus: Bonus | null;
				readonly out: boolean;
		  }
		| { readonly kind: 'pass' }
		| null;
}

/** A round record (`.trn`, docs/NOTATION.md): the setup, the turns, the hands left. */
export interface RoundRecord {
	readonly rules: RuleOptions;
	readonly players: readonly string[];
	/** Seat index of the start player. */
	readonly start: number;
	/** The `Pool:` statement, when given. */
	readonly pool: number | null;
	readonly turns: readonly RecordedTurn[];
	/** The `Hands:` statement by seat (null: not listed), when given. */
	readonly hands: readonly (Hand | null)[] | null;
}

/** The round setup a record describes. */
export function setupOf(record: RoundRecord): RoundSetup {
	return {
		rules: record.rules,
		players: record.players,
		start: record.start,
		...(record.pool === null ? {} : { pool: record.pool })
	};
}

/** The actions of one recorded turn. */
export function turnActions(turn: RecordedTurn): RoundAction[] {
	const actions: RoundAction[] = Array.from({ length: turn.draws }, () => ({ type: 'draw' as const }));
	if (turn.play?.kind === 'lay') {
		const { value, tile, bonus, out } = turn.play;
		actions.push({ type: 'lay', value, tile, bonus, out });
	} else if (turn.play?.kind === 'pass') actions.push({ type: 'pass' });
	return actions;
}

/** All actions of a record, the settlement last. */
export function recordActions(record: RoundRecord): RoundAction[] {
	const actions = record.turns.flatMap(turnActions);
	if (record.hands) actions.push({ type: 'settle', hands: record.hands });
	return actions;
}

/** The record of a round as played so far (the app's export). */
export function recordOf(state: RoundState): RoundRecord {
	const { setup } = state;
	const defaultPool = initialPool(setup.players.length, setup.rules.tiles);
	return {
		rules: setup.rules,
		players: setup.players,
		start: setup.start,
		pool: setup.pool === defaultPool ? null : setup.pool,
		turns: state.turns.map((turn) => ({
			player: setup.players[turn.seat] ?? '',
			draws: turn.draws,
			play: turn.lay
				? {
						kind: 'lay',
						value: turn.lay.value,
						tile: turn.lay.tile,
						bonus: turn.lay.bonus,
						out: turn.lay.out
					}
				: turn.pass
					? { kind: 'pass' }
					: null
		})),
		hands: state.handsLeft
	};
}
