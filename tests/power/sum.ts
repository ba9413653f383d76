// Adds up the power-cut test's runs from their progress files (run.ts writes one per run, after every cut's
// check; a run stopped from outside counts what it checked): `tsx tests/power/sum.ts FILE|FOLDER …`. Per
// engine: the last line's figures over all runs, each seed once, and the seeds. Exit 1 when anything was
// lost, doubled or unopenable.
import { readProgress, sumLine, sumProgress } from './progress';

const paths = process.argv.slice(2);
if (paths.length === 0) {
	console.error('tsx tests/power/sum.ts FILE|FOLDER …: the progress files of power-cut runs to add up');
	process.exit(2);
}
const runs = readProgress(paths);
for (const { path, progress } of runs)
	for (const [engine, figures] of Object.entries(progress.engines))
		console.log(
			`  ${path}: ${engine} seed ${progress.seed}, ${figures.cuts} cuts, ${figures.confirmedTurns} turns` +
				`${figures.finished ? '' : ' (stopped before its count)'}${figures.error ? `; ended: ${figures.error}` : ''}`
		);
const sums = sumProgress(runs.map(({ progress }) => progress));
for (const sum of sums) console.log(`${sumLine(sum)} (seeds ${sum.seeds.join(', ')}; ${sum.seconds} s)`);
process.exit(sums.some((sum) => sum.lost + sum.doubled + sum.unopenable > 0) ? 1 : 0);
