import fc from 'fast-check';
import { seededRandom } from '../domain/random';
import { applyAction, legalActions, startRound, type RoundAction, type RoundState } from '../domain/round';
import type { RoundEntry } from '../domain/roundLog';
import { BONUSES, TOURNAMENT, type RuleOptions } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import { handSumRange, tileSet, tileValue } from '../domain/tiles';
import type { RoundBatch, SyncEvent } from './sync-events';

/** Test helpers: a tournament table's round as a batch, from fast-check choices or a seed. */

export const TOURNAMENT_ID = 't-abcdefgh12345678';
export const DEVICE = 'k3x9a0b1c2d3';

/** The round stream's events a tablet would have written for a legal round. */
export function roundEvents(options: {
	players: string[];
	choices: readonly number[];
	round?: number;
	table?: number;
	device?: string;
	firstSeq?: number;
	rules?: RuleOptions;
	start?: number;
	confirmed?: boolean;
	extra?: readonly RoundEntry[];
	tournamentId?: string;
}): SyncEvent[] {
	const {
		players,
		choices,
		round = 1,
		table = 1,
		device = DEVICE,
		firstSeq = 1,
		rules = TOURNAMENT,
		start = 0,
		extra = [],
		tournamentId = TOURNAMENT_ID
	} = options;
	const played = playChoices(rules, players, start, choices);
	const confirmed = options.confirmed ?? played.state.phase === 'over';
	let seq = firstSeq;
	let at = 1_760_000_000_000;
	const event = (type: string, body: unknown): SyncEvent => ({
		device,
		seq: seq++,
		at: (at += 7000),
		type,
		body
	});
	return [
		event('round.started', {
			setup: { rules, players, start },
			context: {
				gameId: null,
				tournamentId,
				round,
				table,
				startDraw: [
					[3, 12, 12, 5],
					[null, 9, 4, null]
				]
			}
		}),
		...played.actions.map((action) => event('round.entry', { type: 'act', action })),
		...extra.map((entry) => event('round.entry', entry)),
		...(confirmed ? [event('round.confirmed', {})] : [])
	];
}

export function batchOf(events: readonly SyncEvent[], over: Partial<RoundBatch> = {}): RoundBatch {
	return { tournamentId: TOURNAMENT_ID, round: 1, table: 1, stream: 'r-0a1b2c3d4e5f6g7h', events, ...over };
}

export const arbitraryChoices = fc.array(fc.nat({ max: 10_000 }), { minLength: 0, maxLength: 200 });

/** Choices that play a round to its end: the given ones, then a fixed pseudo-random tail. */
export function finishingChoices(choices: readonly number[], length = 600): number[] {
	const out = [...choices];
	let x = choices.reduce((a, c) => (a * 31 + c) % 2_147_483_647, 12_345) || 1;
	while (out.length < length) {
		x = (x * 48_271) % 2_147_483_647;
		out.push(x % 10_000);
	}
	return out;
}

/** Short names, as in the rule examples, and names as a tournament's entry list has them. */
export const SHORT_NAMES = ['Anna', 'Ben', 'Cara', 'Dirk'] as const;
export const LONG_NAMES = [
	'Anna-Lena Müller',
	'Maximilian Schäfer',
	'Friederike Großmann',
	'Hans-Jürgen Weißenböck'
] as const;

const turns = (state: RoundState) => state.turns.filter((t) => t.lay || t.pass).length;

/**
 * A finished 4-player round of exactly 80 turns, played out at random: purchases while the pool lasts, then
 * lays and passes, a bonus now and then, values only (as most tables score), hands settled by their sums.
 */
