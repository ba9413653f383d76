// Power cuts, the long run (issue 28): the power-cut test (tests/power/run.ts) with 1,000 cuts in Chromium
// and 300 each in Firefox and WebKit, on the build `npm run bench` has just made. Each engine's last line
// is `power: <engine> N cuts, C confirmed turns, L lost, D doubled, U unopenable`; the budget is 0 of each.
//
// Run: npm run bench -- power
//   WB_POWER_CUTS=chromium=50,webkit=10   other counts
//   WB_POWER_SEED=s                       the seed (each engine's runs: s, s.2, s.3, …)
//   WB_POWER_UNTIL=2026-11-27T14:15Z      every run ends after the cut it is checking once this time has come
//   WB_POWER_AT_ONCE=1                    the engines' runs side by side (each its own disks and browsers)
//   WB_POWER_BREAK=relaxed                a build that breaks durability on purpose (tests/power/broken.ts)
// Each run writes its figures after every cut's check to bench-results/power/<seed>/; a run the harness could
// not carry on (a browser that did not start in time on a loaded machine: exit 2) is followed by a new run with
// the next seed, for the cuts still missing. At the end the figures of all runs are added up (tests/power/
// sum.ts, which adds up the files of separate runs the same way). It takes hours.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { readProgress, sumLine, sumProgress } from '../../tests/power/progress';

const counts = (process.env.WB_POWER_CUTS ?? 'chromium=1000,firefox=300,webkit=300')
	.split(',')
	.map((pair) => pair.split('=') as [string, string]);
const seed = process.env.WB_POWER_SEED ?? `bench-${new Date().toISOString().slice(0, 10)}`;
const until = process.env.WB_POWER_UNTIL ? Date.parse(process.env.WB_POWER_UNTIL) : Infinity;
const broken = process.env.WB_POWER_BREAK;
const folder = join('bench-results', 'power', seed);

/** One run of the power-cut test; resolves with its exit code. */
function run(engine: string, cuts: number, runSeed: string): Promise<number> {
	const args = ['-a', 'npx', 'tsx', 'tests/power/run.ts', '--cuts', String(cuts), '--engine', engine];
	args.push('--seed', runSeed, '--progress', join(folder, `${engine}-${runSeed}.json`));
	if (Number.isFinite(until)) args.push('--until', new Date(until).toISOString());
	if (broken) args.push('--break', broken);
	// Hours beside other work on a shared machine: a screen may take long to show, and a step whose wait ran out
	// is taken again (counted in the progress file) rather than ending the run.
	const env = {
		WB_WAIT_MS: '120000',
		WB_START_MS: '90000',
		WB_POWER_RETRIES: '5',
		...process.env,
		WB_SKIP_BUILD: '1'
	};
	const child = spawn('xvfb-run', args, { stdio: 'inherit', env });
	return new Promise((done) => child.once('exit', (code) => done(code ?? 2)));
}

/** The cuts `engine`'s runs of this seed have checked so far. */
function done(engine: string): number {
	try {
		return (
			sumProgress(readProgress([folder]).map(({ progress }) => progress)).find((sum) => sum.engine === engine)
				?.cuts ?? 0
		);
	} catch {
		return 0;
	}
}

/** Runs `engine` until its count of cuts, or the time given, is reached; true when a run found a problem. */
async function engineRuns(engine: string, wanted: number): Promise<boolean> {
	let failed = false;
	for (let attempt = 1; done(engine) < wanted && Date.now() < until; attempt++) {
		const code = await run(engine, wanted - done(engine), attempt === 1 ? seed : `${seed}.${attempt}`);
		failed ||= code === 1;
		if (code !== 2) break;
		if (attempt >= 20) break;
		console.log(
			`power bench: the ${engine} run could not go on (exit 2); a new run for the cuts still missing`
		);
	}
	return failed;
}

const results = process.env.WB_POWER_AT_ONCE
	? await Promise.all(counts.map(([engine, cuts]) => engineRuns(engine, Number(cuts))))
	: await counts.reduce<Promise<boolean[]>>(
			async (before, [engine, cuts]) => [...(await before), await engineRuns(engine, Number(cuts))],
			Promise.resolve([])
		);
console.log(`power bench: the runs of ${folder}, added up:`);
const sums = sumProgress(readProgress([folder]).map(({ progress }) => progress));
for (const sum of sums)
	console.log(`${sumLine(sum)} (${sum.seeds.length} runs: ${sum.seeds.join(', ')}; ${sum.seconds} s)`);
// Judged by the sum: a run that found a loss and then could not go on (exit 2) found it all the same.
const found = sums.some((sum) => sum.lost + sum.doubled + sum.unopenable > 0);
process.exit(found || results.some(Boolean) ? 1 : 0);
