import { readFile } from 'node:fs/promises';

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
