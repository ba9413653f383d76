import { open } from 'node:fs/promises';
import type { JsonSyntax } from '../lib/codecs/json-walk';
import { BeyondBounds } from '../lib/domain/bounds';
import type { Problem } from '../lib/domain/result';
import { problemText } from '../lib/i18n/problems/index';

/**
 * A file opened to be read within a bound: its size (known before a byte is read), and its bytes in
 * pieces as they are read. Past the bound — by its size, or by what it gives while read (a pipe has no
 * size) — it raises `BeyondBounds`.
 */
export interface CliFile {
	readonly size: number;
	pieces(): AsyncIterable<Uint8Array>;
}

/** What a command may touch: output streams and files. Tests pass their own. */
export interface CliIO {
	out(text: string): void;
	err(text: string): void;
	/** Opens a file of at most `limit` bytes; throws node's errors (ENOENT …) and `BeyondBounds`. */
	open(path: string, limit: number): Promise<CliFile>;
}

/** Bytes a file is read in at a time. */
const PIECE = 1 << 20;

/** A file on disk: its size from `stat`, refused before it is read when past `limit`. */
async function openFile(path: string, limit: number): Promise<CliFile> {
	const handle = await open(path, 'r');
	const stats = await handle.stat();
	if (stats.isDirectory() || stats.size > limit) {
		await handle.close();
		if (stats.isDirectory()) throw Object.assign(new Error(`EISDIR: ${path}`), { code: 'EISDIR' });
		throw new BeyondBounds('bytes', limit);
	}
	return {
		size: stats.size,
		async *pieces() {
			try {
				let read = 0;
				for (;;) {
					const piece = new Uint8Array(PIECE);
					const { bytesRead } = await handle.read(piece, 0, PIECE, null);
					if (bytesRead === 0) return;
					read += bytesRead;
					if (read > limit) throw new BeyondBounds('bytes', limit);
					yield piece.subarray(0, bytesRead);
				}
			} finally {
				await handle.close();
			}
		}
	};
}

export const processIO: CliIO = {
	out: (text) => process.stdout.write(text.endsWith('\n') ? text : `${text}\n`),
	err: (text) => process.stderr.write(text.endsWith('\n') ? text : `${text}\n`),
	open: openFile
};

/** A file's whole text (UTF-8, as `readFile(path, 'utf8')` reads it), read as it comes. */
export async function textOf(pieces: AsyncIterable<Uint8Array>): Promise<string> {
	const decoder = new TextDecoder();
	let text = '';
	for await (const piece of pieces) text += decoder.decode(piece, { stream: true });
	return text + decoder.decode();
}

/** Why a file was not read: past a bound (the problem's words), or node's error (`unreadableFile`). */
export function fileProblem(path: string, error: unknown): CliMessage {
	return error instanceof BeyondBounds ? problemMessage(error.problem) : unreadableFile(path, error);
}

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

/** A file that is not valid JSON: where it stops being JSON, line and column, in both languages. */
export function notJson(path: string, at: JsonSyntax): CliMessage {
	const { line, column } = at;
	return {
		message: `„${path}“ ist kein gültiges JSON (Zeile ${line}, Spalte ${column}).`,
		en: `"${path}" is not valid JSON (line ${line}, column ${column}).`
	};
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
