// `npm run bench`: runs every benchmark in scripts/bench/ (TypeScript, through tsx), one after the
// other, prints their figures and fails when any of them exceeds its budget (non-zero exit).
// Browser benchmarks need a build: this script runs `vite build` first unless WB_SKIP_BUILD=1.
// Run a single one with: npm run bench -- table   (`npm run bench -- table --json`: its figures as JSON)
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

// Names pick benchmarks; flags (--json) go to each one run.
const only = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
const flags = process.argv.slice(2).filter((arg) => arg.startsWith('--'));
const scripts = readdirSync(new URL('./bench/', import.meta.url))
	.filter((file) => file.endsWith('.ts'))
	.sort()
	.filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)));

if (process.env.WB_SKIP_BUILD !== '1') {
	const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
	if (build.status !== 0) process.exit(build.status ?? 1);
}

const failed = [];
for (const file of scripts) {
	console.log(`\n=== ${file} ===`);
	const run = spawnSync('npx', ['tsx', `scripts/bench/${file}`, ...flags], { stdio: 'inherit' });
	if (run.status !== 0) failed.push(file);
}
console.log(
	failed.length ? `\nÜber dem Budget / over budget: ${failed.join(', ')}` : '\nAlle Benchmarks im Budget.'
);
process.exit(failed.length ? 1 : 0);
