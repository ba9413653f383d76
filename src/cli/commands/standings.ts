import { parseArgs } from 'node:util';
import { z } from 'zod/mini';
import '../../lib/codecs/english';
import { formatPercent, formatWhole } from '../../lib/domain/numbers';
import { gamePointsBeyondLimit, nameBeyondLimit } from '../../lib/domain/bounds';
import { formatRational, toNumber, type Rational } from '../../lib/domain/rational';
import { logFromResults } from '../../lib/domain/tournament/from-results';
import { replay } from '../../lib/domain/tournament/reducer';
import type { TournamentEvent } from '../../lib/domain/tournament/events';
import type { TournamentState } from '../../lib/domain/tournament/state';
import { fail, ok, type Result } from '../../lib/domain/result';
import { LIMITS } from '../../lib/domain/limits';
import { fileTextBeyond } from '../../lib/protocol/files';
import {
	isBackupText,
	isDeskExport,
	logOfBackup,
	logOfExport,
	readTournamentJson,
	type TournamentLog
} from '../../lib/protocol/tournament-file';
import type { SigningKey } from '../../lib/protocol/keys';
import { standings as computeStandings, type Standings } from '../../lib/domain/tournament/standings';
import { FORMATS, MAX_TOURNAMENT_PLAYERS, tooManyPlayers } from '../../lib/domain/tournament/tables';
import {
	fileProblem,
	notJson,
	printJson,
	problemMessage,
	textOf,
	usageError,
	type CliIO,
	type CliMessage,
	type Command
} from '../io';
import { problemText } from '../../lib/i18n/problems/index';

const USAGE = 'Aufruf: standings [--json] DATEI.json|DATEI.wbsync';

/**
 * Optional settings in the file, where a tournament differs from the format's defaults (RULES.md §6–8):
 * `maxPlayers` (swiss: 24 unless given; null for no limit), `rounds` (prelim rounds: Triominos 4,
 * swiss 5, SET 3 or 4), `finalSize` and `finalRounds` (Triominos, SET). Unknown keys are refused, so a
 * misspelt option is not silently ignored.
 */
const FileOptions = z.strictObject({
	maxPlayers: z.optional(z.nullable(z.int().check(z.gte(3), z.lte(500)))),
	rounds: z.optional(z.int().check(z.gte(1), z.lte(20))),
	finalSize: z.optional(z.nullable(z.int().check(z.gte(3), z.lte(8)))),
	finalRounds: z.optional(z.int().check(z.gte(1), z.lte(6)))
});

/** The final's rounds: each one table (RULES.md §6, §8: the final is played at one table). */
const FinalRounds = z.array(z.array(z.record(z.string(), z.int())).check(z.length(1)));

/**
 * The file: format, players, per round a list of tables mapping player → game points (SET points), and
 * optional settings. Beyond its shape, the tournament rules check it (unknown player, twice in a round, a
 * table of 2, a player at no table …): the log it stands for must replay.
 */
const ResultFile = z.object({
	format: z.enum(FORMATS),
	players: z.array(z.string().check(z.trim(), z.minLength(1))).check(z.minLength(1)),
	rounds: z.array(z.array(z.record(z.string(), z.int()))),
	options: z.optional(FileOptions),
	final: z.optional(FinalRounds),
	/** Orders a lot (SET: a play-off) decided, first = ahead. */
	lots: z.optional(z.array(z.array(z.string()).check(z.minLength(2)))),
	name: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(120))),
	date: z.optional(z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)))
});

/** The first problem with the file's shape, in German and English. */
function shapeProblem(data: unknown, error: z.core.$ZodError): CliMessage {
	const de = ResultFile.safeParse(data, { error: z.locales.de().localeError });
	const issue = error.issues[0];
	const deIssue = de.success ? issue : de.error.issues[0];
	const path = issue?.path.length
		? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('')
		: '';
	const where = path ? ` (${path.replace(/^\./, '')})` : '';
	return {
		message: `${deIssue?.message ?? 'Ungültige Datei'}${where}`,
		en: `${issue?.message ?? 'Invalid file'}${where}`
	};
}