export function eightyTurns(players: readonly string[] = SHORT_NAMES): {
	actions: RoundAction[];
	state: RoundState;
} {
	for (let seed = 1; seed < 100_000; seed++) {
		const random = seededRandom(`eighty-${seed}`);
		const started = startRound({ rules: TOURNAMENT, players: [...players], start: 0 });
		if (!started.ok) throw new Error(JSON.stringify(started.error));
		let state = started.value;
		const actions: RoundAction[] = [];
		while (state.phase !== 'over' && turns(state) <= 80) {
			const legal = legalActions(state);
			let action: RoundAction;
			if (legal.settle) {
				action = {
					type: 'settle',
					hands: state.hands.map((count) => {
						if (count === 0) return null;
						const { min, max } = handSumRange(count, 56);
						return { sum: min + random.int(max - min + 1), tiles: null };
					})
				};
			} else if (
				state.pool > 0 &&
				legal.draw &&
				(state.current?.draws ?? 0) < 2 + (random.next() < 0.6 ? 1 : 0) &&
				random.next() < 0.85
			) {
				// While the pool lasts: buy one to three tiles, then lay — the hands grow.
				action = { type: 'draw' };
			} else if (state.pool === 0 && legal.pass && !state.turns.at(-1)?.pass && random.next() < 0.9) {
				// Pool empty: a pass now and then (never four in a row, which would end the round early).
				action = { type: 'pass' };
			} else if (legal.lay) {
				const bonus = legal.bonus && random.next() < 0.04 ? BONUSES[random.int(2)]! : null;
				action = { type: 'lay', value: random.int(16), tile: null, bonus, out: legal.lastTile };
			} else action = { type: 'pass' };
			const next = applyAction(state, action);
			if (!next.ok) throw new Error(JSON.stringify(next.error));
			state = next.value;
			actions.push(action);
		}
		if (state.phase === 'over' && turns(state) === 80) return { actions, state };
	}
	throw new Error('no 80-turn round found');
}

/** The same round with every third lay named by its tile numbers (3×3 bits more each), where legal. */
export function withTiles(players: readonly string[], actions: readonly RoundAction[]): RoundAction[] {
	const started = startRound({ rules: TOURNAMENT, players: [...players], start: 0 });
	if (!started.ok) throw new Error(JSON.stringify(started.error));
	let state = started.value;
	const free = tileSet(56);
	return actions.map((action, i) => {
		let named = action;
		if (action.type === 'lay' && i % 3 === 0) {
			const at = free.findIndex((tile) => tileValue(tile) === action.value);
			if (at >= 0) named = { ...action, tile: free.splice(at, 1)[0]! };
		}
		const next = applyAction(state, named);
		if (next.ok) {
			state = next.value;
			return named;
		}
		const plain = applyAction(state, action);
		if (!plain.ok) throw new Error(JSON.stringify(plain.error));
		state = plain.value;
		return action;
	});
}

/** A tournament table's round stream as a tablet writes it: started (with context), one entry per action, confirmed. */
export function tableStream(
	players: readonly string[],
	actions: readonly RoundAction[],
	options: { tournamentId?: string; round?: number; table?: number; device?: string; firstSeq?: number } = {}
): SyncEvent[] {
	const { tournamentId = TOURNAMENT_ID, round = 1, table = 1, device = DEVICE, firstSeq = 4711 } = options;
	let seq = firstSeq;
	let at = Date.parse('2026-11-22T10:00:00Z');
	const event = (type: string, body: unknown): SyncEvent => ({
		device,
		seq: seq++,
		at: (at += 9000),
		type,
		body
	});
	return [
		event('round.started', {
			setup: { rules: TOURNAMENT, players: [...players], start: 0 },
			context: { gameId: null, tournamentId, round, table, startDraw: [[12, 7, 9, 3]] }
		}),
		...actions.map((action) => event('round.entry', { type: 'act', action })),
		event('round.confirmed', {})
	];
}

/**
 * The same director-signed payload with the other s of its ECDSA signature: (r, N − s), N the order of
 * P-256. Plain ECDSA verifies both; anyone can make it from a photographed code.
 */
export function withOtherS(bytes: Uint8Array): Uint8Array {
	const N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
	const out = bytes.slice();
	const s = out.subarray(out.length - 32);
	let value = N - s.reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
	for (let i = 31; i >= 0; i--, value >>= 8n) s[i] = Number(value & 0xffn);
	return out;
}
