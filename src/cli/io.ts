import { readFile } from 'node:fs/promises';
import { fail, ok, type Problem, type Result } from '../lib/domain/result';
import { problemText } from '../lib/i18n/problems/index';

/** What a command may touch: output streams and files. Tests pass their own. */
export interface CliIO {
	out(text: string): void;
	err(text: string): void;
	readText(path: string): Promise<string>;
}

export const processIO: CliIO = {
	out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
	err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
	readText: (path) => readFile(path, 'utf8')
};

/**
 * Ends the process quietly when whoever reads its output goes away (`… | head -c 10`): writing then fails
 * with EPIPE, which would otherwise surface as an unhandled 'error' event with a stack trace.
 */
export function exitQuietlyOnBrokenPipe(
	streams: readonly NodeJS.EventEmitter[] = [process.stdout, process.stderr],
	exit: (code: number) => void = (code) => process.exit(code)
): void {
	for (const stream of streams) {
		stream.on('error', (error: NodeJS.ErrnoException) => {
			if (error.code !== 'EPIPE') throw error;
			exit(0);
		});
	}
}

/** A command: arguments after its name in, exit code out. */
export type Command = (args: string[], io: CliIO) => Promise<number>;

/** Prints a usage error in German and English and returns exit code 2. */
export function usageError(io: CliIO, de: string, en: string): number {
	io.err(`Fehler: ${de}\nError: ${en}`);
	return 2;
}

/** Pretty JSON for machine readers, one trailing newline. */
export function printJson(io: CliIO, value: unknown): void {
	io.out(JSON.stringify(value, null, 2));
}

/** A problem in German and English, as the commands print it. */
export interface CliMessage {
	readonly message: string;
	readonly en: string;
}

/** A problem as the command line says it: the texts the screens show, German and English. */
export function problemMessage(problem: Problem): CliMessage {
	return { message: problemText(problem, 'de'), en: problemText(problem, 'en') };
}

/** Why a file could not be read, in both languages (node's own text is English only). */
export function unreadableFile(path: string, error: unknown): CliMessage {
	const code = (error as { code?: unknown } | null)?.code;
	if (code === 'ENOENT')
		return { message: `Datei „${path}“ nicht gefunden.`, en: `File "${path}" not found.` };
	if (code === 'EISDIR')
		return { message: `„${path}“ ist ein Ordner, keine Datei.`, en: `"${path}" is a folder, not a file.` };
	if (code === 'EACCES' || code === 'EPERM')
		return { message: `Keine Leserechte für „${path}“.`, en: `No permission to read "${path}".` };
	const why = typeof code === 'string' ? ` (${code})` : '';
	return { message: `Datei „${path}“ ist nicht lesbar${why}.`, en: `Cannot read "${path}"${why}.` };
}

/** Line and column (1-based) of a text offset. */
function lineAndColumn(text: string, offset: number): { line: number; column: number } {
	const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
	const lines = before.split('\n');
	return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}

/**
 * Parses JSON; a syntax error says where, in both languages. V8 reports "at position N" (newer versions
 * "(line L column C)"); "Unexpected end of JSON input" stops at the end of the text.
 */
export function parseJsonFile(path: string, text: string): Result<unknown, CliMessage> {
	try {
		return ok(JSON.parse(text) as unknown);
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		const given = /line (\d+) column (\d+)/.exec(reason);
		const position = /position (\d+)/.exec(reason);
		const { line, column } = given
			? { line: Number(given[1]), column: Number(given[2]) }
			: lineAndColumn(text, position ? Number(position[1]) : text.length);
		return fail({
			message: `„${path}“ ist kein gültiges JSON (Zeile ${line}, Spalte ${column}).`,
			en: `"${path}" is not valid JSON (line ${line}, column ${column}).`
		});
	}
}

/**
 * A command line node's parseArgs refused (an unknown option, an option without its value), in both
 * languages; null for any other error.
 */
export function argumentProblem(error: unknown, command: string): CliMessage | null {
	const code = (error as { code?: unknown } | null)?.code;
	const text = error instanceof Error ? error.message : '';
	const option = /'(-[^'\s]*)/.exec(text)?.[1] ?? '';
	const help = { de: `Hilfe: ${command} --help`, en: `help: ${command} --help` };
	switch (code) {
		case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
			return {
				message: `unbekannte Option „${option}“ bei „${command}“; ${help.de}`,
				en: `unknown option "${option}" for "${command}"; ${help.en}`
			};
		case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
			return /missing/.test(text)
				? {
						message: `Option „${option}“ braucht einen Wert; ${help.de}`,
						en: `option "${option}" needs a value; ${help.en}`
					}
				: {
						message: `Option „${option}“ nimmt keinen Wert; ${help.de}`,
						en: `option "${option}" takes no value; ${help.en}`
					};
		case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
			const given = /'([^']*)'/.exec(text)?.[1] ?? '';
			return {
				message: `unerwartetes Argument „${given}“; ${help.de}`,
				en: `unexpected argument "${given}"; ${help.en}`
			};
		}
		default:
			return null;
	}
}
