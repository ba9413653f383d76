// What each engine's IndexedDB makes durable (issue 28): tests/power/durability.ts on the build `npm run
// bench` has just made. Per engine: the files a strict and a relaxed commit sync, and which rows come back
// after a power cut (the power-cut test's disk, tests/power/lazyfs.py).
//
// Run: npm run bench -- durability   (WB_POWER_ENGINES=webkit, WB_POWER_WRITES=5, WB_POWER_CUTS_AGAIN=3)
// A few minutes; it needs /dev/fuse and the power-cut test's packages (README).
import { spawnSync } from 'node:child_process';

const run = spawnSync('xvfb-run', ['-a', 'npx', 'tsx', 'tests/power/durability.ts'], { stdio: 'inherit' });
process.exit(run.status ?? 1);
