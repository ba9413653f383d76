import { parseArgs } from 'node:util';
import { fail } from '../../lib/domain/result';
import { FORMATS, tableSizes, tooManyPlayers, type Format } from '../../lib/domain/tournament/tables';
import { qualifierWarning } from '../../lib/domain/tournament/triominos';
import { printJson, problemMessage, usageError, type Command } from '../io';
import { problemText } from '../../lib/i18n/problems/index';

const USAGE_DE = 'Aufruf: tables N --format triominos|swiss|set [--json]  (N: Spielerzahl, z. B. tables 12)';
const USAGE_EN =
	'usage: tables N --format triominos|swiss|set [--json]  (N: number of players, e.g. tables 12)';

/** "-5" is a (wrong) count, not an option: it is kept as the count so that the error says what is wrong. */
const looksNegative = (arg: string) => /^-\d/.test(arg);

/** "2 Tische zu 3, 1 Tisch zu 4". */
function describe(sizes: readonly number[]): string {
	return [3, 4]
		.map((size) => [size, sizes.filter((s) => s === size).length] as const)
		.filter(([, count]) => count > 0)
		.map(([size, count]) => `${count} ${count === 1 ? 'Tisch' : 'Tische'} zu ${size}`)
		.join(', ');
}

/** `tables N --format triominos|swiss|set [--json]`: table sizes for N players (RULES.md §6–8). */
export const tables: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args: args.filter((arg) => !looksNegative(arg)),
		allowPositionals: true,
		options: { format: { type: 'string', default: 'triominos' }, json: { type: 'boolean', default: false } }
	});
	const given = [...positionals, ...args.filter(looksNegative)];
	if (given.length !== 1) return usageError(io, USAGE_DE, USAGE_EN);
	const count = given[0]!;
	if (!/^\d+$/.test(count)) {
		return usageError(
			io,
			`„${count}“ ist keine Spielerzahl: erwartet eine ganze Zahl ab 0 in Ziffern, z. B. 12.\n${USAGE_DE}`,
			`"${count}" is not a number of players: expected a whole number in digits, e.g. 12.\n${USAGE_EN}`
		);
	}
	const format = values.format.toLowerCase();
	if (!FORMATS.includes(format as Format)) {
		return usageError(
			io,
			`unbekanntes Format „${values.format}“ (triominos, swiss, set)`,
			`unknown format "${values.format}" (triominos, swiss, set)`
		);
	}
	const n = Number(count);
	const sizes = Number.isSafeInteger(n) ? tableSizes(n, format as Format) : fail(tooManyPlayers(count));
	if (!sizes.ok) {
		const error = problemMessage(sizes.error);
		if (values.json) printJson(io, { error });
		else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
		return 1;
	}
	// RULES.md §6: a single table of 3 or 4 is seated, but it is no DM qualifier.
	const note = format === 'triominos' ? qualifierWarning(n) : null;
	if (values.json) {
		printJson(io, { tables: sizes.value });
		if (note) io.err(`Hinweis: ${problemText(note, 'de')}\nNote: ${problemText(note, 'en')}`);
	} else {
		const order = sizes.value.length <= 24 ? `  (${sizes.value.join(' · ')})` : '';
		io.out(`${n} Spieler: ${describe(sizes.value)}${order}`);
		if (note) io.out(`Hinweis: ${problemText(note, 'de')}`);
	}
	return 0;
};
