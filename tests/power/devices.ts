import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Random } from '../../src/lib/domain/random';
import { Screen } from '../engines/pages/Screen';
import { startOn, type PowerEngine, type ProfileDevice } from './browsers';
import { LazyMount, type LazyNames, type LazySync } from './lazyfs';
import { whenGone } from '../engines/processes';
import { trace } from './tally';

/**
 * When the next power cut comes: `skip` steps of the device's work from now (taps, page actions), then after a
 * while, or at the n-th sync from then (in the middle of a commit).
 */
export type CutPlan = { readonly skip: number } & (
	{ readonly kind: 'timer'; readonly ms: number } | { readonly kind: 'sync'; readonly n: number }
);

/** How the last cut came: by the clock, or at a sync the file system froze on. */
export type CutMoment = 'timer' | 'sync';

/** A sync-armed cut that never comes (a build that does not sync) is made by the clock after this long. */
const SYNC_FALLBACK_MS = 6_000;

/** What one cut of a device saw. */
export interface CutReport {
	readonly moment: CutMoment;
	/** What the file system dropped: files with unsynced bytes, directories with unsynced entries. */
	readonly lost: { readonly files: number; readonly bytes: number; readonly directories: number } | null;
}

/** The work a device was doing was cut short by a power cut. */
export class PowerCut extends Error {
	constructor() {
		super('power cut');
	}
}

/**
 * One device of the test (the desk or a tablet): a browser whose profile lies on its own lazyfs mount. A
 * cut plan armed on it freezes the file system at a random moment; `cut` then kills the browser with all
 * its processes and drops what was not durable, and `start` brings the device up again on what is left.
 */
export class PowerDevice {
	fs!: LazyMount;
	browser!: ProfileDevice;
	screen!: Screen;
	cuts = 0;
	/** The syncs the file system saw before the last cut (traced: LAZYFS_TRACE_SYNCS=1), the latest last. */
	syncsBeforeCut: readonly LazySync[] = [];
	#timer: ReturnType<typeof setTimeout> | null = null;
	/** Starts an armed cut's clock; called at the device's next step. */
	#clock: (() => void) | null = null;
	/** Steps still to take before the armed cut's clock starts. */
	#skip = 0;
	#moment: CutMoment = 'timer';
	#armed = false;

	constructor(
		readonly role: 'desk' | 'tablet',
		readonly engine: PowerEngine,
		readonly folder: string,
		readonly random: Random,
		readonly names: LazyNames = 'ordered'
	) {}

	/** Mounts the device's storage and starts its browser on the profile there. */
	async start(): Promise<void> {
		mkdirSync(this.folder, { recursive: true });
		this.fs = await LazyMount.mount(join(this.folder, 'backing'), join(this.folder, 'mnt'), this.names);
		trace(`${this.role}: mounted`);
		this.browser = await startOn(this.engine, this.fs.folder('profile'));
		this.screen = new Screen(this.browser.tab);
		this.#armed = false;
	}

	get armed(): boolean {
		return this.#armed;
	}

	/** Arms the next cut. */
	arm(plan: CutPlan): void {
		this.disarm();
		this.#armed = true;
		this.#skip = plan.skip;
		const freeze = (moment: CutMoment) => {
			if (this.fs.frozenNow()) return;
			this.#moment = moment;
			this.fs.freeze();
		};
		if (plan.kind === 'timer') {
			// The clock starts with the device's next step (see `acting`): a restart and the pages it loads
			// before work goes on do not eat the time, so work gets on between cuts.
			this.#clock = () => {
				this.#timer = setTimeout(() => freeze('timer'), plan.ms);
			};
		} else {
			// Counted from the next step too: a browser syncs now and then by itself (its settings, history).
			this.#clock = () => {
				this.#moment = 'sync';
				this.fs.freezeAtSync(plan.n);
				this.#timer = setTimeout(() => freeze('timer'), SYNC_FALLBACK_MS);
			};
		}
	}

	/** The device takes a step (a tap, a page's action): an armed cut's clock starts now if not yet. */
	acting(): void {
		if (this.#skip > 0) {
			this.#skip--;
			return;
		}
		const clock = this.#clock;
		this.#clock = null;
		clock?.();
	}

	/** Takes back an armed cut that has not come. */
	disarm(): void {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = null;
		this.#clock = null;
		if (this.#armed && this.fs && !this.fs.frozen) this.fs.disarm();
		this.#armed = false;
	}

	/**
	 * Runs `work` until it ends or the file system freezes. Work that fails because the file system froze under
	 * it counts as cut; work that fails otherwise fails the test.
	 */
	async run<T>(work: () => Promise<T>): Promise<T> {
		const running = work();
		const frozen = this.fs.whenFrozen().then(() => {
			throw new PowerCut();
		});
		running.catch(() => {});
		frozen.catch(() => {});
		try {
			return await Promise.race([running, frozen]);
		} catch (error) {
			if (error instanceof PowerCut || this.fs.frozenNow()) throw new PowerCut();
			throw error;
		}
	}

	/** The power cut: the file system frozen (if not yet), the browser killed at once, the rest dropped. */
	async cut(): Promise<CutReport> {
		if (this.#timer) clearTimeout(this.#timer);
		this.#timer = null;
		this.#clock = null;
		this.#armed = false;
		const moment = this.fs.frozenNow() ? this.#moment : 'timer';
		if (!this.fs.frozenNow()) this.fs.freeze();
		const killed = this.browser.kill();
		const lost = await this.fs.cut();
		this.syncsBeforeCut = [...this.fs.syncs];
		trace(`${this.role}: killed, file system cut`);
		await whenGone(killed);
		await this.browser.forget();
		trace(`${this.role}: browser gone`);
		this.cuts++;
		return { moment, lost };
	}

	/** The harness is stopped: the browser's processes are killed and the file system told to end, at once. */
	stopNow(): void {
		this.browser?.kill();
		if (this.fs && this.fs.child.exitCode === null) this.fs.child.kill('SIGTERM');
	}

	/** Closes the browser and unmounts (the end of the test; what was not synced is dropped as at a cut). */
	async close(): Promise<void> {
		this.disarm();
		// A browser that did not start (on a loaded machine) leaves its file system mounted all the same.
		const killed = this.browser?.kill() ?? [];
		if (this.fs && this.fs.child.exitCode === null) await this.fs.cut().catch(() => {});
		trace(`${this.role}: file system unmounted`);
		await whenGone(killed).catch(() => {});
		await this.browser?.forget();
		trace(`${this.role}: closed`);
	}
}
