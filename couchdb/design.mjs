#!/usr/bin/env node
// Prints a season's design document (design-document.ts: the validate function of validate.js with the document
// kinds and the season's settings) as JSON for `curl -X PUT …/_design/wertungsblatt --data-binary @-`.
// `--no-move-up` turns the move-up of RULES.md §6a off. Runs the TypeScript through tsx, as the command line.
import { register } from 'tsx/esm/api';

register();
const { designDocument } = await import('./design-document.ts');
console.log(JSON.stringify(designDocument(!process.argv.includes('--no-move-up'))));
