// Sync codes: how big a table's round is on a QR code, how fast codes are made and read, and how many
// frames a whole tournament needs.
// Run: npx tsx scripts/bench/sync.ts   (exit 1 when an 80-turn round of a tournament table — short or long
// names — needs more than one version-10 code, or a median is over budget)
import type { TournamentBundle } from '../../src/lib/codecs/sync';
import { startRound, applyAction, type RoundAction } from '../../src/lib/domain/round';
import { TOURNAMENT } from '../../src/lib/domain/rules';
import { playChoices } from '../../src/lib/domain/testing/rounds';
import {
	applyEvent,
	openNextRound,
	replay,
	type TournamentEvent,
	type TournamentState
} from '../../src/lib/domain/tournament';
import type { RoundBatch, SyncEvent } from '../../src/lib/protocol/sync-events';
import { readCode, Reassembly, toCodes } from '../../src/lib/protocol/frames';
import { newTournamentKey } from '../../src/lib/protocol/hmac';
import { newSigningKey } from '../../src/lib/protocol/keys';
import { decodePayload, encodePayload, verifyPayload } from '../../src/lib/protocol/payload';
import { FRAME_VERSION, MAX_SINGLE_VERSION, qrVersion } from '../../src/lib/protocol/qr';
import type { Seating } from '../../src/lib/protocol/round-codec';
import {
	eightyTurns,
	finishingChoices,
	LONG_NAMES,
	SHORT_NAMES,
	tableStream,
	withTiles
} from '../../src/lib/protocol/testing';

const BUDGET_MS = 20;
const RUNS = 300;
const WARMUP = 30;
const key = newTournamentKey();
const signing = await newSigningKey();
const TOURNAMENT_ID = 't-0a1b2c3d4e5f6g7h';

/** The round stream a tablet writes for these actions: started, one entry per action, confirmed. */
function stream(
	players: readonly string[],
	actions: readonly RoundAction[],
	table = 1,
	round = 1
): SyncEvent[] {
	return tableStream(players, actions, { tournamentId: TOURNAMENT_ID, round, table, device: 'k3x9a0b1c2d3' });
}

/** The same round as a table scores it: values, bonuses and "out", no tile numbers (as most tables do). */
function valuesOnly(players: readonly string[], actions: readonly RoundAction[]): RoundAction[] {
	const started = startRound({ rules: TOURNAMENT, players, start: 0 });
	if (!started.ok) throw new Error(JSON.stringify(started.error));
	let state = started.value;
	return actions.map((action) => {
		const plain = action.type === 'lay' ? { ...action, tile: null } : action;
		const next = applyAction(state, plain);
		if (!next.ok) throw new Error(JSON.stringify(next.error));
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
console.log(
	'Round batch: an 80-turn, 4-player tournament round (started, every entry, confirmed), signed. A tournament table'
);
console.log(
	'names its players by seat of the seating the director handed out; "names as text" is the same round without it.'
);
for (const names of [SHORT_NAMES, LONG_NAMES]) {
	console.log(`  players ${names.join(', ')}:`);
	for (const [label, list] of [
		['values only (as most tables score)', actions],
		['every third lay named by its tile numbers', withTiles(names, actions)]
	] as const) {
		const batch: RoundBatch = {
			tournamentId: TOURNAMENT_ID,
			round: 1,
			table: 1,
			stream: 'r-0a1b2c3d4e5f6g7h',
			events: stream(names, list)
		};
		const seating: Seating = { revision: 40, names };
		for (const [how, seated] of [
			['by seat', seating],
			['names as text', undefined]
		] as const) {
			const bytes = await encodePayload({ kind: 'batch', batch, seating: seated }, key);
			const codes = toCodes(bytes);
			const version = qrVersion(codes[0]?.length ?? 0);
			const fits = codes.length === 1 && version !== null && version <= MAX_SINGLE_VERSION;
			if (seated && !fits) failed = true;
			console.log(
				`    ${label}, ${how}: ${batch.events.length} events, ${bytes.length} bytes, ${codes.length} code(s) of ${codes[0]?.length} characters → QR version ${version} (level M, alphanumeric)${fits ? '' : codes.length > 1 ? `  ${codes.length} FRAMES` : '  OVER v10'}`
			);
		}
		const seats = () => seating.names;
		const encode = await time(async () =>
			toCodes(await encodePayload({ kind: 'batch', batch, seating }, key))
		);
		const codes = toCodes(await encodePayload({ kind: 'batch', batch, seating }, key));
		const decode = await time(async () => {
			const code = readCode(codes[0]!);
			if (!code.ok || code.value.kind !== 'single') throw new Error('unreadable');
			const decoded = await decodePayload(code.value.payload, { seats });
			if (!decoded.ok) throw new Error(JSON.stringify(decoded.error));
			const verified = await verifyPayload(decoded.value, key);
			if (!verified.ok) throw new Error(JSON.stringify(verified.error));
		});
		if (encode > BUDGET_MS || decode > BUDGET_MS) failed = true;
		console.log(
			`      encode + sign + code text: median ${encode.toFixed(3)} ms; read + decode + zod + verify: median ${decode.toFixed(3)} ms`
		);
	}
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
	if (!first.ok) throw new Error(JSON.stringify(first.error));
	let state: TournamentState = first.value;
	const apply = (event: TournamentEvent) => {
		const next = applyEvent(state, event);
		if (!next.ok) throw new Error(JSON.stringify(next.error));
		state = next.value;
		log.push(event);
	};
	const rounds: RoundBatch[] = [];
	for (let round = 1; round <= 4; round++) {
		const opened = openNextRound(state, { id: `e-o${round}`, at, seed: `bench-${round}` });
		if (!opened.ok) throw new Error(JSON.stringify(opened.error));
		apply(opened.value);
		for (const [index, table] of opened.value.tables.entries()) {
			const players = table.map((id) => state.players.get(id)?.name ?? id);
			const played = playChoices(TOURNAMENT, players, 0, finishingChoices([round, index]));
			const events = stream(players, valuesOnly(players, played.actions), index + 1, round);
			rounds.push({
				tournamentId: TOURNAMENT_ID,
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
		tournamentId: TOURNAMENT_ID,
		tournamentName: 'Herbstturnier',
		key,
		signing: signing.privateKey,
		director: signing.publicKey,
		legacyThrough: 0,
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
const bytes = await encodePayload(bundle, signing);
const frames = toCodes(bytes);
const reassembly = new Reassembly();
let done = false;
for (const frame of [...frames].reverse()) {
	const code = readCode(frame);
	if (!code.ok) throw new Error(JSON.stringify(code.error));
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
