import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exitQuietlyOnBrokenPipe } from './io';

const root = fileURLToPath(new URL('../../', import.meta.url));
const example = fileURLToPath(
	new URL('../lib/domain/notation/fixtures/notation-example.trn', import.meta.url)
);

describe('output to a reader that went away (`wertungsblatt sheet x.trn | head -c 10`)', () => {
	it('exits 0 on EPIPE and leaves every other stream error alone', () => {
		const stream = new EventEmitter();
		const exits: number[] = [];
		exitQuietlyOnBrokenPipe([stream], (code) => exits.push(code));
		stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
		expect(exits).toEqual([0]);
		expect(() => stream.emit('error', Object.assign(new Error('write EIO'), { code: 'EIO' }))).toThrow('EIO');
	});

	it('a real run whose stdout is closed prints no stack trace', async () => {
		const child = spawn(process.execPath, ['bin/wertungsblatt.js', 'sheet', example, example, example], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe']
		});
		child.stdout.destroy();
		let stderr = '';
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
		expect(stderr).toBe('');
		expect(code).toBe(0);
	}, 60_000);
});
