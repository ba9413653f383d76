// One door of `npm run bench -- bounds` (scripts/bench/bounds.ts), in a process of its own: takes one hostile
// file through the app's real import path and prints, as one line of JSON, how long it took from reading
// the file to the refusal and the peak memory above the idle process meanwhile.
//   node --expose-gc --import tsx scripts/bounds-door.ts desk|restore|standings FILE [OWN]
// desk: a director's desk that took over its tournament from the backup OWN reads FILE on the exchange
// screen (CodeReading → receive). restore: the restore preview (`readRestoreFile`), then the import
// (`restoreTournament`). standings: the command line's `wertungsblatt standings --json FILE`.
import 'fake-indexeddb/auto';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const [door, path, own] = process.argv.slice(2);
if (!door || !path) throw new Error('usage: bounds-door.ts desk|restore|standings FILE [OWN]');

/** The process's resident memory now and its peak since the last reset, in bytes (Linux: /proc). */
function memory(): { rss: number; peak: number } {
	const status = readFileSync('/proc/self/status', 'utf8');
	const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) * 1024;
	return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** Sets the peak back to the memory in use now: from here on, the peak is that of the work measured. */
function resetPeak(): void {
	writeFileSync('/proc/self/clear_refs', '5');
}

const { useDatabase } = await import('../src/lib/db/index');
const { WertungsblattDB } = await import('../src/lib/db/schema');
useDatabase(new WertungsblattDB(`bounds-${door}`));

/** What the door said: refused (with its problem code) or taken. */
let work: () => Promise<{ refused: string | null }>;

if (door === 'desk') {
	// The exchange screen's reader keeps its progress in a rune; tsx runs it without the Svelte compiler.
	Object.assign(globalThis, { $state: <T>(value: T): T => value });
	// The desk holds the tournament of its own file (`own`); FILE is a forger's file of the same tournament.
	const { receive } = await import('../src/lib/db/sync');
	const { fromFileText } = await import('../src/lib/protocol/files');
	const { CodeReading } = await import('../src/lib/exchange/code-reading.state.svelte');
	const ownFile = fromFileText(readFileSync(String(own), 'utf8'));
	const held = ownFile.ok ? await receive(ownFile.value, ['tournament']) : ownFile;
	if (!held.ok || held.value.kind !== 'tournament') throw new Error(JSON.stringify(held));
	const { tournamentId } = held.value;
	work = async () => {
		let refused: string | null = null;
		const reading = new CodeReading(async (bytes) => {
			const received = await receive(bytes, ['batch', 'tournament', 'absence'], { tournamentId });
			refused = received.ok ? null : received.error.code;
		});
		const read = await reading.file(await readFile(path, 'utf8'));
		return { refused: read.ok ? refused : read.error.code };
	};
} else if (door === 'restore') {
	const { readRestoreFile, restoreTournament } = await import('../src/lib/director/restore');
	work = async () => {
		const preview = await readRestoreFile(await readFile(path, 'utf8'));
		if (!preview.ok) return { refused: preview.error.code };
		const restored = await restoreTournament(preview.value);
		return { refused: restored.ok ? null : restored.error.code };
	};
} else if (door === 'standings') {
	const { runCli } = await import('../src/cli/testing');
	work = async () => {
		const { code, stdout } = await runCli(['standings', '--json', path]);
		const answer = JSON.parse(stdout) as { error?: { en: string } };
		return { refused: code === 0 ? null : (answer.error?.en ?? `exit ${code}`) };
	};
} else throw new Error(`unknown door ${door}`);

const gc = (globalThis as { gc?: () => void }).gc;
gc?.();
const idle = memory().rss;
resetPeak();
const start = performance.now();
const { refused } = await work();
const ms = performance.now() - start;
const { peak } = memory();
console.log(JSON.stringify({ door, ms, aboveIdle: Math.max(0, peak - idle), idle, refused }));
