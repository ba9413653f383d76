import { readRecord } from '../../src/lib/domain/notation/read';
import { recordOf, turnActions } from '../../src/lib/domain/notation/record';
import { writeRecord } from '../../src/lib/domain/notation/write';
import type { RoundAction, RoundSetup } from '../../src/lib/domain/round';
import { replayLog, type RoundEntry } from '../../src/lib/domain/roundLog';
import { EXAMPLE_TEXT } from '../e2e/pages/fixtures';

/**
 * One tap group at the table that writes exactly one entry of the round's log: an action (a purchase, a
 * lay with its bonus, a pass, the settlement), an undo, or a correction through the dialog.
 */
export type Tap =
	| { readonly kind: 'act'; readonly action: RoundAction }
	| { readonly kind: 'undo' }
	| {
			readonly kind: 'correct';
			readonly player: string;
			readonly lap: number;
			readonly value: number;
			readonly reason: string;
	  };

/** The scripted round: its setup, the taps in order, and the entry each tap writes. */
export interface RoundScript {
	readonly setup: RoundSetup;
	readonly taps: readonly Tap[];
	readonly entries: readonly RoundEntry[];
	/** The hands left, as sums, by name (typed before the settlement's tap). */
	readonly hands: Readonly<Record<string, number>>;
}

/** Where the scorer taps a wrong value and takes it back (before this turn), and which turn is corrected. */
const UNDO_BEFORE = 9;
const CORRECTED = 14;
const WRONG_VALUE = 15;

/**
 * The example round of docs/NOTATION.md (tests' notation-example.trn: purchases, bonuses, passes, a player
 * going out, the final lap, the hands) at a table whose seats hold `players`, clockwise: the example's
 * seat i is the table's seat i. On the way a wrong tap is taken back (Rückgängig) and one turn is typed
 * wrong and corrected through the dialog, as at a real table.
 */
export function roundScript(players: readonly string[]): RoundScript {
	const read = readRecord(EXAMPLE_TEXT);
	if (!read.ok) throw new Error('the notation example does not read');
	const { record } = read.value;
	const setup: RoundSetup = {
		rules: record.rules,
		players,
		start: record.start,
		...(record.pool === null ? {} : { pool: record.pool })
	};
	const taps: Tap[] = [];
	const entries: RoundEntry[] = [];
	const act = (action: RoundAction) => {
		taps.push({ kind: 'act', action });
		entries.push({ type: 'act', action });
	};
	for (const [index, turn] of record.turns.entries()) {
		const actions = turnActions(turn);
		if (index === UNDO_BEFORE) {
			act({ type: 'lay', value: WRONG_VALUE, tile: null, bonus: null, out: false });
			taps.push({ kind: 'undo' });
			entries.push({ type: 'undo' });
		}
		if (index === CORRECTED) {
			const lay = actions.at(-1);
			if (lay?.type !== 'lay') throw new Error('the corrected turn must end with a lay');
			// Typed one too high, then corrected to what was laid.
			for (const action of actions.slice(0, -1)) act(action);
			act({ ...lay, value: lay.value + 1 });
			const seat = players[(setup.start + index) % players.length] ?? '';
			const reason = 'Wert verwechselt, Tisch einig';
			taps.push({
				kind: 'correct',
				player: seat,
				lap: Math.floor(index / players.length) + 1,
				value: lay.value,
				reason
			});
			entries.push({ type: 'correct', turn: index, actions, reason });
			continue;
		}
		for (const action of actions) act(action);
	}
	const hands: Record<string, number> = {};
	for (const [seat, hand] of (record.hands ?? []).entries()) {
		if (!hand) continue;
		const sum = hand.tiles ? hand.tiles.flat().reduce((a, b) => a + b, 0) : hand.sum;
		hands[players[seat] ?? ''] = sum;
	}
	const settle: RoundAction = {
		type: 'settle',
		hands: (record.hands ?? []).map((hand, seat) =>
			hand ? { sum: hands[players[seat] ?? ''] ?? 0 } : null
		) as never
	};
	act(settle);
	const replayed = replayLog(setup, entries);
	if (!replayed.ok) throw new Error(`the scripted round does not replay: ${JSON.stringify(replayed.error)}`);
	if (replayed.value.state.phase !== 'over') throw new Error('the scripted round does not end');
	return { setup, taps, entries, hands };
}

/** The `.trn` record of the round after its first `saved` entries, as the app exports it. */
export function expectedRecord(script: RoundScript, saved: number): string {
	const replayed = replayLog(script.setup, script.entries.slice(0, saved));
	if (!replayed.ok) throw new Error(`entries 1..${saved} do not replay: ${JSON.stringify(replayed.error)}`);
	return writeRecord(recordOf(replayed.value.state));
}
