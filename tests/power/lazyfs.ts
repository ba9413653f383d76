import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file system (lazyfs.py) and the Python that has pyfuse3: Debian's, not a pyenv's. */
export const LAZYFS = fileURLToPath(new URL('./lazyfs.py', import.meta.url));
export const PYTHON = process.env.LAZYFS_PYTHON ?? '/usr/bin/python3';

/** When a name becomes durable: at its directory's fsync, or at any sync after it (see lazyfs.py). */
export type LazyNames = 'posix' | 'ordered';

/** What the control file reports: the syncs seen, whether frozen, what is not yet durable. */
export interface LazyStatus {
	readonly fsync: number;
	readonly fdatasync: number;
	readonly fsyncdir: number;
	readonly sync_writes: number;
	readonly frozen: boolean;
	readonly freezeAt: number | null;
	readonly dirty: { readonly files: number; readonly bytes: number; readonly directories: number };
}

/** One line the file system prints on stdout. */
interface LazyEvent {
	readonly event: 'mounted' | 'frozen' | 'cut' | 'unmounted' | 'sync';
	readonly at?: string | number;
	readonly lost?: LazyStatus['dirty'];
	/** A sync (with LAZYFS_TRACE_SYNCS set): its kind, the path it made durable, whether it waits for a cut. */
	readonly what?: string;
	readonly path?: string;
	readonly frozen?: boolean;
}

/** One sync the file system saw (traced with LAZYFS_TRACE_SYNCS=1): fsync, fdatasync, fsyncdir or an O_SYNC write. */
export interface LazySync {
	readonly what: string;
	readonly path: string;
	/** It came after the freeze: it waits for the cut and makes nothing durable. */
	readonly frozen: boolean;
	/** When, in ms since 1970. */
	readonly at: number;
}

/** The traced syncs a mount keeps: the latest ones (what came just before a cut). */
const SYNCS_KEPT = 2000;

/** Whether `path` is a mount point now (as /proc/mounts lists it). */
function mounted(path: string): boolean {
	const target = resolve(path);
	return readFileSync('/proc/mounts', 'utf8')
		.split('\n')
		.some((line) => line.split(' ')[1]?.replace(/\\040/g, ' ') === target);
}

/** Detaches a mount left behind (a file system process that died): lazily, it may still be busy. */
export function detach(path: string): void {
	if (!mounted(path)) return;
	const unmount = spawnSync('fusermount3', ['-u', '-z', path]);
	if (unmount.status !== 0) spawnSync('umount', ['-l', path]);
}

function missing(): Error {
	return new Error(
		`Das Stromausfall-Dateisystem braucht FUSE 3 und pyfuse3 – "apt-get install -y fuse3 python3-pyfuse3" ` +
			`(siehe README). The power-cut file system needs FUSE 3 and pyfuse3: install them with ` +
			`"apt-get install -y fuse3 python3-pyfuse3".`
	);
}

/**
 * A running lazyfs mount: the backing folder keeps only what was synced; `freeze` makes the moment of the
 * power cut (nothing becomes durable after it), `cut` drops the rest and unmounts.
 */
export class LazyMount {
	#frozen = false;
	#lost: LazyStatus['dirty'] | null = null;
	#exited: Promise<number | null>;
	#onFrozen: (() => void)[] = [];
	#errors: () => string = () => '';
	/** The latest syncs, with their paths, when the file system was started with LAZYFS_TRACE_SYNCS=1. */
	readonly syncs: LazySync[] = [];

	private constructor(
		readonly backing: string,
		readonly mountpoint: string,
		readonly child: ChildProcess
	) {
		this.#exited = new Promise((done) => child.once('exit', (code) => done(code)));
	}

