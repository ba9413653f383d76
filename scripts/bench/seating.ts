// Times SET seating (generateSeating) for 9…60 players over 4 rounds: median of several seeds per size,
// and the repeats reached against the counting bound. Exits 1 when a size's median exceeds the budget.
// Run: npx tsx scripts/bench/seating.ts [--runs 5]
import { parseArgs } from 'node:util';
import { generateSeating } from '../../src/lib/domain/seating/generate';
import { tableSizes } from '../../src/lib/domain/tournament/tables';

const BUDGET_MS = 2000;
const ROUNDS = 4;
const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } });
const runs = Math.max(1, Number(values.runs) || 5);

const median = (xs: readonly number[]) => {
	const sorted = [...xs].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2
		? (sorted[mid] as number)
		: ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

const rows: { n: number; medianMs: number; maxMs: number; repeats: number[]; bound: number }[] = [];
for (let n = 9; n <= 60; n++) {
	const sizes = tableSizes(n, 'set');
	if (!sizes.ok) continue;
	const times: number[] = [];
	const repeats: number[] = [];
	let bound = 0;
	for (let run = 0; run < runs; run++) {
		const start = performance.now();
		const plan = generateSeating({
			players: n,
			rounds: ROUNDS,
			tableSizes: sizes.value,
			seed: `bench ${n}/${run}`
		});
		times.push(performance.now() - start);
		if (!plan.ok) throw new Error(JSON.stringify(plan.error));
		repeats.push(plan.value.repeats);
		bound = plan.value.lowerBound;
	}
	rows.push({ n, medianMs: median(times), maxMs: Math.max(...times), repeats, bound });
}

const pad = (text: string | number, width: number) => String(text).padStart(width);
console.log(`SET seating, ${ROUNDS} rounds, ${runs} seeds per size, budget ${BUDGET_MS} ms (median)`);
console.log(
	`${pad('players', 7)} ${pad('tables', 14)} ${pad('median ms', 10)} ${pad('max ms', 8)}  repeats (bound)`
);
for (const row of rows) {
	const sizes = tableSizes(row.n, 'set');
	const tables = sizes.ok ? sizes.value.join('') : '';
	const over = row.medianMs > BUDGET_MS ? '  OVER BUDGET' : '';
	console.log(
		`${pad(row.n, 7)} ${pad(tables.length > 14 ? `${tables.length} tables` : tables, 14)} ${pad(row.medianMs.toFixed(1), 10)} ` +
			`${pad(row.maxMs.toFixed(1), 8)}  ${row.repeats.join(',')} (${row.bound})${over}`
	);
}
const medians = rows.map((row) => row.medianMs);
const worst = rows.reduce((a, b) => (b.medianMs > a.medianMs ? b : a));
console.log(
	`overall: median of medians ${median(medians).toFixed(1)} ms, max median ${worst.medianMs.toFixed(1)} ms ` +
		`(${worst.n} players), max single run ${Math.max(...rows.map((row) => row.maxMs)).toFixed(1)} ms; ` +
		`zero repeats for ${rows.filter((row) => row.repeats.every((r) => r === 0)).length} of ${rows.length} sizes`
);
const over = rows.filter((row) => row.medianMs > BUDGET_MS);
if (over.length > 0) {
	console.error(`over budget: ${over.map((row) => row.n).join(', ')} players`);
	process.exitCode = 1;
}
