import type { TournamentEvent } from '../lib/domain/tournament';
import { toFileText } from '../lib/protocol/files';
import { newTournamentKey } from '../lib/protocol/hmac';
import { newSigningKey, type SigningKey } from '../lib/protocol/keys';
import { encodePayload } from '../lib/protocol/payload';
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

/**
 * The desk's backup file (`.wbsync`) of a tournament with this log, as the desk writes it: a signed
 * tournament bundle with the director's keys (`signing`: the desk's key of the tournament, else a fresh one).
 */
export async function backupFile(
	tournament: { id: string; name: string },
	log: readonly TournamentEvent[],
	signing?: SigningKey
): Promise<string> {
	const key = signing ?? (await newSigningKey());
	const rows = log.map((event, i) => ({
		device: 'desk',
		seq: i + 1,
		at: 1000 + i,
		type: event.type,
		body: event
	}));
	const bundle = {
		kind: 'tournament' as const,
		tournamentId: tournament.id,
		tournamentName: tournament.name,
		key: newTournamentKey(),
		signing: key.privateKey,
		director: key.publicKey,
		legacyThrough: 0
	};
	return toFileText(await encodePayload({ ...bundle, events: rows, rounds: [], pending: [] }, key));
}
