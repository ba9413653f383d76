// Sync codes: how big a table's round is on a QR code, how fast codes are made and read, and how many
// frames a whole tournament needs.
// Run: npx tsx scripts/bench/sync.ts   (exit 1 when an 80-turn round needs more than one version-10 code
// or a median is over budget)
import type { TournamentBundle } from '../../src/lib/codecs/sync';
import {
	applyAction,
	legalActions,
	startRound,
	type RoundAction,
	type RoundState
} from '../../src/lib/domain/round';
import { seededRandom } from '../../src/lib/domain/random';
import { handSumRange, tileSet, tileValue } from '../../src/lib/domain/tiles';
import { BONUSES, TOURNAMENT } from '../../src/lib/domain/rules';
import { playChoices } from '../../src/lib/domain/testing/rounds';
import {
	applyEvent,
	openNextRound,
	replay,
	type TournamentEvent,
	type TournamentState
} from '../../src/lib/domain/tournament';
import type { RoundBatch, SyncEvent } from '../../src/lib/sync/events';
import { readCode, Reassembly, toCodes } from '../../src/lib/sync/frames';
import { newTournamentKey } from '../../src/lib/sync/hmac';
import { decodePayload, encodePayload, verifyPayload } from '../../src/lib/sync/payload';
import { FRAME_VERSION, MAX_SINGLE_VERSION, qrVersion } from '../../src/lib/sync/qr';
import { finishingChoices } from '../../src/lib/sync/testing';

const BUDGET_MS = 20;
const RUNS = 300;
const WARMUP = 30;
const key = newTournamentKey();
const NAMES = ['Anna', 'Ben', 'Cara', 'Dirk'];

/** The round stream a tablet writes for these actions: started, one entry per action, confirmed. */
function stream(
	players: readonly string[],
	actions: readonly RoundAction[],
	table = 1,
	round = 1
): SyncEvent[] {
	let seq = 4711;
	let at = Date.parse('2026-11-22T10:00:00Z');
	const event = (type: string, body: unknown): SyncEvent => ({
		device: 'k3x9a0b1c2d3',
		seq: seq++,
		at: (at += 9000),
		type,
		body
	});
	return [
		event('round.started', {
			setup: { rules: TOURNAMENT, players: [...players], start: 0 },
			context: { gameId: null, tournamentId: 't-0a1b2c3d4e5f6g7h', round, table, startDraw: [[12, 7, 9, 3]] }
		}),
		...actions.map((action) => event('round.entry', { type: 'act', action })),
		event('round.confirmed', {})
	];
}

const turns = (state: RoundState) => state.turns.filter((t) => t.lay || t.pass).length;

/**
 * A finished 4-player round of exactly 80 turns, played out at random: purchases while the pool lasts, then
 * lays and passes, a bonus now and then, values only (as most tables score), hands settled by their sums.
 */
function eightyTurns(): { actions: RoundAction[]; state: RoundState } {
	for (let seed = 1; seed < 100_000; seed++) {
		const random = seededRandom(`eighty-${seed}`);
		const started = startRound({ rules: TOURNAMENT, players: NAMES, start: 0 });
		if (!started.ok) throw new Error(started.error.en);
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
			if (!next.ok) throw new Error(next.error.en);
			state = next.value;
			actions.push(action);
		}
		if (state.phase === 'over' && turns(state) === 80) return { actions, state };
	}
	throw new Error('no 80-turn round found');
}

/** The same round with some lays named by their tile numbers (3×3 bits more each). */
function withTiles(actions: readonly RoundAction[]): RoundAction[] {
	const started = startRound({ rules: TOURNAMENT, players: NAMES, start: 0 });
	if (!started.ok) throw new Error(started.error.en);
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
		if (!plain.ok) throw new Error(plain.error.en);
		state = plain.value;
		return action;
	});
}

/** The same round as a table scores it: values, bonuses and "out", no tile numbers (as most tables do). */
function valuesOnly(players: readonly string[], actions: readonly RoundAction[]): RoundAction[] {
	const started = startRound({ rules: TOURNAMENT, players, start: 0 });
	if (!started.ok) throw new Error(started.error.en);
	let state = started.value;
	return actions.map((action) => {
		const plain = action.type === 'lay' ? { ...action, tile: null } : action;
		const next = applyAction(state, plain);
		if (!next.ok) throw new Error(next.error.en);
		state = next.value;
		return plain;
	});
}