/**
 * `points` stays a number (the contract). Where it is neither whole nor a half, the number is only the
 * nearest float (10/3 → 3.3333333333333335), so `pointsExact` gives the fraction as "10/3".
 */
function exactPoints(points: Rational): { pointsExact?: string } {
	return points.den <= 2n ? {} : { pointsExact: `${points.num}/${points.den}` };
}

/**
 * The JSON answer: exactly standings, finalists, qualifiers (Triominos: the count) with `qualified` (who,
 * in order: RULES.md §6), and undecided.
 */
function report(table: Standings) {
	const names = new Map(table.rows.map((row) => [row.player, row.name]));
	const name = (id: string) => names.get(id) ?? id;
	return {
		standings: table.rows.map((row) => ({
			player: row.name,
			rank: row.rank,
			points: toNumber(row.points),
			...exactPoints(row.points),
			gamePoints: row.gamePoints,
			...(row.sharePercent === undefined ? {} : { share: row.sharePercent })
		})),
		finalists: table.finalists.map(name),
		...(table.qualifiers
			? { qualifiers: table.qualifiers.count, qualified: table.qualifiers.players.map(name) }
			: {}),
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
				`${`${r.rank}.`.padStart(5)}  ${r.name.padEnd(width)}  ${formatRational(r.points).padStart(6)}  ${formatWhole(r.gamePoints).padStart(11)}` +
				(swiss ? `  ${formatPercent(r.sharePercent ?? 0, 'de').padStart(9)}` : '')
		)
	];
	const byId = new Map(table.rows.map((row) => [row.player, row.name]));
	const names = (ids: readonly string[]) => ids.map((id) => byId.get(id) ?? id).join(', ');
	if (table.format !== 'swiss') lines.push('', `Finale: ${names(table.finalists) || '–'}`);
	if (table.qualifiers)
		lines.push(`Qualifiziert (${table.qualifiers.count}): ${names(table.qualifiers.players) || '–'}`);
	for (const tie of table.undecided) {
		lines.push(`Gleichstand, ${tie.by === 'lot' ? 'Los' : 'Zusatzrunde'} nötig: ${names(tie.players)}`);
	}
	for (const warning of table.warnings) lines.push(`Hinweis: ${problemText(warning, 'de')}`);
	io.out(lines.join('\n'));
}

/**
 * The first name, player count or game points beyond `LIMITS`, where the desk would refuse it too: a file
 * the desk could not take is not ranked here either.
 */
function beyondBounds(file: z.infer<typeof ResultFile>): CliMessage | null {
	const tooMany =
		file.players.length > MAX_TOURNAMENT_PLAYERS ? tooManyPlayers(String(file.players.length)) : null;
	const beyond = tooMany ?? file.players.map(nameBeyondLimit).find((p) => p !== null);
	if (beyond) return problemMessage(beyond);
	for (const [r, tables] of file.rounds.entries()) {
		for (const [t, table] of tables.entries()) {
			for (const [player, points] of Object.entries(table)) {
				const problem = gamePointsBeyondLimit(points, player);
				if (problem) {
					const said = problemMessage(problem);
					return {
						message: `${said.message} (Runde ${r + 1}, Tisch ${t + 1})`,
						en: `${said.en} (round ${r + 1}, table ${t + 1})`
					};
				}
			}
		}
	}
	return null;
}

/** A file over the player limit (swiss: 24 unless given) is told how to raise it. */
function withLimitHint(error: CliMessage, file: { players: readonly string[] }): CliMessage {
	const option = `"options": { "maxPlayers": ${file.players.length} }`;
	return {
		message: `${error.message} Mehr erlaubt in der Datei: ${option}.`,
		en: `${error.en} To allow more, put in the file: ${option}.`
	};
}

