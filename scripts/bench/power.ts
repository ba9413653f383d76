// Power cuts, the long run (issue 28): the power-cut test (tests/power/run.ts) with 1,000 cuts in Chromium
// and 300 each in Firefox and WebKit, on the build `npm run bench` has just made. Each engine's last line
// is `power: <engine> N cuts, C confirmed turns, L lost, D doubled, U unopenable`; the budget is 0 of each.
//
// Run: npm run bench -- power   (WB_POWER_CUTS=chromium=50,webkit=10 for other counts; WB_POWER_SEED=s)
// It takes hours (a cut, the browser's new start and the check take 10–40 s on 2 cores).
import { spawnSync } from 'node:child_process';

const counts = (process.env.WB_POWER_CUTS ?? 'chromium=1000,firefox=300,webkit=300')
	.split(',')
	.map((pair) => pair.split('=') as [string, string]);
const seed = process.env.WB_POWER_SEED ?? `bench-${new Date().toISOString().slice(0, 10)}`;

let failed = false;
for (const [engine, cuts] of counts) {
	const run = spawnSync(
		'xvfb-run',
		['-a', 'npx', 'tsx', 'tests/power/run.ts', '--cuts', cuts, '--engine', engine, '--seed', seed],
		{ stdio: 'inherit', env: { ...process.env, WB_SKIP_BUILD: '1' } }
	);
	failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