function median(times: number[]): number {
	const sorted = [...times].sort((a, b) => a - b);
	return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function time(run: () => Promise<unknown>): Promise<number> {
	const times: number[] = [];
	for (let i = 0; i < WARMUP + RUNS; i++) {
		const start = performance.now();
		await run();
		if (i >= WARMUP) times.push(performance.now() - start);
	}
	return median(times);
}

let failed = false;
const { actions } = eightyTurns();
console.log('Round batch: an 80-turn, 4-player tournament round (started, every entry, confirmed), signed');
for (const [label, list] of [
	['values only (as most tables score)', actions],
	['every third lay named by its tile numbers', withTiles(actions)]
] as const) {
	const batch: RoundBatch = {
		tournamentId: 't-0a1b2c3d4e5f6g7h',
		round: 1,
		table: 1,
		stream: 'r-0a1b2c3d4e5f6g7h',
		events: stream(NAMES, list)
	};
	const bytes = await encodePayload({ kind: 'batch', batch }, key);
	const codes = toCodes(bytes);
	const version = qrVersion(codes[0]?.length ?? 0);
	const ok = codes.length === 1 && version !== null && version <= MAX_SINGLE_VERSION;
	if (!ok) failed = true;
	console.log(
		`  ${label}: ${batch.events.length} events, ${bytes.length} bytes, ${codes.length} code(s) of ${codes[0]?.length} characters → QR version ${version} (level M, alphanumeric)${ok ? '' : '  OVER v10'}`
	);
	const encode = await time(async () => toCodes(await encodePayload({ kind: 'batch', batch }, key)));
	const decode = await time(async () => {
		const code = readCode(codes[0]!);
		if (!code.ok || code.value.kind !== 'single') throw new Error('unreadable');
		const decoded = await decodePayload(code.value.payload);
		if (!decoded.ok) throw new Error(decoded.error.en);
		const verified = await verifyPayload(decoded.value, key);
		if (!verified.ok) throw new Error(verified.error.en);
	});
	if (encode > BUDGET_MS || decode > BUDGET_MS) failed = true;
	console.log(
		`    encode + sign + code text: median ${encode.toFixed(3)} ms; read + decode + zod + verify: median ${decode.toFixed(3)} ms`
	);
}

/** A whole 12-player Triominos tournament: 4 prelim rounds, every table reported from its tablet's round. */
function wholeTournament(): TournamentBundle {
	const at = '2026-11-22T09:00:00.000Z';
	const names = ['Anna', 'Ben', 'Cara', 'Dirk', 'Eva', 'Finn', 'Gabi', 'Hans', 'Ida', 'Jan', 'Kai', 'Lea'];
	const log: TournamentEvent[] = [
		{
			type: 'tournament-created',
			id: 'e-0',
			at,
			format: 'triominos',
			name: 'Herbstturnier',
			date: '2026-11-22'
		},
		...names.map((name, i): TournamentEvent => ({
			type: 'player-registered',
			id: `e-r${i}`,
			at,
			player: `p-${i}`,
			name
		}))
	];
	const first = replay(log);
	if (!first.ok) throw new Error(first.error.en);
	let state: TournamentState = first.value;
	const apply = (event: TournamentEvent) => {
		const next = applyEvent(state, event);
		if (!next.ok) throw new Error(next.error.en);
		state = next.value;
		log.push(event);
	};
	const rounds: RoundBatch[] = [];
	for (let round = 1; round <= 4; round++) {
		const opened = openNextRound(state, { id: `e-o${round}`, at, seed: `bench-${round}` });
		if (!opened.ok) throw new Error(opened.error.en);
		apply(opened.value);
		for (const [index, table] of opened.value.tables.entries()) {
			const players = table.map((id) => state.players.get(id)?.name ?? id);
			const played = playChoices(TOURNAMENT, players, 0, finishingChoices([round, index]));
			const events = stream(players, valuesOnly(players, played.actions), index + 1, round);
			rounds.push({
				tournamentId: 't-0a1b2c3d4e5f6g7h',
				round,
				table: index + 1,
				stream: `r-${round}x${index}bench00000`,
				events
			});
			apply({
				type: 'table-reported',
				id: `e-t${round}-${index}`,
				at,
				round,
				table: index + 1,
				scores: table.map((player, seat) => ({ player, points: played.state.totals[seat] ?? 0 }))
			});
		}
	}
	return {
		kind: 'tournament',
		tournamentId: 't-0a1b2c3d4e5f6g7h',
		tournamentName: 'Herbstturnier',
		key,
		events: log.map((event, i) => ({
			device: 'desk0a1b2c3d',
			seq: i + 1,
			at: Date.parse(at) + i,
			type: event.type,
			body: event
		})),
		rounds,
		pending: []
	};
}

const bundle = wholeTournament();
const bytes = await encodePayload(bundle, key);
const frames = toCodes(bytes);
const reassembly = new Reassembly();
let done = false;
for (const frame of [...frames].reverse()) {
	const code = readCode(frame);
	if (!code.ok) throw new Error(code.error.en);
	const step = reassembly.add(code.value);
	if (step.ok && 'done' in step.value) done = (await decodePayload(step.value.done)).ok;
}
if (!done) failed = true;
const tables = bundle.rounds.length;
console.log(
	`Whole tournament: 12 players, 4 prelim rounds, ${tables} tables (12 players sit at four 3-tables by the binding table), ${bundle.events.length} tournament events`
);
console.log(
	`  ${bytes.length} bytes → ${frames.length} frames of QR version ${FRAME_VERSION} (level M); reassembled in reverse order: ${done ? 'ok' : 'FAILED'}`
);
console.log(`  at 0.9 s a frame, one pass of the animation takes ${(frames.length * 0.9).toFixed(1)} s`);
process.exit(failed ? 1 : 0);
