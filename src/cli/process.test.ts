import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

// The commands themselves are tested in this process (`runCli`); these runs check only what a real process
// adds: the `bin` entry starts through tsx, prints to its streams and sets its exit code. Starting node with
// tsx takes seconds on a loaded machine, hence the generous limits.
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LIMIT_MS = 60_000;

async function wertungsblatt(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
	try {
		const { stdout, stderr } = await promisify(execFile)('node', ['bin/wertungsblatt.js', ...argv], {
			cwd: ROOT,
			timeout: LIMIT_MS
		});
		return { code: 0, stdout, stderr };
	} catch (error) {
		const failed = error as { code?: unknown; stdout?: string; stderr?: string };
		if (typeof failed.code !== 'number') throw error;
		return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
	}
}

describe('wertungsblatt as a process', () => {
	it(
		'prints a seating as JSON and exits 0',
		async () => {
			const { code, stdout } = await wertungsblatt(
				'seat',
				'--format',
				'set',
				'--players',
				'9',
				'--rounds',
				'3',
				'--seed',
				'S',
				'--json'
			);
			expect(code).toBe(0);
			expect(JSON.parse(stdout)).toMatchObject({ seed: 'S', repeats: 0 });
		},
		LIMIT_MS
	);

	it(
		'says why on its error stream and exits 1 when the players cannot be seated',
		async () => {
			const { code, stderr } = await wertungsblatt('seat', '--format', 'swiss', '--players', '5');
			expect(code).toBe(1);
			expect(stderr).toMatch(/^Fehler: .+\nError: .+/);
		},
		LIMIT_MS
	);
});
