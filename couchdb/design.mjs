// Prints a season's design document — the validate function of validate.js and the season's settings — as
// JSON for `curl -X PUT …/_design/wertungsblatt --data-binary @-`. `--no-move-up` turns the move-up of
// RULES.md §6a off.
import { validateDocUpdate } from './validate.js';

export function designDocument(moveUp = true) {
	return { season: { moveUp }, validate_doc_update: validateDocUpdate.toString() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
	console.log(JSON.stringify(designDocument(!process.argv.includes('--no-move-up'))));
}
