// Standings recomputed from the whole event log, as the director's desk does after every result.
// Then players all level on points and game points (case 7 of issue 18: the ranking was quadratic in
// tied players): the ranking alone, and up to 2,000 the whole replay and standings.
// Run: npx tsx scripts/bench/standings.ts   (exit 1 when a median is over the budget)
import { LIMITS } from '../../src/lib/domain/limits';
import { rational, ZERO } from '../../src/lib/domain/rational';
import { byGamePoints, byPoints } from '../../src/lib/domain/tournament/criteria';
import { logFromResults } from '../../src/lib/domain/tournament/from-results';
import { rankEntries } from '../../src/lib/domain/tournament/ranking';
import { replay } from '../../src/lib/domain/tournament/reducer';
import { sampleTournament } from '../../src/lib/domain/tournament/sample';
import { standings } from '../../src/lib/domain/tournament/standings';
import type { Format } from '../../src/lib/domain/tournament/tables';
import type { Tally } from '../../src/lib/domain/tournament/tally';

const BUDGET_MS = 5;
/** Compute for the standings of 5,000 tied players: "well under a second" (issue 18). */
const TIED_BUDGET_MS = 250;
const TIED_RUNS = 5;
const RUNS = 300;
const WARMUP = 50;

const cases: { label: string; format: Format; players: number; rounds: number }[] = [
	{ label: 'Triominos 50 × 4', format: 'triominos', players: 50, rounds: 4 },
	{ label: 'swiss 24 × 5', format: 'swiss', players: 24, rounds: 5 },
	{ label: 'SET 60 × 4', format: 'set', players: 60, rounds: 4 }
];

function quantile(sorted: number[], q: number): number {
	return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

let over = false;
for (const { label, format, players, rounds } of cases) {
	const events = logFromResults(sampleTournament(format, players, rounds, 'bench'), '2026-03-14T10:00:00Z');
	const times: number[] = [];
	for (let i = 0; i < WARMUP + RUNS; i++) {
		const start = performance.now();
		const state = replay(events);
		if (!state.ok) throw new Error(`${label}: ${JSON.stringify(state.error)}`);
		const table = standings(state.value);
		const elapsed = performance.now() - start;
		if (table.rows.length !== players) throw new Error(`${label}: ${table.rows.length} rows`);
		if (i >= WARMUP) times.push(elapsed);
	}
	times.sort((a, b) => a - b);
	const median = quantile(times, 0.5);
	const p95 = quantile(times, 0.95);
	const verdict = median <= BUDGET_MS ? 'ok' : 'OVER BUDGET';
	if (median > BUDGET_MS) over = true;
	console.log(
		`standings ${label.padEnd(17)} ${String(events.length).padStart(4)} events  median ${median.toFixed(3)} ms  p95 ${p95.toFixed(3)} ms  (budget ${BUDGET_MS} ms median) ${verdict}`
	);
}

// Everyone level on points and game points: one tie that nothing breaks. Up to LIMITS.players (2,000) a
// whole tournament (one round, everyone 0) is replayed and ranked; 5,000, beyond what a tournament may
// hold, is the ranking alone.
const median = (times: number[]) =>
	quantile(
		[...times].sort((a, b) => a - b),
		0.5
	);
for (const players of [6, 2000, 5000]) {
	const tallies: Tally[] = Array.from({ length: players }, (_, i) => ({
		player: `P${i}`,
		points: rational(3),
		gamePoints: 0,
		share: ZERO,
		games: 1
	}));
	const rankings: number[] = [];
	for (let i = 0; i < TIED_RUNS; i++) {
		const start = performance.now();
		const ranking = rankEntries(tallies, [byPoints, byGamePoints], () => null);
		rankings.push(performance.now() - start);
		if (ranking.ties[0]?.length !== players) throw new Error(`${players} tied: not one tie`);
	}
	const replays: number[] = [];
	const tables: number[] = [];
	if (players <= LIMITS.players) {
		const events = logFromResults(
			sampleTournament('triominos', players, 1, 'tied', 0),
			'2026-03-14T10:00:00Z'
		);
		for (let i = 0; i < TIED_RUNS; i++) {
			let start = performance.now();
			const state = replay(events);
			replays.push(performance.now() - start);
			if (!state.ok) throw new Error(`${players} tied: ${JSON.stringify(state.error)}`);
			start = performance.now();
			const table = standings(state.value);
			tables.push(performance.now() - start);
			if (table.undecided[0]?.players.length !== players) throw new Error(`${players} tied: not one tie`);
		}
	}
	// The replay of 2,000 registered players, once quadratic, is under the same budget (its unit test only
	// checks that it grows linearly: src/lib/domain/tournament/replay.test.ts).
	const worst = Math.max(median(rankings), ...[tables, replays].filter((t) => t.length > 0).map(median));
	if (worst > TIED_BUDGET_MS) over = true;
	const whole = tables.length
		? `  standings ${median(tables).toFixed(1)} ms  replay ${median(replays).toFixed(1)} ms`
		: '';
	console.log(
		`tied ${String(players).padStart(4)} players  ranking ${median(rankings).toFixed(1)} ms${whole}  (budget ${TIED_BUDGET_MS} ms median) ${worst <= TIED_BUDGET_MS ? 'ok' : 'OVER BUDGET'}`
	);
}
process.exitCode = over ? 1 : 0;
