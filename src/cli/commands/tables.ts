import { parseArgs } from 'node:util';
import { FORMATS, tableSizes, type Format } from '../../lib/domain/tournament/tables';
import { printJson, usageError, type Command } from '../io';

/** `tables N --format triominos|swiss|set [--json]`: table sizes for N players (RULES.md §6–8). */
export const tables: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { format: { type: 'string', default: 'triominos' }, json: { type: 'boolean', default: false } }
	});
	const n = Number(positionals[0]);
	if (positionals.length !== 1 || !Number.isInteger(n)) {
		return usageError(
			io,
			'Aufruf: tables N --format triominos|swiss|set [--json]',
			'usage: tables N --format …'
		);
	}
	if (!FORMATS.includes(values.format as Format)) {
		return usageError(
			io,
			`unbekanntes Format „${values.format}“ (triominos, swiss, set)`,
			`unknown format "${values.format}" (triominos, swiss, set)`
		);
	}
	const sizes = tableSizes(n, values.format as Format);
	if (!sizes.ok) {
		if (values.json) printJson(io, { error: { message: sizes.error.de, en: sizes.error.en } });
		else io.err(`${sizes.error.de}\n${sizes.error.en}`);
		return 1;
	}
	if (values.json) printJson(io, { tables: sizes.value });
	else {
		const threes = sizes.value.filter((s) => s === 3).length;
		const fours = sizes.value.filter((s) => s === 4).length;
		io.out(`${n} Spieler: ${threes} 3er-Tische, ${fours} 4er-Tische  (${sizes.value.join(' · ')})`);
	}
	return 0;
};