	/**
	 * Mounts `backing` (made if need be) at `mountpoint`; resolves once the mount answers. `names`: when a
	 * created, renamed or removed name becomes durable (see lazyfs.py): at its directory's fsync (`posix`), or
	 * at any sync after it (`ordered`, as ext4's journal).
	 */
	static async mount(backing: string, mountpoint: string, names: LazyNames = 'posix'): Promise<LazyMount> {
		if (!existsSync(PYTHON)) throw missing();
		mkdirSync(backing, { recursive: true });
		mkdirSync(mountpoint, { recursive: true });
		detach(mountpoint);
		const child = spawn(PYTHON, [LAZYFS, 'mount', backing, mountpoint, `--names=${names}`], {
			stdio: ['ignore', 'pipe', 'pipe']
		});
		const lazy = new LazyMount(backing, mountpoint, child);
		let errors = '';
		lazy.#errors = () => errors;
		child.stderr?.on('data', (chunk: Buffer) => {
			errors += chunk.toString();
			if (process.env.LAZYFS_VERBOSE) process.stderr.write(chunk);
		});
		const ready = new Promise<void>((done, fail) => {
			let buffer = '';
			child.stdout?.on('data', (chunk: Buffer) => {
				buffer += chunk.toString();
				let newline: number;
				while ((newline = buffer.indexOf('\n')) >= 0) {
					const line = buffer.slice(0, newline);
					buffer = buffer.slice(newline + 1);
					const event = JSON.parse(line) as LazyEvent;
					if (event.event === 'mounted') done();
					if (event.event === 'frozen') lazy.#markFrozen();
					if (event.event === 'cut') lazy.#lost = event.lost ?? null;
					if (event.event === 'sync') {
						lazy.syncs.push({
							what: event.what ?? '',
							path: event.path ?? '',
							frozen: event.frozen ?? false,
							at: Math.round(Number(event.at ?? 0) * 1000)
						});
						if (lazy.syncs.length > SYNCS_KEPT) lazy.syncs.splice(0, lazy.syncs.length - SYNCS_KEPT);
					}
				}
			});
			child.once('exit', (code) =>
				fail(
					spawnSync(PYTHON, ['-c', 'import pyfuse3, trio']).status !== 0
						? missing()
						: new Error(`lazyfs exited (${code}) before mounting: ${errors.slice(-800)}`)
				)
			);
		});
		await ready;
		return lazy;
	}

	/**
	 * Makes the folder `name` at the mount's root and syncs the root: a device's profile folder exists before
	 * its browser first starts, durably (nothing a browser does syncs the folder its profile lies in).
	 */
	folder(name: string): string {
		const path = `${this.mountpoint}/${name}`;
		mkdirSync(path, { recursive: true });
		const root = openSync(this.mountpoint, 'r');
		try {
			fsyncSync(root);
		} finally {
			closeSync(root);
		}
		return path;
	}

	get control(): string {
		return `${this.mountpoint}/.lazyfs`;
	}

	status(): LazyStatus {
		return JSON.parse(readFileSync(this.control, 'utf8')) as LazyStatus;
	}

	/** The moment of the power cut: from now on nothing becomes durable; every sync waits for the cut. */
	freeze(): void {
		writeFileSync(this.control, 'freeze');
		this.#markFrozen();
	}

	/** Freezes at the `n`-th sync from now, before that sync is applied: the cut in the middle of a commit. */
	freezeAtSync(n: number): void {
		writeFileSync(this.control, `freeze-at-fsync ${n}`);
	}

	/** Forgets a freeze armed by {@link freezeAtSync} that has not happened. */
	disarm(): void {
		if (!this.#frozen) writeFileSync(this.control, 'disarm');
	}

	get frozen(): boolean {
		return this.#frozen;
	}

	/**
	 * Whether the file system is frozen, asked of it now (an armed freeze is told on stdout a moment later):
	 * a tap seen as saved counts as confirmed only when this says no after it was seen.
	 */
	frozenNow(): boolean {
		if (this.#frozen) return true;
		if (this.status().frozen) this.#markFrozen();
		return this.#frozen;
	}

	/** Resolves when the file system has frozen (by `freeze` or at the armed sync). */
	whenFrozen(): Promise<void> {
		if (this.#frozen) return Promise.resolve();
		return new Promise((done) => this.#onFrozen.push(done));
	}

	#markFrozen(): void {
		if (this.#frozen) return;
		this.#frozen = true;
		for (const done of this.#onFrozen.splice(0)) done();
	}

	/**
	 * Drops every write not yet durable and unmounts; resolves with what was dropped once the file system has
	 * exited. The programs that used it must be gone (or at least stopped) first.
	 */
	async cut(): Promise<LazyStatus['dirty'] | null> {
		if (this.child.exitCode === null) {
			try {
				writeFileSync(this.control, 'cut');
			} catch {
				// The cut may have ended the session before the file's close was answered: it goes on. A control
				// file that did not answer at all: the signal cuts the same way.
				const ended = await Promise.race([
					this.#exited.then(() => true),
					new Promise<boolean>((done) => setTimeout(() => done(false), 3000))
				]);
				if (!ended && this.#lost === null) this.child.kill('SIGTERM');
			}
		}
		const code = await this.#exited;
		detach(this.mountpoint);
		if (code !== 0 && this.#lost === null)
			throw new Error(`lazyfs ended with ${code ?? this.child.signalCode}: ${this.#errors().slice(-1500)}`);
		return this.#lost;
	}
}
