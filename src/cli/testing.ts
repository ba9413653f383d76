import type { CliIO } from './io';

/** An in-memory CliIO for tests: files by path, captured output. */
export function memoryIO(files: Record<string, string> = {}) {
	const out: string[] = [];
	const err: string[] = [];
	const io: CliIO = {
		out: (text) => void out.push(text),
		err: (text) => void err.push(text),
		readText: async (path) => {
			const text = files[path];
			if (text === undefined) throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
			return text;
		}
	};
	return {
		io,
		stdout: () => out.join('\n'),
		stderr: () => err.join('\n'),
		json: () => JSON.parse(out.join('\n')) as unknown
	};
}
