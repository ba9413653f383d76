import { readFileSync, readdirSync } from 'node:fs';

/** Process `pid`'s state letter (R, S, D, T, Z, …) and parent, from /proc; undefined once it is gone. */
function statOf(pid: number | string): { parent: number; state: string } | undefined {
	try {
		const line = readFileSync(`/proc/${pid}/stat`, 'utf8');
		// "pid (command) state ppid …": the command may hold spaces and parentheses.
		const [state, parent] = line.slice(line.lastIndexOf(')') + 2).split(' ');
		return { parent: Number(parent), state: state ?? '' };
	} catch {
		return undefined; // gone meanwhile
	}
}

/** Every process now: its parent and its state letter. */
function processes(): Map<number, { parent: number; state: string }> {
	const all = new Map<number, { parent: number; state: string }>();
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		const stat = statOf(name);
		if (stat) all.set(Number(name), stat);
	}
	return all;
}

/** `root` and every process descending from it. */
export function processTree(root: number): number[] {
	const all = processes();
	const children = new Map<number, number[]>();
	for (const [pid, { parent }] of all) children.set(parent, [...(children.get(parent) ?? []), pid]);
	const found: number[] = [];
	const todo = all.has(root) ? [root] : [];
	while (todo.length > 0) {
		const pid = todo.pop()!;
		found.push(pid);
		todo.push(...(children.get(pid) ?? []));
	}
	return found;
}

function signal(pid: number, name: NodeJS.Signals): void {
	try {
		process.kill(pid, name);
	} catch {
		// already gone
	}
}

/**
 * SIGKILL to `root` and all its descendants at once, as a dead battery stops them: first every one is stopped
 * (a stopped process starts no new one, and none is handed to init before it is seen), then all are killed.
 * Returns them: a process waiting for a file system's answer dies only once it has that answer.
 */
export function killTree(root: number): number[] {
	const seen = new Set<number>();
	for (let pass = 0; pass < 10; pass++) {
		const fresh = processTree(root).filter((pid) => !seen.has(pid));
		if (fresh.length === 0) break;
		for (const pid of fresh) {
			signal(pid, 'SIGSTOP');
			seen.add(pid);
		}
	}
	for (const pid of seen) signal(pid, 'SIGKILL');
	return [...seen];
}

/** Resolves once none of `pids` runs any more (a zombie has ended). */
export async function whenGone(pids: readonly number[], timeout = 20_000): Promise<void> {
	const end = Date.now() + timeout;
	for (;;) {
		// Only these processes' states: the whole of /proc is read once per pass of `killTree`, not every 20 ms.
		const running = pids.filter((pid) => {
			const state = statOf(pid)?.state;
			return state !== undefined && state !== 'Z';
		});
		if (running.length === 0) return;
		if (Date.now() > end) throw new Error(`processes ${running.join(', ')} outlived SIGKILL`);
		await new Promise((done) => setTimeout(done, 20));
	}
}