/** A tournament as a file gives it: its log replayed, and the id and name it was stored under. */
export interface TournamentFile {
	readonly id: string | null;
	readonly events: readonly TournamentEvent[];
	readonly state: TournamentState;
	readonly source: 'plain' | 'export' | 'backup';
	/** A plain file gave its own name and date (a desk's file always has them). */
	readonly named: boolean;
	/** A backup's signing key, the desk's own for this tournament (null for other files). */
	readonly key: SigningKey | null;
}

/**
 * Reads a tournament from a plain result file, the desk's "Alles (JSON)" export or its backup file
 * (`.wbsync`); the log must replay under the rules. Every bound is checked before the work it spares: the
 * file's size before it is read, a backup's size before it is decoded, an export's events and values as
 * the file comes in (`readTournamentJson`), a backup's events as it is decoded (`decodePayload`).
 */
export async function readTournamentFile(
	io: CliIO,
	path: string
): Promise<Result<TournamentFile, CliMessage>> {
	try {
		const file = await io.open(path, LIMITS.fileBytes);
		const pieces = file.pieces()[Symbol.asyncIterator]();
		const first = await pieces.next();
		const head = first.done ? new Uint8Array(0) : first.value;
		const all = (async function* () {
			yield head;
			for (let next = await pieces.next(); !next.done; next = await pieces.next()) yield next.value;
		})();
		if (isBackupText(new TextDecoder().decode(head.subarray(0, 32)))) {
			const beyond = fileTextBeyond(file.size);
			if (beyond) return fail(problemMessage(beyond));
			return fromDesk(await logOfBackup(await textOf(all)));
		}
		const data = await readTournamentJson(all, { plain: true });
		if (!data.ok) {
			const { error } = data;
			return fail(error.why === 'beyond' ? problemMessage(error.beyond.problem) : notJson(path, error.at));
		}
		return isDeskExport(data.value) ? fromDesk(logOfExport(data.value)) : fromPlain(data.value);
	} catch (error) {
		return fail(fileProblem(path, error));
	}
}

/** A tournament from the desk's export or backup: its log replayed. */
function fromDesk(desk: Result<TournamentLog>): Result<TournamentFile, CliMessage> {
	if (!desk.ok) return fail(problemMessage(desk.error));
	const state = replay(desk.value.events);
	if (!state.ok) return fail(problemMessage(state.error));
	return ok({
		id: desk.value.id,
		events: desk.value.events,
		state: state.value,
		source: desk.value.source,
		named: true,
		key: desk.value.key ?? null
	});
}

/** A tournament from a plain result file: its shape, its bounds, then the log it stands for replayed. */
function fromPlain(data: unknown): Result<TournamentFile, CliMessage> {
	const file = ResultFile.safeParse(data);
	if (!file.success) return fail(shapeProblem(data, file.error));
	const beyond = beyondBounds(file.data);
	if (beyond) return fail(beyond);
	const events = logFromResults(file.data, '2000-01-01T00:00:00Z');
	const state = replay(events);
	if (!state.ok) {
		const refused = problemMessage(state.error);
		return fail(state.error.code === 'too-many-players' ? withLimitHint(refused, file.data) : refused);
	}
	const named = file.data.name !== undefined && file.data.date !== undefined;
	return ok({ id: null, events, state: state.value, source: 'plain', named, key: null });
}

/** `standings [--json] FILE.json`: standings from plain round results (RULES.md §5–8) or the desk's files. */
export const standings: Command = async (args, io) => {
	const { values, positionals } = parseArgs({
		args,
		allowPositionals: true,
		options: { json: { type: 'boolean', default: false } }
	});
	const path = positionals[0];
	if (positionals.length !== 1 || path === undefined)
		return usageError(io, USAGE, 'usage: standings [--json] FILE.json|FILE.wbsync');
	const failWith = (error: CliMessage) => {
		if (values.json) printJson(io, { error });
		else io.err(`Fehler: ${error.message}\nError: ${error.en}`);
		return 1;
	};
	const tournament = await readTournamentFile(io, path);
	if (!tournament.ok) return failWith(tournament.error);
	const table = computeStandings(tournament.value.state);
	if (values.json) printJson(io, report(table));
	else printTable(io, table);
	return 0;
};
