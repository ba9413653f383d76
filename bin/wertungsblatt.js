#!/usr/bin/env node
// The `wertungsblatt` command line: runs the TypeScript entry through tsx (node 20 cannot strip types).
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
