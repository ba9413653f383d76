/**
 * A part of a screen whose code loads when it is first needed (a dialog, the round end, the .trn
 * files), so the screen itself opens with less code. `module` is set once loaded; `failed` when
 * loading failed (e.g. offline with the file gone) — the next `load()` tries again.
 */
export class Lazy<T> {
	readonly #import: () => Promise<T>;
	#loading: Promise<T> | null = null;
	/** The loaded module, or null until it is. */
	module = $state.raw<T | null>(null);
	/** The last attempt to load it failed. */
	failed = $state(false);

	constructor(load: () => Promise<T>) {
		this.#import = load;
	}

	/** Loads the module (once; later calls get the same promise). */
	load(): Promise<T> {
		this.#loading ??= this.#import().then(
			(module) => {
				this.module = module;
				this.failed = false;
				return module;
			},
			(cause: unknown) => {
				this.#loading = null;
				this.failed = true;
				throw cause;
			}
		);
		return this.#loading;
	}
}

/**
 * Runs each piece of work when the browser is idle (or soon, where it cannot tell), each in an idle
 * task of its own: loading a part costs a few milliseconds of main-thread work (its preload links,
 * its module), and several parts in one task would make one long task that delays a tap.
 */
export function whenIdle(...work: (() => void)[]): void {
	for (const piece of work) {
		if (typeof requestIdleCallback === 'function') requestIdleCallback(piece, { timeout: 2000 });
		else setTimeout(piece, 200);
	}
}

/**
 * Ends the current task and goes on in a new one, soon: the browser may handle input or paint in between.
 * Lighthouse counts every task over 50 ms (on its simulated slow phone) as blocking, so work that must
 * run at once, but not all in one go (the app's start), yields between its steps.
 * `scheduler.yield()` where the browser has it (its continuation comes before other queued tasks);
 * elsewhere a message to itself, which — unlike a timer — a hidden tab does not delay by a second.
 */
export function yieldToMain(): Promise<void> {
	const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
	if (typeof scheduler?.yield === 'function') return scheduler.yield();
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}

/** How long work for later waits at most for the page's first contentful paint (e.g. a tab that loads hidden). */
const FIRST_PAINT_WAIT_MS = 3000;

/**
 * Runs `work` once the screen has painted its first frame. On a page that has not shown any content yet
 * (the app just opened), that is when the browser reports the first contentful paint: it reports it
 * once the frame is on the screen, which can be well after the frame was drawn (a task queued from an
 * animation frame runs before that on a busy phone). Later (a screen opened inside the app), a task
 * queued from the next animation frame runs after that frame is drawn. What a screen loads for later (the
 * start page's resumable rounds, the database, the service worker) then never competes with its own
 * first and largest paint; an idle callback alone may run before the first frame.
 */
export function afterPaint(work: () => void): void {
	if (typeof requestAnimationFrame !== 'function') return void setTimeout(work, 0);
	if (!firstPaintPending()) return void requestAnimationFrame(() => setTimeout(work, 0));
	let done = false;
	const once = () => {
		if (done) return;
		done = true;
		observer.disconnect();
		clearTimeout(timer);
		setTimeout(work, 0);
	};
	const observer = new PerformanceObserver((list) => {
		if (list.getEntriesByName('first-contentful-paint').length > 0) once();
	});
	observer.observe({ type: 'paint', buffered: true });
	const timer = setTimeout(once, FIRST_PAINT_WAIT_MS);
}

/** The page has not reported its first contentful paint yet, in a browser that reports it. */
function firstPaintPending(): boolean {
	if (typeof PerformanceObserver !== 'function') return false;
	if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return false;
	return performance.getEntriesByName('first-contentful-paint').length === 0;
}
