import { BeyondBounds } from '../lib/domain/bounds';
import { main } from './main';
import { processIO, type CliIO } from './io';

/** Pieces a file in memory is read in: small, so that a test crosses their borders. */
const PIECE = 4096;

/** An in-memory CliIO for tests: files by path, captured output. */
export function memoryIO(files: Record<string, string> = {}) {
	const out: string[] = [];
	const err: string[] = [];
	const io: CliIO = {
		out: (text) => void out.push(text),
		err: (text) => void err.push(text),
		open: async (path, limit) => {
			const text = files[path];
			if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
			const bytes = new TextEncoder().encode(text);
			if (bytes.length > limit) throw new BeyondBounds('bytes', limit);
			return {
				size: bytes.length,
				async *pieces() {
					for (let at = 0; at < bytes.length; at += PIECE) yield bytes.subarray(at, at + PIECE);
				}
			};
		}
	};
	return {
		io,
		stdout: () => out.join('\n'),
		stderr: () => err.join('\n'),
		json: () => JSON.parse(out.join('\n')) as unknown
	};
}

/** What one command line gave: its exit code and everything it printed. */
export interface CliRun {
	readonly code: number;
	readonly stdout: string;
	readonly stderr: string;
}

/**
 * Runs one command line in this process, as `wertungsblatt ARGV…` would: over in-memory files when given,
 * else over the disk.
 */
export async function runCli(argv: readonly string[], files?: Record<string, string>): Promise<CliRun> {
	const memory = memoryIO(files);
	const io = files ? memory.io : { ...memory.io, open: processIO.open };
	const code = await main([...argv], io);
	return { code, stdout: memory.stdout(), stderr: memory.stderr() };
}
