import fc from 'fast-check';
import type { RoundEntry } from '../domain/roundLog';
import { TOURNAMENT, type RuleOptions } from '../domain/rules';
import { playChoices } from '../domain/testing/rounds';
import type { RoundBatch, SyncEvent } from './events';

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
