#!/usr/bin/env node
// The `wertungsblatt` command line: runs the TypeScript entry through tsx (node 20 cannot strip types).
import { register } from 'tsx/esm/api';

register();
const { exitQuietlyOnBrokenPipe } = await import('../src/cli/io.ts');
const { main } = await import('../src/cli/main.ts');
exitQuietlyOnBrokenPipe();
process.exitCode = await main(process.argv.slice(2));
