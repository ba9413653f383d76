import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import '../../lib/codecs/english';
import { formatRational, toNumber } from '../../lib/domain/rational';
import { logFromResults } from '../../lib/domain/tournament/from-results';
import { replay } from '../../lib/domain/tournament/reducer';
import { standings as computeStandings, type Standings } from '../../lib/domain/tournament/standings';
import { FORMATS } from '../../lib/domain/tournament/tables';
import { printJson, usageError, type CliIO, type Command } from '../io';

const USAGE = 'Aufruf: standings [--json] DATEI.json';

/**
 * The file: format, players, and per round a list of tables mapping player → game points (SET points).
 * Beyond its shape, the tournament rules check it (unknown player, twice in a round, a table of 2, a
 * player at no table …): the log it stands for must replay.
 */
const ResultFile = z
	.object({
		format: z.enum(FORMATS),
		players: z.array(z.string().check(z.trim(), z.minLength(1))).check(z.minLength(1)),
		rounds: z.array(z.array(z.record(z.string(), z.int())))
	})
	.check(
		z.superRefine((file, ctx) => {
			const state = replay(logFromResults(file, '2000-01-01T00:00:00Z'));
			if (!state.ok)
				ctx.addIssue({ code: 'custom', message: state.error.en, params: { de: state.error.de } });
		})
	);

type Message = { message: string; en: string };

/** The first problem with the file, in German and English. */
function fileProblem(data: unknown, error: z.core.$ZodError): Message {
	const de = ResultFile.safeParse(data, { error: z.locales.de().localeError });
	const issue = error.issues[0];
	const deIssue = de.success ? issue : de.error.issues[0];
	const path = issue?.path.length
		? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
		: '';
	const where = path ? ` (${path.replace(/^\./, '')})` : '';
	const params = deIssue?.code === 'custom' ? (deIssue.params as { de?: string } | undefined) : undefined;
	return {
		message: `${params?.de ?? deIssue?.message ?? 'Ungültige Datei'}${where}`,
		en: `${issue?.message ?? 'Invalid file'}${where}`
	};
}

/** The JSON answer: exactly standings, finalists, qualifiers (Triominos) and undecided. */
function report(table: Standings) {
	const name = (id: string) => table.rows.find((r) => r.player === id)?.name ?? id;
	return {
		standings: table.rows.map((row) => ({
			player: row.name,
			rank: row.rank,
			points: toNumber(row.points),
			gamePoints: row.gamePoints,
			...(row.sharePercent === undefined ? {} : { share: row.sharePercent })
		})),
		finalists: table.finalists.map(name),
		...(table.qualifiers ? { qualifiers: table.qualifiers.count } : {}),
		undecided: table.undecided.flatMap((tie) => tie.players.map(name))
	};
}

/** A German table for people. */
function printTable(io: CliIO, table: Standings): void {
	const swiss = table.format === 'swiss';
	const game = table.format === 'set' ? 'SET-Punkte' : 'Spielpunkte';
	const width = Math.max(7, ...table.rows.map((r) => r.name.length));
	const lines = [
		`${'Platz'.padStart(5)}  ${'Spieler'.padEnd(width)}  ${'Punkte'.padStart(6)}  ${game.padStart(11)}${swiss ? '     Anteil' : ''}`,
		...table.rows.map(
			(r) =>
				`${`${r.rank}.`.padStart(5)}  ${r.name.padEnd(width)}  ${formatRational(r.points).padStart(6)}  ${String(r.gamePoints).padStart(11)}` +
				(swiss ? `  ${`${String(r.sharePercent).replace('.', ',')} %`.padStart(9)}` : '')
		)
	];
	const names = (ids: readonly string[]) =>
		ids.map((id) => table.rows.find((r) => r.player === id)?.name ?? id).join(', ');
	if (table.format !== 'swiss') lines.push('', `Finale: ${names(table.finalists) || '–'}`);
	if (table.qualifiers)
		lines.push(`Qualifiziert (${table.qualifiers.count}): ${names(table.qualifiers.players) || '–'}`);
	for (const tie of table.undecided) {
		lines.push(`Gleichstand, ${tie.by === 'lot' ? 'Los' : 'Zusatzrunde'} nötig: ${names(tie.players)}`);
	}
	for (const warning of table.warnings) lines.push(`Hinweis: ${warning.de}`);
	io.out(lines.join('\n'));
}

/** `standings [--json] FILE.json`: standings from plain round results (RULES.md §5–8). */
export const standings: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { json: { type: 'boolean', default: false } }
	});
	const path = positionals[0];
	if (positionals.length !== 1 || path === undefined)
		return usageError(io, USAGE, 'usage: standings [--json] FILE.json');
	const failWith = (error: Message) => {
		if (values.json) printJson(io, { error });
		else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
		return 1;
	};
	let data: unknown;
	try {
		data = JSON.parse(await io.readText(path));
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		return failWith({
			message: `Datei „${path}“ ist nicht lesbar: ${reason}`,
			en: `Cannot read "${path}": ${reason}`
		});
	}
	const file = ResultFile.safeParse(data);
	if (!file.success) return failWith(fileProblem(data, file.error));
	const state = replay(logFromResults(file.data, '2000-01-01T00:00:00Z'));
	if (!state.ok) return failWith({ message: state.error.de, en: state.error.en });
	const table = computeStandings(state.value);
	if (values.json) printJson(io, report(table));
	else printTable(io, table);
	return 0;
};
